/**
 * How bench:api compares an endpoint with the ceiling on a shared machine whose background load changes from one
 * second to the next: the two are measured in alternating slices (ceiling, endpoint, ceiling, …, ceiling), each
 * endpoint slice is divided by the mean of the ceiling slices just before and just after it, and the median of those
 * ratios is the endpoint's share of the ceiling. A burst of background load then moves one pair, not the verdict.
 */

/** The median of `xs` (the mean of the middle two for an even count); NaN for none. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * Each endpoint slice over the mean of the ceiling slices around it. `ceiling` holds one slice more than `endpoint`
 * (it opens and closes the run); anything else is a programming error.
 */
export function pairedRatios(endpoint: readonly number[], ceiling: readonly number[]): number[] {
  if (ceiling.length !== endpoint.length + 1) {
    throw new Error(`${endpoint.length} endpoint slices need ${endpoint.length + 1} ceiling slices around them, got ${ceiling.length}`);
  }
  return endpoint.map((e, i) => e / (((ceiling[i] as number) + (ceiling[i + 1] as number)) / 2));
}
