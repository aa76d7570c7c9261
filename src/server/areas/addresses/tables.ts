import type { Generated } from 'kysely';

/** Tables of the address area (joined into Database in ../schema.ts). Times are unix seconds, flags 0/1. */

/** A delivery address. At most one row per user has is_default 1 (a partial unique index enforces it). */
export interface AddressTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  mobile: string;
  tag: string;
  district_1_id: number;
  district_1_name: string;
  /** 0 when absent (全国 has no lower levels). */
  district_2_id: number;
  district_2_name: string;
  district_3_id: number;
  district_3_name: string;
  detail: string;
  is_default: number;
  created_at: number;
  updated_at: number;
}

/** The administrative divisions (province, city, county) addresses are made of; reference data, loaded on every start. */
export interface DistrictTable {
  id: number;
  parent_id: number | null;
  name: string;
  /** 1 province, 2 city, 3 county. */
  level: number;
}

export interface AddressTables {
  addresses: AddressTable;
  districts: DistrictTable;
}
