/**
 * The pictures an operator puts in `public/activity/` (an activity's header picture and its poster background, SVG)
 * are served like the generated ones: as WebP when the browser takes it (artwork-raster.ts). An SVG picture costs the
 * page's main thread a document of its own to parse, lay out and paint (measured on the activity detail: 26 ms at
 * full CPU speed, in the task that paints the page's largest picture); a WebP is decoded off the main thread.
 *
 * The build copies `public/` into the client folder; each SVG found there at start gets its own route (the file's
 * text read once), and `@fastify/static` leaves those files to it (`PUBLIC_PICTURES_GLOB` is its `globIgnore`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ArtworkSender } from './artwork-raster';

const PICTURE_FOLDER = 'activity';
/** The client folder's pictures served through the artwork sender (a glob relative to the client folder). */
export const PUBLIC_PICTURES_GLOB = `${PICTURE_FOLDER}/*.svg`;
/** Operators replace a picture by rebuilding; a browser asks again after an hour. */
const MAX_AGE = 3600;

/** Registers `GET /activity/<name>.svg` for each SVG in `<clientDir>/activity/`. */
export function registerPublicPictureRoutes(app: FastifyInstance, clientDir: string | undefined, artwork: ArtworkSender): void {
  const dir = clientDir ? path.join(clientDir, PICTURE_FOLDER) : '';
  if (!dir || !fs.existsSync(dir)) return;
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.svg'))
    .sort()) {
    const svg = fs.readFileSync(path.join(dir, name), 'utf8');
    app.get(`/${PICTURE_FOLDER}/${name}`, (req, reply) => artwork.send(req, reply, svg, MAX_AGE));
  }
}
