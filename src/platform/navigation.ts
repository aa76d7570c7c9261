/** Lets non-React code (the request layer) move the user; the router registers itself at start. */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let current: Navigate = (to) => globalThis.location?.assign(to);

export function setNavigator(fn: Navigate): void {
  current = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  current(to, opts);
}

export function currentPath(): string {
  const loc = globalThis.location;
  return loc ? `${loc.pathname}${loc.search}` : '/';
}
