import './theme.css';

export type Theme = 'dark' | 'light';

/** Applies the native app's interface style: `<html data-theme="dark|light">` (see theme.css). */
export function applyTheme(theme: Theme, root: { dataset: DOMStringMap } | undefined = globalThis.document?.documentElement): void {
  if (root) root.dataset.theme = theme;
}

export function currentTheme(root: { dataset: DOMStringMap } | undefined = globalThis.document?.documentElement): Theme {
  return root?.dataset.theme === 'dark' ? 'dark' : 'light';
}
