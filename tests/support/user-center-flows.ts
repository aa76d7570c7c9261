import { expect } from 'vitest';
import * as addressApi from '../../src/contract/addresses';
import * as framework from '../../src/contract/framework';
import { request } from './api-client';
import { freshMobile, loginAs } from './flows';
import type { TestServer } from './test-server';

export interface TestUser {
  id: number;
  token: string;
  mobile: string;
}

/** Logs a brand-new user in by SMS code (with a fresh mobile unless one is given). */
export async function newUser(s: TestServer, mobile = freshMobile()): Promise<TestUser> {
  const data = await loginAs(s, mobile);
  return { id: data.user.id, token: data.token, mobile };
}

export interface DistrictChain {
  district_1_id: number;
  district_1_name: string;
  district_2_id: number;
  district_2_name: string;
  district_3_id: number;
  district_3_name: string;
}

async function childNamed(s: TestServer, parentId: number, name: string) {
  const res = await request(s.url, framework.childDistricts, { id: parentId });
  const hit = res.body.data.find((d) => d.name === name);
  if (!hit) throw new Error(`district ${name} not under ${parentId}`);
  return hit;
}

/** The ids and names of a province → city → county chain, read through the district API. */
export async function districtChain(s: TestServer, province: string, city: string, county: string): Promise<DistrictChain> {
  const top = await request(s.url, framework.topLevelDistricts, {});
  const p = top.body.data.find((d) => d.name === province);
  if (!p) throw new Error(`province ${province} missing`);
  const c = await childNamed(s, p.id, city);
  const a = await childNamed(s, c.id, county);
  return {
    district_1_id: p.id,
    district_1_name: p.name,
    district_2_id: c.id,
    district_2_name: c.name,
    district_3_id: a.id,
    district_3_name: a.name,
  };
}

/** A valid address body in 广东省广州市天河区 (override any field). */
export async function addressBody(s: TestServer, over: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const chain = await districtChain(s, '广东省', '广州市', '天河区');
  return { name: '林晓雨', mobile: '13812345678', tag: '家', ...chain, detail: '天河路 385 号太古汇二座 1203 室', is_default: 0, ...over };
}

/** Creates an address for `user` and returns it (fails the test on refusal). */
export async function createAddress(s: TestServer, user: TestUser, over: Record<string, unknown> = {}) {
  const res = await request(s.url, addressApi.saveAddress, await addressBody(s, over), { token: user.token });
  expect(res.body.msg).toBe('ok');
  return res.body.data;
}

/** Gives `user` a membership straight in the database; returns its end (unix seconds). */
export async function grantVip(
  s: TestServer,
  userId: number,
  vipType: string,
  opts: { genusId?: number | null; categoryId?: number | null; days?: number; startedAgo?: number } = {},
): Promise<number> {
  const now = s.services.clock();
  await s.services.db.kysely
    .insertInto('user_vips')
    .values({
      user_id: userId,
      vip_type: vipType,
      genus_id: opts.genusId ?? null,
      category_id: opts.categoryId ?? null,
      started_at: now - (opts.startedAgo ?? 86400),
      expires_at: now + (opts.days ?? 30) * 86400,
      source: 'test',
    })
    .execute();
  return now + (opts.days ?? 30) * 86400;
}

/** Id of a genus by name, and of one of its categories. */
export async function subjectIds(s: TestServer, genusName: string): Promise<{ genusId: number; categoryId: number; otherGenusId: number }> {
  const db = s.services.db.kysely;
  const genus = await db.selectFrom('genera').select('id').where('name', '=', genusName).executeTakeFirstOrThrow();
  const cat = await db.selectFrom('categories').select('id').where('genus_id', '=', genus.id).orderBy('sort').executeTakeFirstOrThrow();
  const other = await db.selectFrom('genera').select('id').where('id', '!=', genus.id).orderBy('id').executeTakeFirstOrThrow();
  return { genusId: genus.id, categoryId: cat.id, otherGenusId: other.id };
}
