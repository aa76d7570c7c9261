/**
 * The route table as a whole: every route of the spec's section 2 has a page config,
 * with the guards and shell flags the spec and our guard rule give it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PageConfig } from '../../src/runtime/page-config.gen';

const root = fileURLToPath(new URL('../../pages-config', import.meta.url));

function listJson(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    // Fragments (_fragments/) are parts of pages, not routes.
    if (e.isDirectory()) return e.name.startsWith('_') ? [] : listJson(abs);
    return e.isFile() && e.name.endsWith('.json') ? [abs] : [];
  });
}

const configs = listJson(root).map((file) => ({
  file: path.relative(root, file),
  config: JSON.parse(fs.readFileSync(file, 'utf8')) as PageConfig,
}));
const routes = configs.map((c) => c.config).filter((c) => !c.meta.devOnly);
const byPath = new Map<string, PageConfig>();
for (const c of routes) for (const p of [c.path, ...(c.aliases ?? [])]) byPath.set(p, c);

function route(p: string): PageConfig {
  const c = byPath.get(p);
  if (!c) throw new Error(`no page config for ${p}`);
  return c;
}

const promotions = Array.from({ length: 17 }, (_, i) => `/activity/promotion${i + 1}`);

/** Every concrete route of the spec's route table (section 2), family by family. */
const EXPECTED = {
  address: ['/address/list', '/address/edit/:addressId?'],
  banner: ['/banner/detail/:bannerId'],
  course: [
    '/course/list/:type',
    '/course/detail/:courseId',
    '/course/live_calendar',
    '/course/bundle_detail/:courseId',
    '/course/live-course',
  ],
  discover: ['/discover/index'],
  ebook: ['/ebook/list/:type', '/ebook/detail/:ebookId'],
  about: ['/about'],
  mall: ['/mall/index', '/mall/detail/:goodId', '/mall/order/:goodId'],
  message: ['/message/index'],
  news: ['/news/list/:type?', '/news/detail/:newsId', '/news/detail/special/:type'],
  strategy: ['/stratege/list', '/stratege/detail/:strategyId'],
  politics: ['/politis/detail/:skill_id'],
  order: [
    '/order/list',
    '/order/determine/:goodId/:referrerId',
    '/order/detail/:orderId',
    '/order/content/:orderGoodsId',
    '/order/logistics/:orderId/:orderGoodId',
    '/order/result/:orderId',
  ],
  qa: ['/qa/index', '/qa/list', '/qa/detail'],
  question: [
    '/question/bought',
    '/question/collect/:bankId',
    '/question/error',
    '/question/child_list/:bankId',
    '/question/answer/:bankId/:reset?',
    '/question/share/:consultId',
  ],
  study: [
    '/',
    '/study/index',
    '/study/list',
    '/study/list/news',
    '/study/list/question',
    '/study/list/course',
    '/study/list/ebook',
    '/study/category',
    '/study/search',
    '/study/column/:columnId',
  ],
  user: [
    '/user/home',
    '/user/order',
    '/user/question',
    '/user/course',
    '/user/ebook',
    '/user/bind_mobile',
    '/user/mobile_login/:routeTo?/:thirdAuthKey?',
    '/user/collections/:type?',
    '/user/agreement/user',
    '/user/agreement/privacy',
    '/user/agreement/personal-info',
    '/user/agreement/third-sdk',
    '/user/agreement/cancellation',
  ],
  download: ['/download/share', '/download/app', '/download/share_reward', '/download/guide', '/download/word-game'],
  activity: [
    '/activity/detail/:activityId',
    '/activity/bind_mobile',
    '/activity/invite_download',
    '/activity/download',
    '/activity/reciprocity/receive/:activityId/:id?',
    '/activity/reciprocity/poster/:activityId/:id?',
    '/activity/reciprocity/pick/:activityId/:id?',
    '/activity/own_gift/:activityId/:id',
    '/activity/gift_content/:activityId/:id',
    '/activity/cet/assistance',
    '/activity/cet/share',
    '/activity/cet/success',
    '/activity/ncre/assistance',
    '/activity/ncre/share',
    '/activity/ncre/success',
    '/activity/ai/assistance',
    '/activity/red-envelope/assistance',
    '/activity/mock-exam',
    '/activity/word-game/rankings',
    '/activity/organize-team',
    '/activity/help-squad',
    '/activity/driver',
    '/activity/computer',
    '/activity/marketing',
    '/activity/postgraduate',
    '/activity/vip/receive',
    '/activity/vip/buy',
    '/activity/vip-share/:referrerId',
    '/activity/student-qa/index',
    '/activity/student-qa/detail/:qaId',
    '/activity/student-qa/ask',
    '/activity/flag/index',
    '/activity/flag/create',
    '/activity/flag/detail/:flagId',
    ...promotions,
    '/activity/lucky-charm',
    '/activity/blind-box',
    '/activity/stalk-contest/index',
    '/activity/stalk-contest/rankings',
    '/activity/stalk-contest/result',
    '/activity/sprint',
    '/activity/sprint/rankings',
    '/activity/sprint/result',
    '/activity/strongest/index',
    '/activity/strongest/rankings',
    '/activity/create',
    '/activity/contribute',
    '/activity/famous-teacher',
    '/activity/assistance/:activityId',
    '/activity/assistance/help/:activityId/:sharerId',
    '/activity/assistance/result/:activityId',
    '/activity/vip-upgrade',
    '/exchange-vip',
    '/activity/task-invite/:referrer_id/:type',
    '/activity/vip/:referrerId',
    '/activity/vip-buy-determine/:goodIds/:referrerId',
    '/activity/vip-buy-result',
    '/activity/common-problem',
  ],
  distribution: ['/distribution_home/:provider_hash_id', '/distribution/detail/:goods_id/:member_id'],
  driving: ['/driving/register', '/driving/test1', '/driving/test2', '/driving/test3', '/driving/test4'],
  skill: ['/skill/read', '/skill/introduction', '/skill/operation-tips', '/pubmedmath/detail/:id', '/mianshi/detail/:id'],
  video: ['/video/detail', '/video/circle/:id', '/video/point-detail'],
  misc: [
    '/learning-materials/detail',
    '/adverts/detail',
    '/feedback/detail',
    '/school-news/detail',
    '/nemt-school-news/detail',
    '/see/index/:id',
    '/scan/error',
    '/upgrade/upgrade-list',
    '/upgrade/upgrade-detail',
  ],
  studyTeam: ['/studyTeam/index', '/studyTeam/apply', '/studyTeam/success', '/studyTeam/fail', '/studyTeam/exist'],
} satisfies Record<string, string[]>;

