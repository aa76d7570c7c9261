/** Search hot words: a platform-wide list plus one per genus. Earlier words are hotter. */
import { intBetween, type Rng } from './prng';

export const GLOBAL_HOT_WORDS: readonly string[] = [
  '四级真题',
  '考研政治',
  '科目一模拟考试',
  '计算机二级Python',
  '教资报名时间',
  '六级作文模板',
  '考研数学真题',
  '成绩查询',
  '科目四速记口诀',
  '综合素质',
];

export const GENUS_HOT_WORDS: Readonly<Record<string, readonly string[]>> = {
  英语四六级: [
    '四级听力',
    '六级翻译',
    '四级作文模板',
    '四六级成绩查询',
    '六级真题解析',
    '选词填空技巧',
    '长篇阅读',
    '四级高频词汇',
    '四六级报名时间',
    '听力耳机',
    '六级讲座听力',
    '翻译常用表达',
    '四级分数线',
    '六级备考计划',
  ],
  计算机等级: [
    '二级Python真题',
    'MS Office操作题',
    'C语言指针',
    'Excel函数',
    '计算机二级报名',
    '公共基础知识',
    '二级成绩查询',
    'turtle绘图',
    '程序设计题',
    'Word目录',
    '数据透视表',
    '上机考试流程',
    '计算机二级证书',
  ],
  考研: [
    '考研政治大纲',
    '考研英语一真题',
    '考研数学一',
    '考研国家线',
    '考研预报名',
    '马原选择题',
    '考研英语作文',
    '线性代数',
    '考研初试成绩',
    '长难句',
    '考研英语二',
    '考研时间规划',
    '复试准备',
    '概率论',
    '网上确认',
  ],
  驾照: [
    '科目一题库',
    '科目四模拟考试',
    '交通标志',
    '扣分规定',
    '科目一速记口诀',
    '交管12123预约',
    '仪表指示灯',
    '科目四动画题',
    '交警手势',
    '补考规定',
    '安全距离',
    '高速公路规定',
  ],
  教师资格证: [
    '教资报名',
    '综合素质作文',
    '教育知识与能力',
    '教资面试',
    '教资成绩查询',
    '教学设计',
    '小学教资科目二',
    '结构化面试',
    '教育法律法规',
    '材料分析题',
    '试讲模板',
    '教资合格线',
    '非师范生报考',
  ],
};

/** Hotness values that mostly decrease with rank but are not perfectly regular. */
export function hotValues(rng: Rng, n: number, top: number): number[] {
  const out: number[] = [];
  let v = top;
  for (let i = 0; i < n; i++) {
    out.push(v);
    v = Math.max(50, v - intBetween(rng, Math.floor(top / 40), Math.floor(top / 12)));
  }
  return out;
}
