import * as z from 'zod/mini';

/**
 * Reusable field schemas. Query strings arrive as text, so numbers are coerced.
 * Messages are Chinese and name the rule; the server prefixes the field name.
 */
/** Ids are 32-bit integer keys; a larger one would make PostgreSQL fail rather than find nothing. */
export const MAX_ID = 2147483647;
export const id = () => z.coerce.number().check(z.int('须为整数'), z.positive('须为正整数'), z.maximum(MAX_ID, '超出范围'));
export const optionalId = () => z.optional(id());
export const offset = () => z._default(z.coerce.number().check(z.int('须为整数'), z.nonnegative('不能为负数')), 0);
export const count = (def: number, max = 50) =>
  z._default(z.coerce.number().check(z.int('须为整数'), z.positive('须为正整数'), z.maximum(max, `不能大于 ${max}`)), def);
export const flag = () => z.coerce.number().check(z.int('须为 0 或 1'), z.minimum(0, '须为 0 或 1'), z.maximum(1, '须为 0 或 1'));
export const MOBILE_RE = /^1\d{10}$/;
export const mobile = () => z.string('须为字符串').check(z.regex(MOBILE_RE, '须为以 1 开头的 11 位手机号'));
export const smsCode = () => z.string('须为字符串').check(z.regex(/^\d{6}$/, '须为 6 位数字验证码'));
export const text = (max: number) =>
  z.string('须为字符串').check(z.trim(), z.minLength(1, '不能为空'), z.maxLength(max, `不能超过 ${max} 个字符`));
export const empty = () => z.object({});
/** `offset` (default 0) and `count` (default `def`, at most 50) of a paged list. */
export const paged = (def: number) => ({ offset: offset(), count: count(def) });
/** An absolute http(s) URL (plain `z.url()` would also take `javascript:` or `ftp:`). */
export const httpUrl = () => z.url({ protocol: /^https?$/, error: '须为完整的 http(s) 网址' });

export const district = z.object({ id: z.number(), name: z.string(), level: z.number() });
export type District = z.infer<typeof district>;
