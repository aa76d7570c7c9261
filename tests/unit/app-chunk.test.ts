import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { appChunkGroups, appGraph, staticallyReached } from '../../scripts/app-chunk';

/**
 * A small app shaped like ours: the page entry (src/main.tsx) waits for the paint with a helper of its own and then
 * imports the app (src/boot.tsx); the app uses a message catalogue and that helper, and loads a block lazily which
 * uses the catalogue and a time format too.
 */
const FILES: Record<string, string> = {
  'index.html': '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  'src/main.tsx': "import { nextTask } from './first-paint';\nawait nextTask();\nconst app = await import('./boot');\napp.start();\n",
  'src/first-paint.ts': 'export const nextTask = () => new Promise((r) => setTimeout(r, 0));\n',
  'src/boot.tsx':
    "import { nextTask } from './first-paint';\nimport { t } from './i18n';\nimport { pad } from './time';\n" +
    "export function start() { document.title = t('title') + pad(1); void nextTask().then(() => import('./block')); }\n",
  'src/i18n.ts':
    "const CATALOG: Record<string, string> = { title: '备考', more: '更多' };\nexport const t = (k: string) => CATALOG[k] ?? k;\n",
  'src/time.ts': "export const pad = (n: number) => String(n).padStart(2, '0');\n",
  'src/block.tsx': "import { t } from './i18n';\nimport { pad } from './time';\nexport const label = t('more') + pad(2);\n",
};

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

async function buildApp(grouped: boolean): Promise<Rolldown.OutputChunk[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-app-chunk-'));
  roots.push(root);
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  const graph = appGraph();
  const out = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: grouped ? [graph.plugin] : [],
    build: {
      write: false,
      minify: false,
      target: 'esnext',
      rolldownOptions: grouped ? { output: { codeSplitting: { groups: appChunkGroups(graph) } } } : {},
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
}

const modulesOf = (chunk: Rolldown.OutputChunk) => chunk.moduleIds.map((id) => path.basename(id));
const chunkWith = (chunks: Rolldown.OutputChunk[], file: string) => chunks.find((c) => modulesOf(c).includes(file));

describe('the app in one chunk (scripts/app-chunk.ts)', () => {
  it('follows static imports only', () => {
    const graph: Record<string, string[]> = { a: ['b', 'c'], b: ['c', 'a'], c: [], d: ['a'] };
    expect([...staticallyReached('a', (id) => graph[id] ?? [])].sort()).toEqual(['a', 'b', 'c']);
  });

  it('without the groups the bundler splits what the app and a lazy block share into crumbs of their own', async () => {
    const chunks = await buildApp(false);
    expect(chunkWith(chunks, 'i18n.ts')).not.toBe(chunkWith(chunks, 'boot.tsx'));
  });

  it("with them, the app's shared modules are in the app chunk, the block imports them from there, and the entry stays apart", async () => {
    const chunks = await buildApp(true);
    const app = chunkWith(chunks, 'i18n.ts');
    expect(app?.name).toBe('app');
    expect(modulesOf(app as Rolldown.OutputChunk).sort()).toEqual(['i18n.ts', 'time.ts']);
    // The app's entry module stays its own dynamic entry, which imports the app chunk.
    const boot = chunkWith(chunks, 'boot.tsx') as Rolldown.OutputChunk;
    expect(boot.isDynamicEntry).toBe(true);
    expect(boot.imports).toContain(app?.fileName);
    // The lazy block imports the app chunk (loaded before it) instead of a crumb.
    const block = chunkWith(chunks, 'block.tsx') as Rolldown.OutputChunk;
    expect(block.imports).toContain(app?.fileName);
    // The page entry does not load the app chunk before it imports the app: neither it nor what it imports
    // statically holds or imports the app's modules.
    const entry = chunks.find((c) => c.isEntry) as Rolldown.OutputChunk;
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const entryLoads = staticallyReached(entry.fileName, (file) => byFile.get(file)?.imports ?? []);
    expect(entryLoads.has(app?.fileName as string)).toBe(false);
    expect([...entryLoads].some((file) => modulesOf(byFile.get(file) as Rolldown.OutputChunk).includes('first-paint.ts'))).toBe(true);
  });
});
