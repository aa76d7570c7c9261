import type { MouseEvent } from 'react';
import { type LinkProps, useLocation } from 'react-router-dom';

/**
 * How links navigate: the app's router, registered before the first render (src/app/App.tsx). A link is a plain `<a>`
 * that asks it, not React Router's `<Link>`, which runs about ten hooks per link (href resolution, click handler,
 * prefetch state): on a page of forty cards that was a fifth of the page's render. Until one is registered (a block
 * rendered in a test), a click is left to the browser.
 */
let navigateTo: ((to: string, opts: { replace: boolean }) => void) | null = null;

export function setLinkNavigator(navigate: (to: string, opts: { replace: boolean }) => void): void {
  navigateTo = navigate;
}

/** As the router's link: a link to the page on screen replaces it in the history instead of adding it again. */
function isCurrent(to: string): boolean {
  const loc = globalThis.location;
  return Boolean(loc) && `${loc.pathname}${loc.search}${loc.hash}` === to;
}

/** A click the browser should handle itself: another button, a modifier key (new tab, download), another target. */
function browserHandles(e: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || Boolean(target && target !== '_self');
}

/** Where `to` leads, as a path on this site (a relative `to` is taken from the page on screen). */
function hrefOf(to: LinkProps['to']): string {
  const path = typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
  const loc = globalThis.location;
  if (path.startsWith('/') || !loc) return path;
  const url = new URL(path, loc.href);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * An in-app link for blocks: a real `<a href>` that navigates without reloading the page (a click with a modifier
 * key, another button or another target is left to the browser: a new tab, a download).
 */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const href = hrefOf(to);
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (!navigateTo || browserHandles(e, target)) return;
        e.preventDefault();
        navigateTo(href, { replace: replace ?? isCurrent(href) });
      }}
    />
  );
}

/** The path of the page on screen (e.g. for a tab bar that marks the current route). */
export function useCurrentPath(): string {
  return useLocation().pathname;
}
