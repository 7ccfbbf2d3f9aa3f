// Order statistics shared by the benches.

/** The nearest-rank percentile (`fraction` 0.99 for p99); NaN for no values. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** p50 and p99 in ms (one decimal), and how many. */
export interface Latency {
  count: number;
  p50Ms: number;
  p99Ms: number;
}

export function latencyOf(durationsMs: readonly number[]): Latency {
  return { count: durationsMs.length, p50Ms: round(percentile(durationsMs, 0.5)), p99Ms: round(percentile(durationsMs, 0.99)) };
}
