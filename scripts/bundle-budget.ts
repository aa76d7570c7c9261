/**
 * First-load budget: gzip size of what the browser must fetch before the first screen renders
 * (the entry chunk, its modulepreloads and the CSS linked from dist/index.html), and the size of
 * every lazy chunk (each block, module and dialog), so a module landing shows what it costs and
 * that the first load did not grow. Run after `npm run build`; `npm test` runs it. Exits 1 when
 * the first load is over budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 118;
const dist = path.resolve('dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const row = (kb: number, label: string) => `${kb.toFixed(1).padStart(7)} KB  ${label}`;

let total = 0;
console.log('first load:');
for (const file of first) {
  const kb = gzipKb(file);
  total += kb;
  console.log(row(kb, file));
}

const lazy = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f) && !first.includes(`assets/${f}`))
  .map((f) => ({ name: f.replace(/-[\w-]{8}\.(js|css)$/, '.$1'), kb: gzipKb(`assets/${f}`) }))
  .sort((a, b) => b.kb - a.kb);
console.log(`lazy chunks (${lazy.length}, loaded when a page or dialog needs them):`);
for (const c of lazy) console.log(row(c.kb, c.name));

console.log(row(total, `first load (budget ${BUDGET_KB} KB)`));
process.exit(total > BUDGET_KB ? 1 : 0);
