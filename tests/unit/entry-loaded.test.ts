import { describe, expect, it } from 'vitest';
import { withoutLoadedDeps } from '../../scripts/build-plugins';

// What Vite writes into a chunk with dynamic imports: the list of files once, and per import the indices its preload
// helper puts into the document first.
const CHUNK =
  '//# allFunctionsCalledOnLoad\n' +
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/axios-client-A.js","assets/rolldown-runtime-B.js","assets/index-C.js","assets/index-D.css","assets/Block-E.js","assets/Block-F.css"])))=>i.map(i=>d[i]);\n' +
  'const a=()=>t(()=>import(`./axios-client-A.js`),__vite__mapDeps([0,1,2,3]));\n' +
  'const b=()=>t(()=>import(`./Block-E.js`),__vite__mapDeps([4,2,3,5]));\n';

describe('lazy chunks do not ask for the entry or its inlined stylesheet (scripts/build-plugins.ts entryLoaded)', () => {
  const loaded = new Set(['assets/index-C.js', 'assets/index-D.css']);
  const out = withoutLoadedDeps(CHUNK, loaded);

  it("drops them from every import's list and keeps the rest in order", () => {
    expect(out).toContain('__vite__mapDeps([0,1])');
    expect(out).toContain('__vite__mapDeps([4,5])');
    expect(out).not.toMatch(/__vite__mapDeps\(\[[\d,]*\b[23]\b/);
  });

  it('moves no code: every line keeps its length, so the source map still points right', () => {
    expect(out.split('\n').map((l) => l.length)).toEqual(CHUNK.split('\n').map((l) => l.length));
    // Still JavaScript: the padding is inside the call's parentheses.
    expect(() => new Function('t', out.replace(/^\/\/.*\n/, '').replaceAll('import(', 'String('))).not.toThrow();
  });

  it('leaves a chunk without dynamic imports, or without those files, as it is', () => {
    expect(withoutLoadedDeps('export const x=1;', loaded)).toBe('export const x=1;');
    expect(withoutLoadedDeps(CHUNK, new Set(['assets/other.css']))).toBe(CHUNK);
  });
});
