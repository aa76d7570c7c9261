import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { allEndpoints } from '../contract';
import { HOST_PREFIX } from '../contract/endpoint';
import { CODE } from '../contract/envelope';
import { AREAS } from './area-list';
import { ActivityStore } from './areas/activities';
import { PageStore } from './areas/pages';
import { registerClientFiles, registerCompression } from './client/static-files';
import type { ServerConfig } from './config';
import { trustProxyOption } from './config-network';
import type { Db } from './db/connect';
import { registerDevRoutes } from './dev/routes';
import type { Services } from './http/context';
import { clientErrorEnvelope, installErrorEnvelope, refusal } from './http/error-envelope';
import { Hooks } from './http/hooks';
import { EndpointRegistry } from './http/register';
import { registerSecurityHeaders } from './http/security-headers';
import { registerMediaRoutes } from './media/routes';
import { registerVodRoutes } from './media/vod-routes';
import { createProviders } from './providers';
import { createPayProvider } from './providers/pay';
import { JwtService } from './security/jwt';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
}

// Unknown paths under these answer a 404 envelope; every other GET is a client route (dev tools like /dev/inbox are explicit routes).
const API_PREFIXES = [
  '/api/',
  ...Object.values(HOST_PREFIX)
    .filter(Boolean)
    .map((p) => `${p}/`),
  '/media/',
  '/sandbox/',
  '/vod/',
];

/** A function that runs `make` once and hands every caller the same promise (a failed run is tried again). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () => {
    p ??= make().catch((e: unknown) => {
      p = null;
      throw e;
    });
    return p;
  };
}

/** Builds the whole server (API, media, dev tools, client files) without listening. */
export async function buildApp(config: ServerConfig, db: Db, clock: () => number = () => Math.floor(Date.now() / 1000)): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-* only from the proxies TRUST_PROXY names: otherwise a client would choose its own IP and origin.
    trustProxy: trustProxyOption(config.trustProxy),
    // Errors raised before routing (e.g. a malformed percent-encoded path) get the envelope too.
    frameworkErrors: (_error, _req, reply) => {
      (reply as FastifyReply).code(400).send(refusal(1, CODE.badInput, '请求地址不正确'));
    },
    // Errors of Node's HTTP parser (URL or headers over 16 KB, timeouts) too.
    clientErrorHandler: clientErrorEnvelope,
  });
  if (config.stagingSandboxes.length > 0) {
    app.log.warn(
      { sandboxes: config.stagingSandboxes },
      'ALLOW_SANDBOXES=1: this production server runs outside services on their sandboxes. It is a staging server: never let real users pay or log in here.',
    );
  }
  const pages = new PageStore(
    config.pagesDir,
    config.schemasDir,
    ({ level, msg, ...fields }) => app.log[level](fields, msg),
    !config.devTools,
  );
  pages.reload('start');
  const activities = new ActivityStore(path.join(config.pagesDir, '_activities'), config.schemasDir, ({ level, msg, ...fields }) =>
    app.log[level](fields, msg),
  );
  const services: Services = {
    db,
    config,
    clock,
    pages,
    activities,
    hooks: new Hooks(app.log),
    // The clock's second plus the real millisecond within it (a test clock moves whole seconds).
    nowMs: () => clock() * 1000 + (Date.now() % 1000),
    jwt: new JwtService(config.jwtSecret, config.jwtTtl),
    providers: {
      ...createProviders(config, db, clock),
      pay: once(() =>
        createPayProvider(config, db, clock, () => {
          const a = app.server.address();
          const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
          return `http://${host}:${typeof a === 'object' && a ? a.port : config.port}`;
        }),
      ),
    },
  };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  installErrorEnvelope(app);
  // Before any route: every reply (HTML, API, files, 404s) carries the CSP and the other security headers.
  registerSecurityHeaders(app, config);
  await registerCompression(app);

  // Every area is a plugin: its contract handlers, raw routes and jobs (src/server/areas/<word>/index.ts).
  const endpoints = new EndpointRegistry(services);
  for (const area of AREAS) await app.register(area, { services, endpoints });
  const unhandled = endpoints.unhandled(allEndpoints);
  if (unhandled.length) throw new Error(`endpoints without a server handler: ${unhandled.join(', ')}`);
  registerMediaRoutes(app, services);
  if (services.providers.vodSandbox) registerVodRoutes(app, services.providers.vodSandbox);
  if (config.devTools) registerDevRoutes(app, services);

  const sendShell = await registerClientFiles(app, config.clientDir, pages, {
    staging: config.stagingSandboxes.length > 0,
    signKey: config.signKey,
  });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((p) => url.startsWith(p)) || req.method !== 'GET' || !sendShell) {
      return reply.code(404).send(refusal(1, CODE.notFound, `接口不存在：${req.method} ${url}`));
    }
    // Client-side routes: every other GET gets the app shell (route table, page config and skeleton inlined).
    return sendShell(req, reply);
  });

  return { app, services };
}
