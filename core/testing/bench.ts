/**
 * A small measuring harness for the `*.bench.ts` modules that `npm run bench` runs: repeated timings
 * reduced to median, p95 and min, with the peak resident memory of this process.
 */
export interface Measurement {
  readonly iterations: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly minMs: number;
  /** Peak resident set size of this process so far (MB). */
  readonly peakRssMb: number;
}

export interface MeasureOptions {
  readonly iterations?: number;
  /** Untimed runs first (JIT, caches, lazy loading). */
  readonly warmup?: number;
}

/** The value at percentile `p` (0-100) of ascending `sorted`, nearest-rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export async function measure(fn: () => unknown, options: MeasureOptions = {}): Promise<Measurement> {
  const iterations = options.iterations ?? 20;
  for (let i = 0; i < (options.warmup ?? 1); i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    iterations,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
    minMs: times[0] ?? Number.NaN,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

/** One line: `label: median 41.2 ms, p95 47.9 ms, min 39.0 ms (20 runs, peak RSS 61 MB)`. */
export function formatMeasurement(label: string, m: Measurement): string {
  return (
    `${label}: median ${m.medianMs.toFixed(1)} ms, p95 ${m.p95Ms.toFixed(1)} ms, min ${m.minMs.toFixed(1)} ms ` +
    `(${m.iterations} runs, peak RSS ${m.peakRssMb.toFixed(0)} MB)`
  );
}
