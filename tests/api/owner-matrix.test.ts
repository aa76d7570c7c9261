import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyEndpoint, allEndpoints, type FieldOwner, type OwnedBy } from '../../src/contract';
import { MAX_ID } from '../../src/contract/fields';
import { request } from '../support/api-client';
import { changedTables, checksumOf } from '../support/fuzz/checksum';
import { OWNED_FACTORIES, type OwnedRow, type Owner } from '../support/fuzz/factories';
import { inputShape, validInputArb } from '../support/fuzz/inputs';
import { fuzzLogin } from '../support/fuzz/run';
import { databases, startTestServer, type TestServer } from '../support/test-server';

/**
 * Owner scoping, generated from the contract: every `auth: required` endpoint declares what each id-like input field
 * points at (`owns`). For every owned field, user A gets a row (tests/support/fuzz/factories.ts) and user B calls the
 * endpoint with A's id: the same refusal as for an id that does not exist, and nothing written.
 */
const ID_LIKE = /^(id|.+_id|.+Id)$/;

function idLikeFields(e: AnyEndpoint): string[] {
  return Object.keys(inputShape(e).properties).filter((k) => ID_LIKE.test(k));
}

function ownsOf(e: AnyEndpoint): [string, FieldOwner][] {
  return Object.entries((e.owns ?? {}) as Record<string, FieldOwner>);
}

const isOwned = (o: FieldOwner): o is OwnedBy => 'table' in o;

/** Every (endpoint, field, owner) the matrix calls. */
const owned = allEndpoints.flatMap((e) =>
  ownsOf(e)
    .filter(([, o]) => isOwned(o))
    .map(([field, o]) => ({ e, field, o: o as OwnedBy })),
);

describe('every auth: required endpoint says what its ids point at', () => {
  it('declares each id-like input field in `owns` (owned or public, with a reason)', () => {
    const undeclared = allEndpoints
      .filter((e) => e.auth === 'required')
      .flatMap((e) =>
        idLikeFields(e)
          .filter((f) => !(e.owns && f in e.owns))
          .map((f) => `${e.id}.${f}`),
      );
    expect(undeclared).toEqual([]);
  });

  it('declares `owns` only on endpoints that require login, for fields they take, public ones with a reason', () => {
    const wrong: string[] = [];
    for (const e of allEndpoints) {
      const fields = Object.keys(inputShape(e).properties);
      for (const [field, o] of ownsOf(e)) {
        if (e.auth !== 'required') wrong.push(`${e.id}: owns on an endpoint with auth ${e.auth}`);
        if (!fields.includes(field)) wrong.push(`${e.id}.${field}: not an input field`);
        if (!isOwned(o) && !o.public.trim()) wrong.push(`${e.id}.${field}: public without a reason`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has a factory for every owned table', () => {
    expect(owned.length).toBeGreaterThanOrEqual(6);
    expect([...new Set(owned.map((x) => x.o.table))].filter((t) => !OWNED_FACTORIES[t])).toEqual([]);
  });
});

/** A msg with the id taken out, so "收货地址 id 12 不存在" and "收货地址 id 99999 不存在" compare equal. */
const shapeOf = (msg: string, id: number) => msg.split(String(id)).join('<id>');

/** An input for `e` that is right in every field but `field` (set to `id`): generated from the schema, with the row's own values where it has them. */
function inputFor(e: AnyEndpoint, field: string, id: number, row: OwnedRow): Record<string, unknown> {
  const shape = inputShape(e);
  const overlay: Record<string, unknown> = {};
  for (const k of Object.keys(shape.properties)) {
    const owner = (e.owns as Record<string, FieldOwner> | undefined)?.[k];
    if (k !== field && !(owner && isOwned(owner)) && row[k] !== undefined && row[k] !== null) overlay[k] = row[k];
  }
  const candidates = fc.sample(validInputArb(shape), { seed: 42, numRuns: 200 });
  for (const c of candidates) {
    const input: Record<string, unknown> = {};
    // Only required fields are generated; optional ones come from the row (or stay out).
    for (const k of shape.required) input[k] = c[k];
    Object.assign(input, overlay, { [field]: id });
    if (e.input.safeParse(input).success) return input;
  }
  throw new Error(`${e.id}: no valid input with ${field} = ${id}`);
}

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let a: Owner;
  let b: Owner;
  beforeAll(async () => {
    // No background jobs: the checksums compare the whole database before and after each refused call.
    s = await startTestServer(kind, { config: { orderSweepSeconds: 0, retentionSweepSeconds: 0 } });
    a = await fuzzLogin(s);
    b = await fuzzLogin(s);
  });
  afterAll(() => s.close());

  it('each owned table and its owner column exist', async () => {
    const missing: string[] = [];
    for (const { e, o } of owned) {
      for (const column of [o.owner, o.column ?? 'id']) {
        try {
          await sql`SELECT ${sql.ref(column)} FROM ${sql.table(o.table)} LIMIT 1`.execute(s.services.db.kysely);
        } catch {
          missing.push(`${e.id}: ${o.table}.${column}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(owned.map((x) => [`${x.e.id} (${x.field} → ${x.o.table})`, x] as const))(
    '%s: B with A’s id is refused like a missing id, writes nothing; A is served',
    async (_name, { e, field, o }) => {
      const factory = OWNED_FACTORIES[o.table];
      if (!factory) throw new Error(`no factory for ${o.table}`);
      const row = await factory(s, a);
      const id = Number(row[o.column ?? 'id']);
      expect(row[o.owner]).toBe(a.id);
      const input = inputFor(e, field, id, row);

      const before = await checksumOf(s.services.db);
      const asB = await request(s.url, e, input, { token: b.token });
      expect(changedTables(before, await checksumOf(s.services.db))).toEqual([]);
      expect(asB.body.status).not.toBe(0);

      const max = await sql<{ m: number | null }>`SELECT max(${sql.ref(o.column ?? 'id')}) AS m FROM ${sql.table(o.table)}`.execute(
        s.services.db.kysely,
      );
      const missingId = Math.min(Number(max.rows[0]?.m ?? 0) + 1000, MAX_ID);
      const missing = await request(s.url, e, { ...input, [field]: missingId }, { token: b.token });
      expect(changedTables(before, await checksumOf(s.services.db))).toEqual([]);
      expect(missing.body.status).not.toBe(0);
      expect({ http: asB.http, code: asB.body.code, msg: shapeOf(asB.body.msg, id), data: asB.body.data }).toEqual({
        http: missing.http,
        code: missing.body.code,
        msg: shapeOf(missing.body.msg, missingId),
        data: null,
      });

      // The same input serves the owner: B was refused for the id alone.
      const asA = await request(s.url, e, input, { token: a.token });
      expect({ status: asA.body.status, msg: asA.body.msg }).toEqual({ status: 0, msg: 'ok' });
    },
  );
});
