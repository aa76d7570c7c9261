// Redeeming a VIP code (/exchange-vip). Each code works once; wrong tries are rate-limited per user.
import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';

/** Wrong codes allowed per user in the window before 4029. */
export const VIP_CODE_RULES = { maxFailures: 5, windowSeconds: 600 } as const;
/** Codes are letters and digits, any case, dashes and spaces ignored (BK-CET-7Q2M-X9LP). */
export const normalizeVipCode = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

export const exchange = endpoint({
  id: 'vip.exchange',
  method: 'POST',
  host: 'platform',
  path: '/api/vip/exchange',
  input: z.object({
    code: z.string('须为字符串').check(z.trim(), z.minLength(1, '请输入兑换码'), z.maxLength(40, '不能超过 40 个字符')),
  }),
  output: z.object({
    vip_type: z.string(),
    name: z.string(),
    days: z.number(),
    /** The membership's end after this code (a running one is extended). */
    expires_at: z.number(),
  }),
  auth: 'required',
  summary: `兑换会员：每个兑换码只能用一次；不存在、已使用、已过期各有提示；${VIP_CODE_RULES.windowSeconds / 60} 分钟内输错 ${VIP_CODE_RULES.maxFailures} 次后暂停兑换`,
  errors: [CODE.notFound, CODE.conflict, CODE.tooMany],
});
