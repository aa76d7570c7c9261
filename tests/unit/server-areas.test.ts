import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's house rules that a reader relies on (docs/architecture.md, "Server layout"): every area is one flat
 * folder under src/server/areas with its door and README, the area list registers each, nothing is left in the old
 * flat folders, and one function opens transactions.
 */
const AREAS_DIR = 'src/server/areas';
const areaFolders = fs
  .readdirSync(AREAS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((d) => (d.isFile() ? [path.join(d.parentPath, d.name)] : []));
}

describe('the server by area', () => {
  it('has one folder per glossary word, each with its door (index.ts) and a README of its rules', () => {
    const glossary = fs.readFileSync('docs/architecture.md', 'utf8');
    expect(areaFolders.length).toBeGreaterThan(10);
    for (const a of areaFolders) {
      expect(fs.existsSync(path.join(AREAS_DIR, a, 'index.ts')), `${a}/index.ts`).toBe(true);
      expect(fs.existsSync(path.join(AREAS_DIR, a, 'README.md')), `${a}/README.md`).toBe(true);
      expect(glossary, `the glossary names ${a}`).toContain(`| [\`${a}\`]`);
    }
  });

  it('keeps areas flat (the door rule reads ../<area>/<file>)', () => {
    for (const a of areaFolders) {
      const nested = fs.readdirSync(path.join(AREAS_DIR, a), { withFileTypes: true }).filter((d) => d.isDirectory());
      expect(
        nested.map((d) => d.name),
        a,
      ).toEqual([]);
    }
  });

  it('registers every area folder in the area list, once', () => {
    const list = fs.readFileSync('src/server/area-list.ts', 'utf8');
    for (const a of areaFolders) expect(list, a).toContain(`from './areas/${a}'`);
    const registered = [...list.matchAll(/^ {2}(\w+)Area,$/gm)].map((m) => m[1]);
    expect(registered.sort()).toEqual(areaFolders);
  });

  it('leaves nothing in the old flat folders', () => {
    for (const old of ['src/server/services', 'src/server/routes', 'src/server/db/tables', 'src/server/pages']) {
      expect(fs.existsSync(old) ? filesUnder(old) : [], old).toEqual([]);
    }
  });

  it('opens transactions one way (http/transaction.ts inTransaction), outside the seed', () => {
    const offenders = filesUnder('src/server')
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => !f.endsWith(path.join('http', 'transaction.ts')) && !f.includes(`${path.sep}seed${path.sep}`))
      .filter((f) => /\.transaction\(\)/.test(fs.readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it("names every file of the folder in the area's README (so the README stays the map of the area)", () => {
    const missing: string[] = [];
    for (const a of areaFolders) {
      const readme = fs.readFileSync(path.join(AREAS_DIR, a, 'README.md'), 'utf8');
      for (const f of fs.readdirSync(path.join(AREAS_DIR, a)).filter((n) => n.endsWith('.ts'))) {
        if (!readme.includes(`\`${f}\``)) missing.push(`${a}/${f}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
