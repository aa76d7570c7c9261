import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import * as addressApi from '../../src/contract/addresses';
import * as framework from '../../src/contract/framework';
import * as genus from '../../src/contract/study-genus';
import * as user from '../../src/contract/users';
import * as userCenter from '../../src/contract/users-center';
import { freshPgSchema, productionEnv, type ServerProcess, spawnServer } from '../support/server-process';
import { loginBySms, signedClient } from '../support/signed-client';
import { databases } from '../support/test-server';

/**
 * SIGKILL in the middle of acknowledged writes: every write whose reply (status 0) arrived before the kill is
 * there after a restart on the same database. Writers run concurrently (addresses created, updated and deleted,
 * collections added and removed, feedback sent) and the server is killed once enough replies have arrived, so
 * requests are in flight at the kill; those have no promise either way, except that an address or collection
 * ends in its last acknowledged state or in the state its unanswered request asked for.
 */

/** Acknowledged replies to wait for before the kill (a count, not a time). */
const KILL_AFTER_ACKS = 150;
const USERS = 4;

type Call = ReturnType<typeof signedClient>;
interface AddressState {
  name: string;
  deleted: boolean;
}
interface Ledger {
  /** id → last acknowledged state; `pending` holds the state an unanswered request asked for. */
  addresses: Map<number, { user: number; acked: AddressState; pending?: AddressState }>;
  /** `${user}:${newsId}` → acknowledged present or removed, and the unanswered request's aim. */
  collections: Map<string, { user: number; newsId: number; id: number; acked: boolean; pending?: boolean }>;
  feedback: Map<number, string>;
  acks: number;
}

async function districts(call: Call) {
  const top = await call(framework.topLevelDistricts, {});
  const p = top.body.data.find((d) => d.id > 0);
  if (!p) throw new Error('no province');
  const c = (await call(framework.childDistricts, { id: p.id })).body.data[0];
  if (!c) throw new Error('no city');
  const a = (await call(framework.childDistricts, { id: c.id })).body.data[0];
  if (!a) throw new Error('no county');
  return {
    district_1_id: p.id,
    district_1_name: p.name,
    district_2_id: c.id,
    district_2_name: c.name,
    district_3_id: a.id,
    district_3_name: a.name,
  };
}

/** Runs writers until the server dies; returns what was acknowledged. */
async function writeUntilKilled(server: ServerProcess, call: Call, tokens: string[], newsIds: number[]): Promise<Ledger> {
  const ledger: Ledger = { addresses: new Map(), collections: new Map(), feedback: new Map(), acks: 0 };
  const chain = await districts(call);
  let killed: Promise<void> | null = null;
  const ack = () => {
    ledger.acks += 1;
    if (ledger.acks === KILL_AFTER_ACKS) killed = server.kill('SIGKILL');
  };
  const alive = () => killed === null;
  /** One request; null when it got no answer (the server died). A refusal fails the test. */
  const send = async <T>(run: () => Promise<{ body: { status: number; msg: string; data: T } }>): Promise<T | null> => {
    try {
      const res = await run();
      if (res.body.status !== 0) throw new Error(`refused: ${res.body.msg}`);
      return res.body.data;
    } catch (e) {
      if ((e as Error).message.startsWith('refused')) throw e;
      return null;
    }
  };

  const addressWriter = async (u: number) => {
    const live: number[] = [];
    for (let n = 0; alive(); n++) {
      if (live.length >= 8) {
        const id = live.shift() as number;
        const entry = ledger.addresses.get(id);
        if (!entry) continue;
        entry.pending = { ...entry.acked, deleted: true };
        if ((await send(() => call(addressApi.removeAddress, { id }, tokens[u]))) === null) return;
        entry.acked = { ...entry.acked, deleted: true };
        entry.pending = undefined;
        ack();
        continue;
      }
      const name = `用户${u}地址${n}`;
      const created = await send(() =>
        call(addressApi.saveAddress, { name, mobile: '13812345678', ...chain, detail: `测试路 ${n} 号院`, is_default: 0 }, tokens[u]),
      );
      if (created === null) return;
      ledger.addresses.set(created.id, { user: u, acked: { name, deleted: false } });
      live.push(created.id);
      ack();
      const entry = ledger.addresses.get(created.id);
      if (!entry) return;
      const renamed = `${name}改`;
      entry.pending = { name: renamed, deleted: false };
      const updated = await send(() =>
        call(
          addressApi.saveAddress,
          { id: created.id, name: renamed, mobile: '13812345678', ...chain, detail: `测试路 ${n} 号院`, is_default: 0 },
          tokens[u],
        ),
      );
      if (updated === null) return;
      entry.acked = { name: renamed, deleted: false };
      entry.pending = undefined;
      ack();
    }
  };

  const collectionWriter = async (u: number) => {
    while (alive()) {
      for (const newsId of newsIds) {
        if (!alive()) return;
        const key = `${u}:${newsId}`;
        const entry = ledger.collections.get(key);
        if (entry?.acked) {
          entry.pending = false;
          if ((await send(() => call(userCenter.removeCollection, { id: entry.id }, tokens[u]))) === null) return;
          entry.acked = false;
          entry.pending = undefined;
        } else {
          if (entry) entry.pending = true;
          const added = await send(() => call(userCenter.addCollection, { type: 'news', ref_id: newsId }, tokens[u]));
          if (added === null) {
            if (!entry) ledger.collections.set(key, { user: u, newsId, id: 0, acked: false, pending: true });
            return;
          }
          ledger.collections.set(key, { user: u, newsId, id: added.id, acked: true });
        }
        ack();
      }
    }
  };

  const feedbackWriter = async (u: number) => {
    for (let n = 0; alive(); n++) {
      const content = `崩溃测试反馈 ${u}-${n}`;
      const sent = await send(() => call(user.feedback, { content, page_url: '/crash-test' }, tokens[u]));
      if (sent === null) return;
      ledger.feedback.set(sent.id, content);
      ack();
    }
  };

  await Promise.all(tokens.flatMap((_, u) => [addressWriter(u), collectionWriter(u), feedbackWriter(u)]));
  await killed;
  return ledger;
}

