import type { Generated } from 'kysely';

/** VIP types and the memberships users hold (joined into Database in ../../db/schema.ts). */

/** Kinds of VIP membership. `benefits` is newline-separated text. */
export interface VipTypeTable {
  key: string;
  name: string;
  description: string;
  benefits: string;
  /** Genus the type belongs to (by name, e.g. 英语四六级), '' for every subject. */
  genus_name: string;
  sort: number;
}

/** A membership a user holds; genus_id / category_id null means every subject. */
export interface UserVipTable {
  id: Generated<number>;
  user_id: number;
  vip_type: string;
  genus_id: number | null;
  category_id: number | null;
  started_at: number;
  expires_at: number;
  source: string;
}

export interface MembershipTables {
  vip_types: VipTypeTable;
  user_vips: UserVipTable;
}
