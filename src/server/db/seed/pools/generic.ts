import type { CategoryPool, GenusPool } from './types';

/** Fallback used when an article is requested for a subject without a hand-written pool. */
export const GENERIC_CATEGORY: CategoryPool = {
  topics: ['基础概念', '核心考点', '客观题', '主观题', '综合题', '计算与应用', '案例分析', '重点章节'],
  tips: [
    '先通读考试大纲，把考查范围和分值比重整理成一张表。',
    '以真题为中心复习，每做完一套都写下错因。',
    '把大块时间用于新内容，零碎时间用于记忆和回顾。',
    '每周留出固定时间做限时练习，适应考场节奏。',
    '复习笔记宁少勿多，只记录自己真正容易忘的内容。',
    '考前两周减少新题，转向回顾错题和整理框架。',
  ],
  mistakes: [
    '没有看清题目要求就开始作答。',
    '基础概念理解不到位，遇到变式题就无从下手。',
    '答题时间分配失衡，前松后紧。',
    '只刷题不总结，同类错误反复出现。',
    '主观题作答要点不全，层次不清。',
    '临近考试频繁更换复习资料。',
  ],
  materials: ['官方考试大纲', '历年真题汇编', '同步练习题集', '重点知识手册'],
};

export const GENERIC_POOL: GenusPool = {
  exam: '相关资格考试',
  org: '考试主管部门',
  schedule: '考试时间以当年主管部门发布的通知为准',
  signupWay: '报名一般在官方网站进行，需要完成注册、填写信息和缴费等步骤',
  scoreWay: '成绩通常在考后数周内公布，考生可在官方渠道查询',
  examDayItems: ['准考证', '有效身份证件', '黑色字迹签字笔'],
  authors: ['备考编辑部', '教研组', '林老师'],
  sources: ['备考研究院', '教务中心'],
  titles: [
    { kind: 'signup', t: '{year}年{cat}报名时间与流程说明' },
    { kind: 'signup', t: '{cat}报名常见问题解答' },
    { kind: 'syllabus', t: '{cat}考试大纲解读：{x}考查要求' },
    { kind: 'syllabus', t: '{cat}考试题型与分值一览' },
    { kind: 'experience', t: '{cat}{x}备考经验分享' },
    { kind: 'experience', t: '一次通过{cat}：我的复习方法' },
    { kind: 'analysis', t: '{cat}真题解析：{x}专项' },
    { kind: 'analysis', t: '{cat}{x}命题规律分析' },
    { kind: 'score', t: '{cat}成绩查询时间及方式' },
    { kind: 'score', t: '{cat}合格标准与证书领取说明' },
    { kind: 'template', t: '{cat}{x}答题模板' },
    { kind: 'mistake', t: '{cat}{x}易错点盘点' },
    { kind: 'mistake', t: '{cat}考试常见失分原因' },
    { kind: 'plan', t: '距离{cat}考试还有{x}天，复习怎么安排', fill: ['15', '30', '60', '90'], variant: 0 },
    { kind: 'plan', t: '{cat}零基础复习规划', variant: 1 },
    { kind: 'rules', t: '{cat}考试当天注意事项' },
  ],
  categories: {},
};
