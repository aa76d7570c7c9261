import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { empty } from './fields';

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
