/**
 * Deleting one's own account (注销账号, PIPL art. 47; the app stores require it). The decisions — what is deleted,
 * what is anonymised, what is kept and why — are in docs/decisions/account-deletion.md; `PERSONAL_TABLES` below is
 * that table in code, and tests/api/account-deletion.test.ts fails when a table with a user or personal column is
 * in neither.
 *
 * The `users` row stays as a tombstone (no mobile, nickname 已注销用户, no avatar, recorded in `account_deletions`):
 * orders and refunds are kept for the accounting archive (会计档案管理办法: 30 years) and point at it, so they keep
 * amounts and goods but lead to no person. The mobile is free again: logging in with it creates a new account.
 */
import type * as cancel from '../../../contract/accounts-cancel';
import type { OutputOf } from '../../../contract/endpoint';
import { FINAL_TRACKING_STATES } from '../../../contract/shipping';
import type { AuthUser, Services } from '../../http/context';
import { conflict } from '../../http/errors';
import { inTransaction } from '../../http/transaction';
import { maskMobile } from './binding-mobile';
import { mobileFingerprint } from './mobile-fingerprint';
import { endAllSessions } from './sessions';
import { lockMobile, sendCode, spendCode } from './sms-codes';
import type { SmsSender } from './sms-limits';

/** What a deleted account is called where a kept row still shows its author (a circle comment) or owner. */
export const DELETED_NICKNAME = '已注销用户';
/** What replaces the text of a deleted account's circle comments and replies. */
export const DELETED_CONTENT = '该用户已注销，内容已删除';

/** How each table holding a user id or personal data is treated on deletion (docs/decisions/account-deletion.md). */
export const PERSONAL_TABLES = {
  users: 'anonymised',
  account_deletions: 'kept',
  third_identities: 'deleted',
  third_auth_keys: 'deleted',
  sms_codes: 'kept',
  sandbox_oauth_codes: 'kept',
  addresses: 'deleted',
  collections: 'deleted',
  messages: 'deleted',
  message_inits: 'deleted',
  feedback: 'deleted',
  study_days: 'deleted',
  live_clocks: 'deleted',
  video_progress: 'deleted',
  entitlements: 'deleted',
  content_deliveries: 'deleted',
  ebook_bookmarks: 'deleted',
  ebook_records: 'deleted',
  ebook_chapter_reads: 'deleted',
  ebook_read_reports: 'deleted',
  question_records: 'deleted',
  question_progress: 'deleted',
  question_errors: 'deleted',
  question_collections: 'deleted',
  question_exams: 'deleted',
  question_exam_answers: 'deleted',
  question_consults: 'deleted',
  question_consult_answers: 'deleted',
  question_reports: 'deleted',
  short_video_comments: 'anonymised',
  short_video_replies: 'anonymised',
  user_vips: 'deleted',
  vip_code_attempts: 'deleted',
  vip_codes: 'kept',
  orders: 'anonymised',
  order_goods: 'kept',
  order_idempotency: 'deleted',
  order_payments: 'anonymised',
  sandbox_pay_transactions: 'kept',
  refunds: 'anonymised',
  shipments: 'anonymised',
  activity_participations: 'deleted',
  activity_events: 'anonymised',
  activity_invites: 'anonymised',
  activity_claims: 'anonymised',
} as const;

/** The order's address snapshot once its person is gone: the same JSON shape, nothing in it. */
const ANONYMOUS_ADDRESS = JSON.stringify({ name: DELETED_NICKNAME, mobile: '', full_address: '' });

/** The account's mobile, or the refusal of an account that has none (it binds one first: the decision's "without a mobile"). */
function mobileOf(user: AuthUser): string {
  if (!user.mobile) throw conflict('注销账号需要验证手机号，请先绑定手机号');
  return user.mobile;
}

/**
 * Refuses while something is under way that the user would lose money or goods on: an unpaid order (it could still
 * be paid), a refund not settled, a paid physical item neither signed for nor refunded.
 */
export async function checkDeletable(s: Services, userId: number): Promise<void> {
  const db = s.db.kysely;
  const refund = await db
    .selectFrom('refunds')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending_review', 'processing'])
    .executeTakeFirst();
  if (refund) throw conflict('你有退款正在处理中，请在退款完成后再注销账号');
  const pending = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (pending) throw conflict('你有待支付的订单，请先支付或取消后再注销账号');
  const unsigned = await db
    .selectFrom('order_goods as g')
    .innerJoin('orders as o', 'o.id', 'g.order_id')
    .select('g.id')
    .where('o.user_id', '=', userId)
    .where('o.status', '=', 'paid')
    .where('g.kind', '=', 'physical')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('shipments as sh')
            .select('sh.id')
            .whereRef('sh.order_goods_id', '=', 'g.id')
            .where('sh.state', 'in', [...FINAL_TRACKING_STATES]),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('refunds as r').select('r.id').whereRef('r.order_goods_id', '=', 'g.id').where('r.status', '=', 'succeeded'),
        ),
      ),
    )
    .executeTakeFirst();
  if (unsigned) throw conflict('你有尚未签收的实物订单，请在签收后再注销账号');
}

