import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import { checkGoodSubject } from './check';
import MallGenusCheck from './MallGenusCheck';

const texts = { title: '错误', okText: '刷新', cancelText: '继续' };
const failure = { status: 1, code: 5000, msg: '服务器繁忙，请稍后再试', data: null };
const missing = { status: 1, code: 4004, msg: '商品 id 9 不存在', data: null };
const subject = { status: 0, code: 0, msg: 'ok', data: { genus_id: 1, category_id: 1, category_name: '英语四级' } };

describe('mall-genus-check', () => {
  it('renders nothing', () => {
    const { blockProps } = fakeBlockProps('catalog-genus-check', { goodId: '3', ...texts });
    expect(renderToStaticMarkup(<MallGenusCheck {...blockProps} />)).toBe('');
  });

  it('a good with a subject: no dialog', async () => {
    const env = fakeEnv({ 'goods.genus_category': subject });
    const reload = vi.fn();
    expect(await checkGoodSubject(env, '3', texts, reload)).toBe('ok');
    expect(env.call).toHaveBeenCalledWith('goods.genus_category', { id: 3 });
    expect(env.confirm).not.toHaveBeenCalled();
  });

  it('a failure shows 错误 with the server message; 刷新 reloads, 继续 closes', async () => {
    const env = fakeEnv({ 'goods.genus_category': failure });
    const reload = vi.fn();
    expect(await checkGoodSubject(env, 9, texts, reload)).toBe('reloaded');
    expect(env.confirm).toHaveBeenCalledWith({ title: '错误', text: '服务器繁忙，请稍后再试', okText: '刷新', cancelText: '继续' });
    expect(reload).toHaveBeenCalledTimes(1);

    const env2 = fakeEnv({ 'goods.genus_category': failure }, { confirm: vi.fn(async () => false) });
    const reload2 = vi.fn();
    expect(await checkGoodSubject(env2, 9, texts, reload2)).toBe('continued');
    expect(reload2).not.toHaveBeenCalled();
  });

  it('a missing good (4004, or a bad id 4000) opens no dialog: the page shows its not-found screen', async () => {
    const env = fakeEnv({ 'goods.genus_category': missing });
    const reload = vi.fn();
    expect(await checkGoodSubject(env, 9, texts, reload)).toBe('missing');
    const env2 = fakeEnv({ 'goods.genus_category': { ...missing, code: 4000, msg: '参数 id 须为正整数' } });
    expect(await checkGoodSubject(env2, 9, texts, reload)).toBe('missing');
    expect(env.confirm).not.toHaveBeenCalled();
    expect(env2.confirm).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('a bad id asks nothing; a page left meanwhile shows no dialog', async () => {
    const env = fakeEnv({ 'goods.genus_category': failure });
    expect(await checkGoodSubject(env, 'abc', texts, vi.fn())).toBe('skipped');
    expect(await checkGoodSubject(env, '', texts, vi.fn())).toBe('skipped');
    expect(env.call).not.toHaveBeenCalled();
    expect(await checkGoodSubject(env, 9, texts, vi.fn(), () => false)).toBe('ok');
    expect(env.confirm).not.toHaveBeenCalled();
  });
});
