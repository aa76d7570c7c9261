import crypto from 'node:crypto';
import * as z from 'zod/mini';
import { type AnyEndpoint, HOST_PREFIX } from '../../contract/endpoint';
import { CODE, type ErrorCode } from '../../contract/envelope';
import { ERROR_CODES, errorCodesOf } from './error-codes';

/** A JSON Schema (2020-12) or OpenAPI object, as plain JSON. */
export type Json = { [key: string]: unknown };

export const OPENAPI_PATH = '/api/openapi.json';

/** The OpenAPI extension keys this generator adds to each operation (docs/api.md reads them back). */
export interface OperationExtensions {
  /** Every refusal code the endpoint can answer (see ERROR_CODES). */
  'x-error-codes': ErrorCode[];
  /** Contract host of the endpoint (the reference server serves it under its prefix). */
  'x-host': string;
  'x-auth': AnyEndpoint['auth'];
  /** `data` arrives as `{encrypt}`: base64(nonce ‖ AES-256-GCM ciphertext ‖ tag) of the JSON of the real data. */
  'x-encrypted': boolean;
  /** Input fields naming an owned row (`{table, owner, column?}`) or a public one (`{public}`); see EndpointDef.owns. */
  'x-owns'?: AnyEndpoint['owns'];
}

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'throw' }) as Json;
  return rest;
}

function objectProperties(e: AnyEndpoint): { properties: Record<string, Json>; required: string[] } {
  const schema = jsonSchema(e.input, 'input');
  if (schema.type !== 'object') throw new Error(`${e.id}: the input schema must be an object to publish it`);
  return { properties: (schema.properties ?? {}) as Record<string, Json>, required: (schema.required ?? []) as string[] };
}

const SIGN_PARAMETER: Json = {
  name: 'sign',
  in: 'query',
  required: false,
  description:
    'hex(HMAC-SHA256(SIGN_KEY, path + "?" + the non-null parameters sorted by key as key=value joined by &)); ' +
    'path is the endpoint path on its host. Required whenever the request carries parameters.',
  schema: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' },
};

function successEnvelope(data: Json): Json {
  return {
    type: 'object',
    required: ['status', 'msg', 'code', 'data'],
    properties: { status: { const: 0 }, msg: { const: 'ok' }, code: { const: 0 }, data },
  };
}

function refusalEnvelope(codes: readonly ErrorCode[]): Json {
  return {
    type: 'object',
    required: ['status', 'msg', 'code', 'data'],
    properties: {
      status: { type: 'integer', not: { const: 0 } },
      msg: { type: 'string', description: 'Chinese message for the user, naming the problem' },
      code: { enum: [...codes] },
      data: { type: 'null' },
    },
  };
}

function describeCodes(codes: readonly ErrorCode[]): string {
  return codes.map((c) => `${c}: ${ERROR_CODES[c].meaning}`).join('; ');
}

function dataSchema(e: AnyEndpoint): Json {
  const data = jsonSchema(e.output, 'output');
  if (!e.encrypt) return data;
  return {
    type: 'object',
    required: ['encrypt'],
    properties: {
      encrypt: {
        type: 'string',
        contentEncoding: 'base64',
        description:
          'base64(nonce[12] ‖ AES-256-GCM ciphertext ‖ tag[16]), key SHA-256(ENCRYPT_KEY); the plaintext is the JSON of contentSchema',
        contentSchema: data,
      },
    },
  };
}

function responses(e: AnyEndpoint, codes: readonly ErrorCode[]): Json {
  const json = (schema: Json) => ({ 'application/json': { schema } });
  const success = successEnvelope(dataSchema(e));
  const out: Json = {};
  // 4440 arrives with HTTP 200: the client reads the envelope, not the status line.
  const with200 = codes.filter((c) => ERROR_CODES[c].http.includes(200));
  out['200'] = {
    description: with200.length ? `Success (status 0), or ${describeCodes(with200)}` : 'Success (status 0)',
    content: json(with200.length ? { oneOf: [success, refusalEnvelope(with200)] } : success),
  };
  if (e.method === 'GET') out['304'] = { description: 'Not modified: If-None-Match matched the weak ETag of the reply' };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of [...codes, CODE.serverError]) {
    for (const http of ERROR_CODES[c].http) if (http !== 200) byStatus.set(http, [...(byStatus.get(http) ?? []), c]);
  }
  if (e.method === 'POST') for (const http of [413, 415]) byStatus.set(http, [CODE.badInput]);
  for (const [http, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(http)] = { description: describeCodes(list), content: json(refusalEnvelope(list)) };
  }
  return out;
}

function operation(e: AnyEndpoint): Json {
  const codes = errorCodesOf(e);
  const { properties, required } = objectProperties(e);
  const hasParams = Object.keys(properties).length > 0;
  const parameters: Json[] = [];
  let requestBody: Json | undefined;
  if (e.method === 'POST') {
    requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(e.input, 'input') } },
    };
  } else {
    for (const [name, schema] of Object.entries(properties)) {
      const { description, ...rest } = schema;
      parameters.push({ name, in: 'query', required: required.includes(name), ...(description ? { description } : {}), schema: rest });
    }
  }
  if (hasParams) parameters.push(SIGN_PARAMETER);
  const security = e.auth === 'required' ? [{ bearer: [] }] : e.auth === 'optional' ? [{ bearer: [] }, {}] : [];
  const extensions: OperationExtensions = { 'x-error-codes': codes, 'x-host': e.host, 'x-auth': e.auth, 'x-encrypted': Boolean(e.encrypt) };
  if (e.owns) extensions['x-owns'] = e.owns;
  return {
    operationId: e.id,
    summary: e.summary,
    tags: [areaOf(e)],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    security,
    responses: responses(e, codes),
    ...extensions,
  };
}

/** The area of an endpoint: its id up to the first dot (`user_center.messages` → `user_center`). */
export function areaOf(e: AnyEndpoint): string {
  return e.id.slice(0, e.id.indexOf('.'));
}

/**
 * The OpenAPI 3.1 document of the contract: one operation per endpoint (operationId = endpoint id),
 * under the path the reference server serves it at (host prefix + path). A pure function of the
 * endpoint list: the server builds it once at start. `info.version` is a digest of the paths, so it
 * changes exactly when the published contract does.
 */
export function openApiDocument(endpoints: readonly AnyEndpoint[]): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const e of endpoints) {
    const url = HOST_PREFIX[e.host] + e.path;
    const item = paths[url] ?? {};
    const method = e.method.toLowerCase();
    if (item[method]) throw new Error(`two endpoints for ${e.method} ${url}`);
    item[method] = operation(e);
    paths[url] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'beikao API',
      version: crypto.createHash('sha256').update(JSON.stringify(paths)).digest('hex').slice(0, 12),
      description:
        'Every reply is the envelope {status, msg, code, data}; status 0 is success and data then has the shape ' +
        'shown. A refusal has status != 0, a refusal code and a Chinese msg naming the problem. Requests send the ' +
        'header DeviceType: web. Generated from src/contract; docs/api.md is the same document as tables.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/', description: 'the reference server (each host under its path prefix)' }],
    tags: [...new Set(endpoints.map(areaOf))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'session token from auth.mobile_code_login' },
      },
    },
  };
}
