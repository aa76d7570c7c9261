import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, HOST_PREFIX } from '../../src/contract';
import { AREAS } from '../../src/server/area-list';
import type { RouteHandler } from '../../src/server/http/define';
import { EndpointRegistry } from '../../src/server/http/register';
import { request } from '../support/api-client';
import { expectEnvelope } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

const allRouteHandlers = AREAS.flatMap((a) => a.routes);

describe('the contract', () => {
  it('declares each endpoint id once and each method + URL once', () => {
    const ids = allEndpoints.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = allEndpoints.map((e) => `${e.method} ${HOST_PREFIX[e.host]}${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('has no server handler for an endpoint it does not declare', () => {
    const declared = new Set(allEndpoints);
    const strays = allRouteHandlers.filter((h) => !declared.has(h.endpoint)).map((h) => h.endpoint.id);
    expect(strays).toEqual([]);
  });
});

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  /** What the areas' registration leaves unhandled (the server refuses to start while this is not empty). */
  const unhandledWith = (handlers: readonly RouteHandler[]) => {
    const registry = new EndpointRegistry(s.services);
    registry.register(Fastify(), 'test', handlers);
    return registry.unhandled(allEndpoints);
  };

  it('names the one endpoint no area handles, for every endpoint', () => {
    expect(allEndpoints.length).toBeGreaterThan(10);
    for (const e of allEndpoints) expect(unhandledWith(allRouteHandlers.filter((h) => h.endpoint.id !== e.id))).toEqual([e.id]);
  });

  it('lists every missing endpoint, not only the first', () => {
    const [first, , third] = allEndpoints;
    if (!first || !third) throw new Error('too few endpoints');
    const handlers = allRouteHandlers.filter((h) => h.endpoint.id !== first.id && h.endpoint.id !== third.id);
    expect(unhandledWith(handlers)).toEqual([first.id, third.id]);
  });

  it('refuses two handlers for one endpoint, even in two areas, naming both', () => {
    const dup = allRouteHandlers[0];
    if (!dup) throw new Error('no handlers');
    const registry = new EndpointRegistry(s.services);
    registry.register(Fastify(), 'first', allRouteHandlers);
    expect(() => registry.register(Fastify(), 'second', [dup])).toThrow(
      `two handlers for endpoint ${dup.endpoint.id} (areas first and second)`,
    );
  });

  it('the areas together handle every endpoint, each exactly once', () => {
    expect(unhandledWith(allRouteHandlers)).toEqual([]);
    expect(new Set(AREAS.map((a) => a.areaName)).size).toBe(AREAS.length);
  });

  it('answers every declared endpoint on the running server (never "no such route", never 5xx)', async () => {
    const answers: string[] = [];
    for (const e of allEndpoints) {
      const res = await request(s.url, e, {});
      expectEnvelope(res.body);
      if (res.http >= 500 || res.body.msg.startsWith('接口不存在')) answers.push(`${e.id}: ${res.http} ${res.body.msg}`);
    }
    expect(answers).toEqual([]);
  });

  it('answers an undeclared method on a declared path with a 404 envelope', async () => {
    const res = await fetch(`${s.url}/api/genus`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    const body = await res.json();
    expectEnvelope(body);
    expect(body.msg).toBe('接口不存在：DELETE /api/genus');
  });
});
