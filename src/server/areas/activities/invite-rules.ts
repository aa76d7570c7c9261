/** The texts and numbers of the referral rules, in one place (the engine and the views read them). */

/** Only a user registered at most this long ago can accept an invite ("only a new user can be invited"). */
export const INVITEE_NEW_SECONDS = 24 * 3600;
/** How far up the chain of referrers a loop is looked for (A→B→…→A). */
export const LOOP_DEPTH = 10;
/** Defaults of the per-hour limits on new invitees from one IP and one device. */
export const DEFAULT_PER_IP_HOUR = 5;
export const DEFAULT_PER_DEVICE_HOUR = 3;

/** Why an invite waits or does not count: the code stored, and what the referrer reads. */
export const INVITE_REASONS = {
  needs_mobile: '好友绑定手机号后生效',
  needs_study: '好友完成第一次学习后生效',
  needs_payment: '好友完成第一笔购买后生效',
  daily_cap: '今日有效邀请已达上限，次日自动生效',
  ip_limit: '同一网络短时间内注册过多',
  device_limit: '同一设备短时间内注册过多',
  order_refunded: '好友的订单已退款',
  returning_mobile: '该手机号曾注册过，不是新用户',
} as const;
export type InviteReason = keyof typeof INVITE_REASONS;

export function inviteStatusText(status: string, reason: string): string {
  if (status === 'qualified') return '已生效';
  const why = INVITE_REASONS[reason as InviteReason] ?? reason;
  if (status === 'invalid') return `无效：${why}`;
  return why ? `待完成：${why}` : '待完成';
}

/** The Asia/Shanghai day (YYYY-MM-DD) of a unix-seconds instant: daily caps roll over at 00:00 China time. */
export function chinaDay(nowSeconds: number): string {
  return new Date((nowSeconds + 8 * 3600) * 1000).toISOString().slice(0, 10);
}

/** A nickname as other users may see it: its first character and ** (学员 when it has none). */
export function maskNickname(nickname: string): string {
  return `${[...(nickname || '学员')][0] ?? '学'}**`;
}
