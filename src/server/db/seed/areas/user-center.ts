import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../../schema';
import type { MessageTemplateTable, VipTypeTable } from '../../tables/user-center';
import { chunks } from '../batch';

/**
 * Welcome and system messages every new user receives (copied into their inbox on first use, see
 * services/user-center-messages.ts). Order: `sort` ascending is the order they arrive in; the inbox
 * shows the newest first.
 */
export const MESSAGE_TEMPLATES: Array<Insertable<MessageTemplateTable>> = [
  {
    key: 'welcome',
    kind: 'welcome',
    title: '欢迎来到备考',
    content:
      '你好，欢迎加入备考！在这里你可以按考试科目浏览最新资讯和备考攻略，刷题巩固薄弱环节，观看课程与电子书系统复习。' +
      '先在学习首页选好你的考试科目，我们会为你推荐对应的报名提醒、真题解析和复习计划。祝你一次通过！',
    link: '/study/category',
    sort: 1,
    active: 1,
  },
  {
    key: 'guide',
    kind: 'system',
    title: '新手指南：三步开启高效备考',
    content:
      '第一步，在“选择考试科目”里选定目标考试，首页内容会随之切换；第二步，遇到有用的资讯点“收藏”，在“我的-我的收藏”里随时回看；' +
      '第三步，每天花十五分钟刷题，错题会自动进入错题本。坚持三周，你会明显感觉到进步。',
    link: '/user/collections',
    sort: 2,
    active: 1,
  },
  {
    key: 'address',
    kind: 'system',
    title: '完善收货地址，纸质资料寄送更省心',
    content:
      '购买纸质教材、真题试卷或参加实物奖励活动时，我们会寄送到你的默认收货地址。建议现在就在“我的-收货地址”里添加一个常用地址，' +
      '并核对收货人手机号，避免快递无法联系到你。',
    link: '/address/list',
    sort: 3,
    active: 1,
  },
  {
    key: 'security',
    kind: 'system',
    title: '账号安全提醒',
    content:
      '备考账号通过手机号验证码登录，工作人员不会以任何理由向你索要验证码。如果你在公共设备上登录过，' +
      '用完后请在“我的”页面点击“退出登录”，退出后该账号在所有设备上的登录状态都会失效。',
    link: '',
    sort: 4,
    active: 1,
  },
  {
    key: 'privacy',
    kind: 'system',
    title: '隐私政策与个人信息保护说明',
    content:
      '我们非常重视你的个人信息安全。你可以在“我的-协议与说明”中查看《用户协议》《隐私政策》《个人信息收集清单》和《第三方SDK目录》，' +
      '了解我们收集哪些信息、为什么收集以及你可以如何管理它们。',
    link: '/user/agreement/privacy',
    sort: 5,
    active: 1,
  },
];

/** Kinds of VIP membership (benefits one per line). */
export const VIP_TYPES: Array<Insertable<VipTypeTable>> = [
  {
    key: 'cet_vip',
    name: '四六级VIP',
    description: '英语四六级全程备考会员，覆盖听力、阅读、翻译、写作全题型。',
    benefits: ['历年真题逐题精讲课程免费看', '高频词汇电子书与配套音频', '每月两次全真模考与成绩分析', '作文批改每月 4 篇'].join('\n'),
    genus_name: '英语四六级',
    sort: 1,
  },
  {
    key: 'ncre_vip',
    name: '计算机二级VIP',
    description: '计算机等级考试二级会员，上机操作与选择题一站式通关。',
    benefits: ['全部科目模拟上机题库', '操作题视频讲解', '考前押题卷两套'].join('\n'),
    genus_name: '计算机等级',
    sort: 2,
  },
  {
    key: 'kaoyan_vip',
    name: '考研VIP',
    description: '考研公共课会员，政治、英语、数学分阶段规划。',
    benefits: ['基础、强化、冲刺三阶段课程', '历年真题解析电子书', '每周直播答疑', '专属学习计划提醒'].join('\n'),
    genus_name: '考研',
    sort: 3,
  },
  {
    key: 'teacher_vip',
    name: '教师资格VIP',
    description: '教师资格证笔试与面试会员。',
    benefits: ['笔试各科精讲课程', '结构化面试与试讲示范视频', '教学设计模板合集'].join('\n'),
    genus_name: '教师资格证',
    sort: 4,
  },
  {
    key: 'super_vip',
    name: '全科超级VIP',
    description: '所有考试科目通用的超级会员，一次开通，全站课程与电子书畅学。',
    benefits: ['全站课程与电子书免费学', '全部题库无限次练习', '专属客服优先响应', '实物教材包邮'].join('\n'),
    genus_name: '',
    sort: 5,
  },
];

/** Seed content of the user-center area; runs inside the one seed transaction. */
export async function seedUserCenter(trx: Transaction<Database>, _now: number): Promise<void> {
  for (const batch of chunks(MESSAGE_TEMPLATES)) await trx.insertInto('message_templates').values(batch).execute();
  for (const batch of chunks(VIP_TYPES)) await trx.insertInto('vip_types').values(batch).execute();
}
