/**
 * `npm run pages:check`: validates every page config and fragment (_fragments/) in pages-config/, and every activity
 * file (_activities/: its schemas and what a schema cannot say; the database checks run when the server loads it),
 * and prints `file: JSON path: reason` for each problem. Exits 1 when any file is broken.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatProblem } from '../src/runtime/config-check/problems';
import { ActivitySchemas } from '../src/server/areas/activities/check-activity';
import { ConfigChecker } from '../src/server/areas/pages/check-configs';

const root = path.resolve(process.argv[2] ?? 'pages-config');
const schemas = path.resolve('schemas');
const results = new ConfigChecker(schemas).checkAll(root);
const problems = results.flatMap((r) => r.problems);
const activitiesDir = path.join(root, '_activities');
const activityFiles = fs.existsSync(activitiesDir) ? fs.readdirSync(activitiesDir).filter((f) => f.endsWith('.json')) : [];
const activitySchemas = new ActivitySchemas(schemas);
for (const f of activityFiles) {
  const abs = path.join(activitiesDir, f);
  problems.push(...activitySchemas.check(path.relative(path.dirname(root), abs), fs.readFileSync(abs, 'utf8')).problems);
}
for (const p of problems) console.error(formatProblem(p));
const fragments = results.filter((r) => r.kind === 'fragment').length;
console.log(
  `${results.length - fragments} page configs, ${fragments} fragments and ${activityFiles.length} activities checked, ${problems.length} problems`,
);
process.exit(problems.length ? 1 : 0);
