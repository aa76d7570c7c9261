/** Shared wording for the legal documents. */

export const APP_NAME = '备考';
export const OPERATOR = '备考App运营方';
export const SERVICE_EMAIL = 'kefu@beikao.example';
export const PRIVACY_EMAIL = 'privacy@beikao.example';

/** e.g. “2026年5月28日”, in China Standard Time. */
export function chineseDate(unixSeconds: number): string {
  const d = new Date((unixSeconds + 8 * 3600) * 1000);
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
}

export function dateHeader(now: number): string {
  return `更新日期：${chineseDate(now)}\n\n生效日期：${chineseDate(now)}`;
}
