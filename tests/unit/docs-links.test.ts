import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README stays short enough to read whole, and every relative link in it and in docs/ leads somewhere: a file
// that exists and, for a `#fragment` into a Markdown file, a heading of that file.

const ROOT = path.resolve(__dirname, '../..');
const README_LIMIT = 12 * 1024;

function markdownFiles(): string[] {
  const out = ['README.md', 'CHANGELOG.md'].filter((f) => fs.existsSync(path.join(ROOT, f)));
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.md')) out.push(rel);
    }
  };
  walk('docs');
  return out;
}

/** GitHub's heading anchors: lower case, punctuation dropped (letters, digits, `-`, `_` and spaces kept), spaces → `-`. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const text = (m[1] ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Every `[text](target)` outside code, with its line number; links to other sites and mail are left out. */
function relativeLinks(markdown: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((line, i) => {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) return;
    const prose = line.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1] ?? '';
      if (/^[a-z]+:/i.test(target)) continue;
      links.push({ target, line: i + 1 });
    }
  });
  return links;
}

function brokenLinks(): string[] {
  const broken: string[] = [];
  for (const file of markdownFiles()) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const { target, line } of relativeLinks(text)) {
      const [rawPath = '', fragment] = target.split('#');
      const dest = rawPath === '' ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), decodeURI(rawPath));
      if (!fs.existsSync(dest)) {
        broken.push(`${file}:${line}: ${target}: no such file`);
        continue;
      }
      if (fragment && dest.endsWith('.md') && !anchorsOf(fs.readFileSync(dest, 'utf8')).has(fragment))
        broken.push(`${file}:${line}: ${target}: no heading #${fragment} in ${path.relative(ROOT, dest)}`);
    }
  }
  return broken;
}

describe('docs', () => {
  it('keeps README.md under 12 KB', () => {
    expect(fs.statSync(path.join(ROOT, 'README.md')).size).toBeLessThan(README_LIMIT);
  });

  it('has no broken relative link in README.md, CHANGELOG.md or docs/', () => {
    expect(brokenLinks()).toEqual([]);
  });

  it('computes anchors the way GitHub does', () => {
    const a = anchorsOf('# Refunds: `npm run refunds`\n## E-books (issue 12)\n## Refunds: `npm run refunds`\n```\n# not a heading\n```');
    expect([...a]).toEqual(['refunds-npm-run-refunds', 'e-books-issue-12', 'refunds-npm-run-refunds-1']);
  });
});
