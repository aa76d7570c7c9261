import { useEffect, useState } from 'react';
import type { District } from '../../contract/fields';
import { address } from '../../i18n/zh-CN/address';
import type { Env } from '../../runtime/block-api';
import { type DistrictValue, deliverable, isNationwide, optionsFor, type Picked, pickLevel } from './address-form';

const t = address;
/** Lists already fetched in this session, by parent id (0 = top level). Districts do not change. */
const cache = new Map<number, District[]>();

/** The districts under `parentId` (0 = top level), or null when refused (toasted). */
export async function loadDistricts(env: Env, parentId: number): Promise<District[] | null> {
  const hit = cache.get(parentId);
  if (hit) return hit;
  const res =
    parentId === 0 ? await env.call('framework.top_level_districts', {}) : await env.call('framework.child_districts', { id: parentId });
  if (res.status !== 0 || !res.data) {
    env.toast(res.msg);
    return null;
  }
  cache.set(parentId, res.data);
  return res.data;
}

/** The list of one level: top level always, lower levels once their parent is chosen (全国 has none). */
function useLevel(env: Env, parent: Picked | null | 'top'): District[] | undefined {
  const parentId = parent === 'top' ? 0 : parent && !isNationwide(parent) ? parent.id : null;
  const [state, setState] = useState<{ id: number; list: District[] } | null>(null);
  useEffect(() => {
    if (parentId === null) return;
    let live = true;
    loadDistricts(env, parentId).then((list) => live && list && setState({ id: parentId, list }));
    return () => {
      live = false;
    };
  }, [env, parentId]);
  return state && state.id === parentId ? state.list : undefined;
}

interface Props {
  env: Env;
  value: DistrictValue;
  onChange(next: DistrictValue): void;
}

/** Cascading province → city → county selects from top_level_districts (without 全国) / child_districts. */
export function DistrictPicker({ env, value, onChange }: Props) {
  const [province, city] = value;
  // 全国 (the top list's first entry) is for filters: an address needs a province, a city and a district.
  const lists = [deliverable(useLevel(env, 'top')), useLevel(env, province), useLevel(env, city)] as const;
  const labels = [t.province, t.city, t.county] as const;
  const shown = isNationwide(province) ? 1 : province ? (city ? 3 : 2) : 1;

  return (
    <div className="district-picker" data-testid="district-picker">
      {([0, 1, 2] as const).slice(0, shown).map((level) => {
        const current = value[level];
        const options = optionsFor(lists[level], current);
        return (
          <select
            key={level}
            name={`district_${level + 1}`}
            aria-label={labels[level]}
            value={current ? String(current.id) : ''}
            onChange={(e) => {
              const id = Number(e.target.value);
              const hit = options.find((o) => o.id === id) ?? null;
              onChange(pickLevel(value, level, hit));
            }}
          >
            <option value="">{t.choose(labels[level])}</option>
            {options.map((o) => (
              <option key={o.id} value={String(o.id)}>
                {o.name}
              </option>
            ))}
          </select>
        );
      })}
    </div>
  );
}
