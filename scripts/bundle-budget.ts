/**
 * First-load budget: gzip size of what the browser must fetch before the first screen renders
 * (the entry chunk, its modulepreloads and the CSS linked from dist/index.html), and the size of
 * every lazy chunk (each block, module and dialog), so a module landing shows what it costs and
 * that the first load did not grow. Then the bytes on the wire of a new visitor's first load of
 * `/study/category` as the server sends them (HTML, scripts and CSS, brotli as served; API data not
 * counted) against a target of 130 KB. Also what the app loads at start whatever the page, in parallel with the
 * first screen (the HTTP client: axios in its own chunk, src/api/axios-client.ts): first load plus that, against
 * 140 KB ("everything fetched before the page is interactive"). No package may be built from its development files,
 * and every chunk of the first load and the start carries V8's compile hint; at most MAX_START_SCRIPTS scripts there.
 * Run after `npm run build` (`BEIKAO_DIST` names
 * another build folder); `npm test` runs it. Exits 1 when the first load, the start load or the wire is over.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/start';
import { COMPILE_HINT, LOADED_AT_START } from './build-plugins';

const BUDGET_KB = 118;
const START_BUDGET_KB = 140;
const WIRE_TARGET_KB = 130;
/**
 * Scripts of the first load and the start together: each is a request, a preload, a compile and a module record on
 * the main thread (scripts/app-chunk.ts keeps the app in one chunk instead of a dozen crumbs).
 */
const MAX_START_SCRIPTS = 8;
const WIRE_PAGE = '/study/category';
const dist = path.resolve(process.env.BEIKAO_DIST ?? 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const buildManifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
/** The HTML preloads the start's chunks too (scripts/build-plugins.ts `preloadBoot`): they count in the start, not the first load. */
const startFiles = new Set(LOADED_AT_START.map((key) => buildManifest[key]?.file));
const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)]
  .map((m) => m[1] as string)
  .filter((f) => !startFiles.has(f));
const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const row = (kb: number, label: string) => `${kb.toFixed(1).padStart(7)} KB  ${label}`;

let total = 0;
console.log('first load:');
for (const file of first) {
  const kb = gzipKb(file);
  total += kb;
  console.log(row(kb, file));
}
// The entry CSS is inlined into index.html by the build (scripts/build-plugins.ts): it still counts.
const inlineCss = /<style id="shell-css">([\s\S]*?)<\/style>/.exec(html)?.[1];
if (inlineCss) {
  const kb = zlib.gzipSync(inlineCss, { level: 9 }).length / 1024;
  total += kb;
  console.log(row(kb, 'entry CSS (inline in index.html)'));
}

const lazy = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f) && !first.includes(`assets/${f}`))
  .map((f) => ({ name: f.replace(/-[\w-]{8}\.(js|css)$/, '.$1'), kb: gzipKb(`assets/${f}`) }))
  .sort((a, b) => b.kb - a.kb);
console.log(`lazy chunks (${lazy.length}, loaded when a page or dialog needs them):`);
for (const c of lazy) console.log(row(c.kb, c.name));

/** Heavy chunks that must stay lazy, reported by name; one found in the first load fails the budget. */
const MUST_STAY_LAZY = [
  { label: 'video player module (src/modules/courses-video-player)', pattern: /^VideoPlayer\.(js|css)$/ },
  { label: 'hls.js light build (only where HLS is not native)', pattern: /^hls\.light\.js$/ },
  { label: 'e-book reader module (src/modules/ebooks-reader)', pattern: /^(EbookReader|ebook-reader|download-action)\.(js|css)$/ },
  { label: 'IndexedDB offline store (src/platform/offline-store.ts)', pattern: /^offline-store\.js$/ },
  { label: 'SMS challenge widget (altcha, src/modules/shared/sms-challenge)', pattern: /^SmsChallenge\.(js|css)$/ },
];
let lazyBroken = false;
console.log('must stay lazy:');
for (const w of MUST_STAY_LAZY) {
  const found = lazy.filter((c) => w.pattern.test(c.name));
  const eager = first.filter((f) => w.pattern.test(path.basename(f).replace(/-[\w-]{8}\.(js|css)$/, '.$1')));
  if (eager.length) lazyBroken = true;
  if (!found.length && !eager.length) console.log(`      -     ${w.label}: no such chunk`);
  for (const c of found) console.log(row(c.kb, `${c.name}  ${w.label}`));
  for (const f of eager) console.log(`   FIRST LOAD  ${f}  ${w.label}: must be a lazy chunk`);
}

console.log(row(total, `first load (budget ${BUDGET_KB} KB)`));