/** Feedback rows by id, read straight from the database the restarted server uses. */
async function feedbackRows(kind: 'sqlite' | 'postgres', where: string): Promise<Map<number, string>> {
  if (kind === 'sqlite') {
    const db = new SQLite(where, { readonly: true });
    const rows = db.prepare('SELECT id, content FROM feedback').all() as Array<{ id: number; content: string }>;
    db.close();
    return new Map(rows.map((r) => [r.id, r.content]));
  }
  const c = new pg.Client({ connectionString: where });
  await c.connect();
  const { rows } = await c.query<{ id: number; content: string }>('SELECT id, content FROM feedback');
  await c.end();
  return new Map(rows.map((r) => [Number(r.id), r.content]));
}

describe.each(databases())('SIGKILL during acknowledged writes (%s)', (kind) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-crash-'));
  let drop: (() => Promise<void>) | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) await s.kill('SIGKILL');
    await drop?.();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('finds every acknowledged write after a restart on the same database', { timeout: 120000 }, async () => {
    const env: Record<string, string> = { ...productionEnv(), SEED_DEMO: '1', DATA_DIR: root, LOG_LEVEL: 'warn' };
    if (kind === 'postgres') {
      const schema = await freshPgSchema(process.env.TEST_DATABASE_URL ?? '', 'crash');
      env.DATABASE_URL = schema.url;
      drop = schema.drop;
    }
    const first = await spawnServer(env);
    servers.push(first);
    const call = signedClient(first.url, env.SIGN_KEY ?? '');
    const tokens: string[] = [];
    for (let u = 0; u < USERS; u++) tokens.push(await loginBySms(first, call, `1370000${String(u).padStart(4, '0')}`));
    const news = await call(genus.news, { genus_id: 1, category_id: 1, offset: 0, count: 20 });
    const newsIds = news.body.data.map((n) => n.id);
    expect(newsIds.length).toBeGreaterThan(5);

    const ledger = await writeUntilKilled(first, call, tokens, newsIds);
    expect(ledger.acks).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

    const second = await spawnServer(env);
    servers.push(second);
    const again = signedClient(second.url, env.SIGN_KEY ?? '');

    // Addresses: each acknowledged one is there with its last acknowledged name (or the unanswered request's).
    for (let u = 0; u < USERS; u++) {
      const list = await again(addressApi.addressList, {}, tokens[u]);
      expect(list.body.status).toBe(0);
      const names = new Map(list.body.data.map((a) => [a.id, a.name]));
      for (const [id, e] of ledger.addresses) {
        if (e.user !== u) continue;
        const now: AddressState = names.has(id) ? { name: names.get(id) ?? '', deleted: false } : { name: e.acked.name, deleted: true };
        const allowed = [e.acked, ...(e.pending ? [e.pending] : [])];
        expect(allowed, `address ${id} of user ${u}`).toContainEqual(now);
      }
    }

    // Collections: present exactly when acknowledged present (or as the unanswered request asked).
    for (let u = 0; u < USERS; u++) {
      const list = await again(userCenter.collections, { type: 'news', offset: 0, count: 50 }, tokens[u]);
      expect(list.body.status).toBe(0);
      const present = new Set(list.body.data.map((c) => c.ref_id));
      for (const e of ledger.collections.values()) {
        if (e.user !== u) continue;
        const allowed = [e.acked, ...(e.pending === undefined ? [] : [e.pending])];
        expect(allowed, `collection of news ${e.newsId} by user ${u}`).toContain(present.has(e.newsId));
      }
    }

    if (kind === 'sqlite') {
      // WAL mode is a property of the file: the server set it, and it holds after the crash.
      const file = new SQLite(path.join(root, 'beikao.sqlite'), { readonly: true });
      expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
      file.close();
    }

    // Feedback: every acknowledged id holds its content.
    const rows = await feedbackRows(kind, kind === 'sqlite' ? path.join(root, 'beikao.sqlite') : (env.DATABASE_URL ?? ''));
    for (const [id, content] of ledger.feedback) expect(rows.get(id), `feedback ${id}`).toBe(content);
    expect(ledger.feedback.size).toBeGreaterThan(0);
    expect([...ledger.addresses.values()].filter((e) => !e.acked.deleted).length).toBeGreaterThan(0);
  });
});
