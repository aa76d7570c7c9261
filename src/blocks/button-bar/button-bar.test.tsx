// biome-ignore-all lint/suspicious/noTemplateCurlyInString: page-config templates are plain strings containing ${…}
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import ButtonBarBlock from './ButtonBarBlock';
import { actionsOf, resolveButton, TapGuard } from './buttons';
import type { ButtonBarProps } from './props.gen';

const share = [{ action: 'share' as const }];

describe('resolveButton', () => {
  it('resolves text, icon and disabled templates against the scope', () => {
    const scope = { state: { agreed: false }, route: { n: 3 } };
    expect(
      resolveButton(
        { text: '已邀请${route.n}人', actions: share, disabled: '${!state.agreed}', icon: '/media/icon/${route.n}.svg' },
        scope,
      ),
    ).toEqual({
      text: '已邀请3人',
      variant: 'primary',
      disabled: true,
      icon: '/media/icon/3.svg',
    });
  });
  it('defaults to an enabled primary button', () => {
    expect(resolveButton({ text: '分享', actions: share, variant: 'ghost' }, {})).toEqual({
      text: '分享',
      variant: 'ghost',
      disabled: false,
    });
    expect(resolveButton({ text: '分享', actions: share, disabled: '${state.x}' }, { state: {} }).disabled).toBe(false);
  });
  it('a toggle shows its pressed text and icon while its expression is truthy, and runs its pressed actions', () => {
    const add = [{ action: 'call' as const, endpoint: 'user_center.collection_add' }];
    const remove = [{ action: 'call' as const, endpoint: 'user_center.collection_remove' }];
    const toggle = {
      text: '收藏',
      icon: '/star.svg',
      pressed: '${(state.cid ?? data.d.cid) > 0}',
      pressedText: '已收藏',
      pressedIcon: '/star-filled.svg',
      actions: add,
      pressedActions: remove,
    };
    const off = { state: {}, data: { d: { cid: 0 } } };
    const on = { state: {}, data: { d: { cid: 7 } } };
    const removedSinceLoad = { state: { cid: 0 }, data: { d: { cid: 7 } } };
    expect(resolveButton(toggle, off)).toEqual({ text: '收藏', icon: '/star.svg', variant: 'primary', disabled: false, pressed: false });
    expect(resolveButton(toggle, on)).toEqual({
      text: '已收藏',
      icon: '/star-filled.svg',
      variant: 'primary',
      disabled: false,
      pressed: true,
    });
    expect(resolveButton(toggle, removedSinceLoad).pressed).toBe(false);
    expect(actionsOf(toggle, off)).toBe(add);
    expect(actionsOf(toggle, on)).toBe(remove);
    // Without pressed fields a pressed toggle keeps its text and actions; a plain button is no toggle at all.
    expect(resolveButton({ text: '关注', actions: add, pressed: true }, {})).toMatchObject({ text: '关注', pressed: true });
    expect(actionsOf({ text: '关注', actions: add, pressed: true }, {})).toBe(add);
    expect(resolveButton({ text: '分享', actions: share }, {})).not.toHaveProperty('pressed');
  });

  it('never throws on a broken template', () => {
    expect(resolveButton({ text: '${(}', actions: share }, {}).text).toBe('');
  });
});

describe('TapGuard', () => {
  it('ignores a second tap while the first still runs, and allows it afterwards', async () => {
    const guard = new TapGuard();
    const events: string[] = [];
    let finish = () => {};
    const first = guard.run(
      0,
      () =>
        new Promise<void>((r) => {
          finish = r;
        }),
      (i, busy) => events.push(`${i}:${busy}`),
    );
    expect(guard.isBusy(0)).toBe(true);
    expect(await guard.run(0, async () => {})).toBe(false);
    expect(await guard.run(1, async () => {})).toBe(true);
    finish();
    expect(await first).toBe(true);
    expect(guard.isBusy(0)).toBe(false);
    expect(events).toEqual(['0:true', '0:false']);
  });
  it('frees the button when the actions throw', async () => {
    const guard = new TapGuard();
    await expect(
      guard.run(0, async () => {
        throw new Error('x');
      }),
    ).rejects.toThrow('x');
    expect(guard.isBusy(0)).toBe(false);
  });
});

describe('ButtonBarBlock', () => {
  const render = (props: ButtonBarProps, scope = {}) =>
    renderToStaticMarkup(<ButtonBarBlock {...fakeBlockProps('button-bar', props, { scope }).blockProps} />);

  it('draws each button with its variant, text and disabled state', () => {
    const out = render({
      buttons: [
        { text: '保存海报', actions: [{ action: 'saveImage', target: 'vip' }] },
        { text: '分享给好友', actions: share, variant: 'default' },
        { text: '去登录', actions: share, variant: 'ghost', disabled: true },
      ],
    });
    expect(out).toContain('button-bar-row');
    expect(out).toMatch(/class="bb-button bb-primary"[^>]*>保存海报</);
    expect(out).toMatch(/class="bb-button bb-default"[^>]*>分享给好友</);
    expect(out).toMatch(/class="bb-button bb-ghost" disabled=""[^>]*>去登录</);
  });
  it('marks a toggle with aria-pressed and the pressed style only while it is on', () => {
    const button = { text: '收藏', pressedText: '已收藏', pressed: '${state.on}', actions: share, variant: 'default' as const };
    expect(render({ buttons: [button] }, { state: { on: true } })).toMatch(
      /class="bb-button bb-default bb-pressed"[^>]*aria-pressed="true"[^>]*>已收藏</,
    );
    expect(render({ buttons: [button] }, { state: { on: false } })).toMatch(
      /class="bb-button bb-default"[^>]*aria-pressed="false"[^>]*>收藏</,
    );
    expect(render({ buttons: [{ text: '分享', actions: share }] })).not.toContain('aria-pressed');
  });

  it('fixed-bottom keeps a spacer in the page flow', () => {
    const out = render({ buttons: [{ text: '立即报名', actions: share }], layout: 'fixed-bottom' });
    expect(out).toMatch(/^<div class="button-bar-spacer"><div class="button-bar button-bar-fixed-bottom"/);
  });
});
