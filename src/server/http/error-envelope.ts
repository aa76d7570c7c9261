import type { FastifyError, FastifyInstance } from 'fastify';
import { CODE, type Envelope } from '../../contract/envelope';
import { ApiError } from './errors';

/** Code of the envelope sent for an unexpected server error (HTTP 500). */
export const SERVER_ERROR_CODE = 5000;

/** A refusal envelope: `status` 1, no data. */
export function refusal(status: number, code: number, msg: string): Envelope<null> {
  return { status, msg, code, data: null };
}

/**
 * Every error leaves as an envelope: an ApiError with its HTTP status and code, a Fastify client error
 * (bad JSON, wrong content type, too large) as 4000 with a Chinese message, anything else as a logged
 * 500 whose message never reaches the client.
 */
export function installErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, req, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.httpStatus).send(refusal(1, error.code, error.message));
    }
    const statusCode = (error as FastifyError).statusCode;
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      const fstCode = (error as FastifyError).code;
      const msg =
        fstCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? '不支持的请求体类型，请使用 application/json'
          : statusCode === 413
            ? '请求体过大'
            : fstCode?.startsWith('FST_ERR_CTP')
              ? '请求体不是合法的 JSON'
              : `请求不正确：${error.message}`;
      return reply.code(statusCode).send(refusal(1, CODE.badInput, msg));
    }
    req.log.error(error);
    return reply.code(500).send(refusal(1, SERVER_ERROR_CODE, '服务器繁忙，请稍后再试'));
  });
}
