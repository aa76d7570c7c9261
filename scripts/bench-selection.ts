/**
 * Which cases a benchmark runs (the `BENCH_CASES` words) and whether its table says anything: a run that measured
 * nothing fails instead of printing "every target met" over an empty table.
 */

/** The cases whose label holds one of `words` (all of them without words); none matched is an error naming the words. */
export function selectCases<C extends { label: string }>(cases: readonly C[], words: readonly string[] | undefined): C[] {
  if (!words || words.length === 0) return [...cases];
  const chosen = cases.filter((c) => words.some((w) => c.label.includes(w)));
  if (chosen.length === 0) {
    throw new Error(`BENCH_CASES=${words.join(',')} matches no case; the cases are: ${cases.map((c) => c.label).join('; ')}`);
  }
  return chosen;
}

/** The verdict line of a run and whether it passed: nothing measured, or any row missing a target, fails. */
export function verdict(measured: number, failed: number): { ok: boolean; line: string } {
  if (measured === 0) return { ok: false, line: 'nothing was measured: no case ran on any database' };
  return failed === 0 ? { ok: true, line: 'every target met' } : { ok: false, line: `${failed} row(s) miss a target` };
}
