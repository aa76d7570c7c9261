import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCircle } from '../../src/server/content/kinds/circle';
import { ContentError, DEFAULT_CONTENT_DIR } from '../../src/server/content/load';

const copies: string[] = [];
afterAll(() => {
  for (const d of copies) fs.rmSync(d, { recursive: true, force: true });
});

/** A temp copy of content/ with one JSON file of demo/circle edited. */
function editedCopy(rel: string, edit: (data: never) => void): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-circle-'));
  copies.push(root);
  fs.cpSync(DEFAULT_CONTENT_DIR, root, { recursive: true });
  const file = path.join(root, 'demo/circle', rel);
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as never;
  edit(data);
  fs.writeFileSync(file, JSON.stringify(data));
  return root;
}

function refusal(root: string): string {
  try {
    loadCircle({ root });
  } catch (e) {
    if (e instanceof ContentError) return e.message;
    throw e;
  }
  throw new Error('the content was accepted');
}

type Circle = { videos: { kind: string; phonetic?: string; comments?: { by: string; replies?: { to?: string }[] }[] }[] };

describe('content/demo/circle', () => {
  it('holds three circles, at least 24 word and 6 general videos, and a 4 × 3 politics outline of real notes', () => {
    const c = loadCircle({ root: DEFAULT_CONTENT_DIR });
    expect(c.circles.map((x) => x.name)).toEqual(['四六级词汇圈', '考研政治圈', '教资面试圈']);
    const videos = c.circles.flatMap((x) => x.videos);
    const words = videos.filter((v) => v.kind === 'word');
    expect(words.length).toBeGreaterThanOrEqual(24);
    expect(new Set(words.map((w) => w.word)).size).toBe(words.length);
    expect(videos.filter((v) => v.kind === 'general').length).toBeGreaterThanOrEqual(6);
    expect(c.authors.every((a) => a.mobile.startsWith('1700000'))).toBe(true);
    expect(c.politics.length).toBeGreaterThanOrEqual(4);
    for (const ch of c.politics) {
      expect(ch.points.length).toBeGreaterThanOrEqual(3);
      for (const p of ch.points) expect(p.content.replace(/[\sA-Za-z#>*\-\d.]/g, '').length, p.title).toBeGreaterThan(300);
    }
  });

  it('refuses a comment by an author authors.json does not have, naming the file and field', () => {
    const root = editedCopy('circles/01-cet-words.json', (d: Circle) => {
      const withComments = d.videos.find((v) => v.comments?.[0]?.replies?.length);
      const reply = withComments?.comments?.[0]?.replies?.[0];
      if (reply) reply.to = '不存在的人';
    });
    expect(refusal(root)).toMatch(
      /circle\/circles\/01-cet-words\.json: videos\[\d+\]\.comments\[0\]\.replies\[0\]\.to: authors\.json 里没有昵称 不存在的人$/,
    );
  });

  it('refuses a phonetic without slashes and a demo mobile outside the 1700000xxxx range', () => {
    const phonetic = editedCopy('circles/01-cet-words.json', (d: Circle) => {
      const v = d.videos.find((x) => x.kind === 'word');
      if (v) v.phonetic = 'əˈbændən';
    });
    expect(refusal(phonetic)).toMatch(/videos\[\d+\]\.phonetic: 须写在两条斜线之间/);
    const mobile = editedCopy('authors.json', (d: { mobile: string }[]) => {
      if (d[0]) d[0].mobile = '13800000001';
    });
    expect(refusal(mobile)).toMatch(/authors\.json: \[0\]\.mobile: 须为 1700000 开头的 11 位演示手机号/);
  });
});
