/**
 * What a page fetches only once its first screen is painted: `<link>` tags (the app's modulepreloads, the page's block
 * chunks and their stylesheets) kept inert in a `<template>` of the HTML, which the entry puts into the document after
 * the paint (src/app/first-paint.ts). The build adds the app's (scripts/build-plugins.ts), the server the page's
 * (src/server/client/shell-html.ts), so no script download competes with the first screen's text and lead picture.
 */
export const AFTER_PAINT_ID = 'after-paint';

const OPEN = `<template id="${AFTER_PAINT_ID}">`;

/** `html` with `tags` added to its after-paint template (the template made before `</head>` when there is none). */
export function addAfterPaint(html: string, tags: string): string {
  if (!tags) return html;
  const at = html.indexOf(OPEN);
  if (at < 0) return html.replace('</head>', `${OPEN}${tags}</template></head>`);
  const end = html.indexOf('</template>', at);
  return html.slice(0, end) + tags + html.slice(end);
}
