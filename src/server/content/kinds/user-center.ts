/**
 * demo/user-center/message-templates.json (messages every new user receives, in `sort` order) and
 * demo/user-center/vip-types.json (membership kinds; `genus_name` '' for all subjects).
 */
import { z } from 'zod';
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
});

export type MessageTemplateContent = z.output<typeof messageTemplate>;
export type VipTypeContent = z.output<typeof vipType>;

export const loadMessageTemplates = (dir: ContentDir) => readJson(dir, 'demo/user-center/message-templates.json', z.array(messageTemplate));
export const loadVipTypes = (dir: ContentDir) => readJson(dir, 'demo/user-center/vip-types.json', z.array(vipType));
