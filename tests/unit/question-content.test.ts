import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerableCount, loadQuestionBanks } from '../../src/server/content/kinds/questions';
import { loadSubjects } from '../../src/server/content/kinds/subjects';

const dir = { root: path.resolve('content') };

describe('the question banks written for the project (content/demo/questions)', () => {
  const banks = loadQuestionBanks(dir);
  const all = banks.flatMap((b) => b.children.flatMap((c) => c.questions));

  it('hold at least 300 answerable questions across several subjects, each with an analysis', () => {
    expect(all.reduce((n, q) => n + answerableCount(q), 0)).toBeGreaterThanOrEqual(300);
    expect(new Set(banks.map((b) => b.genus)).size).toBeGreaterThanOrEqual(3);
    for (const q of all) expect(q.analysis.length).toBeGreaterThanOrEqual(10);
  });

  it('use every question type, and exam papers have a time limit', () => {
    const types = new Set(all.flatMap((q) => (q.type === 'material' ? ['material', ...q.children.map((c) => c.type)] : [q.type])));
    expect([...types].sort()).toEqual(['fill', 'judge', 'material', 'multiple', 'single']);
    const papers = banks.flatMap((b) => b.children).filter((c) => c.mode === 'exam');
    expect(papers.length).toBeGreaterThanOrEqual(1);
    for (const p of papers) expect(p.exam_minutes).toBeGreaterThan(0);
  });

  it('are listed under categories that exist in their genus', () => {
    const genera = loadSubjects(dir);
    for (const b of banks) {
      const g = genera.find((x) => x.name === b.genus);
      expect(g, `${b.slug}: genus ${b.genus}`).toBeDefined();
      for (const c of b.categories)
        expect(
          g?.categories.map((x) => x.name),
          `${b.slug}: ${c}`,
        ).toContain(c);
    }
  });
});
