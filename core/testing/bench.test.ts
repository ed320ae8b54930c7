import { describe, expect, it } from 'vitest';
import { formatMeasurement, measure, percentile, summarize } from './bench';

describe('bench harness', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(10);
    expect(percentile(sorted, 95)).toBe(19);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('times a function the asked number of times after the warm-up', async () => {
    let calls = 0;
    const m = await measure(() => (calls += 1), { iterations: 5, warmup: 2 });
    expect(calls).toBe(7);
    expect(m.iterations).toBe(5);
    expect(m.minMs).toBeLessThanOrEqual(m.medianMs);
    expect(m.medianMs).toBeLessThanOrEqual(m.p95Ms);
    expect(m.peakRssMb).toBeGreaterThan(0);
    expect(formatMeasurement('x', m)).toMatch(
      /^x: median \d+\.\d{3} ms, p95 .* \(5 runs, peak RSS \d+ MB\)$/,
    );
  });

  it('summarizes timings given one by one, with fewer decimals for slow work', () => {
    const m = summarize([30, 10, 20]);
    expect([m.iterations, m.medianMs, m.minMs, m.p95Ms]).toEqual([3, 20, 10, 30]);
    expect(formatMeasurement('y', m)).toMatch(/^y: median 20\.0 ms, p95 30\.0 ms, min 10\.0 ms \(3 runs/);
  });
});
