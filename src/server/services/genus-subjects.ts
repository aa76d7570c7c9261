import type { RequestContext } from '../http/context';
import { badInput } from '../http/errors';

/** Refuses a genus/category pair that does not exist or does not belong together. */
export async function ensureSubject(ctx: RequestContext, genusId: number, categoryId: number): Promise<void> {
  const row = await ctx.db.kysely.selectFrom('categories').select('genus_id').where('id', '=', categoryId).executeTakeFirst();
  if (!row) throw badInput(`参数 category_id ${categoryId} 不存在`);
  if (row.genus_id !== genusId) throw badInput(`参数 category_id ${categoryId} 不属于 genus_id ${genusId}`);
}
