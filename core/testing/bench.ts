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

/** Timings of `fn`; a synchronous `fn` is timed without a microtask turn, for sub-millisecond work. */
export async function measure(fn: () => unknown, options: MeasureOptions = {}): Promise<Measurement> {
  const iterations = options.iterations ?? 20;
  for (let i = 0; i < (options.warmup ?? 1); i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    const result = fn();
    if (result instanceof Promise) await result;
    times.push(performance.now() - start);
  }
  return summarize(times);
}

/** Median, p95 and min of timings (ms), with the process's peak memory. */
export function summarize(timings: readonly number[]): Measurement {
  const times = [...timings].sort((a, b) => a - b);
  return {
    iterations: times.length,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
    minMs: times[0] ?? Number.NaN,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

/**
 * One line: `label: median 41.2 ms, p95 47.9 ms, min 39.0 ms (20 runs, peak RSS 61 MB)`; timings under
 * 10 ms get three decimals, so that a sub-millisecond goal can be read off.
 */
export function formatMeasurement(label: string, m: Measurement): string {
  const digits = m.medianMs < 10 ? 3 : 1;
  return (
    `${label}: median ${m.medianMs.toFixed(digits)} ms, p95 ${m.p95Ms.toFixed(digits)} ms, ` +
    `min ${m.minMs.toFixed(digits)} ms (${m.iterations} runs, peak RSS ${m.peakRssMb.toFixed(0)} MB)`
  );
}
