import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { CODE } from './envelope';
import { empty } from './fields';

/**
 * What routing needs of a page's meta (sent with every HTML page, so kept small): the guards and the tab-bar
 * flag. The title and the rest of the meta come with the page's config.
 */
const meta = z.object({
  auth: z.boolean(),
  needCategory: z.boolean(),
  needBinding: z.optional(z.boolean()),
  devOnly: z.optional(z.boolean()),
  tabBar: z.optional(z.boolean()),
});
const route = z.object({ name: z.string(), path: z.string(), aliases: z.array(z.string()), meta });
export type RouteEntry = z.infer<typeof route>;
const tabBarItem = z.object({
  key: z.string(),
  text: z.string(),
  icon: z.string(),
  path: z.string(),
  match: z.optional(z.array(z.string())),
});
/** The bottom tab bar (pages-config/_app/tab-bar.json), sent with the route table. */
const tabBar = z.object({ items: z.array(tabBarItem) });
export type TabBar = z.infer<typeof tabBar>;

export const pageManifest = endpoint({
  id: 'pages.manifest',
  method: 'GET',
  host: 'platform',
  path: '/api/pages/manifest',
  input: empty(),
  output: z.object({ version: z.string(), routes: z.array(route), tabBar: z.optional(tabBar) }),
  auth: 'none',
  summary: '路由表：每个页面配置的 name、path、别名与 meta，以及底部标签栏（服务端启动时校验，文件变更后即时生效）',
});

export const pageConfig = endpoint({
  id: 'pages.config',
  method: 'GET',
  host: 'platform',
  path: '/api/pages/config',
  input: z.object({ name: z.string('须为字符串').check(z.regex(/^[a-z][a-z0-9-]*$/, '须为页面名（小写字母、数字和连字符）')) }),
  output: z.record(z.string(), z.unknown()),
  auth: 'none',
  summary: '一个页面的完整配置（最后一个通过校验的版本）',
  errors: [CODE.notFound],
});
