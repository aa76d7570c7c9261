/** Announcements: platform-wide ones plus three per genus, some linking to a related seeded article. */
import { type Rng, shuffled } from './prng';
import { half, sittings, type Terms, termsAt } from './terms';

export interface NewsRef {
  id: number;
  genus_id: number;
  category_id: number;
  title: string;
}

interface NoticeSeed {
  title: string;
  /** Link to the newest article (of the genus, or any genus for global notices) whose title contains this. */
  linkKeyword?: string;
}

export interface NoticeRow {
  genus_id: number | null;
  category_id: number | null;
  title: string;
  link: string;
  created_at: number;
}

function globalNotices(t: Terms): NoticeSeed[] {
  return [
    { title: '备考App新版上线：首页信息流与搜索体验全面升级' },
    { title: '关于系统例行维护的公告（凌晨2:00—4:00暂停服务）' },
    { title: '《用户协议》与《隐私政策》更新提示' },
    { title: '客服在线时间调整：每日9:00—21:00为您服务' },
    { title: '防骗提醒：官方工作人员不会索要短信验证码' },
    { title: '题库纠错有奖：发现错题反馈即可获得学习积分' },
    { title: '手机号绑定功能上线，账号安全更有保障' },
    { title: '电子书阅读新增书签同步与阅读记录' },
    { title: '直播课开课提醒功能使用说明' },
    { title: '订单支付异常的处理方式说明' },
    { title: `${t.year}年各类考试时间汇总（持续更新）`, linkKeyword: '报名时间' },
    { title: '学习计划功能内测招募，欢迎报名体验' },
    { title: '关于规范学习交流社群管理的公告' },
    { title: '考前冲刺资料专区已更新，欢迎前往学习', linkKeyword: '冲刺' },
  ];
}

function genusNotices(genusName: string, t: Terms): NoticeSeed[] {
  switch (genusName) {
    case '英语四六级': {
      // Written exams in June and December; registration around March and September; scores by August and
      // (for the December sitting) by the following March.
      const { registration } = sittings(t, [3, 9], [8, 12]);
      const scored = t.month >= 8 ? half(t.year, true) : t.month >= 3 ? half(t.year - 1, false) : half(t.year - 1, true);
      return [
        { title: `${registration}全国大学英语四六级考试报名工作通知`, linkKeyword: '报名' },
        { title: `${scored}全国大学英语四六级考试成绩查询通知`, linkKeyword: '成绩查询' },
        { title: '四六级考试听力调频耳机试音安排提醒', linkKeyword: '耳机' },
      ];
    }
    case '计算机等级': {
      // Sittings in March and September; scores about a month later.
      const next = t.month <= 2 ? `${t.year}年3月` : t.month <= 8 ? `${t.year}年9月` : `${t.year + 1}年3月`;
      const scored = t.month >= 10 ? `${t.year}年9月` : t.month >= 4 ? `${t.year}年3月` : `${t.year - 1}年9月`;
      return [
        { title: `${next}全国计算机等级考试报名安排`, linkKeyword: '报名' },
        { title: `${scored}全国计算机等级考试成绩查询通知`, linkKeyword: '成绩查询' },
        { title: '全国计算机等级考试合格证书领取说明', linkKeyword: '证书' },
      ];
    }
    case '考研': {
      // Registration in October for the December exam, which admits students the following year.
      const admission = t.month <= 10 ? t.year + 1 : t.year + 2;
      const lineYear = t.month >= 3 ? t.year : t.year - 1;
      return [
        { title: `${admission}年全国硕士研究生招生考试网上报名公告`, linkKeyword: '报名' },
        { title: `${lineYear}年考研国家线发布，复试准备提上日程`, linkKeyword: '国家线' },
        { title: '考研初试成绩复核申请时间提醒', linkKeyword: '成绩' },
      ];
    }
    case '驾照':
      return [
        { title: '交管12123考试预约规则提醒', linkKeyword: '预约' },
        { title: '理论考试题库更新公告', linkKeyword: '题库' },
        { title: '驾驶人理论考试考场纪律重申', linkKeyword: '考场纪律' },
      ];
    case '教师资格证': {
      // Written exams in March and October; registration in January and September; scores in April and November.
      const s = sittings(t, [1, 9], [4, 11]);
      return [
        { title: `${s.registration}中小学教师资格考试（笔试）报名公告`, linkKeyword: '报名' },
        { title: `${s.scored}中小学教师资格考试笔试成绩查询通知`, linkKeyword: '成绩查询' },
        { title: '中小学教师资格考试面试报名提醒', linkKeyword: '面试' },
      ];
    }
    default:
      return [
        { title: `${genusName}考试报名安排通知`, linkKeyword: '报名' },
        { title: `${genusName}成绩查询通知`, linkKeyword: '成绩' },
        { title: `${genusName}考场规则提醒`, linkKeyword: '考场' },
      ];
  }
}

function linkFor(news: readonly NewsRef[], keyword: string | undefined): string {
  if (!keyword) return '';
  // `news` is ordered oldest first; prefer the newest match.
  for (let i = news.length - 1; i >= 0; i--) {
    const n = news[i];
    if (n?.title.includes(keyword)) return `/news/detail/${n.id}`;
  }
  return '';
}

/** Notices with `created_at` spread over the 30 days before `now` (newest first in the returned order). */
export function buildNotices(
  rng: Rng,
  now: number,
  genera: ReadonlyArray<{ id: number; name: string }>,
  news: readonly NewsRef[],
): NoticeRow[] {
  const t = termsAt(now);
  const drafts: Array<Omit<NoticeRow, 'created_at'>> = [];
  for (const n of globalNotices(t)) {
    drafts.push({ genus_id: null, category_id: null, title: n.title, link: linkFor(news, n.linkKeyword) });
  }
  for (const g of genera) {
    const own = news.filter((n) => n.genus_id === g.id);
    for (const n of genusNotices(g.name, t)) {
      drafts.push({ genus_id: g.id, category_id: null, title: n.title, link: linkFor(own, n.linkKeyword) });
    }
  }
  // Interleave global and genus notices in time: each draft gets a random, distinct time slot.
  const slots = shuffled(rng, drafts.map((_, i) => i));
  const span = 30 * 86400;
  const step = Math.floor(span / drafts.length);
  return drafts.map((d, i) => {
    const slot = slots.indexOf(i);
    return { ...d, created_at: now - 600 - slot * step - Math.floor(rng() * step) };
  });
}
