import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as course from '../../src/contract/courses';
import * as order from '../../src/contract/orders';
import { money } from '../../src/format/time';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { rejectRefund } from '../../src/server/areas/refunds/refund-review';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import type { TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

// Refunds on the order detail, phone-sized, against the payment sandbox (its notifications delivered to
// the server as WeChat Pay's are). Screenshots go to $PAY_SHOTS (default /tmp/pay-shots).
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const SHOTS = process.env.PAY_SHOTS ?? '/tmp/pay-shots';
const suite = browserSuite({ subject: SUBJECT });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

const db = () => server.services.db.kysely;
const toast = () => page.locator('[data-testid=toast]').textContent();
const shot = async (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

async function signedIn(): Promise<TestUser> {
  const user = await newUser(server);
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [STORAGE_KEYS.jwt, user.token] as const);
  return user;
}

/** Buys a paid course through the sandbox's H5 cashier; returns the order once WeChat Pay's notification paid it. */
async function buyCourse(user: TestUser) {
  const g = await db()
    .selectFrom('goods as g')
    .innerJoin('course_videos as v', 'v.course_id', 'g.ref_id')
    .select(['g.id', 'g.ref_id', 'g.name', 'g.price', 'v.id as video_id'])
    .where('g.kind', '=', 'course')
    .where('g.price', '>', 0)
    .where('g.on_sale', '=', 1)
    .where('v.is_free', '=', 0)
    .orderBy('g.id')
    .executeTakeFirstOrThrow();
  const made = (await request(server.url, order.create, { goods: { [g.id]: 1 } }, { token: user.token })).body.data;
  const h5 = (await request(server.url, order.h5Pay, { id: made.id }, { token: user.token })).body.data;
  const prepay = /prepay_id=([^&]+)/.exec(h5.h5_url ?? '')?.[1] ?? '';
  const pay = await server.services.providers.pay();
  await pay.sandbox?.act(prepay, 'pay');
  await expect
    .poll(async () => (await request(server.url, order.status, { id: made.id }, { token: user.token })).body.data.is_success, {
      timeout: 10000,
    })
    .toBe(1);
  return { g, o: made };
}

describe('refunds on the order detail', () => {
  it('applies for the refund of a bought course (reason + note) and sees 已退款; the course no longer plays', async () => {
    const user = await signedIn();
    const { g, o } = await buyCourse(user);
    const plays = async () => (await request(server.url, course.playInfo, { video_id: g.video_id }, { token: user.token })).body.status;
    // Open to the buyer, asked without a play URL (handing one out would make the course used, so not refunded at once).
    const opens = async () =>
      (await request(server.url, course.courseDetail_, { id: g.ref_id }, { token: user.token })).body.data.can_access;
    expect(await opens()).toBe(1);

    await page.goto(`${server.url}/order/detail/${o.id}`);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('购买成功');
    const item = page.getByTestId('order-item').filter({ hasText: g.name });
    expect(await item.getByRole('link', { name: '去学习' }).count()).toBe(1);
    await item.getByTestId('apply-refund').click();

    const sheet = page.getByTestId('refund-sheet');
    await expect.poll(() => sheet.isVisible()).toBe(true);
    expect(await sheet.textContent()).toContain(`退款金额 ¥${money(g.price)}`);
    // Submitting needs a reason.
    expect(await page.getByTestId('refund-submit').isDisabled()).toBe(true);
    await sheet.getByRole('button', { name: '买错了或重复购买' }).click();
    await sheet.getByRole('textbox').fill('想买的是六级课程');
    await shot('refund-sheet');
    await page.getByTestId('refund-submit').click();

    await expect.poll(toast).toBe('退款成功，款项将原路退回');
    await expect.poll(() => item.getByTestId('item-refund-status').textContent()).toBe('已退款');
    expect(await item.getByTestId('apply-refund').count()).toBe(0);
    expect(await item.getByRole('link', { name: '去学习' }).count()).toBe(0);
    // The order's only item is refunded: the header says so and the amounts show what came back.
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('已退款');
    expect(await page.getByTestId('order-refunded').textContent()).toBe(`¥${money(g.price)}`);
    await shot('refund-done');

    // The order list marks the item too.
    await page.goto(`${server.url}/order/list`);
    const card = page.getByTestId('order-card').filter({ hasText: o.order_no });
    await expect.poll(() => card.getByTestId('order-card-refund').textContent()).toBe('已退款');

    const row = await db().selectFrom('refunds').selectAll().where('order_id', '=', o.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'succeeded', reason: '买错了或重复购买：想买的是六级课程', amount: g.price });
    expect(await plays()).not.toBe(0);
  });

  it('a request waiting for review shows 退款审核中; a rejection shows the operator’s note and 申请退款 again', async () => {
    const user = await signedIn();
    const { g, o } = await buyCourse(user);
    // Started: a video that is not a free preview was watched, so the refund waits for an operator.
    await request(
      server.url,
      course.progressReport,
      {
        course_id: (await db().selectFrom('course_videos').select('course_id').where('id', '=', g.video_id).executeTakeFirstOrThrow())
          .course_id,
        video_id: g.video_id,
        duration: 20,
      },
      { token: user.token },
    );
    await page.goto(`${server.url}/order/detail/${o.id}`);
    const item = page.getByTestId('order-item').filter({ hasText: g.name });
    await item.getByTestId('apply-refund').click();
    await page.getByTestId('refund-sheet').getByRole('button', { name: '不想要了' }).click();
    await page.getByTestId('refund-submit').click();
    await expect.poll(toast).toBe('退款申请已提交，请等待审核');
    await expect.poll(() => item.getByTestId('item-refund-status').textContent()).toBe('退款审核中');
    expect(await item.getByTestId('apply-refund').count()).toBe(0);

    const r = await db().selectFrom('refunds').select('id').where('order_id', '=', o.id).executeTakeFirstOrThrow();
    await rejectRefund(server.services, r.id, '课程已学习过半');
    await page.reload();
    await expect.poll(() => item.getByTestId('item-refund-status').textContent()).toBe('退款被拒绝：课程已学习过半');
    expect(await item.getByTestId('apply-refund').count()).toBe(1);
    await shot('refund-rejected');
  });
});
