/**
 * Accepting a checked activity file against the database, the same on every server: the content its prizes grant
 * exists; once the accepted version has started, the new one may not be worse for users (edit-rules.ts); then the
 * version is stored and each prize's stock follows its quantity (a raise adds to what is left, by one conditional
 * update, so two servers accepting the same edit add it once).
 */
import type { Services } from '../../http/context';
import type { ActivityDefinition } from './activity-definition';
import { worseForUsers } from './edit-rules';

export interface AcceptRefusal {
  path: string;
  reason: string;
}

type AcceptServices = Pick<Services, 'db' | 'clock'>;

async function missingContent(s: AcceptServices, def: ActivityDefinition): Promise<AcceptRefusal[]> {
  const db = s.db.kysely;
  const out: AcceptRefusal[] = [];
  for (const [i, p] of def.prizes.entries()) {
    const at = `/prizes/${i}`;
    if (p.kind === 'course' && p.refId && !(await db.selectFrom('courses').select('id').where('id', '=', p.refId).executeTakeFirst()))
      out.push({ path: `${at}/refId`, reason: `课程 id ${p.refId} 不存在` });
    if (p.kind === 'ebook' && p.refId && !(await db.selectFrom('ebooks').select('id').where('id', '=', p.refId).executeTakeFirst()))
      out.push({ path: `${at}/refId`, reason: `电子书 id ${p.refId} 不存在` });
    if (
      p.kind === 'question_bank' &&
      p.refId &&
      !(await db.selectFrom('question_banks').select('id').where('id', '=', p.refId).executeTakeFirst())
    )
      out.push({ path: `${at}/refId`, reason: `题库 id ${p.refId} 不存在` });
    if (p.kind === 'physical' && p.goodId) {
      const good = await db.selectFrom('goods').select('kind').where('id', '=', p.goodId).executeTakeFirst();
      if (good?.kind !== 'physical') out.push({ path: `${at}/goodId`, reason: `实物商品 id ${p.goodId} 不存在` });
    }
    if (
      p.kind === 'vip_days' &&
      p.vipType &&
      !(await db.selectFrom('vip_types').select('key').where('key', '=', p.vipType).executeTakeFirst())
    )
      out.push({ path: `${at}/vipType`, reason: `会员类型 ${p.vipType} 不存在` });
  }
  return out;
}

/** Refusals (empty: `def` is now the accepted version, with its prize stock in place). */
export async function acceptActivity(s: AcceptServices, def: ActivityDefinition): Promise<AcceptRefusal[]> {
  const db = s.db.kysely;
  const row = await db.selectFrom('activities').selectAll().where('id', '=', def.id).executeTakeFirst();
  if (row && row.slug !== def.slug) return [{ path: '/id', reason: `活动 id ${def.id} 已属于 ${row.slug}.json（id 不能重用）` }];
  if (row?.version === def.version) return [];
  const missing = await missingContent(s, def);
  if (missing.length) return missing;
  const now = s.clock();
  if (row && now * 1000 >= row.starts_at_ms) {
    const accepted = { ...(JSON.parse(row.definition) as ActivityDefinition), startsAtMs: row.starts_at_ms, endsAtMs: row.ends_at_ms };
    const worse = worseForUsers(accepted, def);
    if (worse.length) return worse.map((reason) => ({ path: '/', reason }));
  }
  const values = {
    slug: def.slug,
    type: def.type,
    version: def.version,
    definition: JSON.stringify(def),
    starts_at_ms: def.startsAtMs,
    ends_at_ms: def.endsAtMs,
    accepted_at: now,
  };
  if (row) await db.updateTable('activities').set(values).where('id', '=', def.id).execute();
  else
    await db
      .insertInto('activities')
      .values({ id: def.id, ...values })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  for (const p of def.prizes) {
    await db
      .insertInto('activity_prizes')
      .values({ activity_id: def.id, prize_id: p.id, quantity: p.quantity, stock_left: p.quantity })
      .onConflict((oc) => oc.columns(['activity_id', 'prize_id']).doNothing())
      .execute();
    const stock = await db
      .selectFrom('activity_prizes')
      .select(['quantity', 'stock_left'])
      .where('activity_id', '=', def.id)
      .where('prize_id', '=', p.id)
      .executeTakeFirstOrThrow();
    if (stock.quantity === p.quantity) continue;
    const delta = p.quantity - stock.quantity;
    // Conditional on the quantity read: of two servers applying the same edit, one moves it.
    await db
      .updateTable('activity_prizes')
      .set((eb) => ({ quantity: p.quantity, stock_left: eb('stock_left', '+', delta) }))
      .where('activity_id', '=', def.id)
      .where('prize_id', '=', p.id)
      .where('quantity', '=', stock.quantity)
      .where('stock_left', '>=', -delta)
      .execute();
  }
  return [];
}
