/**
 * Where a way back leads (issue 24, "a way back"): back through the app's own history when the user came from
 * another page of the app, else home. Home is not offered where it would only send the user back here (the subject
 * picker before any subject is chosen: the home page needs one). The shell's top-left control and the not-found
 * screen both ask this rule.
 */
export type BackTarget = 'back' | 'home' | 'none';

export function backTarget(o: { historyIndex: unknown; pathname: string; hasSubject: boolean; categoryRoute: string }): BackTarget {
  if (typeof o.historyIndex === 'number' && o.historyIndex > 0) return 'back';
  if (o.pathname === '/' || (o.pathname === o.categoryRoute && !o.hasSubject)) return 'none';
  return 'home';
}

/** react-router's index of the current entry in the app's own history (0 on the first page of a visit). */
export function historyIndex(): unknown {
  return (globalThis.history?.state as { idx?: unknown } | null)?.idx;
}
