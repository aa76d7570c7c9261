/**
 * `npm run pages:check`: validates every page config in pages-config/ and prints
 * `file: JSON path: reason` for each problem. Exits 1 when any config is broken.
 */
import path from 'node:path';
import { formatProblem } from '../src/runtime/config-check/problems';
import { ConfigChecker } from '../src/server/pages/check-configs';

const root = path.resolve(process.argv[2] ?? 'pages-config');
const checker = new ConfigChecker(path.resolve('schemas'));
const results = checker.checkAll(root);
const problems = results.flatMap((r) => r.problems);
for (const p of problems) console.error(formatProblem(p));
console.log(`${results.length} page configs checked, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