/** The chunks of LOADED_AT_START with their static imports, from Vite's build manifest, not already in the first load. */
function startChunks(): string[] {
  type Chunk = { file: string; imports?: string[] };
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const out = new Set<string>();
  const visit = (key: string) => {
    const c = manifest[key];
    if (!c || out.has(c.file) || first.includes(c.file)) return;
    out.add(c.file);
    for (const i of c.imports ?? []) visit(i);
  };
  for (const key of LOADED_AT_START) {
    if (!manifest[key]) throw new Error(`${key} is not a chunk of the build (LOADED_AT_START in scripts/build-plugins.ts)`);
    visit(key);
  }
  return [...out];
}
const atStart = startChunks();
let startTotal = total;
console.log('loaded at start, in parallel with the first screen:');
for (const file of atStart) {
  const kb = gzipKb(file);
  startTotal += kb;
  console.log(row(kb, file));
}
console.log(row(startTotal, `first load and start (budget ${START_BUDGET_KB} KB)`));
const startScripts = [...first, ...atStart].filter((f) => f.endsWith('.js')).length;
console.log(
  `${String(startScripts).padStart(7)}     scripts in the first load and start (at most ${MAX_START_SCRIPTS})${startScripts > MAX_START_SCRIPTS ? ' ✗' : ''}`,
);

/** What a browser fetches for the first paint and the page's code, as the production server sends it. */
async function wireBytes(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-budget-'));
  const config = loadConfig(
    { LOG_LEVEL: 'silent' },
    { dataDir, port: 0, logLevel: 'silent', production: true, devTools: false, seedDemo: false, watchPages: false, clientDir: dist },
  );
  const server = await startServer(config);
  try {
    const headers = { 'accept-encoding': 'br, gzip' };
    const bodyBytes = async (url: string) => {
      const res = await fetch(url, { headers });
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      // fetch decodes; the wire size is the Content-Length of the encoded reply.
      const length = Number(res.headers.get('content-length'));
      const text = await res.text();
      return { bytes: length || Buffer.byteLength(text), text, encoding: res.headers.get('content-encoding') ?? 'identity' };
    };
    const page = await bodyBytes(server.url + WIRE_PAGE);
    let sum = page.bytes;
    console.log(`bytes on the wire, first load of ${WIRE_PAGE} (as served; API data not counted):`);
    console.log(row(page.bytes / 1024, `${WIRE_PAGE} (HTML, ${page.encoding})`));
    const files = [...page.text.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1] as string,
    );
    for (const file of new Set([...files, ...atStart.map((f) => `/${f}`)])) {
      const r = await bodyBytes(server.url + file);
      sum += r.bytes;
      console.log(row(r.bytes / 1024, `${file.slice(1)} (${r.encoding})`));
    }
    console.log(row(sum / 1024, `on the wire (target ${WIRE_TARGET_KB} KB)`));
    return sum / 1024;
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Packages built from their development files (dev-only checks and warnings, more bytes): React Router's package
 * resolves to them under every condition, so vite.config.ts points the build at its production files. A source map
 * naming a development file of a package fails the budget.
 */
function developmentBuilds(): string[] {
  const found = new Set<string>();
  for (const file of fs.readdirSync(path.join(dist, 'assets'))) {
    if (!file.endsWith('.js.map')) continue;
    const map = JSON.parse(fs.readFileSync(path.join(dist, 'assets', file), 'utf8')) as { sources: string[] };
    for (const source of map.sources) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:.*\/)?(?:development\/|[^/]*\.development\.js$)/.exec(source);
      if (m?.[1]) found.add(`${m[1]} (${file.replace(/\.map$/, '')})`);
    }
  }
  return [...found].sort();
}
/**
 * The chunks of the first load and of the start must begin with V8's compile hint (scripts/build-plugins.ts
 * `compileHints`), so Chromium compiles them while they stream in, not on the main thread when they run.
 */
const unhinted = [...first, ...atStart].filter(
  (f) => f.endsWith('.js') && !fs.readFileSync(path.join(dist, f), 'utf8').startsWith(COMPILE_HINT),
);
if (unhinted.length > 0) console.log(`\nchunks of the first load or the start without the compile hint (✗):\n  ${unhinted.join('\n  ')}`);

const devBuilds = developmentBuilds();
if (devBuilds.length > 0) console.log(`\ndevelopment builds of packages in the bundle (✗):\n  ${devBuilds.join('\n  ')}`);

const wire = await wireBytes();
process.exit(
  total > BUDGET_KB ||
    startTotal > START_BUDGET_KB ||
    startScripts > MAX_START_SCRIPTS ||
    wire > WIRE_TARGET_KB ||
    lazyBroken ||
    devBuilds.length > 0 ||
    unhinted.length > 0
    ? 1
    : 0,
);
