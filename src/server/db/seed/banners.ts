/** Carousel banners: three study-home (type 1) and one mall (type 2) banner per category, plus two global ones. */
import type { CategorySeed } from './genera';
import type { NewsRef } from './notices';

interface BannerTpl {
  title: string;
  subtitle: string;
  /** A literal path, or the newest article in the category whose title contains `keyword`. */
  link: string | { keyword: string };
  intro: string;
  points: readonly string[];
  outro: string;
}

export interface BannerRow {
  genus_id: number | null;
  category_id: number | null;
  type: number;
  title: string;
  subtitle: string;
  color: string;
  image: string;
  link: string;
  content: string;
  sort: number;
}

export const PALETTE = ['#2f7cf6', '#12b886', '#f76707', '#7950f2', '#e64980', '#1098ad', '#f59f00', '#4c6ef5', '#0ca678'];

const JOIN = '登录备考App，在学习首页即可进入对应专区；部分内容需要开通会员或购买课程后查看。';
const MALL = '课程购买后可在“我的课程”中随时学习，支持回放。如有疑问，可联系在线客服咨询。';

const BY_GENUS: Readonly<Record<string, readonly BannerTpl[]>> = {
  英语四六级: [
    {
      title: '{short}真题精讲',
      subtitle: '近十年真题逐题解析，考点一网打尽',
      link: { keyword: '真题' },
      intro: '{cat}真题精讲专区按听力、阅读、翻译、写作四大题型整理了近年真题，每道题都附有详细解析和考点说明。',
      points: ['逐题解析，讲清每个选项的对错原因', '高频词汇和长难句随题标注', '支持按题型专项练习'],
      outro: JOIN,
    },
    {
      title: '{short}听力每日一练',
      subtitle: '每天十分钟，坚持就能看见进步',
      link: '/study/search',
      intro: '听力是{cat}中分值占比最高的部分之一。每日一练每天推送一段真题音频，配合原文和精听笔记。',
      points: ['原文逐句对照，可反复播放', '难点词汇和连读现象单独讲解', '打卡记录帮助你养成习惯'],
      outro: JOIN,
    },
    {
      title: '{short}作文模板合集',
      subtitle: '高频话题结构与句型一次掌握',
      link: { keyword: '作文' },
      intro: '合集整理了{cat}写作中常见的话题类型，给出清晰的段落结构和可替换的表达，帮助你在三十分钟内写出完整的文章。',
      points: ['按话题分类的结构框架', '开头、过渡和结尾的常用句型', '真题范文与批改示例'],
      outro: JOIN,
    },
    {
      title: '{short}冲刺班限时优惠',
      subtitle: '直播精讲、真题题库与专属答疑',
      link: '/mall/index',
      intro: '{cat}冲刺班由资深老师带领，用直播课串联高频考点，配合真题题库和阶段测试，帮助你在考前集中提分。',
      points: ['直播精讲与课后回放', '配套真题题库和模拟卷', '学习群内老师答疑'],
      outro: MALL,
    },
  ],
  计算机等级: [
    {
      title: '{short}上机真题精讲',
      subtitle: '还原考试环境，操作步骤一看就会',
      link: { keyword: '真题' },
      intro: '精讲专区收录了{cat}的上机真题，选择题与操作题分开整理，每道操作题都有完整的步骤演示。',
      points: ['操作题分步演示', '选择题考点归纳', '易错操作单独提示'],
      outro: JOIN,
    },
    {
      title: '二级{short}刷题营',
      subtitle: '每天一套题，考前刷满全部题型',
      link: '/study/search',
      intro: '刷题营按照{cat}的考试结构编排每日练习，从基础题到综合题循序渐进，做完即可查看解析。',
      points: ['每日一套，题量适中', '错题自动进入错题本', '阶段测试检验学习效果'],
      outro: JOIN,
    },
    {
      title: '{short}高频考点速览',
      subtitle: '考前一周快速回顾核心知识',
      link: { keyword: '考点' },
      intro: '速览把{cat}的高频考点浓缩成若干张知识卡片，适合考前集中回顾。',
      points: ['核心知识点一页一张', '配套典型例题', '支持收藏和离线查看'],
      outro: JOIN,
    },
    {
      title: '二级{short}通关课',
      subtitle: '零基础也能学会的系统课程',
      link: '/mall/index',
      intro: '{cat}通关课从软件操作和基础知识讲起，逐步覆盖全部考试题型，并提供模拟考试系统供反复练习。',
      points: ['系统录播课程', '模拟考试系统', '班主任督学'],
      outro: MALL,
    },
  ],
  考研: [
    {
      title: '{short}复习全程规划',
      subtitle: '基础、强化、冲刺三阶段安排',
      link: { keyword: '规划' },
      intro: '复习规划结合{cat}的考查特点，把全年复习分成三个阶段，每个阶段都给出明确的目标和任务。',
      points: ['分阶段复习目标', '每周任务清单', '阶段自测题'],
      outro: JOIN,
    },
    {
      title: '{short}真题命题解读',
      subtitle: '看懂命题思路，复习少走弯路',
      link: { keyword: '真题' },
      intro: '解读专栏逐年分析{cat}真题，总结高频考点和命题规律，帮助你把握复习重点。',
      points: ['历年真题考点分布', '典型题目深度解析', '答题规范与评分要点'],
      outro: JOIN,
    },
    {
      title: '{short}冲刺直播课',
      subtitle: '考前串讲重点，直播答疑解惑',
      link: '/study/search',
      intro: '冲刺直播课面向已完成基础复习的考生，集中讲解{cat}的重点和难点，并在直播中解答常见问题。',
      points: ['考前重点串讲', '直播实时答疑', '课后回放随时看'],
      outro: JOIN,
    },
    {
      title: '{short}全年班招生中',
      subtitle: '系统课程、配套讲义与答疑服务',
      link: '/mall/index',
      intro: '{cat}全年班覆盖从基础到冲刺的全部阶段，配有纸质讲义和阶段测试，适合希望系统复习的考生。',
      points: ['全程系统课程', '纸质讲义包邮', '阶段测试与答疑'],
      outro: MALL,
    },
  ],
  驾照: [
    {
      title: '{short}精选500题',
      subtitle: '高频题目集中练，考前心里有底',
      link: '/study/search',
      intro: '精选题库从{cat}题库中挑出出现频率较高、容易出错的题目，附有通俗易懂的解析。',
      points: ['高频题与易错题精选', '每题附带解析', '错题自动收集'],
      outro: JOIN,
    },
    {
      title: '{short}速记口诀',
      subtitle: '顺口好记，难题也能轻松拿分',
      link: { keyword: '口诀' },
      intro: '速记口诀把{cat}中容易混淆的数字、标志和规定编成顺口的短句，帮助你快速记忆。',
      points: ['数字类规定口诀', '标志标线图解', '易混题对比'],
      outro: JOIN,
    },
    {
      title: '{short}全真模拟考试',
      subtitle: '与考场一致的题量和时间',
      link: { keyword: '考什么' },
      intro: '模拟考试按照{cat}的题量、分值和时间要求组卷，交卷后立即出分并给出错题分析。',
      points: ['全真题量与计时', '交卷即出成绩', '错题分析与重练'],
      outro: JOIN,
    },
    {
      title: '{short}VIP题库',
      subtitle: '精简题库加考前密卷，高效过关',
      link: '/mall/index',
      intro: '{cat}VIP题库在精选题目的基础上，增加了考前密卷和讲解视频，适合时间紧张的学员。',
      points: ['精简题库', '考前密卷', '难题讲解视频'],
      outro: MALL,
    },
  ],
  教师资格证: [
    {
      title: '{short}教资笔试精讲',
      subtitle: '各科重点梳理，笔试一次通过',
      link: { keyword: '大纲' },
      intro: '笔试精讲围绕{cat}教师资格考试的各个科目，梳理核心知识点并配有真题练习。',
      points: ['分科知识框架', '重点难点精讲', '配套真题练习'],
      outro: JOIN,
    },
    {
      title: '{short}教资真题解析',
      subtitle: '历年真题详解，把握命题方向',
      link: { keyword: '真题' },
      intro: '真题解析收录了{cat}教师资格考试历年笔试真题，重点讲解材料分析题和教学设计题的答题思路。',
      points: ['历年真题逐题解析', '主观题答题思路', '高频考点归纳'],
      outro: JOIN,
    },
    {
      title: '{short}教资面试指导',
      subtitle: '结构化、试讲与答辩全流程演练',
      link: { keyword: '面试' },
      intro: '面试指导帮助{cat}教资考生熟悉面试流程，通过示范课和模拟演练提升试讲与答辩能力。',
      points: ['面试流程讲解', '优秀试讲示范', '模拟答辩练习'],
      outro: JOIN,
    },
    {
      title: '{short}教资笔试套餐',
      subtitle: '课程、题库与资料一次备齐',
      link: '/mall/index',
      intro: '{cat}教资笔试套餐包含全部笔试科目的课程、题库和电子资料，适合首次报考的考生。',
      points: ['全科目系统课程', '章节练习与模拟卷', '电子讲义下载'],
      outro: MALL,
    },
  ],
};

