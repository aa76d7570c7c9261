import { describe, expect, it } from 'vitest';
import { selectCases, verdict } from '../../scripts/bench-selection';

const CASES = [{ label: 'subjects (genus.genus)' }, { label: 'page config (study-index)' }, { label: 'news page 1 (genus.news)' }];

describe('benchmark case selection (BENCH_CASES)', () => {
  it('runs every case without words, and the cases whose label holds a word with them', () => {
    expect(selectCases(CASES, undefined)).toEqual(CASES);
    expect(selectCases(CASES, [])).toEqual(CASES);
    expect(selectCases(CASES, ['news', 'subjects']).map((c) => c.label)).toEqual(['subjects (genus.genus)', 'news page 1 (genus.news)']);
  });

  it('refuses words that match no case, naming them and the cases there are', () => {
    expect(() => selectCases(CASES, ['subject-list'])).toThrow(/BENCH_CASES=subject-list matches no case.*subjects \(genus\.genus\)/);
  });

  it('a run that measured nothing fails; one that missed a target fails; only a full pass passes', () => {
    expect(verdict(0, 0)).toEqual({ ok: false, line: 'nothing was measured: no case ran on any database' });
    expect(verdict(6, 2)).toEqual({ ok: false, line: '2 row(s) miss a target' });
    expect(verdict(6, 0)).toEqual({ ok: true, line: 'every target met' });
  });
});
