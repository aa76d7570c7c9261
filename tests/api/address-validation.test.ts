import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../../src/contract/addresses';
import { CODE } from '../../src/contract/envelope';
import { request } from '../support/api-client';
import { countRows, expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { addressBody, createAddress, districtChain, newUser, type TestUser } from '../support/user-center-flows';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let u: TestUser;
  beforeAll(async () => {
    s = await startTestServer(kind);
    u = await newUser(s);
  });
  afterAll(() => s.close());

  /** Sends a body that must be refused with 400 and `msgPart`; nothing may be written. */
  async function refused(body: Record<string, unknown>, msgPart: string): Promise<void> {
    const before = await countRows(s, 'addresses');
    const res = await request(s.url, api.saveAddress, body, { token: u.token });
    expectRefused(res, 400, CODE.badInput, msgPart);
    expect(await countRows(s, 'addresses')).toBe(before);
  }

  it('refuses bad names, mobiles, tags and details with a message naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: undefined }, '缺少参数 name'],
      [{ name: '' }, '参数 name 不能为空'],
      [{ name: '   ' }, '参数 name 不能为空'],
      [{ name: '张'.repeat(21) }, '参数 name 不能超过 20 个字符'],
      [{ name: 42 }, '参数 name 须为字符串'],
      [{ mobile: undefined }, '缺少参数 mobile'],
      [{ mobile: '1381234567' }, '参数 mobile 须为以 1 开头的 11 位手机号'],
      [{ mobile: '23812345678' }, '参数 mobile 须为以 1 开头的 11 位手机号'],
      [{ mobile: '138123456789' }, '参数 mobile 须为以 1 开头的 11 位手机号'],
      [{ mobile: '1381234567a' }, '参数 mobile 须为以 1 开头的 11 位手机号'],
      [{ tag: '标'.repeat(11) }, '参数 tag 不能超过 10 个字符'],
      [{ detail: undefined }, '缺少参数 detail'],
      [{ detail: '四个字符' }, '参数 detail 不能少于 5 个字符'],
      [{ detail: '    天河路    ' }, '参数 detail 不能少于 5 个字符'],
      [{ detail: '路'.repeat(101) }, '参数 detail 不能超过 100 个字符'],
      [{ is_default: 2 }, '参数 is_default 须为 0 或 1'],
      [{ id: 0 }, '参数 id 须为正整数'],
      [{ id: 'abc' }, '参数 id 须为数字'],
    ];
    for (const [over, msg] of cases) await refused(await addressBody(s, over), msg);
  });

  it('refuses districts that do not exist, are on the wrong level or do not chain', async () => {
    const gz = await districtChain(s, '广东省', '广州市', '天河区');
    const sz = await districtChain(s, '广东省', '深圳市', '南山区');
    const hz = await districtChain(s, '浙江省', '杭州市', '西湖区');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ district_1_id: undefined }, '缺少参数 district_1_id'],
      [{ district_1_id: 0 }, '参数 district_1_id 须为省级地区 id'],
      [{ district_1_id: -2 }, '参数 district_1_id 须为省级地区 id'],
      [{ district_1_id: 999999 }, '参数 district_1_id 对应的地区不存在：999999'],
      [{ district_1_id: gz.district_2_id, district_1_name: '广州市' }, '参数 district_1_id 须为省份一级的地区（广州市不是）'],
      [{ district_1_name: '广西壮族自治区' }, '参数 district_1_name 与地区 44 的名称“广东省”不符'],
      [{ district_1_name: undefined }, '缺少参数 district_1_name'],
      [{ district_2_id: hz.district_2_id, district_2_name: '杭州市' }, '参数 district_2_id（杭州市）不属于广东省'],
      [{ district_2_id: gz.district_3_id, district_2_name: '天河区' }, '参数 district_2_id 须为城市一级的地区（天河区不是）'],
      [{ district_2_name: '深圳市' }, `参数 district_2_name 与地区 ${gz.district_2_id} 的名称“广州市”不符`],
      [{ district_3_id: sz.district_3_id, district_3_name: '南山区' }, '参数 district_3_id（南山区）不属于广州市'],
      [{ district_3_name: '越秀区' }, `参数 district_3_name 与地区 ${gz.district_3_id} 的名称“天河区”不符`],
      [{ district_2_id: 0, district_2_name: '', district_3_id: 0, district_3_name: '' }, '缺少参数 district_2_id：请选择广东省下的城市'],
      [{ district_3_id: 0, district_3_name: '' }, '缺少参数 district_3_id：请选择广州市下的区县'],
      [{ district_3_id: -5 }, '参数 district_3_id 不能为负数'],
      [{ district_2_id: 'x' }, '参数 district_2_id 须为数字'],
      [{ district_3_id: 99999999999 }, '参数 district_3_id 超出范围'],
    ];
    for (const [over, msg] of cases) await refused({ ...(await addressBody(s)), ...gz, ...over }, msg);
  });

  it('全国 (-1) is refused, whatever the lower levels (issue 24: an address must be deliverable)', async () => {
    const base = await addressBody(s);
    const nation = {
      district_1_id: -1,
      district_1_name: '全国',
      district_2_id: 0,
      district_2_name: '',
      district_3_id: 0,
      district_3_name: '',
    };
    const msg = '参数 district_1_id 不能为“全国”：收货地址须选择省份、城市和区县';
    await refused({ ...base, ...nation }, msg);
    await refused({ ...base, ...nation, district_1_name: '中国' }, msg);
    await refused({ ...base, ...nation, district_2_id: base.district_2_id, district_2_name: '广州市' }, msg);
  });

  it('refuses a body that is not a JSON object', async () => {
    const before = await countRows(s, 'addresses');
    const res = await request(s.url, api.saveAddress, {}, { token: u.token, rawBody: '[1,2]' });
    expect(res.http).toBe(400);
    expect(res.body.status).not.toBe(0);
    expect(await countRows(s, 'addresses')).toBe(before);
  });

  it('a refused update changes nothing in the stored address', async () => {
    const a = await createAddress(s, u);
    await refused(await addressBody(s, { id: a.id, name: '新名字', detail: '短' }), '参数 detail 不能少于 5 个字符');
    await refused(await addressBody(s, { id: a.id, name: '新名字', district_3_name: '越秀区' }), '参数 district_3_name');
    const after = await request(s.url, api.addressDetail, { id: a.id }, { token: u.token });
    expect(after.body.data).toEqual(a);
  });

  it('the database itself refuses a second default for one user', async () => {
    const v = await newUser(s);
    const a = await createAddress(s, v);
    await createAddress(s, v, { detail: '天河北路 233 号中信广场' });
    const db = s.services.db.kysely;
    await expect(
      db.updateTable('addresses').set({ is_default: 1 }).where('user_id', '=', v.id).where('id', '!=', a.id).execute(),
    ).rejects.toThrow();
  });

  it('refuses bad ids on detail and delete with a 400 naming `id`', async () => {
    for (const input of [{}, { id: 'abc' }, { id: 0 }, { id: -3 }, { id: 1.5 }, { id: 99999999999 }]) {
      expectRefused(await request(s.url, api.addressDetail, input, { token: u.token }), 400, CODE.badInput, 'id');
      expectRefused(await request(s.url, api.removeAddress, input, { token: u.token }), 400, CODE.badInput, 'id');
    }
  });
});
