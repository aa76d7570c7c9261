import type { Socket } from 'node:net';
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

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a URL or headers over 16 KB: 431, a timeout:
 * 408, bytes that are not HTTP: 400) answer the envelope too, not Fastify's default `{error, message, statusCode}`.
 * Used as Fastify's `clientErrorHandler`.
 */
export function clientErrorEnvelope(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [http, reason, msg] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', '请求地址或请求头过长（超过 16 KB），请减少参数']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', '请求超时，请重试']
        : [400, 'Bad Request', '请求格式不正确'];
  const body = JSON.stringify(refusal(1, CODE.badInput, msg));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${http} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