/** Sends the deletion code to the account's own mobile (the login code's rules and limits), after the refusals. */
export async function sendCancelCode(s: Services, user: AuthUser, sender: SmsSender): Promise<OutputOf<typeof cancel.cancelCode>> {
  const mobile = mobileOf(user);
  await checkDeletable(s, user.id);
  const sent = await sendCode(s, mobile, 'cancel', sender);
  return { ...sent, mobile: maskMobile(mobile) };
}

/**
 * Deletes the account with its code, in one transaction: a wrong code is counted (committed) and refused with
 * nothing else changed; a right one deletes or anonymises every personal row and ends every session at once.
 */
export async function cancelAccount(s: Services, user: AuthUser, code: string): Promise<OutputOf<typeof cancel.cancel>> {
  const mobile = mobileOf(user);
  await checkDeletable(s, user.id);
  const refusal = await inTransaction(s, async (tx) => {
    await lockMobile(tx, mobile);
    const wrong = await spendCode(tx, mobile, code, 'cancel');
    if (wrong) return wrong;
    await checkDeletable(tx, user.id);
    await erasePersonalData(tx, user.id, mobile);
    await endAllSessions(tx, user.id, user.tokenVersion);
    return null;
  });
  if (refusal) throw refusal;
  return { cancelled: 1 };
}

/** Every statement of the deletion, per docs/decisions/account-deletion.md. Runs inside the caller's transaction. */
async function erasePersonalData(s: Services, userId: number, mobile: string): Promise<void> {
  const db = s.db.kysely;
  const now = s.clock();

  // Accounts: the WeChat links (and their pending login keys), then the tombstone.
  const identities = db.selectFrom('third_identities').select('id').where('user_id', '=', userId);
  await db.deleteFrom('third_auth_keys').where('identity_id', 'in', identities).execute();
  await db.deleteFrom('third_identities').where('user_id', '=', userId).execute();
  await db.updateTable('users').set({ mobile: null, nickname: DELETED_NICKNAME, avatar: '' }).where('id', '=', userId).execute();
  await db
    .insertInto('account_deletions')
    .values({ user_id: userId, deleted_at: now, mobile_fingerprint: mobileFingerprint(s.config.jwtSecret, mobile) })
    .execute();

  // What the user kept, studied and wrote: gone.
  const exams = db.selectFrom('question_exams').select('id').where('user_id', '=', userId);
  await db.deleteFrom('question_exam_answers').where('exam_id', 'in', exams).execute();
  const consults = db.selectFrom('question_consults').select('id').where('user_id', '=', userId);
  await db
    .deleteFrom('question_consult_answers')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('consult_id', 'in', consults)]))
    .execute();
  for (const table of [
    'addresses',
    'collections',
    'messages',
    'message_inits',
    'feedback',
    'study_days',
    'live_clocks',
    'video_progress',
    'entitlements',
    'content_deliveries',
    'ebook_bookmarks',
    'ebook_records',
    'ebook_chapter_reads',
    'ebook_read_reports',
    'question_records',
    'question_progress',
    'question_errors',
    'question_collections',
    'question_exams',
    'question_consults',
    'question_reports',
    'user_vips',
    'vip_code_attempts',
    'order_idempotency',
    'activity_participations',
  ] as const) {
    await db.deleteFrom(table).where('user_id', '=', userId).execute();
  }

  // Circle comments others replied to stay, without their text, under the tombstone's name.
  await db.updateTable('short_video_comments').set({ content: DELETED_CONTENT }).where('user_id', '=', userId).execute();
  await db.updateTable('short_video_replies').set({ content: DELETED_CONTENT }).where('user_id', '=', userId).execute();

  // Orders stay for the accounting archive, with amounts and goods, and nothing that leads to the person.
  const orders = db.selectFrom('orders').select('id').where('user_id', '=', userId);
  await db.updateTable('orders').set({ address: ANONYMOUS_ADDRESS }).where('user_id', '=', userId).where('address', '!=', '').execute();
  await db.updateTable('orders').set({ remark: '' }).where('user_id', '=', userId).execute();
  await db.updateTable('order_payments').set({ openid: '' }).where('order_id', 'in', orders).execute();
  await db.updateTable('shipments').set({ phone: '' }).where('order_id', 'in', orders).execute();
  await db.updateTable('refunds').set({ reason: '' }).where('user_id', '=', userId).execute();

  // Activities: the ledger and the invites keep counting for the other side, without the device trail.
  await db
    .updateTable('activity_invites')
    .set({ ip: '', user_agent: '', device_id: '' })
    .where((eb) => eb.or([eb('invitee_id', '=', userId), eb('referrer_id', '=', userId)]))
    .execute();
  await db
    .updateTable('activity_events')
    .set({ detail: '{}' })
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('subject_id', '=', userId)]))
    .execute();
  // Prize claims keep the number's fingerprint instead of the number: one reward per mobile per prize still holds
  // when the number registers again (activity-claims.ts compares both).
  await db
    .updateTable('activity_claims')
    .set({ mobile: mobileFingerprint(s.config.jwtSecret, mobile) })
    .where('user_id', '=', userId)
    .execute();
}
