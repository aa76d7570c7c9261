import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Db } from '../../src/server/db/connect';
import { StatementCache } from '../../src/server/db/statement-cache';

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-stmt-'));
  dirs.push(dir);
  return path.join(dir, 'db.sqlite');
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('StatementCache', () => {
  it('prepares a SQL text once and hands the same statement back', () => {
    const db = new SQLite(':memory:');
    const cache = new StatementCache(db, 4);
    const a = cache.get('SELECT 1');
    expect(cache.get('SELECT 1')).toBe(a);
    expect(cache.prepared).toBe(1);
    expect(cache.get('SELECT 2')).not.toBe(a);
    expect(cache.prepared).toBe(2);
    db.close();
  });

  it('keeps at most its capacity, dropping the least recently used text', () => {
    const db = new SQLite(':memory:');
    const cache = new StatementCache(db, 3);
    const one = cache.get('SELECT 1');
    cache.get('SELECT 2');
    cache.get('SELECT 3');
    expect(cache.get('SELECT 1')).toBe(one); // now the most recently used
    cache.get('SELECT 4'); // drops SELECT 2, the least recently used
    cache.get('SELECT 5'); // drops SELECT 3
    expect(cache.size).toBe(3);
    const prepared = cache.prepared;
    expect(cache.get('SELECT 1')).toBe(one);
    expect(cache.prepared).toBe(prepared);
    cache.get('SELECT 2');
    expect(cache.prepared).toBe(prepared + 1);
    expect(cache.size).toBe(3);
    db.close();
  });
});

describe('the SQLite connection of the server', () => {
  let db: Db;
  let file: string;
  afterEach(async () => db?.close());

  async function setup(): Promise<Db> {
    file = tempFile();
    db = connect({ sqlitePath: file });
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`.execute(db.kysely);
    // biome-ignore lint/suspicious/noExplicitAny: a table that exists only in this test
    await (db.kysely as any).insertInto('t').values({ id: 1, v: 'a' }).execute();
    return db;
  }
  // biome-ignore lint/suspicious/noExplicitAny: a table that exists only in this test
  const read = (id: number) => (db.kysely as any).selectFrom('t').select('v').where('id', '=', id).executeTakeFirst();

  it('reuses the prepared statement of a query run again with other values', async () => {
    await setup();
    const statements = db.statements as StatementCache;
    await read(1);
    const after = statements.prepared;
    for (let i = 0; i < 20; i++) await read(i);
    expect(statements.prepared).toBe(after);
    expect(await read(1)).toEqual({ v: 'a' });
  });

  it('stamps a table when a write commits, not when it rolls back', async () => {
    await setup();
    const before = await db.versions.stamps(['t']);
    // biome-ignore lint/suspicious/noExplicitAny: a table that exists only in this test
    const k = db.kysely as any;
    await expect(
      k.transaction().execute(async (trx: typeof k) => {
        await trx.updateTable('t').set({ v: 'b' }).where('id', '=', 1).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.versions.stamps(['t'])).toEqual(before);
    expect(await read(1)).toEqual({ v: 'a' });

    await k.transaction().execute(async (trx: typeof k) => {
      await trx.updateTable('t').set({ v: 'c' }).where('id', '=', 1).execute();
    });
    const committed = await db.versions.stamps(['t']);
    expect(committed).not.toEqual(before);

    await k.deleteFrom('t').where('id', '=', 1).execute();
    expect(await db.versions.stamps(['t'])).not.toEqual(committed);
  });

  it('sees a commit by another connection to the same file', async () => {
    await setup();
    const before = await db.versions.stamps(['t']);
    const other = new SQLite(file);
    other.prepare("UPDATE t SET v = 'z' WHERE id = 1").run();
    other.close();
    expect(await db.versions.stamps(['t'])).not.toEqual(before);
  });
});
