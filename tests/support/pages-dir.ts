import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A temporary copy of pages-config/ plus the test fixtures, so tests can add and break pages freely. */
export function pagesDirWithFixtures(): { dir: string; write(rel: string, value: unknown): void; remove(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-pages-'));
  const dir = path.join(root, 'pages-config');
  fs.cpSync(path.resolve('pages-config'), dir, { recursive: true });
  fs.cpSync(path.resolve('tests/fixtures/pages'), dir, { recursive: true });
  return {
    dir,
    write(rel, value) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    },
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
