import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import DownloadBlock from './DownloadBlock';
import { linksFor, platformOf } from './platform';
import type { DownloadProps } from './props.gen';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; PJZ110) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2219A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

describe('platformOf', () => {
  it.each([
    ['iphone', 'ios'],
    ['ipad', 'ios'],
    ['android', 'android'],
    ['wechatIos', 'wechat'],
    ['wechatAndroid', 'wechat'],
    ['desktop', 'other'],
  ] as const)('%s → %s', (ua, platform) => {
    expect(platformOf(UA[ua])).toBe(platform);
  });
  it('an empty or missing user agent is other', () => {
    expect(platformOf('')).toBe('other');
    expect(platformOf(undefined)).toBe('other');
  });
});

describe('linksFor', () => {
  it('offers the own store on a phone and every store elsewhere', () => {
    expect(linksFor('ios', 'i', 'a')).toEqual([{ kind: 'ios', url: 'i' }]);
    expect(linksFor('android', 'i', 'a')).toEqual([{ kind: 'android', url: 'a' }]);
    expect(linksFor('other', 'i', 'a')).toHaveLength(2);
    expect(linksFor('android', 'i')).toEqual([]);
  });
});

describe('DownloadBlock', () => {
  afterEach(() => vi.unstubAllGlobals());
  const props: DownloadProps = {
    title: '备考 App',
    text: '离线刷题',
    logo: '/media/logo/app.svg',
    iosUrl: 'https://apps.apple.com/cn/app/id1',
    androidUrl: 'https://beikao.example/beikao.apk',
  };
  const render = (ua: string, p: DownloadProps = props) => {
    vi.stubGlobal('navigator', { userAgent: ua });
    return renderToStaticMarkup(
      <MemoryRouter>
        <DownloadBlock {...fakeBlockProps('download', p).blockProps} />
      </MemoryRouter>,
    );
  };

  it('shows the App Store button on iOS', () => {
    const html = render(UA.iphone);
    expect(html).toContain('data-platform="ios"');
    expect(html).toContain('href="https://apps.apple.com/cn/app/id1"');
    expect(html).toContain('App Store 下载');
    expect(html).not.toContain('.apk');
    expect(html).toContain('备考 App');
  });
  it('shows the Android button on Android', () => {
    const html = render(UA.android);
    expect(html).toContain('href="https://beikao.example/beikao.apk"');
    expect(html).not.toContain('apps.apple.com');
  });
  it('shows the open-in-browser hint inside WeChat instead of links', () => {
    const html = render(UA.wechatAndroid);
    expect(html).toContain('role="dialog"');
    expect(html).toContain('请点击右上角「…」，选择「在浏览器打开」后下载');
    expect(html).not.toContain('<a ');
    expect(render(UA.wechatIos, { ...props, inWechatHint: '请在浏览器中打开' })).toContain('请在浏览器中打开');
  });
  it('without an address for the system (the setting unset) shows no store button, only the web app', () => {
    const unset = { ...props, androidUrl: '', iosUrl: '' };
    for (const ua of [UA.android, UA.iphone, UA.desktop]) {
      const html = render(ua, unset);
      expect(html).not.toContain('安卓版下载');
      expect(html).not.toContain('App Store 下载');
      expect(html).toContain('使用网页版');
    }
    expect(render(UA.android, { ...props, androidUrl: '' })).not.toContain('beikao.apk');
  });
});
