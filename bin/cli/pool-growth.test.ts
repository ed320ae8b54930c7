import { describe, expect, it } from 'vitest';
import { poolGrowth, WORKER_WORTH_MS, type Meters } from './pool-growth';

/**
 * A machine the test moves: the process's processor time, the clock, and the cores left idle (each
 * millisecond of the clock adds `idleCores` milliseconds of idle time).
 */
function machine(idleCores: number | null = 1) {
  let cpu = 0;
  let wall = 0;
  let idle = 0;
  const meters: Meters = {
    cpuMs: () => cpu,
    wallMs: () => wall,
    idleMs: () => (idleCores === null ? null : idle),
  };
  return {
    meters,
    spend: (ms: number) => (cpu += ms),
    wait: (ms: number) => {
      wall += ms;
      idle += ms * (idleCores ?? 0);
    },
  };
}

/** The main thread answering inputs that each take the processor time given (and as much clock time). */
function answers(growth: ReturnType<typeof poolGrowth>, m: ReturnType<typeof machine>, spans: number[]) {
  for (const ms of spans) {
    m.spend(ms);
    m.wait(ms);
    growth.answered();
  }
}

/** Whether a worker is worth it once the idle time has been read over a quarter second. */
function worthAfterLooking(growth: ReturnType<typeof poolGrowth>, m: ReturnType<typeof machine>): boolean {
  if (growth.worth()) return true;
  m.wait(300);
  return growth.worth();
}

describe('poolGrowth', () => {
  it('finds no worker worth starting before the main thread has answered four inputs', () => {
    const m = machine();
    const growth = poolGrowth(() => 1_000_000, m.meters);
    expect(growth.worth()).toBe(false);
    for (let i = 0; i < 3; i++) {
      answers(growth, m, [1000]);
      expect(worthAfterLooking(growth, m)).toBe(false);
    }
    answers(growth, m, [1000]);
    expect(worthAfterLooking(growth, m)).toBe(true);
  });

  it('finds a worker worth it once the inputs left, at the pace of the last ones, exceed its cost', () => {
    const m = machine();
    let left = 100;
    const growth = poolGrowth(() => left, m.meters);
    answers(growth, m, [0, ...Array<number>(3).fill(WORKER_WORTH_MS / 50)]);
    expect(worthAfterLooking(growth, m)).toBe(true);
    left = 40;
    expect(worthAfterLooking(growth, m)).toBe(false);
  });

  it('is not swayed by one answer made slow by a busy moment or the compiler warming up', () => {
    const m = machine();
    // 220 invoices of 2 ms, the second answered in 60 ms: 218 × 60 ms is past a worker's cost.
    const growth = poolGrowth(() => 218, m.meters);
    answers(growth, m, [300, 60]);
    expect(worthAfterLooking(growth, m)).toBe(false);
    answers(growth, m, [2, 2]);
    expect(worthAfterLooking(growth, m)).toBe(false);
    // Nor by three such among the last eight.
    answers(growth, m, [60, 2, 60, 2, 2]);
    expect(worthAfterLooking(growth, m)).toBe(false);
  });

  it('takes the pace of slow answers among a few quick ones (a scanned batch with some text PDFs)', () => {
    const m = machine();
    const growth = poolGrowth(() => 90, m.meters);
    answers(growth, m, [2000, 1000, 5, 1000, 1000, 5, 1000, 5]);
    expect(worthAfterLooking(growth, m)).toBe(true);
  });

  it('takes the pace of the last inputs only: a slow start does not count for the whole batch', () => {
    const m = machine();
    const growth = poolGrowth(() => 100, m.meters);
    answers(growth, m, [5000, 5000, 5000, 5000]);
    expect(worthAfterLooking(growth, m)).toBe(true);
    answers(growth, m, Array<number>(5).fill(1));
    expect(worthAfterLooking(growth, m)).toBe(false);
  });

  it('starts no worker where the machine leaves less than three quarters of a core idle', () => {
    // A converting main thread keeps 1.4 of 2 cores busy; or other programs keep the machine busy.
    const m = machine(0.6);
    const growth = poolGrowth(() => 1_000_000, m.meters);
    answers(growth, m, [1000, 1000, 1000, 1000]);
    for (let i = 0; i < 10; i++) expect(worthAfterLooking(growth, m)).toBe(false);
  });

  it('weighs the idle time of a quarter second at least, read as the inputs are answered', () => {
    const m = machine(1);
    const growth = poolGrowth(() => 1_000_000, m.meters);
    // Quick answers: the idle time read at the first is not a quarter second old yet.
    answers(growth, m, [1, 1, 1, 1]);
    expect(growth.worth()).toBe(false);
    m.wait(300);
    expect(growth.worth()).toBe(true);
    // One core idle has room for one worker: the next is weighed on what the machine does after.
    expect(growth.worth()).toBe(false);
    m.wait(300);
    expect(growth.worth()).toBe(true);
  });

  it('starts the worker on the answer that makes it worth it when answers are slow (scanned pages)', () => {
    const m = machine(1);
    const growth = poolGrowth(() => 100, m.meters);
    answers(growth, m, [2500, 2500, 2500, 2500]);
    expect(growth.worth()).toBe(true);
  });

  it('starts a worker for every further whole core idle at once', () => {
    // 8 cores, the main thread and the compiler keeping 1.4 busy.
    const m = machine(6.6);
    const growth = poolGrowth(() => 1_000_000, m.meters);
    answers(growth, m, [1000, 1000, 1000, 1000]);
    let started = 0;
    while (growth.worth()) started += 1;
    expect(started).toBe(6);
  });

  it('lets the pace alone decide, a worker at each weighing, where the system tells no idle time', () => {
    const m = machine(null);
    const growth = poolGrowth(() => 1_000_000, m.meters);
    answers(growth, m, [1000, 1000, 1000, 1000]);
    expect(growth.worth()).toBe(true);
    expect(growth.worth()).toBe(false);
    m.wait(300);
    expect(growth.worth()).toBe(true);
  });
});
