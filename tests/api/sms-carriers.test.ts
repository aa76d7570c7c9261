import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import { CODE } from '../../src/contract/envelope';
import { sms as smsText } from '../../src/i18n/zh-CN/sms';
import { deliverCode } from '../../src/server/areas/accounts/sms-delivery';
import type { ServerConfig } from '../../src/server/config';
import { request } from '../support/api-client';
import { startFakeAliyunSms } from '../support/fake-aliyun-sms';
import { type FakeSmsCarrier, HANG_UP } from '../support/fake-sms-carrier';
import { startFakeTencentSms } from '../support/fake-tencent-sms';
import { expectRefused, freshMobile } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

/** What a refusal must show: HTTP status, envelope code and the catalog's message. */
type Shown = [http: number, code: number, msg: string];
const RATE: Shown = [429, CODE.tooMany, smsText.rateLimited];
const NUMBER: Shown = [400, CODE.badInput, smsText.badNumber];
const ACCOUNT: Shown = [429, CODE.tooMany, smsText.account];

interface Carrier {
  name: 'aliyun' | 'tencent';
  start(): Promise<FakeSmsCarrier>;
  config(fake: FakeSmsCarrier): Partial<ServerConfig>;
  /** The carrier's documented refusals and what the user is shown for each. */
  refusals: Array<[string, Shown]>;
  /** The code the carrier answers a request signed with the wrong key. */
  badSignature: string;
}

const carriers: Carrier[] = [
  {
    name: 'aliyun',
    start: () => startFakeAliyunSms(),
    config: (f) => ({
      smsProvider: 'aliyun',
      tencentSms: null,
      aliyunSms: {
        accessKeyId: f.keyId,
        accessKeySecret: f.secret,
        signName: '备考',
        templateCode: 'SMS_465300001',
        regionId: 'cn-hangzhou',
        endpoint: f.url,
      },
    }),
    refusals: [
      ['isv.BUSINESS_LIMIT_CONTROL', RATE],
      ['isv.MOBILE_NUMBER_ILLEGAL', NUMBER],
      ['isv.AMOUNT_NOT_ENOUGH', ACCOUNT],
      ['isv.OUT_OF_SERVICE', ACCOUNT],
    ],
    badSignature: 'SignatureDoesNotMatch',
  },
  {
    name: 'tencent',
    start: () => startFakeTencentSms(),
    config: (f) => ({
      smsProvider: 'tencent',
      aliyunSms: null,
      tencentSms: {
        secretId: f.keyId,
        secretKey: f.secret,
        sdkAppId: '1400000001',
        signName: '备考',
        templateId: '1100001',
        templateParams: 'code',
        region: 'ap-guangzhou',
        endpoint: f.url,
      },
    }),
    refusals: [
      ['LimitExceeded.PhoneNumberDailyLimit', RATE],
      ['InvalidParameterValue.IncorrectPhoneNumber', NUMBER],
      ['FailedOperation.PhoneNumberInBlacklist', NUMBER],
      ['FailedOperation.InsufficientBalanceInSmsPackage', ACCOUNT],
      ['UnauthorizedOperation.SmsSdkAppIdVerifyFail', ACCOUNT],
    ],
    badSignature: 'AuthFailure.SignatureFailure',
  },
];

