/**
 * The `articles` area's door. Single prose pieces (`content_articles`), FAQ and Q&A.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { articlesRoutes } from './routes';

export const articlesArea = defineArea({
  name: 'articles',
  routes: [...articlesRoutes],
});

export { articleHtml, articleHtmlStats, renderArticleHtml, withContentHtml } from './article-html';
export { ARTICLE_KIND, skillDbKind } from './articles-kinds';
export { articlesRoutes } from './routes';
