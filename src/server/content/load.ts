/**
 * The content folder (see content/README.md): reference data that every database gets, and demo content that a
 * deployment seeds only when it asks for it (SEED_DEMO). Every file is read and validated here, once, at seed time;
 * a bad file throws a ContentError naming the file and the field.
 */
import path from 'node:path';
import type { ContentDir } from './files';
import { type Agreement, loadAgreements, type Site } from './kinds/agreements';
import { type ArticleContent, type ArticleFolder, loadArticles } from './kinds/articles';
import { type BannersContent, loadBanners } from './kinds/banners';
import { type CircleDemoContent, loadCircle } from './kinds/circle';
import { type EbookContent, loadEbooks } from './kinds/ebooks';
import { type FaqContent, loadFaq } from './kinds/faq';
import { type HotWordsContent, loadHotWords } from './kinds/hot-words';
import { loadMall, type MallContent } from './kinds/mall';
import { loadNews, type NewsContent } from './kinds/news';
import { loadNotices, type NoticesContent } from './kinds/notices';
import { loadQa, type QaContent } from './kinds/qa';
import { loadQuestionBanks, type QuestionBankContent } from './kinds/questions';
import { loadStudy, type StudyContent } from './kinds/study';
import { type GenusContent, loadSubjects } from './kinds/subjects';
import {
  type DemoAccountContent,
  loadDemoAccounts,
  loadMessageTemplates,
  loadVipTypes,
  type MessageTemplateContent,
  type VipTypeContent,
} from './kinds/user-center';

export { ContentError } from './errors';

/** `content/` of the working directory (the repository root, like pages-config/). */
export const DEFAULT_CONTENT_DIR = path.resolve('content');

export interface ReferenceContent {
  subjects: GenusContent[];
  site: Site;
  agreements: Agreement[];
}

export interface DemoContent {
  news: NewsContent;
  notices: NoticesContent;
  banners: BannersContent;
  hotWords: HotWordsContent;
  faq: FaqContent;
  qa: QaContent[];
  articles: Record<ArticleFolder, ArticleContent[]>;
  study: StudyContent;
  ebooks: EbookContent[];
  questions: QuestionBankContent[];
  mall: MallContent;
  messageTemplates: MessageTemplateContent[];
  vipTypes: VipTypeContent[];
  demoAccounts: DemoAccountContent[];
  circle: CircleDemoContent;
}

const dirOf = (root: string): ContentDir => ({ root: path.resolve(root) });

export function loadReference(root: string = DEFAULT_CONTENT_DIR): ReferenceContent {
  const dir = dirOf(root);
  return { subjects: loadSubjects(dir), ...loadAgreements(dir) };
}

export function loadDemo(root: string = DEFAULT_CONTENT_DIR): DemoContent {
  const dir = dirOf(root);
  return {
    news: loadNews(dir),
    notices: loadNotices(dir),
    banners: loadBanners(dir),
    hotWords: loadHotWords(dir),
    faq: loadFaq(dir),
    qa: loadQa(dir),
    articles: loadArticles(dir),
    study: loadStudy(dir),
    ebooks: loadEbooks(dir),
    questions: loadQuestionBanks(dir),
    mall: loadMall(dir),
    messageTemplates: loadMessageTemplates(dir),
    vipTypes: loadVipTypes(dir),
    demoAccounts: loadDemoAccounts(dir),
    circle: loadCircle(dir),
  };
}

/** Reference data, plus demo content when asked for. */
export function loadContent(
  root: string = DEFAULT_CONTENT_DIR,
  opts: { demo: boolean },
): { reference: ReferenceContent; demo: DemoContent | undefined } {
  return { reference: loadReference(root), demo: opts.demo ? loadDemo(root) : undefined };
}
