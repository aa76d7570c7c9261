import { describe, expect, it } from 'vitest';
import { median, pairedRatios } from '../../scripts/bench-pairs';
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

describe('an endpoint against the ceiling in alternating slices (bench:api)', () => {
  it('divides each endpoint slice by the ceiling slices around it and takes the median', () => {
    // The machine slows down around the third ceiling slice: it and the endpoint slice before it drop.
    const ceiling = [20_000, 20_000, 10_000, 20_000, 20_000];
    const endpoint = [11_000, 7_500, 10_000, 10_000];
    expect(pairedRatios(endpoint, ceiling)).toEqual([0.55, 0.5, 10_000 / 15_000, 0.5]);
    expect(median(pairedRatios(endpoint, ceiling))).toBeCloseTo(0.525, 10);
  });

  it('one disturbed pair does not move the verdict', () => {
    const ceiling = [20_000, 20_000, 20_000, 20_000, 20_000, 20_000];
    expect(median(pairedRatios([10_400, 10_600, 2_000, 10_500, 10_200], ceiling))).toBeCloseTo(0.52, 10);
  });

  it('needs a ceiling slice before and after every endpoint slice', () => {
    expect(() => pairedRatios([1, 2], [1, 2])).toThrow(/2 endpoint slices need 3 ceiling slices/);
    expect(median([])).toBeNaN();
    expect(median([3, 1, 2])).toBe(2);
  });
});