const GLOBAL: readonly BannerTpl[] = [
  {
    title: '备考App全新上线',
    subtitle: '资讯、题库、课程，一站式备考',
    link: '/study/search',
    intro: '备考App汇集了英语四六级、计算机等级、考研、驾照和教师资格证等考试的资讯、题库和课程。',
    points: ['按考试科目定制学习首页', '真题题库与错题本', '直播课与电子书'],
    outro: '选择你正在准备的考试，即可开始学习。',
  },
  {
    title: '新用户学习礼包',
    subtitle: '登录即可领取精选备考资料',
    link: '/study/search',
    intro: '首次登录备考App的用户，可以领取所选科目的精选备考资料，包括复习规划和高频考点汇总。',
    points: ['分科目复习规划', '高频考点汇总', '历年真题精选'],
    outro: '礼包资料领取后可在“我的”页面查看，长期有效。',
  },
];

function render(tpl: BannerTpl, cat: string, short: string): Pick<BannerRow, 'title' | 'subtitle' | 'content'> {
  const fill = (s: string) => s.replaceAll('{cat}', cat).replaceAll('{short}', short);
  const content = [fill(tpl.intro), '## 你将获得', tpl.points.map((p) => `- ${p}`).join('\n'), tpl.outro].join('\n\n');
  return { title: fill(tpl.title), subtitle: fill(tpl.subtitle), content };
}

