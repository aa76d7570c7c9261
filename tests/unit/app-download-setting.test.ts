import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

describe('ANDROID_DOWNLOAD_URL / IOS_DOWNLOAD_URL', () => {
  it('are empty when unset or blank (the download page then shows no such button)', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(c.androidDownloadUrl).toBe('');
    expect(c.iosDownloadUrl).toBe('');
    expect(loadConfig({ NODE_ENV: 'test', ANDROID_DOWNLOAD_URL: '  ' }).androidDownloadUrl).toBe('');
  });

  it('take an https address', () => {
    const c = loadConfig({
      NODE_ENV: 'test',
      ANDROID_DOWNLOAD_URL: 'https://dl.example.cn/app/beikao-2.3.0.apk',
      IOS_DOWNLOAD_URL: 'https://apps.apple.com/cn/app/id1234567890',
    });
    expect(c.androidDownloadUrl).toBe('https://dl.example.cn/app/beikao-2.3.0.apk');
    expect(c.iosDownloadUrl).toBe('https://apps.apple.com/cn/app/id1234567890');
  });

  it('refuse anything but an https address', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ANDROID_DOWNLOAD_URL: 'http://dl.example.cn/a.apk' })).toThrow(
      /ANDROID_DOWNLOAD_URL must be an https URL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', IOS_DOWNLOAD_URL: 'apps.apple.com/x' })).toThrow(/IOS_DOWNLOAD_URL must be an https URL/);
  });
});
