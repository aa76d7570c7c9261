import { ADDRESS_RULES, type Address } from '../../contract/addresses';
import type { District } from '../../contract/fields';
import { MOBILE_RE } from '../../contract/fields';
import { address } from '../../i18n/zh-CN/address';

const t = address;

/** One chosen level of the district picker. */
export interface Picked {
  id: number;
  name: string;
}

/** Province, city, county; null where nothing is chosen. */
export type DistrictValue = [Picked | null, Picked | null, Picked | null];

export interface AddressForm {
  name: string;
  mobile: string;
  tag: string;
  detail: string;
  isDefault: boolean;
  districts: DistrictValue;
}

export function emptyForm(): AddressForm {
  return { name: '', mobile: '', tag: '', detail: '', isDefault: false, districts: [null, null, null] };
}

export function formFromAddress(a: Address): AddressForm {
  const level = (id: number, name: string): Picked | null => (id !== 0 ? { id, name } : null);
  return {
    name: a.name,
    mobile: a.mobile,
    tag: a.tag,
    detail: a.detail,
    isDefault: a.is_default === 1,
    districts: [
      level(a.district_1_id, a.district_1_name),
      level(a.district_2_id, a.district_2_name),
      level(a.district_3_id, a.district_3_name),
    ],
  };
}

export const isNationwide = (p: Picked | null): boolean => p?.id === ADDRESS_RULES.nationwideId;

/** Changes one level; the levels below it are cleared (they belonged to the old choice). */
export function pickLevel(value: DistrictValue, level: 0 | 1 | 2, picked: Picked | null): DistrictValue {
  const next: DistrictValue = [...value];
  next[level] = picked;
  for (let i = level + 1; i < 3; i++) next[i] = null;
  return next;
}

/**
 * The picker is complete: province + city + county. 全国 is a choice where lists are filtered by region, not in a
 * delivery address: a parcel needs a place to go (the server refuses it too).
 */
export function regionComplete(d: DistrictValue): boolean {
  return !isNationwide(d[0]) && Boolean(d[0] && d[1] && d[2]);
}

/** The districts an address may use: every listed one but 全国. */
export function deliverable(list: readonly District[] | undefined): District[] | undefined {
  return list?.filter((d) => d.id !== ADDRESS_RULES.nationwideId);
}

/** Joined names for display, e.g. 广东省 广州市 天河区. */
export function regionText(d: DistrictValue): string {
  return d
    .filter((p): p is Picked => p !== null)
    .map((p) => p.name)
    .join(' ');
}

/** The same limits the server applies, checked before sending; returns the first problem or null. */
export function checkForm(f: AddressForm): string | null {
  const name = f.name.trim();
  const detail = f.detail.trim();
  if (!name) return t.needName;
  if (name.length > ADDRESS_RULES.nameMax) return t.nameTooLong(ADDRESS_RULES.nameMax);
  if (!MOBILE_RE.test(f.mobile.trim())) return t.badMobile;
  if (isNationwide(f.districts[0])) return t.notNationwide;
  if (!regionComplete(f.districts)) return t.needRegion;
  if (detail.length < ADDRESS_RULES.detailMin) return t.detailTooShort(ADDRESS_RULES.detailMin);
  if (detail.length > ADDRESS_RULES.detailMax) return t.detailTooLong(ADDRESS_RULES.detailMax);
  if (f.tag.trim().length > ADDRESS_RULES.tagMax) return t.tagTooLong(ADDRESS_RULES.tagMax);
  return null;
}

/** The body of `POST /api/user/address` (with id when editing). */
export function toInput(f: AddressForm, id?: number) {
  const [p, c, a] = f.districts;
  return {
    ...(id ? { id } : {}),
    name: f.name.trim(),
    mobile: f.mobile.trim(),
    tag: f.tag.trim(),
    district_1_id: p?.id ?? 0,
    district_1_name: p?.name ?? '',
    district_2_id: c?.id ?? 0,
    district_2_name: c?.name ?? '',
    district_3_id: a?.id ?? 0,
    district_3_name: a?.name ?? '',
    detail: f.detail.trim(),
    is_default: f.isDefault ? 1 : 0,
  };
}

/** Options of a select: the loaded list, or the current choice alone while the list loads. */
export function optionsFor(list: readonly District[] | undefined, current: Picked | null): Picked[] {
  if (list?.length) return list.map((d) => ({ id: d.id, name: d.name }));
  return current ? [current] : [];
}
