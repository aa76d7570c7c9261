import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The built client (dist/), copied to a temporary folder so a build running meanwhile cannot change the files under
 * a test's server. Throws when `required` (a file of the build) is missing: `npm run build` first.
 */
export function snapshotOfDist(required = 'index.html'): string {
  const dist = path.resolve('dist');
  if (!fs.existsSync(path.join(dist, required))) throw new Error(`dist/${required} is missing: run \`npm run build\` first`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-dist-'));
  fs.cpSync(dist, dir, { recursive: true });
  return dir;
}
