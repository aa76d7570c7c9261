import { CODE } from '../../contract/envelope';

/** A refusal the client should see: HTTP 4xx with envelope `status` != 0 and a Chinese `msg`. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const badInput = (msg: string) => new ApiError(400, CODE.badInput, msg);
export const notFound = (what: string) => new ApiError(404, CODE.notFound, `${what}不存在`);
export const forbidden = (msg: string) => new ApiError(403, CODE.forbidden, msg);
export const tooMany = (msg: string) => new ApiError(429, CODE.tooMany, msg);
export const conflict = (msg: string) => new ApiError(409, CODE.conflict, msg);
export const unauthorized = (msg = '请先登录') => new ApiError(401, CODE.unauthorized, msg);
/** HTTP 200 with code 4440: the token is well formed but the session was ended (e.g. logout elsewhere). */
export const sessionInvalid = () => new ApiError(200, CODE.sessionInvalid, '登录已失效，请重新登录');
