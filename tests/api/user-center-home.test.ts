import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import * as user from '../../src/contract/users';
import * as uc from '../../src/contract/users-center';
import { countsQuery } from '../../src/server/areas/users/user-center-profile';
import { MESSAGE_TEMPLATES } from '../../src/server/db/seed/areas/user-center';
import { request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { createAddress, grantVip, newUser, subjectIds } from '../support/user-center-flows';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  describe('statistics', () => {
    it('a fresh user: only the welcome messages count; no study day yet', async () => {
      const u = await newUser(s);
      const res = await request(s.url, uc.userStatistics, {}, { token: u.token });
      expect(res.body.data).toEqual({
        order_count: 0,
        collection_count: 0,
        message_count: MESSAGE_TEMPLATES.length,
        unread_message_count: MESSAGE_TEMPLATES.length,
        address_count: 0,
        feedback_count: 0,
        question_done_count: 0,
        course_count: 0,
        course_finished_count: 0,
        course_learned_seconds: 0,
        ebook_count: 0,
        ebook_read_seconds: 0,
        study_days: 0,
      });
    });

    it('counts what the user did: collections, read messages, addresses, feedback; days without study are not study days', async () => {
      const u = await newUser(s);
      const newsRow = await s.services.db.kysely.selectFrom('news').select('id').orderBy('id').executeTakeFirstOrThrow();
      await request(s.url, uc.addCollection, { type: 'news', ref_id: newsRow.id }, { token: u.token });
      const [m] = (await request(s.url, uc.messages, {}, { token: u.token })).body.data;
      await request(s.url, uc.messageRead, { id: m?.id ?? 0 }, { token: u.token });
      await createAddress(s, u);
      await createAddress(s, u, { detail: '黄埔大道西 100 号富力盈泰广场' });
      await request(s.url, user.feedback, { content: '希望增加夜间模式', page_url: '/user/home' }, { token: u.token });
      s.advance(2 * 86400);
      const res = await request(s.url, uc.userStatistics, {}, { token: u.token });
      expect(res.body.data).toMatchObject({
        collection_count: 1,
        message_count: MESSAGE_TEMPLATES.length,
        unread_message_count: MESSAGE_TEMPLATES.length - 1,
        address_count: 2,
        feedback_count: 1,
        study_days: 0,
      });
      // The query is compiled once per server: another user asking in between gets their own figures, and so does this one.
      const other = await newUser(s);
      const [mine, theirs] = await Promise.all([
        request(s.url, uc.userStatistics, {}, { token: u.token }),
        request(s.url, uc.userStatistics, {}, { token: other.token }),
      ]);
      expect(theirs.body.data).toMatchObject({ collection_count: 0, address_count: 0, feedback_count: 0 });
      expect(mine.body.data).toEqual(res.body.data);
    });

    it.runIf(kind === 'sqlite')("reads each of the user's tables by its user_id index, not every user's rows", async () => {
      const u = await newUser(s);
      const c = countsQuery(s.services.db.kysely, u.id, s.services.clock()).compile();
      const plan = await s.services.db.kysely.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]),
      );
      const scans = plan.rows.map((r) => r.detail).filter((d) => /^SCAN (?!studied|e USING|CONSTANT ROW)/.test(d));
      expect(scans).toEqual([]);
    });
  });

  describe('VIP info', () => {
    it('a fresh user is not VIP; asking for a type describes it', async () => {
      const u = await newUser(s);
      const none = await request(s.url, uc.vipInfoEndpoint, {}, { token: u.token });
      expect(none.body.data).toMatchObject({ is_vip: 0, vip_type: '', expires_at: 0, benefits: [] });
      const asked = await request(s.url, uc.vipInfoEndpoint, { vip_type: 'cet_vip' }, { token: u.token });
      expect(asked.body.data).toMatchObject({ is_vip: 0, vip_type: 'cet_vip', name: '四六级VIP', expires_at: 0 });
      expect(asked.body.data.benefits.length).toBeGreaterThan(2);
    });

    it('shows a membership for its subject only, with expiry and days left', async () => {
      const u = await newUser(s);
      const cet = await subjectIds(s, '英语四六级');
      const until = await grantVip(s, u.id, 'cet_vip', { genusId: cet.genusId, days: 30 });
      const here = await request(s.url, uc.vipInfoEndpoint, { genus_id: cet.genusId, category_id: cet.categoryId }, { token: u.token });
      expect(here.body.data).toMatchObject({ is_vip: 1, vip_type: 'cet_vip', name: '四六级VIP', scope: '英语四六级', days_left: 30 });
      // (the clock may tick between the grant and this line: compare with the end the grant wrote)
      expect(here.body.data.expires_at).toBe(until);
      const elsewhere = await request(s.url, uc.vipInfoEndpoint, { genus_id: cet.otherGenusId }, { token: u.token });
      expect(elsewhere.body.data.is_vip).toBe(0);
      const otherType = await request(s.url, uc.vipInfoEndpoint, { vip_type: 'kaoyan_vip', genus_id: cet.genusId }, { token: u.token });
      expect(otherType.body.data).toMatchObject({ is_vip: 0, vip_type: 'kaoyan_vip', name: '考研VIP' });
      // Without a subject any active membership shows.
      expect((await request(s.url, uc.vipInfoEndpoint, {}, { token: u.token })).body.data.is_vip).toBe(1);
    });

    it('a membership for every subject covers all; an expired one does not count', async () => {
      const u = await newUser(s);
      const cet = await subjectIds(s, '英语四六级');
      await grantVip(s, u.id, 'super_vip', { days: 1 });
      const res = await request(s.url, uc.vipInfoEndpoint, { genus_id: cet.otherGenusId }, { token: u.token });
      expect(res.body.data).toMatchObject({ is_vip: 1, vip_type: 'super_vip', scope: '全部科目' });
      s.advance(86400 + 1);
      const later = await request(s.url, uc.vipInfoEndpoint, { genus_id: cet.otherGenusId }, { token: u.token });
      expect(later.body.data.is_vip).toBe(0);
    });

    it('refuses an unknown or malformed vip_type and bad subject ids', async () => {
      const u = await newUser(s);
      expectRefused(
        await request(s.url, uc.vipInfoEndpoint, { vip_type: 'gold_vip' }, { token: u.token }),
        400,
        CODE.badInput,
        '参数 vip_type 不是已知的会员类型：gold_vip',
      );
      expectRefused(
        await request(s.url, uc.vipInfoEndpoint, { vip_type: 'Gold VIP!' }, { token: u.token }),
        400,
        CODE.badInput,
        '参数 vip_type 须为会员类型的英文标识',
      );
      expectRefused(await request(s.url, uc.vipInfoEndpoint, { genus_id: 0 }, { token: u.token }), 400, CODE.badInput, '参数 genus_id');
      expectRefused(
        await request(s.url, uc.vipInfoEndpoint, { category_id: 'x' }, { token: u.token }),
        400,
        CODE.badInput,
        '参数 category_id',
      );
    });
  });

  describe('documents', () => {
    it.each([
      ['user_agreement', '用户协议'],
      ['privacy', '隐私政策'],
      ['personal_info_list', '个人信息收集清单'],
      ['third_party_sdk', '第三方SDK目录'],
      ['cancellation', '注销协议'],
    ])('serves %s (%s) as Markdown to anyone', async (key, title) => {
      const res = await request(s.url, uc.documentEndpoint, { key });
      expect(res.body).toMatchObject({ status: 0, data: { key, title } });
      expect(res.body.data.content.length).toBeGreaterThan(300);
      expect(res.body.data.updated_at).toBeGreaterThan(0);
    });

    it('refuses unknown and malformed keys', async () => {
      expectRefused(await request(s.url, uc.documentEndpoint, { key: 'refund_policy' }), 404, CODE.notFound, '文档 refund_policy 不存在');
      expectRefused(await request(s.url, uc.documentEndpoint, { key: '../etc' }), 400, CODE.badInput, '参数 key 须为文档的英文标识');
      expectRefused(await request(s.url, uc.documentEndpoint, {}), 400, CODE.badInput, '缺少参数 key');
    });
  });

  it('statistics and VIP need a login (401)', async () => {
    expectRefused(await request(s.url, uc.userStatistics, {}), 401, CODE.unauthorized, '请先登录');
    expectRefused(await request(s.url, uc.vipInfoEndpoint, {}), 401, CODE.unauthorized, '请先登录');
  });
});
