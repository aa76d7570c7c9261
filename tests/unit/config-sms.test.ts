import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { smsFrom } from '../../src/server/config-sms';
import { createSmsProviders } from '../../src/server/providers/sms';
import { DevSmsProvider } from '../../src/server/providers/sms/dev-sms';

const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tExample',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'aliyun-secret',
  ALIYUN_SMS_SIGN_NAME: '备考',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_465300001',
};
const TENCENT = {
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: 'AKIDexample',
  TENCENT_SMS_SECRET_KEY: 'tencent-secret',
  TENCENT_SMS_SDK_APP_ID: '1400000001',
  TENCENT_SMS_SIGN_NAME: '备考',
  TENCENT_SMS_TEMPLATE_ID: '1100001',
};

describe('smsFrom', () => {
  it('defaults to the dev inbox', () => {
    expect(smsFrom({})).toEqual({ smsProvider: 'dev', aliyunSms: null, tencentSms: null });
  });

  it('refuses an unknown provider, naming the supported ones', () => {
    expect(() => smsFrom({ SMS_PROVIDER: 'twilio' })).toThrow('SMS_PROVIDER "twilio" is not available (supported: dev, aliyun, tencent)');
  });

  it('reads Alibaba Cloud settings with their defaults', () => {
    expect(smsFrom(ALIYUN)).toEqual({
      smsProvider: 'aliyun',
      tencentSms: null,
      aliyunSms: {
        accessKeyId: 'LTAI5tExample',
        accessKeySecret: 'aliyun-secret',
        signName: '备考',
        templateCode: 'SMS_465300001',
        regionId: 'cn-hangzhou',
        endpoint: 'https://dysmsapi.aliyuncs.com',
      },
    });
  });

  it('reads Tencent Cloud settings with their defaults', () => {
    expect(smsFrom({ ...TENCENT, TENCENT_SMS_TEMPLATE_PARAMS: 'code,minutes', TENCENT_SMS_REGION: 'ap-beijing' })).toEqual({
      smsProvider: 'tencent',
      aliyunSms: null,
      tencentSms: {
        secretId: 'AKIDexample',
        secretKey: 'tencent-secret',
        sdkAppId: '1400000001',
        signName: '备考',
        templateId: '1100001',
        templateParams: 'code,minutes',
        region: 'ap-beijing',
        endpoint: 'https://sms.tencentcloudapi.com',
      },
    });
  });

  it('names every missing Alibaba Cloud setting at once', () => {
    expect(() => smsFrom({ SMS_PROVIDER: 'aliyun' })).toThrow(
      [
        '  - SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID',
        '  - SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_SECRET (or ALIYUN_SMS_ACCESS_KEY_SECRET_FILE)',
        '  - SMS_PROVIDER=aliyun needs ALIYUN_SMS_SIGN_NAME',
        '  - SMS_PROVIDER=aliyun needs ALIYUN_SMS_TEMPLATE_CODE',
      ].join('\n'),
    );
  });

  it('names every missing Tencent Cloud setting at once', () => {
    expect(() => smsFrom({ SMS_PROVIDER: 'tencent' })).toThrow(
      [
        '  - SMS_PROVIDER=tencent needs TENCENT_SMS_SECRET_ID',
        '  - SMS_PROVIDER=tencent needs TENCENT_SMS_SECRET_KEY (or TENCENT_SMS_SECRET_KEY_FILE)',
        '  - SMS_PROVIDER=tencent needs TENCENT_SMS_SDK_APP_ID',
        '  - SMS_PROVIDER=tencent needs TENCENT_SMS_SIGN_NAME',
        '  - SMS_PROVIDER=tencent needs TENCENT_SMS_TEMPLATE_ID',
      ].join('\n'),
    );
  });

  it('checks the shape of template ids, app ids and endpoints', () => {
    expect(() => smsFrom({ ...ALIYUN, ALIYUN_SMS_TEMPLATE_CODE: '465300001' })).toThrow(
      'ALIYUN_SMS_TEMPLATE_CODE must be a template code like SMS_123456789',
    );
    expect(() => smsFrom({ ...TENCENT, TENCENT_SMS_SDK_APP_ID: 'app' })).toThrow('TENCENT_SMS_SDK_APP_ID must be');
    expect(() => smsFrom({ ...TENCENT, TENCENT_SMS_TEMPLATE_PARAMS: 'minutes' })).toThrow(
      'TENCENT_SMS_TEMPLATE_PARAMS must be code or code,minutes',
    );
    // Plain http only to a loopback fake; Tencent's SDK signs for the host's first label, so it must be sms.…
    expect(() => smsFrom({ ...ALIYUN, ALIYUN_SMS_ENDPOINT: 'http://sms.example.com' })).toThrow(
      'ALIYUN_SMS_ENDPOINT must be an https base URL',
    );
    expect(() => smsFrom({ ...TENCENT, TENCENT_SMS_ENDPOINT: 'https://api.example.com' })).toThrow(
      'TENCENT_SMS_ENDPOINT must be an sms.… host',
    );
    expect(smsFrom({ ...TENCENT, TENCENT_SMS_ENDPOINT: 'https://sms.ap-guangzhou.tencentcloudapi.com/' }).tencentSms?.endpoint).toBe(
      'https://sms.ap-guangzhou.tencentcloudapi.com',
    );
    expect(smsFrom({ ...ALIYUN, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:8123' }).aliyunSms?.endpoint).toBe('http://127.0.0.1:8123');
  });

  it('reads each secret key from <NAME>_FILE', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-sms-'));
    fs.writeFileSync(path.join(dir, 'ak'), 'aliyun-from-file\n');
    fs.writeFileSync(path.join(dir, 'sk'), 'tencent-from-file\n');
    const { ALIYUN_SMS_ACCESS_KEY_SECRET: _a, ...aliyun } = ALIYUN;
    const { TENCENT_SMS_SECRET_KEY: _t, ...tencent } = TENCENT;
    expect(smsFrom({ ...aliyun, ALIYUN_SMS_ACCESS_KEY_SECRET_FILE: path.join(dir, 'ak') }).aliyunSms?.accessKeySecret).toBe(
      'aliyun-from-file',
    );
    expect(smsFrom({ ...tencent, TENCENT_SMS_SECRET_KEY_FILE: path.join(dir, 'sk') }).tencentSms?.secretKey).toBe('tencent-from-file');
    expect(() => smsFrom({ ...tencent, TENCENT_SMS_SECRET_KEY_FILE: path.join(dir, 'missing') })).toThrow(
      'TENCENT_SMS_SECRET_KEY_FILE names a file that cannot be read',
    );
  });

  it('is what loadConfig uses, and a missing setting stops the start without echoing any secret', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-sms-'));
    expect(loadConfig({ ...TENCENT, DATA_DIR: dataDir }).smsProvider).toBe('tencent');
    const refused = (() => {
      try {
        loadConfig({ ...ALIYUN, ALIYUN_SMS_SIGN_NAME: '', DATA_DIR: dataDir });
        return '';
      } catch (e) {
        return String(e);
      }
    })();
    expect(refused).toContain('SMS_PROVIDER=aliyun needs ALIYUN_SMS_SIGN_NAME');
    expect(refused).not.toContain('aliyun-secret');
  });
});

describe('the dev provider', () => {
  it('prints codes outside production, never in production (even a staging server with ALLOW_SANDBOXES=1)', async () => {
    const lines: string[] = [];
    await new DevSmsProvider(
      () => 0,
      (l) => lines.push(l),
    ).sendCode('13800138000', '246810', 300);
    await new DevSmsProvider(
      () => 0,
      (l) => lines.push(l),
      true,
    ).sendCode('13800138000', '135790', 300);
    expect(lines[0]).toContain('246810');
    expect(lines[1]).toContain('13800138000');
    expect(lines[1]).not.toContain('135790');
  });

  it('is the only provider with an inbox handle', () => {
    const base = { production: true, logLevel: 'silent', aliyunSms: null, tencentSms: null };
    const dev = createSmsProviders({ ...base, smsProvider: 'dev' }, () => 0);
    expect(dev.smsInbox).toBe(dev.sms);
    const tencent = smsFrom(TENCENT);
    expect(createSmsProviders({ ...base, ...tencent }, () => 0)).toMatchObject({ sms: { name: 'tencent' }, smsInbox: null });
    expect(() => createSmsProviders({ ...base, smsProvider: 'aliyun' }, () => 0)).toThrow('SMS_PROVIDER=aliyun without its settings');
  });
});