describe.each(databases())('%s', (kind) => {
  describe.each(carriers)('SMS_PROVIDER=$name through a local fake of the carrier', (carrier) => {
    let fake: FakeSmsCarrier;
    let s: TestServer;
    let secret: string;
    beforeAll(async () => {
      fake = await carrier.start();
      secret = fake.secret;
      s = await startTestServer(kind, { config: carrier.config(fake) });
    });
    afterAll(async () => {
      await s.close();
      await fake.close();
    });

    const codeRows = async (mobile: string) =>
      Number(
        (
          await s.services.db.kysely
            .selectFrom('sms_codes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('mobile', '=', mobile)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('logs a user in end to end with the code the carrier delivered; no dev inbox exists', async () => {
      const mobile = freshMobile();
      const sent = await request(s.url, auth.sendMobileCode, { mobile });
      expect(sent.body).toMatchObject({ status: 0, data: { expires_in: 300, resend_in: 60 } });
      const code = fake.lastCode(mobile);
      expect(code).toMatch(/^\d{6}$/);
      expect(fake.sent.at(-1)).toMatchObject({ mobile, signName: '备考' });
      const login = await request(s.url, auth.mobileCodeLogin, { mobile, code: code ?? '' });
      expect(login.body).toMatchObject({ status: 0, data: { user: { mobile } } });
      // The code reached the user only through the carrier: no dev handle, no inbox route.
      expect(s.services.providers.smsInbox).toBeNull();
      expect((await fetch(`${s.url}/dev/sms-inbox?mobile=${mobile}`)).status).toBe(404);
    });

    it.each(carrier.refusals)('%s is shown in Chinese, stores nothing and does not hold the next send back', async (carrierCode, shown) => {
      const mobile = freshMobile();
      fake.refuse(mobile, carrierCode);
      const refused = await request(s.url, auth.sendMobileCode, { mobile });
      expect(fake.answered.at(-1)).toBe(carrierCode);
      expectRefused(refused, shown[0], shown[1], shown[2]);
      expect(refused.body.msg).toBe(shown[2]);
      expect(await codeRows(mobile)).toBe(0);
      // Never delivered, so no 60 s wait: once the carrier takes it, the very next send goes and logs in.
      fake.refuse(mobile, null);
      expect((await request(s.url, auth.sendMobileCode, { mobile })).body.status).toBe(0);
      expect(await codeRows(mobile)).toBe(1);
      const login = await request(s.url, auth.mobileCodeLogin, { mobile, code: fake.lastCode(mobile) ?? '' });
      expect(login.body.status).toBe(0);
    });

    it('a wrong key is refused by the fake’s signature check and shown as a Chinese error', async () => {
      const mobile = freshMobile();
      fake.secret = 'not-the-key-the-server-signs-with';
      try {
        const refused = await request(s.url, auth.sendMobileCode, { mobile });
        expect(fake.answered.at(-1)).toBe(carrier.badSignature);
        expectRefused(refused, ACCOUNT[0], ACCOUNT[1], ACCOUNT[2]);
        expect(await codeRows(mobile)).toBe(0);
        expect(fake.lastCode(mobile)).toBeUndefined();
      } finally {
        fake.secret = secret;
      }
      expect((await request(s.url, auth.sendMobileCode, { mobile })).body.status).toBe(0);
      expect(fake.answered.at(-1)).toMatch(/^OK$/i);
    });

    it('a carrier that does not answer: the user is told to retry later, and the code is kept (it may still arrive)', async () => {
      const mobile = freshMobile();
      fake.refuse(mobile, HANG_UP);
      const refused = await request(s.url, auth.sendMobileCode, { mobile });
      expectRefused(refused, 429, CODE.tooMany, smsText.unreachable);
      expect(await codeRows(mobile)).toBe(1);
      fake.refuse(mobile, null);
      expectRefused(await request(s.url, auth.sendMobileCode, { mobile }), 429, CODE.tooMany, '过于频繁');
    });

    it('never puts the secret key on the wire, in a reply or in the log', async () => {
      const mobile = freshMobile();
      const replies: string[] = [];
      fake.refuse(mobile, carrier.refusals[0]?.[0] ?? null);
      replies.push(JSON.stringify((await request(s.url, auth.sendMobileCode, { mobile })).body));
      fake.refuse(mobile, null);
      replies.push(JSON.stringify((await request(s.url, auth.sendMobileCode, { mobile })).body));
      // What the server logs about a refusal, recorded from the same path the routes use.
      const logged: unknown[] = [];
      const record = (...args: unknown[]) => logged.push(args);
      const log = { warn: record, error: record } as unknown as Parameters<typeof deliverCode>[0]['log'];
      fake.secret = 'not-the-key-the-server-signs-with';
      try {
        await expect(deliverCode({ ...s.services, log }, -1, freshMobile(), '123456', 300)).rejects.toMatchObject({ httpStatus: 429 });
      } finally {
        fake.secret = secret;
      }
      const logText = JSON.stringify(logged);
      expect(logText).toContain(carrier.badSignature);
      for (const text of [...fake.wire, ...replies, logText]) expect(text).not.toContain(secret);
      expect(fake.wire.length).toBeGreaterThan(2);
    });
  });
});
