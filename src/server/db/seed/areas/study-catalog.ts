/** Minimal course and e-book catalogue (nine of each per category), so search and the study tabs have content. */
import type { Insertable } from 'kysely';
import type { CourseTable, EbookTable } from '../../tables/study';
import { intBetween, pick, type Rng } from '../prng';
import type { StrategyCtx } from './study-strategies';

const at = (list: readonly string[], i: number): string => list[i % list.length] ?? '';

interface CourseSeed {
  name: string;
  intro: string;
  lessons: number;
  /** Fen; 0 means free. */
  price: number;
  hot?: boolean;
  recommend?: boolean;
}

function courseSeeds(c: StrategyCtx, teacher: string): CourseSeed[] {
  const [t0, t1, t2, t3] = [at(c.topics, 0), at(c.topics, 1), at(c.topics, 2), at(c.topics, 3)];
  return [
    {
      name: `${c.label}全程班：基础到冲刺一站式`,
      intro: `覆盖${t0}、${t1}、${t2}等全部考查内容，由${teacher}主讲，配套${c.practice}精练与阶段测评，适合希望系统备考的同学。`,
      lessons: 48,
      price: 29900,
      recommend: true,
    },
    {
      name: `${c.label}${t0}精讲课`,
      intro: `从考纲要求讲起，逐个拆解${t0}的高频考点和典型题，每节课后附练习与讲评。`,
      lessons: 16,
      price: 9900,
      hot: true,
    },
    {
      name: `${c.label}${t1}专项突破`,
      intro: `针对${t1}失分多的同学，先诊断问题再分层训练，帮助把这一部分变成稳定得分项。`,
      lessons: 12,
      price: 6900,
    },
    {
      name: `${c.label}${c.practice}串讲班`,
      intro: `精选近五年${c.practice}逐题讲解，总结命题规律与答题步骤，适合一轮复习结束后使用。`,
      lessons: 20,
      price: 12900,
      hot: true,
    },
    {
      name: `${c.label}零基础入门营`,
      intro: `七天带你认识${c.label}：考什么、怎么考、如何安排复习，听完就能开始制定自己的计划。`,
      lessons: 7,
      price: 0,
    },
    {
      name: `${c.label}考前冲刺密训`,
      intro: `考前一个月使用，围绕${t2}和${t3}做高强度限时训练，并讲解考场时间分配。`,
      lessons: 10,
      price: 15900,
      recommend: true,
    },
    {
      name: `${c.label}高频考点速记课`,
      intro: `把最常考的知识点浓缩成短小的速记课，每节十分钟左右，适合碎片时间反复收听。`,
      lessons: 24,
      price: 0,
      hot: true,
    },
    {
      name: `${c.label}${t2}难点答疑直播`,
      intro: `每周一次直播，集中解答${t2}中的疑难问题，课后提供回放和讲义下载。`,
      lessons: 8,
      price: 4900,
    },
    {
      name: `${c.label}公开课：${c.year}年备考规划`,
      intro: `${teacher}结合最新考试安排，讲解不同基础的同学应如何分阶段备考，免费开放。`,
      lessons: 1,
      price: 0,
    },
  ];
}

interface EbookSeed {
  name: string;
  intro: string;
  chapters: number;
  price: number;
}

function ebookSeeds(c: StrategyCtx): EbookSeed[] {
  const [t0, t1, t2] = [at(c.topics, 0), at(c.topics, 1), at(c.topics, 2)];
  return [
    {
      name: `${c.label}核心考点速记手册`,
      intro: `按考试大纲梳理全部核心考点，每个考点配一句话要点和一道例题，适合随身翻阅。`,
      chapters: 12,
      price: 1990,
    },
    { name: `${c.label}${t0}专项突破`, intro: `围绕${t0}展开，从基础概念到综合题型逐层递进，附详细解析。`, chapters: 10, price: 2490 },
    {
      name: `${c.label}${c.practice}精解（近五年）`,
      intro: `收录近五年${c.practice}并逐题解析，标注考点和难度，方便有针对性地复习。`,
      chapters: 15,
      price: 3990,
    },
    { name: `${c.label}易错题一百例`, intro: `精选考生最常出错的一百道题，分析错误原因并给出避错方法。`, chapters: 8, price: 1490 },
    {
      name: `${c.label}零基础入门读本`,
      intro: `写给刚开始备考的同学：考试介绍、学习方法和第一周计划，一本读完就能上手。`,
      chapters: 6,
      price: 0,
    },
    {
      name: `${c.label}考前三十天冲刺讲义`,
      intro: `按天安排的冲刺讲义，每天一个主题，包含要点回顾和限时练习。`,
      chapters: 30,
      price: 2990,
    },
    {
      name: `《${at(c.materials, 0)}》导读`,
      intro: `帮助读者高效使用《${at(c.materials, 0)}》：哪些章节精读、哪些略读，以及配套练习建议。`,
      chapters: 9,
      price: 0,
    },
    {
      name: `${c.label}${t1}与${t2}知识图谱`,
      intro: `用图谱串联${t1}和${t2}的知识点，理清前后联系，适合二轮复习使用。`,
      chapters: 7,
      price: 1990,
    },
    {
      name: `${c.label}答题模板与范例`,
      intro: `汇总常见题型的答题步骤和规范表达，每种模板配有示范答案和点评。`,
      chapters: 11,
      price: 1690,
    },
  ];
}

export interface SubjectIds {
  genusId: number;
  categoryId: number;
}

/** Nine courses of the subject, created within the 200 days before `now`. */
export function buildCourses(rng: Rng, c: StrategyCtx, s: SubjectIds, now: number, firstCover: number): Array<Insertable<CourseTable>> {
  const teacher = pick(rng, c.genus.authors);
  return courseSeeds(c, teacher).map((seed, i) => ({
    genus_id: s.genusId,
    category_id: s.categoryId,
    name: seed.name,
    intro: seed.intro,
    cover: `/media/course/${firstCover + i}.svg`,
    teacher: pick(rng, c.genus.authors),
    lesson_count: seed.lessons,
    member_count: intBetween(rng, 200, 20000),
    price: seed.price,
    is_free: seed.price === 0 ? 1 : 0,
    is_hot: seed.hot ? 1 : 0,
    is_recommend: seed.recommend ? 1 : 0,
    created_at: now - 3600 - i * 86400 * 20 - intBetween(rng, 0, 86400 * 10),
  }));
}

/** Nine e-books of the subject, created within the 200 days before `now`. */
export function buildEbooks(rng: Rng, c: StrategyCtx, s: SubjectIds, now: number, firstCover: number): Array<Insertable<EbookTable>> {
  return ebookSeeds(c).map((seed, i) => ({
    genus_id: s.genusId,
    category_id: s.categoryId,
    name: seed.name,
    intro: seed.intro,
    cover: `/media/ebook/${firstCover + i}.svg`,
    author: pick(rng, c.genus.authors),
    chapter_count: seed.chapters,
    price: seed.price,
    is_free: seed.price === 0 ? 1 : 0,
    created_at: now - 7200 - i * 86400 * 20 - intBetween(rng, 0, 86400 * 10),
  }));
}
