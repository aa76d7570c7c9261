import type { Generated } from 'kysely';

/** Tables of VIP codes and their tries (joined into Database in ../../db/schema.ts). */
/** A VIP redemption code, used once. */
export interface VipCodeTable {
  code: string;
  vip_type: string;
  days: number;
  expires_at: number;
  used_by: number | null;
  used_at: number | null;
  batch: string;
}

export interface VipCodeAttemptTable {
  id: Generated<number>;
  user_id: number;
  ok: number;
  created_at: number;
}

export interface VipTables {
  vip_codes: VipCodeTable;
  vip_code_attempts: VipCodeAttemptTable;
}
