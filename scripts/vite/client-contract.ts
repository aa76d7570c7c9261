import type { Plugin } from 'vite';

const VIRTUAL = '\0inert-zod-mini';

/**
 * The client imports `src/contract` for each endpoint's method, host and path, but never validates:
 * the server does. This plugin gives the client build an inert `zod/mini` whose every export is a
 * chainable no-op, so the schema builders cost nothing in the first load (measured: −8 KB gzip).
 * Types still come from the real zod; the server and the tests use the real zod.
 */
export function inertZod(): Plugin {
  return {
    name: 'beikao:inert-zod',
    enforce: 'pre',
    resolveId(id) {
      return id === 'zod/mini' ? VIRTUAL : null;
    },
    async load(id) {
      if (id !== VIRTUAL) return null;
      const real = (await import('zod/mini')) as Record<string, unknown>;
      const names = Object.keys(real).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
      return [
        'const inert = new Proxy(function () {}, { get: (_t, key) => (key === Symbol.toPrimitive ? undefined : inert), apply: () => inert });',
        // `export { inert as name }` also allows reserved words such as `catch` and `enum`.
        `export { ${names.map((n) => `inert as ${n}`).join(', ')} };`,
        'export default inert;',
      ].join('\n');
    },
  };
}

const CONTRACT_FILE = /\/src\/contract\/[^/]+\.ts$/;
const SUMMARY = /\bsummary:\s*'(?:[^'\\\n]|\\.)*',?/g;

/**
 * Endpoint `summary` texts document the contract for developers and the server; the client never
 * shows them, so the client build drops them (measured: about −2 KB gzip on the first load).
 */
export function dropContractSummaries(): Plugin {
  return {
    name: 'beikao:drop-contract-summaries',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_FILE.test(id)) return null;
      return { code: code.replace(SUMMARY, ''), map: null };
    },
  };
}
