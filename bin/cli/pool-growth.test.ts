import { describe, expect, it } from 'vitest';
import { poolGrowth, WORKER_WORTH_MS } from './pool-growth';

/** A processor-time clock the test moves. */
function clock() {
  let now = 0;
  return { read: () => now, spend: (ms: number) => (now += ms) };
}

describe('poolGrowth', () => {
  it('finds no worker worth starting before the main thread has answered two inputs', () => {
    const cpu = clock();
    const growth = poolGrowth(() => 1_000_000, cpu.read);
    expect(growth.worth()).toBe(false);
    cpu.spend(1000);
    growth.answered();
    expect(growth.worth()).toBe(false);
    cpu.spend(1000);
    growth.answered();
    expect(growth.worth()).toBe(true);
  });

  it('finds a worker worth it once the inputs left, at the pace of the last ones, exceed its cost', () => {
    const cpu = clock();
    let left = 100;
    const growth = poolGrowth(() => left, cpu.read);
    growth.answered();
    cpu.spend(WORKER_WORTH_MS / 50);
    growth.answered();
    expect(growth.worth()).toBe(true);
    left = 40;
    expect(growth.worth()).toBe(false);
  });

  it('takes the pace of the last inputs only: a slow start does not count for the whole batch', () => {
    const cpu = clock();
    const growth = poolGrowth(() => 100, cpu.read);
    cpu.spend(5000);
    growth.answered();
    cpu.spend(5000);
    growth.answered();
    expect(growth.worth()).toBe(true);
    for (let i = 0; i < 8; i++) {
      cpu.spend(1);
      growth.answered();
    }
    expect(growth.worth()).toBe(false);
  });
});
