/**
 * demo/user-center/message-templates.json (messages every new user receives, in `sort` order) and
 * demo/user-center/vip-types.json (membership kinds; `genus_name` '' for all subjects) and demo-accounts.json.
 */
import { z } from 'zod';
import { OWNED_KINDS } from '../../../protocol/owned-content';
import { text, textList } from '../fields';
import { type ContentDir, readJson } from '../files';

const messageTemplate = z.strictObject({
  key: text(),
  kind: z.enum(['welcome', 'system']),
  title: text(),
  content: text(),
  link: z.string(),
  sort: z.int(),
  active: z.union([z.literal(0), z.literal(1)], { error: '只能是 0 或 1' }),
});

const vipType = z.strictObject({
  key: text(),
  name: text(),
  description: text(),
  benefits: textList(),
  genus_name: z.string(),
  sort: z.int(),
  /** Kinds of paid content the membership opens without an order (within the type's genus). */
  opens: z.array(z.enum(OWNED_KINDS)),
});

/**
 * demo/user-center/demo-accounts.json: accounts a tester logs in to by SMS (dev inbox) to see owned content and a VIP
 * membership. `courses[].index` are indexes into demo/study/catalog/courses.json within the named category.
 * Ownership is granted here only until orders exist (then the order state machine grants it).
 */
const demoAccount = z.strictObject({
  mobile: z.string().regex(/^1\d{10}$/, '须为 11 位手机号'),
  nickname: text(),
  courses: z.array(z.strictObject({ category: text(), index: z.array(z.int().min(0)).min(1) })).optional(),
  vip: z.strictObject({ type: text(), days: z.int().min(1) }).optional(),
});
export type DemoAccountContent = z.output<typeof demoAccount>;
export const loadDemoAccounts = (dir: ContentDir) => readJson(dir, 'demo/user-center/demo-accounts.json', z.array(demoAccount));

export type MessageTemplateContent = z.output<typeof messageTemplate>;
export type VipTypeContent = z.output<typeof vipType>;

export const loadMessageTemplates = (dir: ContentDir) => readJson(dir, 'demo/user-center/message-templates.json', z.array(messageTemplate));
export const loadVipTypes = (dir: ContentDir) => readJson(dir, 'demo/user-center/vip-types.json', z.array(vipType));
