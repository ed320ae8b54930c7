import { describe, expect, it } from 'vitest';
import { poolGrowth, WORKER_WORTH_MS } from './pool-growth';

/** A processor-time clock the test moves. */
function clock() {
  let now = 0;
  return { read: () => now, spend: (ms: number) => (now += ms) };
}

/** The main thread answering inputs that each take the processor time given. */
function answers(growth: ReturnType<typeof poolGrowth>, cpu: ReturnType<typeof clock>, spans: number[]) {
  for (const ms of spans) {
    cpu.spend(ms);
    growth.answered();
  }
}

describe('poolGrowth', () => {
  it('finds no worker worth starting before the main thread has answered four inputs', () => {
    const cpu = clock();
    const growth = poolGrowth(() => 1_000_000, cpu.read);
    expect(growth.worth()).toBe(false);
    for (let i = 0; i < 3; i++) {
      answers(growth, cpu, [1000]);
      expect(growth.worth()).toBe(false);
    }
    answers(growth, cpu, [1000]);
    expect(growth.worth()).toBe(true);
  });

  it('finds a worker worth it once the inputs left, at the pace of the last ones, exceed its cost', () => {
    const cpu = clock();
    let left = 100;
    const growth = poolGrowth(() => left, cpu.read);
    answers(growth, cpu, [0, ...Array<number>(3).fill(WORKER_WORTH_MS / 50)]);
    expect(growth.worth()).toBe(true);
    left = 40;
    expect(growth.worth()).toBe(false);
  });

  it('is not swayed by one answer made slow by a busy moment or the compiler warming up', () => {
    const cpu = clock();
    // 220 invoices of 2 ms, the second answered in 60 ms: 218 × 60 ms is past a worker's cost.
    const growth = poolGrowth(() => 218, cpu.read);
    answers(growth, cpu, [300, 60]);
    expect(growth.worth()).toBe(false);
    answers(growth, cpu, [2, 2]);
    expect(growth.worth()).toBe(false);
    // Nor by three such among the last eight.
    answers(growth, cpu, [60, 2, 60, 2, 2]);
    expect(growth.worth()).toBe(false);
  });

  it('takes the pace of slow answers among a few quick ones (a scanned batch with some text PDFs)', () => {
    const cpu = clock();
    const growth = poolGrowth(() => 90, cpu.read);
    answers(growth, cpu, [2000, 1000, 5, 1000, 1000, 5, 1000, 5]);
    expect(growth.worth()).toBe(true);
  });

  it('takes the pace of the last inputs only: a slow start does not count for the whole batch', () => {
    const cpu = clock();
    const growth = poolGrowth(() => 100, cpu.read);
    answers(growth, cpu, [5000, 5000, 5000, 5000]);
    expect(growth.worth()).toBe(true);
    answers(growth, cpu, Array<number>(5).fill(1));
    expect(growth.worth()).toBe(false);
  });
});