/** Shell behaviour: the routes whose feedback button is hidden, in the spec's order. */
const HIDE_FEEDBACK = [
  '/news/detail/:newsId', // study news detail
  '/user/agreement/user',
  '/user/agreement/privacy',
  '/user/agreement/cancellation',
  '/download/app',
  '/download/guide',
  '/download/share_reward',
  '/activity/cet/assistance',
  '/activity/cet/success',
  '/skill/read',
  '/skill/introduction',
  '/skill/operation-tips',
  '/activity/ncre/assistance', // "NCRE/CET"
  '/qa/list',
  '/qa/detail',
  '/video/detail',
  '/banner/detail/:bannerId',
  '/studyTeam/apply',
  '/studyTeam/success',
  '/studyTeam/fail',
  '/learning-materials/detail',
  '/question/answer/:bankId/:reset?',
  '/politis/detail/:skill_id',
  '/adverts/detail',
  '/see/index/:id',
  '/feedback/detail',
  '/school-news/detail',
  '/upgrade/upgrade-list',
  '/upgrade/upgrade-detail',
  '/nemt-school-news/detail',
  '/video/circle/:id',
  '/pubmedmath/detail/:id',
  '/video/point-detail',
];

const NEED_BINDING = [
  '/order/determine/:goodId/:referrerId',
  '/mall/order/:goodId',
  '/activity/vip-buy-determine/:goodIds/:referrerId',
  '/exchange-vip',
  '/distribution/detail/:goods_id/:member_id',
];

/**
 * The spec's list, plus the full-screen e-book reader (a route the spec does not show) and the answering page (its
 * bottom bar holds 上一题 / 答题卡 / 下一题): a floating button would cover them.
 */
const HIDE_HOME = [
  '/ebook/read/:ebookId',
  '/question/answer/:bankId/:reset?',
  '/study/index',
  '/study/list/news',
  '/study/list/question',
  '/study/list/course',
  '/study/list/ebook',
  '/user/home',
];

const sorted = (xs: Iterable<string>) => [...xs].sort();
/** The paths that have a config (a missing one already fails the family test above). */
const present = (paths: readonly string[]) => paths.filter((p) => byPath.has(p));

