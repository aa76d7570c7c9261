/**
 * What a page fetches only once its first screen is painted: `<link>` tags (the app's modulepreloads, the page's block
 * chunks and their stylesheets) kept inert in a `<template>` of the HTML, which the entry puts into the document after
 * the paint (src/app/first-paint.ts). The build adds the app's (scripts/build-plugins.ts), the server the page's
 * (src/server/client/shell-html.ts), so no script download competes with the first screen's text and lead picture.
 */
export const AFTER_PAINT_ID = 'after-paint';

const OPEN = `<template id="${AFTER_PAINT_ID}">`;

const HREF = /href="([^"]*)"/;

/**
 * `html` with `tags` added to its after-paint template (the template made before `</head>` when there is none). A tag
 * whose `href` the template holds already is left out: a page's block chunks share the app's (React, the app chunk),
 * and each link put into the document costs the main thread a fetch start and a module map lookup.
 */
export function addAfterPaint(html: string, tags: string): string {
  const at = html.indexOf(OPEN);
  const end = at < 0 ? -1 : html.indexOf('</template>', at);
  const seen = new Set<string>();
  for (const tag of (at < 0 ? '' : html.slice(at + OPEN.length, end)).split('<').slice(1)) {
    const href = HREF.exec(tag)?.[1];
    if (href) seen.add(href);
  }
  const added = tags
    .split('<')
    .slice(1)
    .filter((tag) => {
      const href = HREF.exec(tag)?.[1];
      if (!href) return true;
      if (seen.has(href)) return false;
      seen.add(href);
      return true;
    })
    .map((tag) => `<${tag}`)
    .join('');
  if (!added) return html;
  if (at < 0) return html.replace('</head>', `${OPEN}${added}</template></head>`);
  return html.slice(0, end) + added + html.slice(end);
}
