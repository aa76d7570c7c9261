import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { empty, text } from './fields';

export const baseInfo = endpoint({
  id: 'user.base_info',
  method: 'GET',
  host: 'platform',
  path: '/api/user/base_info',
  input: empty(),
  output: z.object({ id: z.number(), mobile: z.string(), nickname: z.string(), need_bound: z.number() }),
  auth: 'required',
  summary: '当前用户基本信息；need_bound 1 表示未绑定手机号',
});

export const logout = endpoint({
  id: 'user.logout',
  method: 'POST',
  host: 'platform',
  path: '/api/user/logout',
  input: empty(),
  output: z.object({}),
  auth: 'required',
  summary: '退出登录：该用户所有已签发的令牌失效（再用会收到 code 4440）',
});

/** Feedback from the floating feedback popup (spec: `POST /feedback {content, page_url}`). */
export const feedback = endpoint({
  id: 'user.feedback',
  method: 'POST',
  host: 'platform',
  path: '/api/user/feedback',
  input: z.object({
    content: text(300),
    page_url: z._default(z.string('须为字符串').check(z.maxLength(500, '不能超过 500 个字符')), ''),
  }),
  output: z.object({ id: z.number() }),
  auth: 'optional',
  summary: '提交反馈建议（最多 300 字；登录用户记录用户 id）',
});
