/** 备考攻略: fourteen hand-written Markdown templates filled from the subject's content pools. */
import type { CategoryPool, GenusPool } from '../pools';
import { type Rng, sample, shuffled } from '../prng';

export interface StrategyCtx {
  /** How the category is named in text, e.g. 英语四级, 小学教资. */
  label: string;
  genus: GenusPool;
  topics: string[];
  tips: string[];
  mistakes: string[];
  materials: string[];
  /** 真题 for most exams, 题库 for the driving test. */
  practice: string;
  year: number;
}

export function strategyCtx(
  rng: Rng,
  genusName: string,
  categoryName: string,
  genus: GenusPool,
  category: CategoryPool,
  year: number,
): StrategyCtx {
  return {
    label: genus.catLabel ? genus.catLabel.replaceAll('{cat}', categoryName) : categoryName,
    genus,
    topics: shuffled(rng, category.topics),
    tips: sample(rng, category.tips, 6),
    mistakes: sample(rng, category.mistakes, 4),
    materials: shuffled(rng, category.materials),
    practice: genusName === '驾照' ? '题库' : '真题',
    year,
  };
}

interface Template {
  title(c: StrategyCtx): string;
  body(c: StrategyCtx): string[];
}

const at = (list: readonly string[], i: number): string => list[i % list.length] ?? '';
const bullets = (list: readonly string[]): string => list.map((s) => `- ${s}`).join('\n');