function resolveLink(link: BannerTpl['link'], news: readonly NewsRef[]): string {
  if (typeof link === 'string') return link;
  for (let i = news.length - 1; i >= 0; i--) {
    const n = news[i];
    if (n?.title.includes(link.keyword)) return `/news/detail/${n.id}`;
  }
  const newest = news[news.length - 1];
  return newest ? `/news/detail/${newest.id}` : '/study/search';
}

export interface SubjectRef {
  genusId: number;
  genusName: string;
  categoryId: number;
  category: CategorySeed;
}

/** Banner rows; `image` is filled in after insert, once the ids are known. */
export function buildBanners(subjects: readonly SubjectRef[], news: readonly NewsRef[]): BannerRow[] {
  const rows: BannerRow[] = [];
  let colorIndex = 0;
  const nextColor = () => PALETTE[colorIndex++ % PALETTE.length] ?? '#2f7cf6';
  GLOBAL.forEach((tpl, i) => {
    rows.push({
      genus_id: null, category_id: null, type: 1, ...render(tpl, '', ''), color: nextColor(), image: '',
      link: resolveLink(tpl.link, news), sort: i + 1,
    });
  });
  for (const s of subjects) {
    const tpls = BY_GENUS[s.genusName] ?? BY_GENUS.英语四六级 ?? [];
    const own = news.filter((n) => n.category_id === s.categoryId);
    let sort1 = 0;
    for (const tpl of tpls) {
      // The template that links to the mall is the category's mall (type 2) banner.
      const type = tpl.link === '/mall/index' ? 2 : 1;
      rows.push({
        genus_id: s.genusId, category_id: s.categoryId, type, ...render(tpl, s.category.name, s.category.short),
        color: nextColor(), image: '', link: resolveLink(tpl.link, own), sort: type === 1 ? ++sort1 : 1,
      });
    }
  }
  return rows;
}
