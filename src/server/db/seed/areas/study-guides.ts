/** Sign-up info, syllabus and going-list items per category; columns per genus. */
import type { Insertable } from 'kysely';
import type { ExamGuideTable, GoingItemTable } from '../../tables/study';
import { intBetween, type Rng } from '../prng';
import type { SubjectIds } from './study-catalog';
import type { StrategyCtx } from './study-strategies';

const DAY = 86400;
const at = (list: readonly string[], i: number): string => list[i % list.length] ?? '';

/** Official registration sites by genus (the exam authorities' public portals). */
const SIGNUP_SITES: Readonly<Record<string, string>> = {
  英语四六级: 'https://cet.neea.edu.cn/',
  计算机等级: 'https://ncre.neea.edu.cn/',
  考研: 'https://yz.chsi.com.cn/',
  驾照: 'https://gab.122.gov.cn/',
  教师资格证: 'https://ntce.neea.edu.cn/',
};

const POINT_PHRASES = [
  (t: string) => `理解${t}的基本概念和常见考法，能够准确判断题目考查的知识点。`,
  (t: string) => `熟悉${t}的题型结构，能在规定时间内完成作答并保证正确率。`,
  (t: string) => `能够综合运用${t}的相关知识分析和解决实际问题。`,
];

export function buildGuides(c: StrategyCtx, genusName: string, s: SubjectIds, now: number): Array<Insertable<ExamGuideTable>> {
  const g = c.genus;
  const signup = [
    `本页汇总${c.label}的报名时间、方式与流程，报名开始后请以官方通知为准。`,
    '## 报名时间',
    `${g.schedule}。具体日期以${g.org}及各地考试机构发布的通知为准。`,
    '## 报名方式',
    `${g.signupWay}。`,
    '## 报名流程',
    [
      '1. 注册并登录报名网站，如实填写个人信息；',
      `2. 上传符合要求的证件照片，选择考试科目（${c.label}）和考点；`,
      '3. 在规定时间内完成缴费，缴费成功才算报名成功；',
      '4. 考前按通知打印或领取准考证。',
    ].join('\n'),
    '## 注意事项',
    [
      '- 证件号码、姓名等信息提交后一般不能修改，请仔细核对；',
      '- 缴费截止后仍未缴费的报名信息视为无效；',
      `- 考试当天请携带：${g.examDayItems.join('、')}。`,
    ].join('\n'),
  ];
  const outline = [
    `${g.exam}由${g.org}组织。以下是${c.label}的考查内容与要求，复习时可以对照逐项检查。`,
    '## 考查内容',
    c.topics.map((t, i) => `${i + 1}. **${t}**：${(POINT_PHRASES[i % POINT_PHRASES.length] ?? POINT_PHRASES[0])?.(t) ?? ''}`).join('\n'),
    '## 成绩与合格标准',
    `${g.scoreWay}。`,
    '## 复习建议',
    [`- ${at(c.tips, 0)}`, `- ${at(c.tips, 1)}`, `- 推荐资料：《${at(c.materials, 0)}》《${at(c.materials, 1)}》。`].join('\n'),
  ];
  const base = { genus_id: s.genusId, category_id: s.categoryId, updated_at: now - 2 * DAY };
  return [
    { ...base, kind: 'signup', title: `${c.label}报名入口`, content: signup.join('\n\n'), link: SIGNUP_SITES[genusName] ?? '' },
    { ...base, kind: 'outline', title: `${c.label}考试大纲`, content: outline.join('\n\n'), link: '' },
  ];
}

/**
 * Going-list items: three in progress at `now` (two plans and the current registration window), one already
 * ended and one not yet started (so the list's time filter has something to leave out).
 */
