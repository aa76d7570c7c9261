import { zhCN } from './zh-CN';

/** The message catalog in use (zh-CN is the only locale for now). */
export const i18n = zhCN;
export type { Messages } from './zh-CN';
