/**
 * Which links in an article body are site links: a path starting with one `/` (not `//host`, another site). Both ends
 * draw every link as a plain `<a href>`; the client turns a click on a site link into a router navigation (no reload),
 * whether the body came as the server's HTML or was rendered from Markdown on the client. This file has no imports, so
 * the markdown block's own chunk can use it without pulling the Markdown renderer in.
 */
export function isSiteLink(href: string | null | undefined): href is string {
  return typeof href === 'string' && href.startsWith('/') && !href.startsWith('//');
}