export function buildGoing(rng: Rng, c: StrategyCtx, s: SubjectIds, now: number): Array<Insertable<GoingItemTable>> {
  const jitter = () => intBetween(rng, 0, DAY);
  const item = (kind: 'exam' | 'plan', title: string, description: string, link: string, startDays: number, lengthDays: number) => {
    const start = now + startDays * DAY - jitter();
    return {
      genus_id: s.genusId,
      category_id: s.categoryId,
      kind,
      title,
      description,
      link,
      start_at: start,
      end_at: start + lengthDays * DAY,
    };
  };
  const sprintDone = intBetween(rng, 3, 25);
  const hundredDone = intBetween(rng, 10, 80);
  return [
    item(
      'plan',
      `${c.label}三十天冲刺计划`,
      `每天一个主题，重点攻克${at(c.topics, 0)}和${at(c.topics, 1)}。`,
      '/stratege/list',
      -sprintDone,
      30,
    ),
    item('plan', `${c.label}百日备考计划`, '基础、强化、冲刺三阶段，按周安排学习任务。', '/stratege/list', -hundredDone, 100),
    item(
      'exam',
      `${c.year}年${c.label}报名进行中`,
      '报名时间有限，请尽早完成报名与缴费。',
      '/news/detail/special/signup',
      -intBetween(rng, 2, 9),
      21,
    ),
    item('plan', `${c.label}寒假强化计划`, '已结束的计划。', '/stratege/list', -90, 40),
    item('plan', `${c.label}暑期集训计划`, '即将开始的计划。', '/stratege/list', 20, 45),
  ];
}

export interface ColumnSeed {
  title: string;
  intro: string;
  /** Articles (news or strategies of the genus) whose title contains one of these are collected. */
  keywords: readonly string[];
}

const COLUMNS: Readonly<Record<string, readonly ColumnSeed[]>> = {
  英语四六级: [
    { title: '听力特训营', intro: '从短篇新闻到讲座讲话，听力各题型的方法与练习安排都在这里。', keywords: ['听力', '耳机'] },
    { title: '写作与翻译', intro: '作文模板、翻译高频表达和评分标准，帮你稳住主观题分数。', keywords: ['作文', '翻译', '写作'] },
    { title: '报考与成绩', intro: '报名、考试当天注意事项与成绩查询，一站式了解考试流程。', keywords: ['报名', '成绩', '考场'] },
  ],
  计算机等级: [
    { title: '上机操作专栏', intro: '操作题、程序设计题的解题步骤与常见错误，边看边练。', keywords: ['操作', '上机', '程序', '函数'] },
    { title: '报考指南', intro: '报名安排、考试流程、成绩与证书领取，考前必读。', keywords: ['报名', '成绩', '证书', '考场'] },
  ],
  考研: [
    { title: '时间规划', intro: '从择校到冲刺，各阶段该做什么、做到什么程度。', keywords: ['规划', '计划', '冲刺'] },
    { title: '真题研究', intro: '历年真题的命题规律、解析与使用方法。', keywords: ['真题', '命题'] },
    { title: '报名与复试', intro: '网上报名、确认、国家线与复试准备的关键信息。', keywords: ['报名', '复试', '国家线', '确认'] },
  ],
  驾照: [
    { title: '交规速记', intro: '交通标志、标线、扣分规定的记忆口诀与易错点。', keywords: ['标志', '扣分', '交通', '口诀'] },
    { title: '约考与考试流程', intro: '预约考试、考场规则与补考规定，考前看一遍更安心。', keywords: ['预约', '考场', '补考', '流程'] },
  ],
  教师资格证: [
    { title: '笔试备考', intro: '综合素质、教育知识与能力等笔试科目的复习方法。', keywords: ['综合素质', '教育', '笔试', '写作'] },
    { title: '面试专栏', intro: '结构化问答、试讲与答辩，面试每个环节的准备要点。', keywords: ['面试', '试讲', '结构化', '教学设计'] },
  ],
};

const FALLBACK_COLUMNS: readonly ColumnSeed[] = [
  { title: '备考攻略精选', intro: '编辑精选的备考方法与经验。', keywords: ['攻略', '计划'] },
  { title: '考试动态', intro: '报名、考试与成绩的最新动态。', keywords: ['报名', '成绩'] },
];

export function columnsFor(genusName: string): readonly ColumnSeed[] {
  return COLUMNS[genusName] ?? FALLBACK_COLUMNS;
}
