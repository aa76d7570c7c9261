import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MAX_ID } from '../../contract/fields';
import type { Services } from '../http/context';
import { createArtworkSender } from './artwork-raster';
import { registerBookCoverRoute } from './book-cover';
import { registerCircleMediaRoutes } from './circle-art';
import { itemCover } from './item-cover';
import { registerPublicPictureRoutes } from './public-pictures';
import { bannerSvg, coverSvg } from './svg-art';

/**
 * Serves the generated images the seed data points at and the operators' pictures of the built client
 * (public-pictures.ts), as WebP where the browser takes it (artwork-raster.ts).
 */
export function registerMediaRoutes(app: FastifyInstance, s: Services): void {
  const artwork = createArtworkSender({ cacheDir: path.join(s.config.dataDir, 'artwork-cache'), log: app.log });
  // sharp (and libvips) load once the server is up, in the background: the first picture asked for does not wait.
  app.addHook('onReady', async () => {
    void artwork.raster();
  });
  registerCircleMediaRoutes(app, s, artwork);
  registerBookCoverRoute(app, s, artwork);
  registerPublicPictureRoutes(app, s.config.clientDir, artwork);
  app.get<{ Params: { id: string } }>('/media/banner/:id', async (req, reply) => {
    const id = Number.parseInt(req.params.id, 10);
    const row =
      Number.isInteger(id) && id > 0 && id <= MAX_ID
        ? await s.db.kysely
            .selectFrom('banners')
            .leftJoin('categories', 'categories.id', 'banners.category_id')
            .select(['banners.title', 'banners.subtitle', 'banners.color', 'categories.name as subject'])
            .where('banners.id', '=', id)
            .executeTakeFirst()
        : undefined;
    if (!row) return reply.code(404).type('text/plain; charset=utf-8').send('图片不存在');
    return artwork.send(req, reply, bannerSvg(row.title, row.subtitle, row.color, row.subject ?? ''), 3600);
  });
  // Covers of seeded items (courses, goods, news…) carry their title and subject; anything else a generic picture.
  app.get<{ Params: { kind: string; name: string } }>('/media/:kind/:name', async (req, reply) => {
    const cover = (await itemCover(s, req.params.kind, req.params.name)) ?? coverSvg(`${req.params.kind}/${req.params.name}`);
    return artwork.send(req, reply, cover, 3600);
  });
}
