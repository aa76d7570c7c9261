/** Subject areas (genera) and their categories. Order here is the display order (`sort` ascending). */

export interface CategorySeed {
  name: string;
  /** Short label used where space is tight (banner titles, hot words). */
  short: string;
}

export interface GenusSeed {
  name: string;
  description: string;
  categories: CategorySeed[];
}

export const GENERA: GenusSeed[] = [
  {
    name: '英语四六级',
    description: '覆盖大学英语四级、六级的报名资讯、真题解析与听说读写译全题型备考指导。',
    categories: [
      { name: '英语四级', short: '四级' },
      { name: '英语六级', short: '六级' },
    ],
  },
  {
    name: '计算机等级',
    description: '全国计算机等级考试二级各科目的考试动态、上机操作技巧与编程题精讲。',
    categories: [
      { name: '计算机二级 Python', short: 'Python' },
      { name: '计算机二级 C语言', short: 'C语言' },
      { name: '计算机二级 MS Office', short: 'Office' },
    ],
  },
  {
    name: '考研',
    description: '全国硕士研究生招生考试公共课备考资讯，政治、英语、数学分科规划与真题研究。',
    categories: [
      { name: '考研政治', short: '政治' },
      { name: '考研英语', short: '考研英语' },
      { name: '考研数学', short: '数学' },
    ],
  },
  {
    name: '驾照',
    description: '机动车驾驶人科目一、科目四理论考试的题库要点、交规解读与考试流程说明。',
    categories: [
      { name: '科目一', short: '科目一' },
      { name: '科目四', short: '科目四' },
    ],
  },
  {
    name: '教师资格证',
    description: '中小学教师资格考试笔试与面试的政策解读、学科知识梳理和教学设计指导。',
    categories: [
      { name: '小学', short: '小学' },
      { name: '中学', short: '中学' },
    ],
  },
];

export function genusIcon(index: number): string {
  return `/media/genus/${index + 1}.svg`;
}
