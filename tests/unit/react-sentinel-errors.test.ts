import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactSentinelErrors, rewriteSentinelErrors, SENTINELS } from '../../scripts/react-sentinel-errors';

const require = createRequire(import.meta.url);
const REACT_DOM_CLIENT = path.resolve('node_modules/react-dom/cjs/react-dom-client.production.js');
const source = fs.readFileSync(REACT_DOM_CLIENT, 'utf8');

/** Runs a CommonJS module's code as Node would, with the real React packages; `tail` runs inside its scope. */
function evaluate(code: string, tail = ''): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', `${code}\n${tail}`)(module, module.exports, require);
  return module.exports;
}

describe("React DOM's sentinel errors made without Error (scripts/react-sentinel-errors.ts)", () => {
  it('rewrites each of the five sentinels of the installed React DOM once, and nothing else', () => {
    const out = rewriteSentinelErrors(source);
    expect(out.rewritten).toEqual([...SENTINELS]);
    expect(out.code.match(/__beikaoSentinelError\(/g)).toHaveLength(SENTINELS.length + 1);
    expect(out.code.split('\n').length - source.split('\n').length).toBe(6);
  });

  it('React DOM still loads, and a sentinel is an Error with its message, the same object each time, without a stack', () => {
    const out = rewriteSentinelErrors(source);
    const exports = evaluate(out.code, 'module.exports.__sentinels = [SuspenseException, SuspenseException, HydrationMismatchException];');
    expect(typeof exports.createRoot).toBe('function');
    const [a, b, hydration] = exports.__sentinels as Error[];
    expect(a).toBeInstanceOf(Error);
    expect(a).toBe(b);
    expect(a?.message).toContain('460');
    expect(hydration?.message).toContain('519');
    expect(a?.stack).toBeUndefined();
    expect(Object.keys(a ?? {})).toEqual([]);
    expect(String(a)).toMatch(/^Error: /);
  });

  it('the build stops when React DOM no longer has all five (a new React version)', () => {
    const plugin = reactSentinelErrors();
    const transform = plugin.transform as (this: unknown, code: string, id: string) => unknown;
    const context = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    const without = source.replace('SuspenseActionException = Error(', 'SuspenseActionException = new Error(');
    expect(() => transform.call(context, without, REACT_DOM_CLIENT)).toThrow(
      /found HydrationMismatchException, SuspenseException, SuspenseyCommitException, SelectiveHydrationException/,
    );
    expect(transform.call(context, 'var x = Error("y");', '/app/src/other.js')).toBeNull();
  });
});
