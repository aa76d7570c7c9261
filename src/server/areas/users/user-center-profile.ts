import type { CompiledQuery, ExpressionBuilder, InferResult, Kysely } from 'kysely';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as uc from '../../../contract/users-center';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/context';
import { badInput } from '../../http/errors';
import { courseCounts, hasCoursesToCount, learnedSeconds } from '../courses';
import { readSeconds, shelfCount } from '../ebooks';
import { ensureWelcomeMessages } from './user-center-messages';
import { studyDays } from './user-study-days';

type OwnedTable = 'collections' | 'messages' | 'addresses' | 'feedback' | 'question_records' | 'orders';

/** Stand-ins for the user's id and the time in the statistics query compiled once (no real id or time is negative). */
const USER_ID = -7_000_000_001;
const NOW = -7_000_000_002;

/**
 * The statistics in one round trip: whether the welcome messages exist, the user's start date and every figure (each a
 * scalar sub-query on its user_id index).
 */
export function countsQuery(db: Kysely<Database>, userId: number, now: number) {
  const owned = (table: OwnedTable) => (eb: ExpressionBuilder<Database, never>) =>
    eb
      .selectFrom(table)
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId);
  return db.selectNoFrom((eb) => [
    eb.selectFrom('message_inits').select('user_id').where('user_id', '=', userId).as('welcomed'),
    eb.selectFrom('users').select('created_at').where('id', '=', userId).as('created_at'),
    owned('collections')(eb).as('collection_count'),
    owned('messages')(eb).as('message_count'),
    eb
      .selectFrom('messages')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('is_read', '=', 0)
      .as('unread_message_count'),
    owned('addresses')(eb).as('address_count'),
    owned('feedback')(eb).as('feedback_count'),
    owned('question_records')(eb).as('question_done_count'),
    owned('orders')(eb).as('order_count'),
    hasCoursesToCount(eb, userId, now),
    learnedSeconds(eb, userId),
    shelfCount(eb, userId, now),
    readSeconds(eb, userId),
    studyDays(userId),
  ]);
}

type CountsRow = InferResult<ReturnType<typeof countsQuery>>[number];

/**
 * The query's text and parameter order never change, so it is built and compiled once per database and each call
 * only puts the user's id and the time into its parameters: Kysely's builder and compiler were about half of a call.
 */
const compiledCounts = new WeakMap<Kysely<Database>, CompiledQuery<CountsRow>>();

async function readCounts(db: Kysely<Database>, userId: number, now: number): Promise<CountsRow> {
  let compiled = compiledCounts.get(db);
  if (!compiled) {
    compiled = countsQuery(db, USER_ID, NOW).compile();
    compiledCounts.set(db, compiled);
  }
  const parameters = compiled.parameters.map((p) => (p === USER_ID ? userId : p === NOW ? now : p));
  const { rows } = await db.executeQuery<CountsRow>({ ...compiled, parameters });
  const row = rows[0];
  if (!row) throw new Error('the statistics query returned no row');
  return row;
}

/**
 * The counts the user centre shows, from the tables that hold them (courses: owned and started ones, as the
 * bought-course list shows them). E-books: owned and read ones, as the shelf lists them.
 * Answered questions: the user's answer records (one per question; clearing a bank's records lowers it). Orders: every
 * order of the user, as the order list shows them (pending, paid and closed). Study days: the China days with a study
 * action (user-study-days.ts), not the days since registration.
 * The welcome messages are created first, so a new user's message counts include them.
 */
export async function statistics(s: Services, userId: number): Promise<OutputOf<typeof uc.userStatistics>> {
  // A user without welcome messages gets them first and is counted again. Only the bought-course rules (access,
  // bundles, progress) are not SQL, so courses are counted by them, when there are any.
  const now = s.clock();
  let row = await readCounts(s.db.kysely, userId, now);
  if (row.welcomed === null) {
    await ensureWelcomeMessages(s, userId);
    row = await readCounts(s.db.kysely, userId, now);
  }
  if (row.created_at === null) throw new Error(`user ${userId} not found`);
  const courses = Number(row.has_courses) ? await courseCounts(s, userId) : { count: 0, finished: 0 };
  return {
    order_count: Number(row.order_count),
    collection_count: Number(row.collection_count),
    message_count: Number(row.message_count),
    unread_message_count: Number(row.unread_message_count),
    address_count: Number(row.address_count),
    feedback_count: Number(row.feedback_count),
    question_done_count: Number(row.question_done_count),
    course_count: courses.count,
    course_finished_count: courses.finished,
    course_learned_seconds: Number(row.course_learned_seconds),
    ebook_count: Number(row.ebook_count),
    ebook_read_seconds: Number(row.ebook_read_seconds),
    study_days: Number(row.study_days),
  };
}

const splitBenefits = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The user's best (latest-ending) active membership covering the subject: a membership for every
 * subject (genus null) or for that genus / category. Memberships of other users never count.
 */
export async function vipInfo(
  s: Services,
  userId: number,
  query: ParsedInputOf<typeof uc.vipInfoEndpoint>,
): Promise<OutputOf<typeof uc.vipInfoEndpoint>> {
  const db = s.db.kysely;
  const now = s.clock();
  const asked = query.vip_type
    ? await db.selectFrom('vip_types').selectAll().where('key', '=', query.vip_type).executeTakeFirst()
    : undefined;
  if (query.vip_type && !asked) throw badInput(`参数 vip_type 不是已知的会员类型：${query.vip_type}`);
  let q = db.selectFrom('user_vips').selectAll().where('user_id', '=', userId).where('expires_at', '>', now).where('started_at', '<=', now);
  if (query.vip_type) q = q.where('vip_type', '=', query.vip_type);
  const { genus_id, category_id } = query;
  if (genus_id !== undefined) q = q.where((eb) => eb.or([eb('genus_id', 'is', null), eb('genus_id', '=', genus_id)]));
  if (category_id !== undefined) q = q.where((eb) => eb.or([eb('category_id', 'is', null), eb('category_id', '=', category_id)]));
  const held = await q.orderBy('expires_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!held) {
    return {
      is_vip: 0,
      vip_type: asked?.key ?? '',
      name: asked?.name ?? '',
      description: asked?.description ?? '',
      benefits: splitBenefits(asked?.benefits ?? ''),
      scope: '',
      started_at: 0,
      expires_at: 0,
      days_left: 0,
    };
  }
  const type = await db.selectFrom('vip_types').selectAll().where('key', '=', held.vip_type).executeTakeFirstOrThrow();
  let scope = '全部科目';
  if (held.category_id !== null) {
    const c = await db.selectFrom('categories').select('name').where('id', '=', held.category_id).executeTakeFirst();
    scope = c?.name ?? scope;
  } else if (held.genus_id !== null) {
    const g = await db.selectFrom('genera').select('name').where('id', '=', held.genus_id).executeTakeFirst();
    scope = g?.name ?? scope;
  }
  return {
    is_vip: 1,
    vip_type: type.key,
    name: type.name,
    description: type.description,
    benefits: splitBenefits(type.benefits),
    scope,
    started_at: held.started_at,
    expires_at: held.expires_at,
    days_left: Math.ceil((held.expires_at - now) / 86400),
  };
}
