import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadErrorText } from './load-error';

describe('loadErrorText', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says 内容不存在或已下架 for a missing item (4004) or a bad id (4000), and logs the precise message', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(loadErrorText({ code: 4004, msg: '收货地址 id 9 不存在' })).toBe('内容不存在或已下架');
    expect(loadErrorText({ code: 4000, msg: '参数 id 须为数字' })).toBe('内容不存在或已下架');
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual(['[load] 4004 收货地址 id 9 不存在', '[load] 4000 参数 id 须为数字']);
  });

  it('keeps other messages as they are (network failures, server errors, too many requests)', () => {
    expect(loadErrorText({ code: -1, msg: '网络异常，请检查网络后重试' })).toBe('网络异常，请检查网络后重试');
    expect(loadErrorText({ code: 5000, msg: '服务器开小差了' })).toBe('服务器开小差了');
    expect(loadErrorText({ code: 4029, msg: '请求太频繁' })).toBe('请求太频繁');
  });
});
