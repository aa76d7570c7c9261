/**
 * First-load budget: gzip size of what the browser must fetch before the first screen renders
 * (the entry chunk, its modulepreloads and the CSS linked from dist/index.html).
 * Run after `npm run build`: `npx tsx scripts/bundle-budget.ts`. Exits 1 when over budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 130;
const dist = path.resolve('dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);

let total = 0;
for (const file of files) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const lazy = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js') && !files.includes(`assets/${f}`));
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  first load (budget ${BUDGET_KB} KB); ${lazy.length} lazy chunks`);
process.exit(total / 1024 > BUDGET_KB ? 1 : 0);
