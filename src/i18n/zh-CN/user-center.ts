/** Strings of user-center (part of the one zh-CN catalog; imported by its lazy chunk, not the first load). */
export const userCenter = {
  vipBadge: 'VIP',
  vipUntil: (date: string, days: number) => `有效期至 ${date}（剩余 ${days} 天）`,
  vipScope: (scope: string) => `适用：${scope}`,
  stats: { orders: '订单', collections: '收藏', unread: '未读消息', courses: '课程', questions: '已做题', days: '学习天数' },
  logoutConfirm: '确定退出登录？',
  cancel: '取消',
} as const;
