import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, HOST_PREFIX } from '../../src/contract';
import * as auth from '../../src/contract/accounts';
import * as address from '../../src/contract/addresses';
import { CODE } from '../../src/contract/envelope';
import * as framework from '../../src/contract/framework';
import * as genus from '../../src/contract/study-genus';
import * as subjects from '../../src/contract/subjects';
import * as user from '../../src/contract/users';
import type { Json } from '../../src/server/http/openapi';
import { UPSTREAM_CODE } from '../../src/server/providers/oauth/wechat-oauth';
import { request } from '../support/api-client';
import { freshMobile, loginAs } from '../support/flows';
import { startTestServer, type TestServer } from '../support/test-server';

type Operation = Json & { operationId: string; responses: Record<string, { content?: { 'application/json': { schema: Json } } }> };

describe('GET /api/openapi.json', () => {
  let s: TestServer;
  let doc: Json & { paths: Record<string, Record<string, Operation>> };
  let operations: Array<{ method: string; url: string; op: Operation }>;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
    const res = await fetch(`${s.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    doc = (await res.json()) as typeof doc;
    operations = Object.entries(doc.paths).flatMap(([url, item]) => Object.entries(item).map(([method, op]) => ({ method, url, op })));
  });
  afterAll(() => s.close());

  const opOf = (id: string) => {
    const found = operations.find((o) => o.op.operationId === id);
    if (!found) throw new Error(`no operation ${id}`);
    return found;
  };

  it('validates as an OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every endpoint of the contract exactly once, at its method and host-prefixed path', () => {
    expect(operations.map((o) => o.op.operationId).sort()).toEqual(allEndpoints.map((e) => e.id).sort());
    for (const e of allEndpoints) {
      expect(opOf(e.id)).toMatchObject({ method: e.method.toLowerCase(), url: HOST_PREFIX[e.host] + e.path, op: { summary: e.summary } });
    }
    expect(opOf(auth.mobileCodeLogin.id).url).toBe('/member/api/auth/mobile-code-login');
  });

  it('describes auth, the sign parameter, the request body and encryption', () => {
    const login = opOf(auth.mobileCodeLogin.id).op;
    expect(login.security).toEqual([]);
    expect(login.parameters).toEqual([expect.objectContaining({ name: 'sign', in: 'query' })]);
    expect(login.requestBody).toMatchObject({ content: { 'application/json': { schema: { required: ['mobile', 'code'] } } } });

    const detail = opOf(address.addressDetail.id).op;
    expect(detail.security).toEqual([{ bearer: [] }]);
    expect((detail.parameters as Json[]).map((p) => [p.name, p.in, p.required])).toEqual([
      ['id', 'query', true],
      ['sign', 'query', false],
    ]);
    expect(opOf(user.feedback.id).op.security).toEqual([{ bearer: [] }, {}]);
    expect(opOf(subjects.genusList.id).op.parameters).toBeUndefined();
    expect(opOf(framework.jsSdkConfig.id).op['x-encrypted']).toBe(true);
    expect(opOf(subjects.genusList.id).op['x-encrypted']).toBe(false);
  });

  it('lists the refusal codes each endpoint can answer', () => {
    const codes = (id: string) => opOf(id).op['x-error-codes'];
    expect(codes(subjects.genusList.id)).toEqual([]);
    expect(codes(genus.newsDetailEndpoint.id)).toEqual([CODE.badInput, CODE.badSign, CODE.notFound]);
    expect(codes(user.baseInfo.id)).toEqual([CODE.unauthorized, CODE.sessionInvalid]);
    expect(codes(auth.sendMobileCode.id)).toEqual([CODE.badInput, CODE.badSign, CODE.challengeRequired, CODE.tooMany, CODE.conflict]);
    expect(codes(address.saveAddress.id)).toEqual([
      CODE.badInput,
      CODE.badSign,
      CODE.notFound,
      CODE.unauthorized,
      CODE.conflict,
      CODE.sessionInvalid,
    ]);
    expect(codes(auth.officialWeixinLogin.id)).toContain(UPSTREAM_CODE);
    const responses = opOf(address.addressDetail.id).op.responses;
    expect(Object.keys(responses)).toEqual(['200', '304', '400', '401', '404', '500']);
  });

  it('describes the replies the server really sends', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const check = (id: string, http: number, body: unknown) => {
      const schema = opOf(id).op.responses[String(http)]?.content?.['application/json'].schema;
      if (!schema) throw new Error(`${id} publishes no ${http} reply`);
      const validate = ajv.compile(schema);
      expect(validate(body) ? [] : validate.errors).toEqual([]);
    };
    // Every published schema compiles as JSON Schema 2020-12.
    for (const { op } of operations)
      for (const r of Object.values(op.responses)) if (r.content) ajv.compile(r.content['application/json'].schema);

    const me = await loginAs(s, freshMobile());
    for (const [endpoint, input] of [
      [subjects.genusList, {}],
      [genus.news, { genus_id: 1, category_id: 1 }],
      [user.baseInfo, {}],
      [address.addressList, {}],
    ] as const) {
      const res = await request(s.url, endpoint, input, { token: me.token });
      expect(res.body.status).toBe(0);
      check(endpoint.id, 200, res.body);
    }
    const sdk = await request(s.url, framework.jsSdkConfig, { url: 'https://m.example.com/' }, { decrypt: false });
    check(framework.jsSdkConfig.id, 200, sdk.body);
    check(user.baseInfo.id, 401, (await request(s.url, user.baseInfo, {})).body);
    check(genus.newsDetailEndpoint.id, 404, (await request(s.url, genus.newsDetailEndpoint, { id: 999999 })).body);
    check(genus.newsDetailEndpoint.id, 400, (await request(s.url, genus.newsDetailEndpoint, { id: 'x' })).body);
  });
});
