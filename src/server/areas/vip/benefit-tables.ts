import type { Generated } from 'kysely';
import type { OwnedKind } from '../../../protocol/owned-content';

/** What each VIP type opens (courses, e-books, banks) (joined into Database in ../../db/schema.ts). */

/**
 * What a VIP type opens without an order: items of `kind` in a genus / category (null: any), or one item (`ref_id`).
 * A user's membership (user_vips) adds its own subject scope on top.
 */
export interface VipBenefitTable {
  id: Generated<number>;
  vip_type: string;
  kind: OwnedKind;
  genus_id: number | null;
  category_id: number | null;
  ref_id: number | null;
}

export interface BenefitTables {
  vip_benefits: VipBenefitTable;
}
