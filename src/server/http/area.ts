/**
 * An area of the server (accounts, orders, payments, …: the glossary in docs/architecture.md) is a Fastify plugin
 * with one door, its folder's `index.ts`: it registers the area's contract handlers, raw routes and jobs (with
 * their `onClose`) in its own plugin scope, and exports what other areas may use. `app.ts` is the list of areas.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from './context';
import type { RouteHandler } from './define';
import type { EndpointRegistry } from './register';

export interface AreaOptions {
  services: Services;
  endpoints: EndpointRegistry;
}

export interface AreaDefinition {
  /** The area's word (its folder under src/server/areas/). */
  name: string;
  /** Its contract handlers. */
  routes?: readonly RouteHandler[];
  /** Raw routes, jobs and their onClose hooks. */
  setup?: (app: FastifyInstance, services: Services) => void | Promise<void>;
}

export interface Area {
  (app: FastifyInstance, options: AreaOptions): Promise<void>;
  readonly areaName: string;
  readonly routes: readonly RouteHandler[];
}

/** The plugin of one area: `app.register(area, {services, endpoints})`. */
export function defineArea(d: AreaDefinition): Area {
  const routes = d.routes ?? [];
  const plugin = async (app: FastifyInstance, o: AreaOptions): Promise<void> => {
    o.endpoints.register(app, d.name, routes);
    await d.setup?.(app, o.services);
  };
  Object.defineProperty(plugin, 'name', { value: `area:${d.name}` });
  return Object.assign(plugin, { areaName: d.name, routes });
}
