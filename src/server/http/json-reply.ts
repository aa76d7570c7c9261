import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_MIN_BYTES, pickEncoding } from '../cache/read-cache';

/** Brotli quality for a reply compressed per request: fast enough per request (cached replies get 9 once). */
const PER_REQUEST_BROTLI_QUALITY = 4;

/**
 * Sends an envelope's JSON made for this request (not a cached reply): compressed with brotli, else gzip, when it is
 * 1 KB or more and the request's Accept-Encoding allows. The contract routes compress their replies here rather than
 * through @fastify/compress, whose three hooks ran on every request, cached hits included (which carry their own
 * compressed bodies, read-cache.ts).
 */
export function sendJson(req: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const bytes = Buffer.from(json);
  if (bytes.length < COMPRESS_MIN_BYTES) return reply.send(bytes);
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(bytes);
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        })
      : zlib.gzipSync(bytes);
  return reply.header('content-encoding', encoding).send(body);
}
