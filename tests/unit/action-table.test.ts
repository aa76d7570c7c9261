import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerModuleActions } from '../../src/app/register';
import { type ActionContext, clearActions, registerAction, registeredActions, runActions } from '../../src/runtime/actions';
import { registerBuiltinActions } from '../../src/runtime/builtin-actions';
import type { Action } from '../../src/runtime/page-config.gen';
import { fakePage } from '../support/block-props';
import { fakeEnv } from '../support/fake-env';

function context(env = fakeEnv(), page = fakePage(), scope: Record<string, unknown> = {}): ActionContext {
  const ctx: ActionContext = { env, page, scope, run: (more, extra) => runActions(more, { ...ctx, scope: { ...scope, ...extra } }) };
  return ctx;
}

describe('action table', () => {
  beforeEach(() => {
    registerBuiltinActions();
    registerModuleActions();
  });
  afterEach(() => clearActions());

  it('has one handler per action schema file in schemas/actions/ and no other', () => {
    const schemaFiles = fs.existsSync('schemas/actions')
      ? fs
          .readdirSync('schemas/actions')
          .filter((f) => f.endsWith('.schema.json'))
          .map((f) => f.replace('.schema.json', ''))
          .sort()
      : [];
    expect(registeredActions()).toEqual(schemaFiles);
  });

  it('refuses to register an action type twice', () => {
    expect(() => registerAction('copy', () => true)).toThrow('操作类型重复注册：copy');
  });

  it('toasts an unknown action and runs nothing after it', async () => {
    const env = fakeEnv();
    await runActions([{ action: 'pay' } as unknown as Action, { action: 'navigate', to: '/x' }], context(env));
    expect(env.toast).toHaveBeenCalledWith('未知操作 pay');
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('resolves expressions against the scope before running', async () => {
    const env = fakeEnv();
    await runActions({ action: 'navigate', to: '/news/detail/${item.id}' }, context(env, fakePage(), { item: { id: 7 } }));
    expect(env.navigate).toHaveBeenCalledWith('/news/detail/7', { replace: undefined });
  });

  it('call: success toasts, refreshes sources and runs `then` with the reply as `result`', async () => {
    const env = fakeEnv({ 'user_center.collection_add': { status: 0, code: 0, msg: '收藏成功', data: { id: 42 } } });
    const page = fakePage();
    await runActions(
      {
        action: 'call',
        endpoint: 'user_center.collection_add',
        params: { type: 'news', ref_id: '${route.id}' },
        successToast: true,
        refresh: ['detail'],
        // biome-ignore lint/suspicious/noThenProperty: `then` is the call action's follow-up list in the page format.
        then: [{ action: 'navigate', to: '/collected/${result.id}' }],
      },
      context(env, page, { route: { id: 5 } }),
    );
    expect(env.callDynamic).toHaveBeenCalledWith(expect.objectContaining({ id: 'user_center.collection_add', method: 'POST' }), {
      type: 'news',
      ref_id: 5,
    });
    expect(env.toast).toHaveBeenCalledWith('收藏成功');
    expect(page.refresh).toHaveBeenCalledWith('detail');
    expect(env.navigate).toHaveBeenCalledWith('/collected/42', { replace: undefined });
  });

  it('call: a refused call shows the server message and skips the actions after it', async () => {
    const env = fakeEnv({ 'user_center.collection_add': { status: 1, code: 4000, msg: '缺少参数 ref_id', data: null } });
    await runActions(
      [
        { action: 'call', endpoint: 'user_center.collection_add' },
        { action: 'navigate', to: '/next' },
      ],
      context(env),
    );
    expect(env.toast).toHaveBeenCalledWith('缺少参数 ref_id');
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('call: an endpoint missing from the contract is refused with its id', async () => {
    const env = fakeEnv();
    await runActions({ action: 'call', endpoint: 'no.such' }, context(env));
    expect(env.toast).toHaveBeenCalledWith('未知接口 no.such');
    expect(env.callDynamic).not.toHaveBeenCalled();
  });

  it('saveImage renders the poster registered on this page only', async () => {
    const env = fakeEnv();
    const here = fakePage();
    const elsewhere = fakePage();
    elsewhere.registerImageSource('poster', async () => 'data:image/png;base64,OTHER');
    await runActions({ action: 'saveImage', target: 'poster' }, context(env, here));
    expect(env.toast).toHaveBeenCalledWith('图片保存失败');
    here.registerImageSource('poster', async () => 'data:image/png;base64,HERE');
    await runActions({ action: 'saveImage', target: 'poster', filename: 'invite.png' }, context(env, here));
    expect(env.saveImage).toHaveBeenCalledWith('data:image/png;base64,HERE', 'invite.png');
  });

  it('share: through the host or the share sheet when there is one; elsewhere the link is copied with 复制成功 / 复制失败', async () => {
    const shared = fakeEnv();
    await runActions([{ action: 'share', title: '一起备考', link: 'https://beikao.example/a' }], context(shared));
    expect(shared.share).toHaveBeenCalledWith({ title: '一起备考', desc: undefined, link: 'https://beikao.example/a', image: undefined });
    expect(shared.copy).not.toHaveBeenCalled();

    const plain = fakeEnv({}, { share: vi.fn(async () => false) });
    await runActions([{ action: 'share', title: '一起备考', link: 'https://beikao.example/a' }], context(plain));
    expect(plain.copy).toHaveBeenCalledWith('https://beikao.example/a');
    expect(plain.toast).toHaveBeenCalledWith('复制成功');

    const denied = fakeEnv({}, { share: vi.fn(async () => false), copy: vi.fn(async () => false) });
    await runActions(
      [
        { action: 'share', link: 'https://beikao.example/a' },
        { action: 'navigate', to: '/x' },
      ],
      context(denied),
    );
    expect(denied.toast).toHaveBeenCalledWith('复制失败');
  });

  it('copy toasts the outcome; popups open through the environment', async () => {
    const env = fakeEnv({}, { copy: vi.fn(async () => false) });
    await runActions([{ action: 'copy', text: 'BK2026' }], context(env));
    expect(env.toast).toHaveBeenCalledWith('复制失败');
    await runActions([{ action: 'feedback' }, { action: 'customerService' }], context(env));
    expect(env.popup).toHaveBeenNthCalledWith(1, 'feedback');
    expect(env.popup).toHaveBeenNthCalledWith(2, 'customerService');
  });
});
