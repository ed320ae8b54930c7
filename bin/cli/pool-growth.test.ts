import { describe, expect, it } from 'vitest';
import { poolGrowth, WORKER_WORTH_MS } from './pool-growth';

describe('poolGrowth', () => {
  it('finds no worker worth starting before this thread has answered two inputs', () => {
    const growth = poolGrowth(() => 1_000_000);
    expect(growth.worth()).toBe(false);
    growth.answered(1000);
    expect(growth.worth()).toBe(false);
    growth.answered(1000);
    expect(growth.worth()).toBe(true);
  });

  it('finds a worker worth it once the inputs left, at the pace of the last answers, exceed its cost', () => {
    let left = 100;
    const growth = poolGrowth(() => left);
    growth.answered(WORKER_WORTH_MS / 50);
    growth.answered(WORKER_WORTH_MS / 50);
    expect(growth.worth()).toBe(true);
    left = 40;
    expect(growth.worth()).toBe(false);
  });

  it('takes the pace of the fastest of the last answers: a slow first one does not count for the batch', () => {
    const growth = poolGrowth(() => 100);
    growth.answered(1000);
    growth.answered(1);
    expect(growth.worth()).toBe(false);
  });
});