describe('route table', () => {
  const expected = Object.values(EXPECTED).flat();

  it('lists more than 150 distinct routes', () => {
    expect(new Set(expected).size).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(150);
  });

  it.each(Object.entries(EXPECTED))('has a page config for every %s route', (_area, paths) => {
    const missing = paths.filter((p) => !byPath.has(p));
    expect(missing).toEqual([]);
  });

  it('names are unique and no two paths share a shape', () => {
    const names = configs.map((c) => c.config.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    const shapes = configs.flatMap((c) =>
      [c.config.path, ...(c.config.aliases ?? [])].map((p) => p.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':')),
    );
    expect(shapes.filter((s, i) => shapes.indexOf(s) !== i)).toEqual([]);
  });

  it('every file is named after its route', () => {
    for (const { file, config } of configs) expect(path.basename(file, '.json'), file).toBe(config.name);
  });

  it('every title is non-empty Chinese', () => {
    for (const { file, config } of configs) {
      expect(config.meta.title.trim(), file).not.toBe('');
      expect(config.meta.title, file).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('the special news page titles itself by type', () => {
    expect(route('/news/detail/special/:type').meta.title).toBe("${route.type == 'signup' ? '报名入口' : '考试大纲'}");
  });

  it('hides the feedback button exactly on the routes the spec lists', () => {
    const hidden = routes.filter((c) => c.meta.hideFeedback).map((c) => c.path);
    expect(sorted(hidden)).toEqual(sorted([...HIDE_FEEDBACK, '/ebook/read/:ebookId']));
  });

  it('hides the home button on the study tabs and the user home only', () => {
    const hidden = routes.filter((c) => c.meta.hideHome).map((c) => c.path);
    expect(sorted(hidden)).toEqual(sorted(HIDE_HOME));
  });

  it('requires a bound mobile exactly on order creation, mall order, VIP exchange and distribution detail', () => {
    const bound = routes.filter((c) => c.meta.needBinding).map((c) => c.path);
    expect(sorted(bound)).toEqual(sorted(NEED_BINDING));
    for (const p of present(NEED_BINDING)) expect(route(p).meta.auth, p).toBe(true);
  });

  it('the routes the spec marks public are public', () => {
    const pub = [
      '/course/list/:type',
      '/mall/index',
      '/mall/detail/:goodId',
      '/user/mobile_login/:routeTo?/:thirdAuthKey?',
      '/user/agreement/user',
      '/user/agreement/privacy',
      '/user/agreement/personal-info',
      '/user/agreement/third-sdk',
      '/user/agreement/cancellation',
      '/question/share/:consultId',
      ...EXPECTED.download,
      ...EXPECTED.driving,
      ...EXPECTED.skill,
      ...EXPECTED.misc,
      ...EXPECTED.studyTeam,
      ...EXPECTED.qa,
      '/distribution_home/:provider_hash_id',
      '/activity/detail/:activityId',
      '/activity/reciprocity/receive/:activityId/:id?',
      ...promotions,
    ];
    for (const p of present(pub)) expect(route(p).meta.auth, p).toBe(false);
  });

  it('VIP exchange, distribution detail and the own-account activity pages require login', () => {
    const guarded = [
      '/exchange-vip',
      '/distribution/detail/:goods_id/:member_id',
      '/activity/own_gift/:activityId/:id',
      '/activity/gift_content/:activityId/:id',
      // Picking a gift and making one's own poster need an account; the friend's landing (receive) does not.
      '/activity/reciprocity/pick/:activityId/:id?',
      '/activity/reciprocity/poster/:activityId/:id?',
      '/activity/vip/buy',
      '/activity/vip-buy-determine/:goodIds/:referrerId',
      '/activity/vip-buy-result',
    ];
    for (const p of present(guarded)) expect(route(p).meta.auth, p).toBe(true);
    const activity = EXPECTED.activity.filter((p) => !guarded.includes(p));
    for (const p of present(activity)) expect(route(p).meta.auth, p).toBe(false);
  });

  it('personal areas require login', () => {
    const open = new Set(['/user/mobile_login/:routeTo?/:thirdAuthKey?', '/question/share/:consultId']);
    const personal = routes.filter(
      (c) => /^\/(user|order|address|message|question|ebook)\//.test(c.path) && !c.path.startsWith('/user/agreement/'),
    );
    expect(personal.length).toBeGreaterThanOrEqual(25);
    for (const c of personal) expect(c.meta.auth, c.path).toBe(!open.has(c.path));
    for (const p of present(EXPECTED.course).filter((p) => p !== '/course/list/:type')) expect(route(p).meta.auth, p).toBe(true);
  });

  it('subject-keyed lists need a category; accounts, orders, activities, downloads and details do not', () => {
    const keyed = [
      '/study/index',
      '/study/list/news',
      '/study/list/question',
      '/study/list/course',
      '/study/list/ebook',
      '/study/search',
      '/news/list/:type?',
      '/stratege/list',
      '/course/list/:type',
      '/course/live_calendar',
      '/course/live-course',
      '/ebook/list/:type',
      '/question/bought',
      '/question/error',
      '/mall/index',
    ];
    for (const p of present(keyed)) expect(route(p).meta.needCategory, p).toBe(true);
    const free = routes.filter((c) =>
      /^\/(user|order|address|message|activity|download|exchange-vip|distribution|driving)|\/detail|\/agreement/.test(c.path),
    );
    for (const c of free) expect(c.meta.needCategory, c.path).toBe(false);
  });

  it('the page gallery is development-only and public', () => {
    const gallery = configs.find((c) => c.config.path === '/dev/pages')?.config;
    expect(gallery?.meta).toMatchObject({ auth: false, needCategory: false, devOnly: true, hideFeedback: true });
    expect(gallery?.data?.manifest?.endpoint).toBe('pages.manifest');
  });
});
