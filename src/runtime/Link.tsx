import { type LinkProps, Link as RouterLink, useLocation } from 'react-router-dom';

/** An in-app link for blocks: a real `<a href>` that navigates without reloading the page. */
export function Link(props: LinkProps) {
  return <RouterLink {...props} />;
}

/** The path of the page on screen (e.g. for a tab bar that marks the current route). */
export function useCurrentPath(): string {
  return useLocation().pathname;
}
