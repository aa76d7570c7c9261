import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoint } from '../../src/contract/endpoint';
import { handle } from '../../src/server/http/define';
import { installErrorEnvelope } from '../../src/server/http/error-envelope';
import { EndpointRegistry } from '../../src/server/http/register';
import { request } from '../support/api-client';
import { expectEnvelope } from '../support/flows';
import { startTestServer, type TestServer } from '../support/test-server';

// Test-only endpoints, declared like the real ones; their handlers return more (or other) than the contract says.
const person = z.object({ id: z.number(), nickname: z.string() });
const profile = endpoint({
  id: 'test.profile',
  method: 'GET',
  host: 'member',
  path: '/api/test/profile',
  input: z.object({}),
  output: z.object({ user: person, friends: z.array(person) }),
  auth: 'none',
  summary: 'test',
});
const sealed = endpoint({ ...profile, id: 'test.sealed', method: 'POST', path: '/api/test/sealed', encrypt: true });
const broken = endpoint({ ...profile, id: 'test.broken', path: '/api/test/broken' });

const SECRET = '$2b$10$leakedpasswordhash';
const row = (id: number) => ({ id, nickname: `用户${id}`, password_hash: SECRET, token_version: 7 });

describe('the reply is what the contract declares', () => {
  let s: TestServer;
  let app: FastifyInstance;
  let url = '';
  beforeAll(async () => {
    s = await startTestServer('sqlite');
    app = Fastify({ logger: false });
    installErrorEnvelope(app);
    // The handlers return database rows with extra columns; the type system would refuse them, a cast mimics a `selectAll()` slip.
    const rows = async () => ({ user: row(1), friends: [row(2), row(3)], session_secret: SECRET }) as never;
    new EndpointRegistry(s.services).register(app, 'test', [
      handle(profile, rows),
      handle(sealed, rows),
      handle(broken, async () => ({ user: { id: 'one', nickname: SECRET }, friends: [] }) as never),
    ]);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
    await s.close();
  });

  it('drops columns the contract does not declare, at every depth', async () => {
    const raw = await fetch(`${url}/member/api/test/profile`);
    const text = await raw.text();
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('token_version');
    expect(JSON.parse(text)).toEqual({
      status: 0,
      msg: 'ok',
      code: 0,
      data: {
        user: { id: 1, nickname: '用户1' },
        friends: [
          { id: 2, nickname: '用户2' },
          { id: 3, nickname: '用户3' },
        ],
      },
    });
  });

  it('encrypts the parsed value, not the handler value', async () => {
    const res = await request(url, sealed, {});
    expect(res.body.data).toEqual({
      user: { id: 1, nickname: '用户1' },
      friends: [
        { id: 2, nickname: '用户2' },
        { id: 3, nickname: '用户3' },
      ],
    });
  });

  it('answers a reply that breaks its contract with the 500 envelope, leaking nothing of it', async () => {
    const raw = await fetch(`${url}/member/api/test/broken`);
    const text = await raw.text();
    expect(raw.status).toBe(500);
    const body: unknown = JSON.parse(text);
    expectEnvelope(body);
    expect(body).toEqual({ status: 1, msg: '服务器繁忙，请稍后再试', code: 5000, data: null });
    expect(text).not.toContain(SECRET);
  });
});
