import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageStore } from '../areas/pages';
import { PUBLIC_PICTURES_GLOB } from '../media/public-pictures';
import { firstScreenData } from './first-screen-data';
import { robotsTxt } from './robots';
import { negotiateEncoding, ShellPages } from './shell-html';

/**
 * Compression of dynamic replies: JSON and HTML of 1 KB and more, brotli (quality 4: fast enough per request)
 * or gzip as the request's Accept-Encoding allows, br first. Replies that already carry a Content-Encoding
 * (precompressed files, the shell, cached API replies) are left alone. Registered before any route.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}

/**
 * The built client (`dist/`): hashed assets are immutable for a year; other files revalidate. Each file is sent
 * as its `.br` / `.gz` sibling written by the build when the request accepts it (Vary: Accept-Encoding).
 * Returns the shell sender for client routes, or null when there is no built client.
 */
export async function registerClientFiles(
  app: FastifyInstance,
  clientDir: string | undefined,
  pages: PageStore,
  opts: { staging?: boolean; signKey: string },
): Promise<((req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | null> {
  if (!clientDir || !fs.existsSync(path.join(clientDir, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    // The operators' SVG pictures have routes of their own (WebP when the browser takes it: media/public-pictures.ts).
    globIgnore: [PUBLIC_PICTURES_GLOB],
    index: false,
    preCompressed: true,
    setHeaders(res, file: string) {
      res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const shells = ShellPages.fromDir(clientDir, pages, {
    staging: opts.staging,
    // The first screen's data, asked in-process through the same routes as any request (first-screen-data.ts).
    firstScreen: (config, route, url, cookie) => firstScreenData(app, opts.signKey, config, route, url, cookie),
  });
  // What crawlers may read, from the route table as it is now (an operator's new public page is crawlable at once).
  app.get('/robots.txt', (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(pages.manifest().routes)),
  );
  return async (req, reply) => {
    const [pathname = '/', query] = req.url.split('?', 2);
    const shell = await shells.forRequest(pathname, query ? `?${query}` : '', req.headers.cookie);
    // The HTML depends on the subject cookie (the first screen's data, the picker for a visitor without one).
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('etag', shell.etag)
      .header('vary', 'accept-encoding, cookie');
    if (req.headers['if-none-match'] === shell.etag) return reply.code(304).send();
    // A path no route serves is a 404 (crawlers drop it) whose HTML is the not-found screen itself.
    reply.code(shell.status);
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(shell.identity);
    return reply.header('content-encoding', encoding).send(shell[encoding]);
  };
}
