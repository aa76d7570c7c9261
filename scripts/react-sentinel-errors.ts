/**
 * `reactSentinelErrors`: React DOM's five sentinel errors, made without `Error`.
 *
 * When React DOM's production module runs, it makes five errors it never shows: values it throws and catches by
 * identity to unwind a render (`SuspenseException` and the others in SENTINELS). While DevTools is attached (every
 * Lighthouse run), V8 records a detailed stack, with lines and columns, for each error created. It must then re-parse
 * every function on the stack for its source positions, and one of them is the bundler's wrapper around all of React
 * DOM (218 KB): 50–100 ms of main-thread time at 1× inside React DOM's evaluation, 200–400 ms of Lighthouse's
 * blocking time at 4×. Without DevTools, V8 keeps only the frames and reads no positions.
 *
 * The build makes each of them with `Object.create(Error.prototype)` and the same message: still `instanceof Error`,
 * the same identity for React's `===` checks, with no stack, which React never reads from them. The build fails when
 * React DOM's file no longer has all five (a new React version): look at its code again before changing the list.
 * docs/performance.md, "Source positions under DevTools".
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** React DOM's client build, the only file rewritten. */
const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/** The module-level sentinels of react-dom-client.production.js (React 19.3). */
export const SENTINELS = [
  'HydrationMismatchException',
  'SuspenseException',
  'SuspenseyCommitException',
  'SuspenseActionException',
  'SelectiveHydrationException',
] as const;

const HELPER = '__beikaoSentinelError';

/** An error-like value without a captured stack: `Error.prototype` and an own, non-enumerable `message`, as `Error` makes. */
const HELPER_SOURCE = `
function ${HELPER}(message) {
  var error = Object.create(Error.prototype);
  Object.defineProperty(error, "message", { value: message, writable: true, configurable: true });
  return error;
}
`;

const ASSIGNMENT = new RegExp(`\\b(${SENTINELS.join('|')}) = Error\\(`, 'g');

/**
 * The file with each sentinel's `Error(` turned into the helper's call and the helper (a hoisted function
 * declaration) appended, and the names it rewrote, in order.
 */
export function rewriteSentinelErrors(
  code: string,
  id = 'react-dom-client.production.js',
): { code: string; map: ReturnType<MagicString['generateMap']>; rewritten: string[] } {
  const s = new MagicString(code);
  const rewritten: string[] = [];
  for (const m of code.matchAll(ASSIGNMENT)) {
    const name = m[1] ?? '';
    const call = m.index + m[0].length - 'Error('.length;
    s.overwrite(call, call + 'Error'.length, HELPER);
    rewritten.push(name);
  }
  if (rewritten.length > 0) s.append(HELPER_SOURCE);
  return { code: s.toString(), map: s.generateMap({ source: id, hires: true }), rewritten };
}

export function reactSentinelErrors(): Plugin {
  return {
    name: 'beikao:react-sentinel-errors',
    apply: 'build',
    transform(code, id) {
      if (!REACT_DOM_CLIENT.test(id)) return null;
      const out = rewriteSentinelErrors(code, id);
      const missing = SENTINELS.filter((name) => !out.rewritten.includes(name));
      if (missing.length > 0 || out.rewritten.length !== SENTINELS.length)
        this.error(
          `react-dom-client.production.js: expected the sentinel errors ${SENTINELS.join(', ')} once each, found ${out.rewritten.join(', ') || 'none'} (scripts/react-sentinel-errors.ts)`,
        );
      return { code: out.code, map: out.map };
    },
  };
}
