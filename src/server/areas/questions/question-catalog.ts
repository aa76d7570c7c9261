/** Question banks: the subject's list, a bank's detail and children, a child's questions (never with keys), my banks. */
import type { Selectable } from 'kysely';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import * as question from '../../../contract/questions';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { type AccessDecision, type AccessItem, checkAccessMany, isPaidDelivery, recordDelivery } from '../courses';
import { ensureSubject } from '../subjects';

export type BankRow = Selectable<Database['question_banks']>;
type ChildBank = question.ChildBank;
type BankItem = question.BankItem;

export async function bankRow(s: Services, id: number, field = 'bank_id'): Promise<BankRow> {
  const row = await s.db.kysely.selectFrom('question_banks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`题库 ${field} ${id} `);
  return row;
}

/** The top bank of a bank (itself for a top bank). */
export async function topOf(s: Services, bank: BankRow): Promise<BankRow> {
  return bank.parent_id === null ? bank : bankRow(s, bank.parent_id);
}

/** The access item of a top bank; a child inherits its top bank's access. */
export function bankAccessItem(top: BankRow): AccessItem {
  return { kind: 'question_bank', id: top.id, genusId: top.genus_id, categoryId: top.category_id, isFree: top.is_free === 1 };
}

export async function accessOf(s: Services, userId: number | null, top: BankRow): Promise<AccessDecision> {
  const [d] = await checkAccessMany(s, userId, [bankAccessItem(top)]);
  return d as AccessDecision;
}

/** Refuses (4030) a bank the user may not practise. */
export async function ensureCanPractise(s: Services, userId: number, top: BankRow): Promise<AccessDecision> {
  const d = await accessOf(s, userId, top);
  if (!d.allowed) throw forbidden(question.NOT_OWNED_MSG);
  return d;
}

async function childCounts(s: Services, topIds: readonly number[]): Promise<Map<number, number>> {
  if (topIds.length === 0) return new Map();
  const rows = await s.db.kysely
    .selectFrom('question_banks')
    .select((eb) => ['parent_id', eb.fn.countAll<number | string>().as('n')])
    .where('parent_id', 'in', [...topIds])
    .groupBy('parent_id')
    .execute();
  return new Map(rows.map((r) => [r.parent_id ?? 0, Number(r.n)]));
}

async function itemsOf(s: Services, tops: readonly BankRow[]): Promise<BankItem[]> {
  const counts = await childCounts(
    s,
    tops.map((t) => t.id),
  );
  return tops.map((t) => ({
    id: t.id,
    genus_id: t.genus_id,
    category_id: t.category_id,
    name: t.name,
    intro: t.intro,
    price: t.price,
    is_free: t.is_free,
    child_count: counts.get(t.id) ?? 0,
    question_count: t.question_count,
    created_at: t.created_at,
  }));
}

export async function listBanks(s: Services, q: ParsedInputOf<typeof question.bankList>): Promise<OutputOf<typeof question.bankList>> {
  await ensureSubject(s, q.genus_id, q.category_id);
  const rows = await s.db.kysely
    .selectFrom('question_banks')
    .selectAll()
    .where('parent_id', 'is', null)
    .where('genus_id', '=', q.genus_id)
    .where('category_id', '=', q.category_id)
    .orderBy('is_free', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.count)
    .offset(q.offset)
    .execute();
  return itemsOf(s, rows);
}

/** The children of a top bank with the caller's progress in each. */
export async function childrenOf(s: Services, userId: number | null, top: BankRow): Promise<ChildBank[]> {
  const rows = await s.db.kysely
    .selectFrom('question_banks')
    .selectAll()
    .where('parent_id', '=', top.id)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const progress = new Map<number, NonNullable<ChildBank['progress']>>();
  if (userId !== null && rows.length > 0) {
    const ids = rows.map((r) => r.id);
    const [made, counts] = await Promise.all([
      s.db.kysely.selectFrom('question_progress').selectAll().where('user_id', '=', userId).where('bank_id', 'in', ids).execute(),
      s.db.kysely
        .selectFrom('question_records')
        .select((eb) => ['bank_id', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('is_right').as('r')])
        .where('user_id', '=', userId)
        .where('bank_id', 'in', ids)
        .groupBy('bank_id')
        .execute(),
    ]);
    for (const p of made) {
      const c = counts.find((x) => x.bank_id === p.bank_id);
      progress.set(p.bank_id, {
        answered: Number(c?.n ?? 0),
        right: Number(c?.r ?? 0),
        last_question_id: p.last_question_id,
        finished_at: p.finished_at,
      });
    }
  }
  return rows.map((r) => ({
    id: r.id,
    parent_id: top.id,
    name: r.name,
    mode: r.mode === 'exam' ? 'exam' : 'practice',
    exam_minutes: r.exam_minutes,
    sort: r.sort,
    question_count: r.question_count,
    progress: progress.get(r.id) ?? null,
  }));
}

export async function bankDetail(
  s: Services,
  userId: number | null,
  bankId: number,
): Promise<OutputOf<typeof question.bankDetailEndpoint>> {
  const top = await topOf(s, await bankRow(s, bankId));
  const [item] = await itemsOf(s, [top]);
  const access = await accessOf(s, userId, top);
  return {
    ...(item as BankItem),
    can_access: access.allowed ? 1 : 0,
    access_reason: access.reason,
    children: await childrenOf(s, userId, top),
  };
}

export async function listChildren(s: Services, userId: number | null, id: number): Promise<OutputOf<typeof question.children>> {
  return childrenOf(s, userId, await topOf(s, await bankRow(s, id, 'id')));
}

/** A child bank (a top bank has no questions of its own: 4004). */
export async function childRow(s: Services, bankId: number): Promise<BankRow> {
  const bank = await bankRow(s, bankId);
  if (bank.parent_id === null) throw notFound(`子题库 bank_id ${bankId} `);
  return bank;
}

export async function bankContent(s: Services, userId: number, bankId: number): Promise<OutputOf<typeof question.content>> {
  const bank = await childRow(s, bankId);
  const top = await topOf(s, bank);
  const access = await ensureCanPractise(s, userId, top);
  const [rows] = await Promise.all([
    s.db.kysely
      .selectFrom('questions')
      .select(['id', 'type', 'stem', 'options', 'answer', 'score', 'material', 'parent_question_id'])
      .where('bank_id', '=', bank.id)
      .where('type', '!=', 'material')
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    // A paid bank's questions handed out are the bank delivered (what the instant refund calls used), answered or not.
    isPaidDelivery(access) ? recordDelivery(s, userId, 'question_bank', top.id) : undefined,
  ]);
  const child = (await childrenOf(s, userId, top)).find((c) => c.id === bank.id) as ChildBank;
  return {
    bank: child,
    top_bank_id: top.id,
    access_reason: access.reason,
    questions: rows.map(questionItemOf),
  };
}

/** My banks: the top banks the caller owns (entitlements in force) or has answered in, last answered first. */
export async function myBanks(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof question.myBanks>,
): Promise<OutputOf<typeof question.myBanks>> {
  const db = s.db.kysely;
  const now = s.clock();
  const [owned, answered] = await Promise.all([
    db
      .selectFrom('entitlements')
      .select('ref_id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'question_bank')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .execute(),
    db
      .selectFrom('question_progress')
      .select((eb) => ['top_bank_id', eb.fn.max<number>('updated_at').as('at')])
      .where('user_id', '=', userId)
      .groupBy('top_bank_id')
      .execute(),
  ]);
  const lastAt = new Map(answered.map((a) => [a.top_bank_id, Number(a.at)]));
  const ids = [...new Set([...owned.map((o) => o.ref_id), ...lastAt.keys()])];
  if (ids.length === 0) return [];
  let query = db.selectFrom('question_banks').selectAll().where('id', 'in', ids).where('parent_id', 'is', null);
  if (q.genus_id !== undefined) query = query.where('genus_id', '=', q.genus_id);
  if (q.category_id !== undefined) query = query.where('category_id', '=', q.category_id);
  const tops = (await query.execute())
    .sort((a, b) => (lastAt.get(b.id) ?? 0) - (lastAt.get(a.id) ?? 0) || b.id - a.id)
    .slice(q.offset, q.offset + q.count);
  const items = await itemsOf(s, tops);
  const decisions = await checkAccessMany(s, userId, tops.map(bankAccessItem));
  const counts = await db
    .selectFrom('question_records')
    .select((eb) => ['top_bank_id', eb.fn.countAll<number | string>().as('n')])
    .where('user_id', '=', userId)
    .where('top_bank_id', 'in', tops.length ? tops.map((t) => t.id) : [0])
    .groupBy('top_bank_id')
    .execute();
  return items.map((item, i) => ({
    ...item,
    access_reason: (decisions[i] as AccessDecision).reason,
    answered: Number(counts.find((c) => c.top_bank_id === item.id)?.n ?? 0),
    last_answered_at: lastAt.get(item.id) ?? 0,
  }));
}

type QuestionRow = {
  id: number;
  type: string;
  stem: string;
  options: string;
  answer: string;
  score: number;
  material: string;
  parent_question_id: number | null;
};

/** A question as sent before answering: no key, no analysis. */
export function questionItemOf(r: QuestionRow): question.QuestionItem {
  return {
    id: r.id,
    type: r.type as question.QuestionItem['type'],
    stem: r.stem,
    options: JSON.parse(r.options) as string[],
    score: Number(r.score),
    material: r.material,
    material_id: r.parent_question_id ?? 0,
    blank_count: r.type === 'fill' ? (JSON.parse(r.answer) as unknown[]).length : 0,
  };
}

/** Collects (or uncollects) a question of a bank the caller may practise. */
export async function collectQuestion(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof question.collect>,
): Promise<OutputOf<typeof question.collect>> {
  const db = s.db.kysely;
  const row = await db.selectFrom('questions').select(['id', 'bank_id', 'type']).where('id', '=', q.question_id).executeTakeFirst();
  if (!row || row.type === 'material') throw notFound(`题目 question_id ${q.question_id} `);
  const bank = await bankRow(s, row.bank_id);
  await ensureCanPractise(s, userId, await topOf(s, bank));
  if (q.is_collect === 1) {
    await db
      .insertInto('question_collections')
      .values({ user_id: userId, bank_id: bank.id, question_id: row.id, created_at: s.clock() })
      .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('question_collections').where('user_id', '=', userId).where('question_id', '=', row.id).execute();
  }
  return { question_id: row.id, is_collect: q.is_collect };
}

/** The caller's collected questions of a child bank, or of every child of a top bank. */
export async function collectedQuestions(s: Services, userId: number, bankId: number): Promise<OutputOf<typeof question.collection>> {
  const bank = await bankRow(s, bankId);
  await ensureCanPractise(s, userId, await topOf(s, bank));
  let query = s.db.kysely
    .selectFrom('question_collections as c')
    .innerJoin('questions as q', 'q.id', 'c.question_id')
    .innerJoin('question_banks as b', 'b.id', 'c.bank_id')
    .select([
      'q.id',
      'q.type',
      'q.stem',
      'q.options',
      'q.answer',
      'q.score',
      'q.material',
      'q.parent_question_id',
      'c.bank_id',
      'b.name as bank_name',
      'c.created_at',
    ])
    .where('c.user_id', '=', userId);
  query = bank.parent_id === null ? query.where('b.parent_id', '=', bank.id) : query.where('c.bank_id', '=', bank.id);
  const rows = await query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();
  return rows.map((r) => ({ ...questionItemOf(r), bank_id: r.bank_id, bank_name: r.bank_name, collected_at: r.created_at }));
}
