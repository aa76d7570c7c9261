/**
 * `npm run pages:check`: validates every page config and fragment (_fragments/) in pages-config/ and prints
 * `file: JSON path: reason` for each problem. Exits 1 when any config is broken.
 */
import path from 'node:path';
import { formatProblem } from '../src/runtime/config-check/problems';
import { ConfigChecker } from '../src/server/areas/pages/check-configs';

const root = path.resolve(process.argv[2] ?? 'pages-config');
const checker = new ConfigChecker(path.resolve('schemas'));
const results = checker.checkAll(root);
const problems = results.flatMap((r) => r.problems);
for (const p of problems) console.error(formatProblem(p));
const fragments = results.filter((r) => r.kind === 'fragment').length;
console.log(`${results.length - fragments} page configs and ${fragments} fragments checked, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
