// Endpoints of the address area (see docs/architecture.md, "The API contract"). Spec sections 3 and 7.
import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { empty, id, MAX_ID, mobile, optionalId } from './fields';

/** Field rules shared by the server (validation) and the edit form (the same limits before sending). */
export const ADDRESS_RULES = {
  nameMax: 20,
  tagMax: 10,
  detailMin: 5,
  detailMax: 100,
  districtNameMax: 32,
  /** Addresses one user may keep. */
  maxPerUser: 20,
  /** The spec's “nationwide” district: id -1, level 1, no children. */
  nationwideId: -1,
} as const;

const trimmed = () => z.string('须为字符串').check(z.trim());
const name = () =>
  trimmed().check(z.minLength(1, '不能为空'), z.maxLength(ADDRESS_RULES.nameMax, `不能超过 ${ADDRESS_RULES.nameMax} 个字符`));
const tag = () => z._default(trimmed().check(z.maxLength(ADDRESS_RULES.tagMax, `不能超过 ${ADDRESS_RULES.tagMax} 个字符`)), '');
const detail = () =>
  trimmed().check(
    z.minLength(ADDRESS_RULES.detailMin, `不能少于 ${ADDRESS_RULES.detailMin} 个字符`),
    z.maxLength(ADDRESS_RULES.detailMax, `不能超过 ${ADDRESS_RULES.detailMax} 个字符`),
  );
/** Level-1 district: a province id (-1, 全国, passes here and is refused by the server as not deliverable). */
const provinceId = () =>
  z.coerce.number().check(
    z.int('须为整数'),
    z.refine((v) => v === ADDRESS_RULES.nationwideId || (v > 0 && v <= MAX_ID), '须为省级地区 id'),
  );
/** Level-2/3 district: 0 or absent when the level above has no children (全国). */
const lowerId = () => z._default(z.coerce.number().check(z.int('须为整数'), z.minimum(0, '不能为负数'), z.maximum(MAX_ID, '超出范围')), 0);
const districtName = (required: boolean) => {
  const base = trimmed().check(z.maxLength(ADDRESS_RULES.districtNameMax, `不能超过 ${ADDRESS_RULES.districtNameMax} 个字符`));
  return required ? base.check(z.minLength(1, '不能为空')) : z._default(base, '');
};

export const address = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  tag: z.string(),
  district_1_id: z.number(),
  district_1_name: z.string(),
  /** 0 when absent (全国 has no lower levels). */
  district_2_id: z.number(),
  district_2_name: z.string(),
  district_3_id: z.number(),
  district_3_name: z.string(),
  detail: z.string(),
  is_default: z.number(),
  /** The joined district names plus the detail, e.g. “广东省广州市天河区 天河路 385 号”. */
  full_address: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Address = z.infer<typeof address>;

export const addressInput = z.object({
  id: optionalId(),
  name: name(),
  mobile: mobile(),
  tag: tag(),
  district_1_id: provinceId(),
  district_1_name: districtName(true),
  district_2_id: lowerId(),
  district_2_name: districtName(false),
  district_3_id: lowerId(),
  district_3_name: districtName(false),
  detail: detail(),
  is_default: z._default(z.coerce.number().check(z.int('须为 0 或 1'), z.minimum(0, '须为 0 或 1'), z.maximum(1, '须为 0 或 1')), 0),
});
export type AddressInput = z.output<typeof addressInput>;

/** The caller's default address, or null. */
export const defaultAddress = endpoint({
  id: 'address.default',
  method: 'GET',
  host: 'platform',
  path: '/api/user/default_address',
  input: empty(),
  output: z.nullable(address),
  auth: 'required',
  summary: '默认收货地址（没有时为 null）',
});

/** The caller's addresses: the default first, then the most recently changed. */
export const addressList = endpoint({
  id: 'address.list',
  method: 'GET',
  host: 'platform',
  path: '/api/user/address',
  input: empty(),
  output: z.array(address),
  auth: 'required',
  summary: '收货地址列表，默认在前',
});

/** One of the caller's addresses; another user's id is a 404. */
export const addressDetail = endpoint({
  id: 'address.detail',
  method: 'GET',
  host: 'platform',
  path: '/api/user/address_detail',
  input: z.object({ id: id() }),
  output: address,
  auth: 'required',
  summary: '一条收货地址',
  owns: { id: { table: 'addresses', owner: 'user_id' } },
  errors: [CODE.notFound],
});

/** Create (no id) or update (own id). Districts must exist and chain; is_default 1 clears the other default in the same transaction; the first address becomes the default; at most 20 per user. */
export const saveAddress = endpoint({
  id: 'address.save',
  method: 'POST',
  host: 'platform',
  path: '/api/user/address',
  input: addressInput,
  output: address,
  auth: 'required',
  summary: '新增（无 id）或修改收货地址',
  owns: {
    id: { table: 'addresses', owner: 'user_id' },
    district_1_id: { public: 'a district (framework.top_level_districts)' },
    district_2_id: { public: 'a district (framework.child_districts)' },
    district_3_id: { public: 'a district (framework.child_districts)' },
  },
  errors: [CODE.notFound, CODE.conflict],
});

/** Deletes one of the caller's addresses; another user's id is a 404. */
export const removeAddress = endpoint({
  id: 'address.remove',
  method: 'DELETE',
  host: 'platform',
  path: '/api/user/address',
  input: z.object({ id: id() }),
  output: z.object({ id: z.number() }),
  auth: 'required',
  summary: '删除收货地址',
  owns: { id: { table: 'addresses', owner: 'user_id' } },
  errors: [CODE.notFound],
});
