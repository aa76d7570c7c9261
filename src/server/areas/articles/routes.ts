import * as articles from '../../../contract/articles';
import { handle, type RouteHandler } from '../../http/define';
import { withContentHtml } from './article-html';
import { articleOfKind, feedbackHelp, guideArticle, listSkills, skillDetail } from './articles-content';
import { faqDetail, listFaq } from './articles-faq';
import { ARTICLE_KIND } from './articles-kinds';
import { listQuestions, questionDetail } from './articles-qa';

/** Handlers of the articles area's contract endpoints. */
export const articlesRoutes: RouteHandler[] = [
  handle(articles.faqList, async (input, ctx) => listFaq(ctx, input)),
  handle(articles.faqDetail, async (input, ctx) => faqDetail(ctx, input.id)),

  handle(articles.answerQuestionList, async (input, ctx) => listQuestions(ctx, input)),
  handle(articles.answerQuestionDetail, async (input, ctx) => questionDetail(ctx, input.id)),

  handle(articles.skillList, async (input, ctx) => listSkills(ctx, input)),
  handle(articles.politicsSkillDetail, async (input, ctx) => skillDetail(ctx, 'politics', input.skill_id, '政治技巧 skill_id')),
  handle(articles.kaoGongSkillDetail, async (input, ctx) => skillDetail(ctx, 'kao_gong', input.id, '面试技巧 id')),
  handle(articles.pubMedMathSkillDetail, async (input, ctx) => skillDetail(ctx, 'pub_med_math', input.id, '数学技巧 id')),

  handle(articles.skillReadInfo, async (input, ctx) => guideArticle(ctx, input.type)),
  handle(articles.learningMaterialsDetail, async (input, ctx) => articleOfKind(ctx, ARTICLE_KIND.material, input.id, '学习资料 id')),
  handle(articles.advertsH5Detail, async (input, ctx) =>
    withContentHtml(await articleOfKind(ctx, ARTICLE_KIND.advert, input.id, '推荐内容 id')),
  ),
  handle(articles.schoolNewsDetail, async (input, ctx) =>
    withContentHtml(await articleOfKind(ctx, ARTICLE_KIND.schoolNews, input.id, '院校资讯 id')),
  ),
  handle(articles.nemtSchoolNewsDetail, async (input, ctx) =>
    withContentHtml(await articleOfKind(ctx, ARTICLE_KIND.nemtSchoolNews, input.id, '高考院校资讯 id')),
  ),
  handle(articles.feedbackHtmlContent, async (input, ctx) => feedbackHelp(ctx, input.id)),
];
