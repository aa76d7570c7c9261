import * as framework from '../../../contract/framework';
import { handle, type RouteHandler } from '../../http/define';
import { childDistricts, topLevelDistricts } from '../addresses';
import { agreement } from './framework-documents';
import { jsSdkConfig } from './framework-jssdk';

/** Handlers of the framework area's contract endpoints. */
export const frameworkRoutes: RouteHandler[] = [
  handle(framework.topLevelDistricts, async (_input, ctx) => topLevelDistricts(ctx)),
  handle(framework.childDistricts, async (input, ctx) => childDistricts(ctx, input.id)),
  handle(framework.jsSdkConfig, async (input, ctx) => jsSdkConfig(ctx, input.url)),
  handle(framework.agreement, async (_input, ctx) => agreement(ctx)),
  handle(framework.appDownload, async (_input, ctx) => ({
    android_url: ctx.config.androidDownloadUrl,
    ios_url: ctx.config.iosDownloadUrl,
  })),
];
