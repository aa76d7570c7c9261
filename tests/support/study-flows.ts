import * as subjects from '../../src/contract/subjects';
import { request } from './api-client';
import type { TestServer } from './test-server';

export interface Subject {
  genus_id: number;
  category_id: number;
}

export interface Subjects {
  /** The first category of the first genus. */
  mine: Subject;
  /** The second category of the first genus. */
  sibling: Subject;
  /** The first category of the second genus. */
  foreign: Subject;
}

/** Three seeded subjects: two categories of one genus and one of another genus. */
export async function seededSubjects(s: TestServer): Promise<Subjects> {
  const [first, second] = (await request(s.url, subjects.genusList, {})).body.data;
  if (!first || !second) throw new Error('the seed should have at least two genera');
  const mine = (await request(s.url, subjects.categoryList, { genus_id: first.id })).body.data;
  const theirs = (await request(s.url, subjects.categoryList, { genus_id: second.id })).body.data;
  if (!mine[0] || !mine[1] || !theirs[0]) throw new Error('genera should have categories');
  return {
    mine: { genus_id: first.id, category_id: mine[0].id },
    sibling: { genus_id: first.id, category_id: mine[1].id },
    foreign: { genus_id: second.id, category_id: theirs[0].id },
  };
}

/** Every page of a paged list (count 50 per page). */
export async function allPages<T>(page: (offset: number, count: number) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; offset += 50) {
    const items = await page(offset, 50);
    out.push(...items);
    if (items.length < 50) return out;
  }
}

/** Newest first (non-increasing by `key`). */
export function isNonIncreasing<T>(items: readonly T[], key: (t: T) => number): boolean {
  return items.every((t, i) => i === 0 || key(items[i - 1] as T) >= key(t));
}
