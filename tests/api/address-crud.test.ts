import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../../src/contract/addresses';
import { CODE } from '../../src/contract/envelope';
import { request } from '../support/api-client';
import { countRows, expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { addressBody, createAddress, districtChain, newUser, type TestUser } from '../support/user-center-flows';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  const list = async (u: TestUser) => (await request(s.url, api.addressList, {}, { token: u.token })).body.data;
  const defaults = async (u: TestUser) => (await list(u)).filter((a) => a.is_default === 1).map((a) => a.id);

  it('starts empty: no list, no default', async () => {
    const u = await newUser(s);
    expect(await list(u)).toEqual([]);
    const res = await request(s.url, api.defaultAddress, {}, { token: u.token });
    expect(res.body).toMatchObject({ status: 0, data: null });
  });

  it('creates an address, joins the full address, and makes the first one the default', async () => {
    const u = await newUser(s);
    const a = await createAddress(s, u, { name: '  林晓雨 ', tag: '公司' });
    expect(a).toMatchObject({
      name: '林晓雨',
      mobile: '13812345678',
      tag: '公司',
      district_1_name: '广东省',
      district_2_name: '广州市',
      district_3_name: '天河区',
      detail: '天河路 385 号太古汇二座 1203 室',
      is_default: 1,
      full_address: '广东省广州市天河区 天河路 385 号太古汇二座 1203 室',
    });
    expect(a.id).toBeGreaterThan(0);
    const detail = await request(s.url, api.addressDetail, { id: a.id }, { token: u.token });
    expect(detail.body.data).toEqual(a);
    const def = await request(s.url, api.defaultAddress, {}, { token: u.token });
    expect(def.body.data?.id).toBe(a.id);
  });

  it('leaves out grouping rows such as 市辖区 from the full address', async () => {
    const u = await newUser(s);
    const chain = await districtChain(s, '北京市', '市辖区', '海淀区');
    const a = await createAddress(s, u, { ...chain, detail: '中关村大街 27 号' });
    expect(a.full_address).toBe('北京市海淀区 中关村大街 27 号');
    expect(a.district_2_name).toBe('市辖区');
  });

  it('refuses 全国 (-1): a delivery address needs a province, a city and a district (issue 24)', async () => {
    const u = await newUser(s);
    const body = await addressBody(s, {
      district_1_id: -1,
      district_1_name: '全国',
      district_2_id: 0,
      district_2_name: '',
      district_3_id: undefined,
      district_3_name: undefined,
      detail: '到付自取，电话联系',
    });
    const res = await request(s.url, api.saveAddress, body, { token: u.token });
    expect(res.http).toBe(400);
    expect(res.body.msg).toBe('参数 district_1_id 不能为“全国”：收货地址须选择省份、城市和区县');
    expect(await list(u)).toEqual([]);
  });

  it('keeps exactly one default: setting a new one clears the old', async () => {
    const u = await newUser(s);
    const first = await createAddress(s, u);
    const second = await createAddress(s, u, { name: '周明', detail: '体育西路 191 号中石化大厦 B 塔' });
    expect(second.is_default).toBe(0);
    expect(await defaults(u)).toEqual([first.id]);

    const third = await createAddress(s, u, { name: '陈一帆', detail: '珠江新城华夏路 8 号', is_default: 1 });
    expect(await defaults(u)).toEqual([third.id]);

    // Make the second default through an update with is_default 1.
    const body = await addressBody(s, { id: second.id, name: '周明', detail: '体育西路 191 号中石化大厦 B 塔', is_default: 1 });
    const upd = await request(s.url, api.saveAddress, body, { token: u.token });
    expect(upd.body.data.is_default).toBe(1);
    expect(await defaults(u)).toEqual([second.id]);
    const all = await list(u);
    expect(all[0]?.id).toBe(second.id);
    expect(all).toHaveLength(3);
  });

  it('serializes parallel default changes: one default remains, never a 500', async () => {
    const u = await newUser(s);
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await createAddress(s, u, { detail: `员村二横路 ${i + 10} 号` }));
    const replies = await Promise.all(
      made.map(async (a) =>
        request(s.url, api.saveAddress, await addressBody(s, { id: a.id, detail: a.detail, is_default: 1 }), { token: u.token }),
      ),
    );
    expect(replies.map((r) => r.http)).toEqual([200, 200, 200, 200]);
    expect(await defaults(u)).toHaveLength(1);
  });

  it('updates fields in place and keeps created_at', async () => {
    const u = await newUser(s);
    const a = await createAddress(s, u);
    s.advance(5);
    const chain = await districtChain(s, '浙江省', '杭州市', '西湖区');
    const body = {
      ...(await addressBody(s)),
      ...chain,
      id: a.id,
      name: '吴佳',
      mobile: '15900001111',
      tag: '',
      detail: '文三路 90 号',
      is_default: 1,
    };
    const res = await request(s.url, api.saveAddress, body, { token: u.token });
    expect(res.body.data).toMatchObject({
      id: a.id,
      name: '吴佳',
      mobile: '15900001111',
      tag: '',
      full_address: '浙江省杭州市西湖区 文三路 90 号',
      created_at: a.created_at,
    });
    expect(res.body.data.updated_at).toBeGreaterThan(a.updated_at);
    expect(await list(u)).toHaveLength(1);
  });

  it('can stop an address being the default (then there is none)', async () => {
    const u = await newUser(s);
    const a = await createAddress(s, u);
    const res = await request(s.url, api.saveAddress, await addressBody(s, { id: a.id, is_default: 0 }), { token: u.token });
    expect(res.body.data.is_default).toBe(0);
    expect((await request(s.url, api.defaultAddress, {}, { token: u.token })).body.data).toBeNull();
  });

  it('deletes an address: it leaves the list and its detail is gone', async () => {
    const u = await newUser(s);
    const a = await createAddress(s, u);
    const b = await createAddress(s, u, { detail: '林和西路 9 号耀中广场 A 座' });
    const del = await request(s.url, api.removeAddress, { id: a.id }, { token: u.token });
    expect(del.body).toMatchObject({ status: 0, data: { id: a.id } });
    expect((await list(u)).map((x) => x.id)).toEqual([b.id]);
    expectRefused(
      await request(s.url, api.addressDetail, { id: a.id }, { token: u.token }),
      404,
      CODE.notFound,
      `收货地址 id ${a.id} 不存在`,
    );
    expectRefused(await request(s.url, api.removeAddress, { id: a.id }, { token: u.token }), 404, CODE.notFound, '不存在');
  });

  it('allows at most 20 addresses per user', async () => {
    const u = await newUser(s);
    const body = await addressBody(s);
    const db = s.services.db.kysely;
    const now = s.services.clock();
    const rows = Array.from({ length: 20 }, (_, i) => ({
      user_id: u.id,
      name: '批量',
      mobile: '13800000000',
      tag: '',
      district_1_id: body.district_1_id as number,
      district_1_name: body.district_1_name as string,
      district_2_id: body.district_2_id as number,
      district_2_name: body.district_2_name as string,
      district_3_id: body.district_3_id as number,
      district_3_name: body.district_3_name as string,
      detail: `测试路 ${i + 1} 号`,
      is_default: i === 0 ? 1 : 0,
      created_at: now,
      updated_at: now,
    }));
    await db.insertInto('addresses').values(rows).execute();
    const before = await countRows(s, 'addresses');
    const res = await request(s.url, api.saveAddress, body, { token: u.token });
    expectRefused(res, 409, CODE.conflict, '收货地址最多 20 个');
    expect(await countRows(s, 'addresses')).toBe(before);
  });

  it('refuses every address call without a login (401)', async () => {
    for (const [e, input] of [
      [api.addressList, {}],
      [api.defaultAddress, {}],
      [api.addressDetail, { id: 1 }],
      [api.removeAddress, { id: 1 }],
    ] as const) {
      expectRefused(await request(s.url, e, input), 401, CODE.unauthorized, '请先登录');
    }
    expectRefused(await request(s.url, api.saveAddress, await addressBody(s)), 401, CODE.unauthorized, '请先登录');
  });
});
