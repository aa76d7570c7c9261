// biome-ignore-all lint/suspicious/noTemplateCurlyInString: page-config templates are plain strings containing ${…}
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import ActivityShareBlock, { WechatShareHint } from './ActivityShareBlock';
import type { ActivityShareProps } from './props.gen';
import { absoluteUrl, shareNow } from './share-flow';

const data = {
  title: '邀你一起备考',
  desc: '注册即可参与',
  link: 'https://beikao.example/activity/vip/7',
  image: 'https://beikao.example/activity/vip-invite.svg',
};
const render = (props: ActivityShareProps) =>
  renderToStaticMarkup(<ActivityShareBlock {...fakeBlockProps('activity-share', props).blockProps} />);

describe('shareNow', () => {
  it('outside WeChat with a share sheet: shares, no toast, no copy', async () => {
    const env = fakeEnv();
    expect(await shareNow(env, data, false)).toBe('shared');
    expect(env.share).toHaveBeenCalledWith({ title: data.title, desc: data.desc, link: data.link, image: data.image });
    expect(env.copy).not.toHaveBeenCalled();
    expect(env.toast).not.toHaveBeenCalled();
  });
  it('elsewhere without one: copies the link and says 复制成功', async () => {
    const env = fakeEnv({}, { share: vi.fn(async () => false) });
    expect(await shareNow(env, data, false)).toBe('copied');
    expect(env.copy).toHaveBeenCalledWith(data.link);
    expect(env.toast).toHaveBeenCalledWith('复制成功');
  });
  it('a copy that fails says 复制失败', async () => {
    const env = fakeEnv({}, { share: vi.fn(async () => false), copy: vi.fn(async () => false) });
    expect(await shareNow(env, data, false)).toBe('copyFailed');
    expect(env.toast).toHaveBeenCalledWith('复制失败');
  });
  it('inside WeChat: only the hint (the card is set; the JS-SDK cannot open the share sheet)', async () => {
    const env = fakeEnv();
    expect(await shareNow(env, data, true)).toBe('hint');
    expect(env.share).not.toHaveBeenCalled();
    expect(env.copy).not.toHaveBeenCalled();
  });
});

describe('absoluteUrl', () => {
  it('makes paths absolute on this site', () => {
    expect(absoluteUrl('/activity/vip-invite.svg', 'https://beikao.example')).toBe('https://beikao.example/activity/vip-invite.svg');
    expect(absoluteUrl('https://other.example/x', 'https://beikao.example')).toBe('https://other.example/x');
    expect(absoluteUrl('', 'https://beikao.example')).toBe('');
  });
});

describe('activity-share block', () => {
  it('renders the share button with the default text, or its own', () => {
    expect(render({ title: 't', link: '/activity/vip/7' })).toContain('>分享给好友</button>');
    expect(render({ title: 't', link: '/activity/vip/7', buttonText: '分享邀请链接' })).toContain('>分享邀请链接</button>');
  });
  it('is disabled until the link is there', () => {
    expect(render({ title: 't', link: '' })).toContain('disabled=""');
    expect(render({ title: 't', link: '/activity/vip/7' })).not.toContain('disabled');
  });
  it('the WeChat hint points at the ··· menu', () => {
    const html = renderToStaticMarkup(<WechatShareHint onClose={() => {}} />);
    expect(html).toContain('点击右上角 ··· 发送给朋友');
    expect(html).toContain('我知道了');
  });
});
