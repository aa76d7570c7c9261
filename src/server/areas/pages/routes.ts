import * as pages from '../../../contract/pages';
import { handle, type RouteHandler } from '../../http/define';
import { notFound } from '../../http/errors';

export const pageRoutes: RouteHandler[] = [
  handle(pages.pageManifest, async (_input, ctx) => ctx.pages.manifest()),
  handle(pages.pageConfig, async (input, ctx) => {
    const config = ctx.pages.get(input.name);
    if (!config) throw notFound(`页面 ${input.name} `);
    // A page's $comment is a note for operators (e.g. which issue builds it): never sent.
    const { $comment: _note, ...served } = config;
    return served as unknown as Record<string, unknown>;
  }),
];
