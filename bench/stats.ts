/**
 * Percentiles and the millisecond format of the benchmarks, apart from bench/support.ts (which opens databases, so it
 * imports server-only modules): bench:documents-pdf runs without the react-server condition (react-pdf needs React's
 * full build) and takes these from here.
 */

/** The p-th percentile of an ascending list (nearest rank). */
export function pct(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** p50 and p95 of a list of milliseconds. */
export function p50p95(xs: readonly number[]): [number, number] {
  const sorted = [...xs].sort((x, y) => x - y);
  return [pct(sorted, 50), pct(sorted, 95)];
}