export const STRATEGY_TEMPLATES: readonly Template[] = [
  {
    title: (c) => `${c.label}备考全攻略：从报名到查分的完整路线`,
    body: (c) => [
      `想把${c.label}一次考过，第一步不是埋头刷题，而是把考试安排、题型和自己的时间摸清楚。这篇攻略按时间顺序把整条备考路线串起来。`,
      '## 先弄清考试安排',
      `${c.genus.exam}由${c.genus.org}组织，${c.genus.schedule}。${c.genus.signupWay}。`,
      '## 备考分三段走',
      `1. **打基础（约占总时间的四成）**：按${at(c.topics, 0)}、${at(c.topics, 1)}、${at(c.topics, 2)}的顺序把知识点过一遍，每学完一块就做对应的${c.practice}。`,
      `2. **专项突破（约三成）**：把错误最集中的${at(c.topics, 3)}单独拿出来练。${at(c.tips, 0)}`,
      `3. **模考冲刺（约三成）**：按真实考试时长整套练习。${at(c.tips, 1)}`,
      '## 考试当天带齐',
      `${c.genus.examDayItems.join('、')}。前一天晚上就装进文件袋，出门前再核对一遍。`,
      '## 出分以后',
      `${c.genus.scoreWay}。无论结果如何，都建议把这次的备考记录留下来，下次复习能省不少时间。`,
    ],
  },
  {
    title: (c) => `${c.label}${at(c.topics, 0)}专项攻略：三步吃透高频考点`,
    body: (c) => [
      `${at(c.topics, 0)}是${c.label}里分值稳定、也最容易拉开差距的部分。按下面三步走，两到三周就能看到明显变化。`,
      '## 第一步：摸清考法',
      `找出近几年${c.practice}中所有${at(c.topics, 0)}题目，按考点分类统计出现次数，出现三次以上的就是必须掌握的高频点。`,
      '## 第二步：集中训练',
      `${at(c.tips, 0)}${at(c.tips, 1)}`,
      '## 第三步：限时检验',
      `每周安排一次限时小测，只做${at(c.topics, 0)}，记录用时和正确率。正确率稳定在八成以上，再把精力转向${at(c.topics, 1)}。`,
      '> 小提醒：专项练习不要一次堆太多题，做完一定要复盘，弄明白错因比多做十道题更有用。',
    ],
  },
  {
    title: (c) => `零基础备考${c.label}：一份循序渐进的学习清单`,
    body: (c) => [
      `零基础并不可怕，可怕的是一上来就做难题、越做越没信心。下面这份清单按“先易后难、先懂后练”排好了顺序。`,
      '## 第一阶段：建立框架',
      `通读考试大纲，弄清${c.label}一共考哪几部分：${c.topics.slice(0, 4).join('、')}等。再选一本基础教材，例如《${at(c.materials, 0)}》，每天学一小节。`,
      '## 第二阶段：边学边练',
      bullets([at(c.tips, 0), at(c.tips, 1), at(c.tips, 2)]),
      '## 第三阶段：查漏补缺',
      `用一套完整的${c.practice}检验自己，把得分率最低的两个部分列为重点。常见的问题有：${at(c.mistakes, 0)}`,
      '坚持每天学习，哪怕只有半小时，也比周末突击一整天效果好。',
    ],
  },
  {
    title: (c) => `${c.label}${c.practice}怎么刷？刷几遍、怎么复盘一次说清`,
    body: (c) => [
      `${c.practice}是最好的复习材料，但“刷过”不等于“吃透”。建议至少刷三遍，每一遍的目标都不一样。`,
      '## 第一遍：按部分做，重在理解',
      `不计时，按${at(c.topics, 0)}、${at(c.topics, 1)}等部分分开做，每道错题都要找到依据。`,
      '## 第二遍：整套限时，练节奏',
      `严格按考试时间完成整套题，记录每部分用时。${at(c.tips, 2)}`,
      '## 第三遍：只做错题和标记题',
      '把前两遍做错或犹豫过的题目再做一次，仍然出错的抄进错题本。',
      '## 复盘模板',
      bullets(['错在哪一步：审题、知识点还是计算／表达？', '正确思路是什么，用一句话写下来。', '同类题还有哪些，找出来再做一道。']),
    ],
  },
  {
    title: (c) => `时间不够怎么办？${c.label}碎片化备考攻略`,
    body: (c) => [
      '上课、上班、通勤把一天切成了碎片，备考时间只能“挤”出来。关键是给不同长度的时间安排不同的任务。',
      '## 五到十分钟：记忆类任务',
      `适合背记${at(c.topics, 1)}相关的知识点，手机里放一份自己整理的要点清单，排队、等车时看两眼。`,
      '## 二十到三十分钟：专项小练',
      `做一组${at(c.topics, 2)}题目，做完立刻对答案。${at(c.tips, 3)}`,
      '## 一小时以上：整块攻坚',
      `留给${at(c.topics, 0)}这类需要连续思考的内容，或者做一套限时模拟。`,
      `每周日晚上花十五分钟回顾本周完成情况，下周哪里需要多安排时间就一目了然。`,
    ],
  },
  {
    title: (c) => `${c.label}考前一周冲刺攻略：每天做什么`,
    body: (c) => [
      '最后一周不宜再开新坑，目标是稳住状态、查漏补缺、熟悉考场节奏。',
      '## 周一到周三：回归错题',
      `把错题本从头到尾过一遍，重点看${at(c.topics, 0)}和${at(c.topics, 3)}。${at(c.tips, 4)}`,
      '## 周四、周五：整套模考',
      `按考试当天的时间段做两套${c.practice}，连答题卡、草稿纸都按真实情况准备。`,
      '## 周六：轻量复习',
      '只看要点清单和自己整理的笔记，不做难题，晚上早点休息。',
      '## 考试前一天',
      `确认考点位置和交通路线，准备好${c.genus.examDayItems.slice(0, 3).join('、')}等物品。`,
    ],
  },
  {
    title: (c) => `${c.label}考场答题时间分配攻略`,
    body: (c) => [
      '不少同学不是不会做，而是没做完。提前规划好时间，考场上心里才有底。',
      '## 先定顺序',
      `拿到试卷先快速浏览，按“先拿稳分、再攻难题”的原则排序，${at(c.topics, 1)}这类熟练度高的部分可以先做。`,
      '## 给每部分设“止损线”',
      `一道题卡住超过预设时间就先标记、跳过。${at(c.mistakes, 0)}`,
      '## 留出检查时间',
      '最后至少留出五分钟检查填涂、作答位置和姓名考号，这几分钟往往能挽回不必要的失分。',
      `平时练习时就用同样的时间分配做${c.practice}，考场上才能形成习惯。`,
    ],
  },
  {
    title: (c) => `${c.label}资料怎么选：《${at(c.materials, 0)}》使用指南`,
    body: (c) => [
      `资料贵精不贵多。对${c.label}来说，一本主力资料配合${c.practice}，基本就够用了。`,
      `## 为什么推荐《${at(c.materials, 0)}》`,
      `它覆盖了${c.topics.slice(0, 3).join('、')}等核心内容，结构清楚，适合作为贯穿全程的主线资料。`,
      '## 怎么用',
      bullets([
        '第一轮通读，标出看不懂的地方，不急着全部解决。',
        `第二轮结合《${at(c.materials, 1)}》做题，回头解决第一轮的疑问。`,
        '第三轮只看自己的标注和笔记，压缩成几页要点。',
      ]),
      `## 其他资料怎么搭配`,
      `《${at(c.materials, 2)}》适合专项提升时使用，不必从头到尾做完。`,
    ],
  },
  {
    title: (c) => `${c.label}避坑攻略：这些常见误区别再犯`,
    body: (c) => [
      '每年都有考生在同样的地方丢分。下面这些误区，对照看看自己有没有中招。',
      '## 误区清单',
      bullets(c.mistakes),
      '## 怎么避免',
      `${at(c.tips, 0)}${at(c.tips, 1)}`,
      `把上面的误区抄在错题本第一页，每次做${c.practice}前看一眼，能少走很多弯路。`,
    ],
  },
  {
    title: (c) => `${c.label}${at(c.topics, 2)}答题技巧：拿分要点与示范思路`,
    body: (c) => [
      `${at(c.topics, 2)}看似灵活，其实有章可循。掌握下面几个要点，答题会更有把握。`,
      '## 拿分要点',
      bullets([at(c.tips, 2), at(c.tips, 3), at(c.tips, 4)]),
      '## 示范思路',
      '1. 先读清题目要求，圈出关键词。\n2. 回忆对应的知识点或方法，写下要点。\n3. 按要点组织答案，最后检查是否回应了题目的每一问。',
      '## 常见失分',
      at(c.mistakes, 1),
    ],
  },
  {
    title: (c) => `${c.label}错题本整理攻略：让每道错题只错一次`,
    body: (c) => [
      '错题本不是抄题本。整理得好，它会是考前最有价值的复习资料。',
      '## 记什么',
      bullets([
        '原题（可以剪贴或拍照）和自己当时的错误答案。',
        '错因：概念不清、审题失误还是粗心？',
        '正确思路，用自己的话写，不照抄解析。',
      ]),
      '## 怎么分类',
      `按${c.topics.slice(0, 4).join('、')}等部分分类，方便专项复习时集中查看。`,
      '## 多久回看一次',
      '记下后的第二天、第七天、第三十天各回看一次，三次都做对的题可以划掉。',
      at(c.tips, 5),
    ],
  },
  {
    title: (c) => `第二次备考${c.label}：复盘失利原因的五个问题`,
    body: (c) => [
      '上次没考过并不可惜，可惜的是不知道为什么没过。重新开始前，先诚实地回答这五个问题。',
      `1. 哪个部分失分最多？是${at(c.topics, 0)}还是${at(c.topics, 1)}？`,
      `2. 备考时间够不够，有没有长时间中断？`,
      `3. ${c.practice}做了几套，有没有认真复盘？`,
      `4. 考场上有没有出现时间不够的情况？`,
      `5. 是否踩过这些坑：${at(c.mistakes, 2)}`,
      '## 制定新计划',
      `针对答案最“扎心”的两个问题调整计划。${at(c.tips, 1)}`,
    ],
  },
  {
    title: (c) => `${c.label}${at(c.topics, 4)}与${at(c.topics, 5)}联动复习攻略`,
    body: (c) => [
      `${at(c.topics, 4)}和${at(c.topics, 5)}考查的能力有不少重合，放在一起复习能事半功倍。`,
      '## 找到共同点',
      `两部分都要求扎实的基础和稳定的节奏。${at(c.tips, 2)}`,
      '## 交替安排',
      `单数日以${at(c.topics, 4)}为主、${at(c.topics, 5)}为辅，双数日反过来，避免长时间只练一种题导致疲劳。`,
      '## 一起检验',
      `每周做一次包含这两部分的组合练习，记录得分变化，哪边落后就给哪边多分一点时间。`,
    ],
  },
  {
    title: (c) => `${c.label}考后攻略：查分、复核与下一步规划`,
    body: (c) => [
      '考完别急着把资料扔掉，考后还有几件事值得做。',
      '## 查分',
      `${c.genus.scoreWay}。`,
      '## 复盘',
      '趁记忆还新鲜，写下考场上遇到的难题和时间分配情况，无论结果如何都有参考价值。',
      '## 下一步',
      `通过了，可以把笔记和《${at(c.materials, 0)}》的心得分享给学弟学妹；没通过，就从失分最多的${at(c.topics, 0)}开始，尽早开启下一轮复习。`,
    ],
  },
];
