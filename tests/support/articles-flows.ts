import { expect } from 'vitest';
import type { AnyEndpoint, InputOf, OutputOf } from '../../src/contract/endpoint';
import { request } from './api-client';
import type { TestServer } from './test-server';

/** Ids of the stored content articles of one kind, in id order (straight from the database). */
export async function articleIds(s: TestServer, kind: string): Promise<number[]> {
  const rows = await s.services.db.kysely.selectFrom('content_articles').select('id').where('kind', '=', kind).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Pages through a list endpoint (`sizeParam` = limit or count, 50 per page) and returns every item. */
export async function readAll<E extends AnyEndpoint>(
  s: TestServer,
  endpoint: E,
  input: InputOf<E> | Record<string, unknown>,
  sizeParam: 'limit' | 'count',
): Promise<OutputOf<E>> {
  const all: unknown[] = [];
  for (let offset = 0; ; offset += 50) {
    const res = await request(s.url, endpoint, { ...(input as Record<string, unknown>), offset, [sizeParam]: 50 });
    expect(res.body.msg).toBe('ok');
    const page = res.body.data as unknown[];
    all.push(...page);
    if (page.length < 50) break;
  }
  return all as OutputOf<E>;
}

/** Row counts of the articles area's tables (GET endpoints must never write). */
export async function articleTableCounts(s: TestServer): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['faqs', 'answer_questions', 'content_articles'] as const) {
    const row = await s.services.db.kysely
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  return out;
}
