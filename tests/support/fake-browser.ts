/** Minimal localStorage and location for unit tests of client state in Node. */
export function installFakeBrowser(path = '/'): { store: Map<string, string>; setPath(p: string): void } {
  const store = new Map<string, string>();
  const g = globalThis as unknown as Record<string, unknown>;
  g.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, String(v)),
    removeItem: (k: string) => store.delete(k),
    clear: () => store.clear(),
  };
  const loc = { pathname: path, search: '', assign: (_to: string) => {} };
  g.location = loc;
  return {
    store,
    setPath(p: string) {
      const [pathname = '/', search = ''] = p.split('?');
      loc.pathname = pathname;
      loc.search = search ? `?${search}` : '';
    },
  };
}

/** An unsigned JWT-shaped token with the given claims (the client never checks signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}.sig`;
}
