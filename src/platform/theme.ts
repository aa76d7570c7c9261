export type Theme = 'dark' | 'light';

/**
 * Applies the native app's interface style: `<html data-theme="dark|light">`. The palettes are in src/styles.css;
 * without a host the page follows the system's `prefers-color-scheme`.
 */
export function applyTheme(theme: Theme, root: { dataset: DOMStringMap } | undefined = globalThis.document?.documentElement): void {
  if (root) root.dataset.theme = theme;
}

export function currentTheme(root: { dataset: DOMStringMap } | undefined = globalThis.document?.documentElement): Theme {
  return root?.dataset.theme === 'dark' ? 'dark' : 'light';
}
