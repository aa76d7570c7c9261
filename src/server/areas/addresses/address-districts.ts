import { ADDRESS_RULES, type AddressInput } from '../../../contract/addresses';
import type { OutputOf } from '../../../contract/endpoint';
import type * as framework from '../../../contract/framework';
import type { Services } from '../../http/context';
import { badInput, notFound } from '../../http/errors';

/** The spec's extra "nationwide" district (level 1, no children); not stored in `districts`. */
export const NATIONWIDE_NAME = '全国';
const NATIONWIDE = { id: ADDRESS_RULES.nationwideId, name: NATIONWIDE_NAME, level: 1 };

/** The provinces, after 全国. */
export async function topLevelDistricts(s: Services): Promise<OutputOf<typeof framework.topLevelDistricts>> {
  const rows = await s.db.kysely.selectFrom('districts').selectAll().where('level', '=', 1).orderBy('id').execute();
  return [NATIONWIDE, ...rows];
}

/** The districts one level below `parentId`; an unknown parent is a 404. */
export async function childDistricts(s: Services, parentId: number): Promise<OutputOf<typeof framework.childDistricts>> {
  const db = s.db.kysely;
  const parent = await db.selectFrom('districts').select('id').where('id', '=', parentId).executeTakeFirst();
  if (!parent) throw notFound(`地区 id ${parentId} `);
  return db.selectFrom('districts').selectAll().where('parent_id', '=', parentId).orderBy('id').execute();
}

const LEVEL_NAMES = ['', '省份', '城市', '区县'] as const;
/** City-level rows that only group counties (e.g. 北京市 → 市辖区); left out of the joined full address. */
const GROUPING_NAMES = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

interface Level {
  n: 1 | 2 | 3;
  id: number;
  name: string;
}

function levelsOf(input: AddressInput): Level[] {
  return [
    { n: 1, id: input.district_1_id, name: input.district_1_name },
    { n: 2, id: input.district_2_id, name: input.district_2_name },
    { n: 3, id: input.district_3_id, name: input.district_3_name },
  ];
}

/**
 * Checks that the three district levels exist, chain correctly (district_2's parent is district_1,
 * district_3's parent is district_2) and carry the stored names. All three levels are needed; 全国 (-1) is refused
 * (it stays a choice in filters, not in an address). Throws a 400 naming the first bad field.
 */
export async function checkDistricts(s: Services, input: AddressInput): Promise<void> {
  const db = s.db.kysely;
  const levels = levelsOf(input);
  const [first] = levels as [Level, Level, Level];
  // 全国 stays a choice where the spec filters by region, but a parcel cannot be sent to it.
  if (first.id === ADDRESS_RULES.nationwideId)
    throw badInput(`参数 district_1_id 不能为“${NATIONWIDE_NAME}”：收货地址须选择省份、城市和区县`);
  const ids = levels.map((l) => l.id).filter((v) => v > 0);
  const rows = await db.selectFrom('districts').select(['id', 'parent_id', 'name', 'level']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  let parent: { id: number; name: string } | null = null;
  for (const l of levels) {
    // Every level is needed: a parcel goes to a province, a city and a district (every city in the tree has districts).
    if (l.id === 0) throw badInput(`缺少参数 district_${l.n}_id：请选择${parent ? `${parent.name}下的` : ''}${LEVEL_NAMES[l.n]}`);
    const row = byId.get(l.id);
    if (!row) throw badInput(`参数 district_${l.n}_id 对应的地区不存在：${l.id}`);
    if (row.level !== l.n) throw badInput(`参数 district_${l.n}_id 须为${LEVEL_NAMES[l.n]}一级的地区（${row.name}不是）`);
    if (parent && row.parent_id !== parent.id) throw badInput(`参数 district_${l.n}_id（${row.name}）不属于${parent.name}`);
    if (row.name !== l.name) throw badInput(`参数 district_${l.n}_name 与地区 ${l.id} 的名称“${row.name}”不符`);
    parent = { id: row.id, name: row.name };
  }
}

/** The joined district names plus the detail, e.g. “广东省广州市天河区 天河路 385 号” (grouping rows such as 市辖区 left out). */
export function fullAddress(a: { district_1_name: string; district_2_name: string; district_3_name: string; detail: string }): string {
  const region = [a.district_1_name, a.district_2_name, a.district_3_name].filter((n) => n && !GROUPING_NAMES.has(n)).join('');
  return region ? `${region} ${a.detail}` : a.detail;
}

/** An address a parcel can be sent to: a province, a city and a district (not 全国, no level missing). */
export function isDeliverable(a: { district_1_id: number; district_2_id: number; district_3_id: number }): boolean {
  return a.district_1_id > 0 && a.district_2_id > 0 && a.district_3_id > 0;
}
