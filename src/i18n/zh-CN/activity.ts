/** Strings of the activity blocks (activity-prizes, activity-winners, activity-referrer; part of the one zh-CN catalog). */
export const activity = {
  /**
   * The public disclosure's items, in the order a promotion must state them before it starts (rendered by the server
   * into `disclosure_html`, src/server/areas/activities/activity-rules-html.ts).
   */
  disclosureLabels: {
    prizes: '奖品设置',
    conditions: '参与条件',
    claim: '领取方式',
    delivery: '发放方式',
    organiser: '主办方',
    contact: '联系方式',
  },
  /** The prize button, by the prize's state for the caller. */
  claim: '领取',
  claimed: '已领取',
  soldOut: '已领完',
  notStarted: '未开始',
  ended: '已结束',
  loginToClaim: '登录后领取',
  locked: '未达成',
  /** A prize without a picture shows its kind. */
  kind: {
    ebook: '电子书',
    course: '课程',
    question_bank: '题库',
    vip_days: '会员',
    physical: '实物',
  } as Record<string, string>,
  prizeFallback: '奖品',
  threshold: (n: number) => `邀请 ${n} 位好友`,
  stockLeft: (n: number) => `剩余 ${n} 份`,
  value: (yuan: string) => `价值 ¥${yuan}`,
  empty: '暂无奖品',
  /** The progress track above the prizes. */
  progressBefore: '已邀请',
  progressAfter: '位有效好友',
  nextGoal: (n: number, name: string) => `再邀请 ${n} 位，可领「${name}」`,
  allReached: '已达成全部奖品门槛，记得领取奖品',
  people: (n: number) => `${n}人`,
  progressLabel: '邀请进度',
  /** The winners marquee. */
  winnersLabel: '最新领奖',
  won: '领取了',
  /** Who invited the visitor (activity-referrer). */
  referrerName: (name: string) => `好友「${name}」`,
  referrerInvites: '邀请你一起参加活动',
};
