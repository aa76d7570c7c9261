/**
 * What VIP types open (vip_benefits, from demo/user-center/vip-types.json `opens`) and the demo accounts of
 * demo/user-center/demo-accounts.json with their owned courses and memberships. Until orders exist this is the only
 * writer of entitlements; then the order state machine is.
 */
import type { Transaction } from 'kysely';
import type { DemoContent } from '../../../content/load';
import type { Database } from '../../schema';

type Trx = Transaction<Database>;

export async function seedDemoAccounts(trx: Trx, content: DemoContent, now: number): Promise<void> {
  const genera = new Map((await trx.selectFrom('genera').select(['id', 'name']).execute()).map((g) => [g.name, g.id]));
  for (const v of content.vipTypes) {
    const genusId = v.genus_name === '' ? null : genera.get(v.genus_name);
    if (genusId === undefined) throw new Error(`content/demo/user-center/vip-types.json: ${v.key}: 未知大类 ${v.genus_name}`);
    for (const kind of v.opens) {
      await trx.insertInto('vip_benefits').values({ vip_type: v.key, kind, genus_id: genusId, category_id: null, ref_id: null }).execute();
    }
  }
  const categories = new Map((await trx.selectFrom('categories').select(['id', 'name']).execute()).map((c) => [c.name, c.id]));
  const file = 'content/demo/user-center/demo-accounts.json';
  for (const a of content.demoAccounts) {
    const user = await trx
      .insertInto('users')
      .values({ mobile: a.mobile, nickname: a.nickname, avatar: '', token_version: 0, created_at: now - 30 * 86400, last_login_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const owned of a.courses ?? []) {
      const categoryId = categories.get(owned.category);
      if (categoryId === undefined) throw new Error(`${file}: ${a.mobile}: 未知科目 ${owned.category}`);
      const list = await trx.selectFrom('courses').select('id').where('category_id', '=', categoryId).orderBy('id').execute();
      for (const index of owned.index) {
        const course = list[index];
        if (!course) throw new Error(`${file}: ${a.mobile}: ${owned.category} 没有第 ${index} 门课程`);
        await trx
          .insertInto('entitlements')
          .values({
            user_id: user.id,
            kind: 'course',
            ref_id: course.id,
            source: 'seed',
            order_id: null,
            granted_at: now - 7 * 86400,
            expires_at: null,
          })
          .execute();
      }
    }
    if (a.vip) {
      const type = content.vipTypes.find((v) => v.key === a.vip?.type);
      if (!type) throw new Error(`${file}: ${a.mobile}: 未知会员类型 ${a.vip.type}`);
      await trx
        .insertInto('user_vips')
        .values({
          user_id: user.id,
          vip_type: type.key,
          genus_id: null,
          category_id: null,
          started_at: now - 86400,
          expires_at: now + a.vip.days * 86400,
          source: 'seed',
        })
        .execute();
    }
  }
}
