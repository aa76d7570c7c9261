import crypto from 'node:crypto';
import * as framework from '../../contract/framework';
import { handle, type RouteHandler } from '../http/define';
import { notFound } from '../http/errors';
import { jsSdkSignature } from '../providers/jssdk/signature';

/** The spec's extra "nationwide" district. */
export const NATIONWIDE = { id: -1, name: '全国', level: 1 } as const;

export const frameworkRoutes: RouteHandler[] = [
  handle(framework.topLevelDistricts, async (_input, ctx) => {
    const rows = await ctx.db.kysely.selectFrom('districts').select(['id', 'name', 'level']).where('level', '=', 1).orderBy('id').execute();
    return [NATIONWIDE, ...rows];
  }),

  handle(framework.childDistricts, async (input, ctx) => {
    const parent = await ctx.db.kysely.selectFrom('districts').select('id').where('id', '=', input.id).executeTakeFirst();
    if (!parent) throw notFound(`地区 id ${input.id} `);
    return ctx.db.kysely.selectFrom('districts').select(['id', 'name', 'level']).where('parent_id', '=', input.id).orderBy('id').execute();
  }),

  handle(framework.jsSdkConfig, async (input, ctx) => {
    const timestamp = ctx.clock();
    const nonceStr = crypto.randomBytes(8).toString('hex');
    const ticket = await ctx.providers.jsSdk.ticket();
    return {
      appId: ctx.config.wechatAppId,
      timestamp,
      nonceStr,
      signature: jsSdkSignature(ticket, nonceStr, timestamp, input.url),
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData', 'chooseWXPay', 'previewImage'],
    };
  }),

  handle(framework.agreement, async (_input, ctx) => {
    const rows = await ctx.db.kysely.selectFrom('documents').select(['key', 'content']).where('key', 'in', ['user_agreement', 'privacy']).execute();
    const byKey = new Map(rows.map((r) => [r.key, r.content]));
    return { user_agreement: byKey.get('user_agreement') ?? '', privacy: byKey.get('privacy') ?? '' };
  }),
];
