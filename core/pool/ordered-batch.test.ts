import { describe, expect, it } from 'vitest';
import { runOrdered } from './ordered-batch';

/** Items whose work ends only when the test says so. */
function controlled(count: number) {
  const finish: ((value: string) => void)[] = [];
  const startedAt: number[] = [];
  const run = (item: number) =>
    new Promise<string>((resolve) => {
      startedAt.push(item);
      finish[item] = resolve;
    });
  return { items: Array.from({ length: count }, (_, i) => i), run, finish, startedAt };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('runOrdered', () => {
  it('hands results back in input order whatever order they finish in', async () => {
    const c = controlled(6);
    const emitted: string[] = [];
    const end = runOrdered(c.items, {
      concurrency: 3,
      window: 6,
      run: c.run,
      emit: (r) => emitted.push(r),
    });
    for (const i of [2, 1, 4, 0, 5, 3]) {
      while (!c.finish[i]) await tick();
      c.finish[i]!(`r${i}`);
      await tick();
    }
    await expect(end).resolves.toEqual({ started: 6 });
    expect(emitted).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('runs at most `concurrency` items at once', async () => {
    const c = controlled(10);
    const end = runOrdered(c.items, { concurrency: 2, window: 10, run: c.run, emit: () => {} });
    await tick();
    expect(c.startedAt).toEqual([0, 1]);
    c.finish[1]!('x');
    await tick();
    expect(c.startedAt).toEqual([0, 1, 2]);
    for (let i = 0; i < 10; i++) {
      while (!c.finish[i]) await tick();
      c.finish[i]!('x');
    }
    await end;
  });

  it('asks a `concurrency` and a `window` given as functions before each start, as a growing pool', async () => {
    const c = controlled(20);
    let jobs = 1;
    const end = runOrdered(c.items, {
      concurrency: () => jobs * 2,
      window: () => jobs * 3,
      run: c.run,
      emit: () => {},
    });
    await tick();
    expect(c.startedAt).toEqual([0, 1]);
    // Item 0 slow: the window (3) holds the batch, however many finish after it.
    c.finish[1]!('x');
    await tick();
    expect(c.startedAt).toEqual([0, 1, 2]);
    c.finish[2]!('x');
    await tick();
    expect(c.startedAt).toEqual([0, 1, 2]);
    jobs = 2;
    c.finish[0]!('x');
    await tick();
    expect(c.startedAt).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (let i = 0; i < 20; i++) {
      while (!c.finish[i]) await tick();
      c.finish[i]!('x');
    }
    await expect(end).resolves.toEqual({ started: 20 });
  });

  it('holds at most `window` items: a slow first item stops the batch from reading ahead', async () => {
    const c = controlled(1000);
    const emitted: number[] = [];
    const end = runOrdered(c.items, {
      concurrency: 4,
      window: 8,
      run: c.run,
      emit: (_r, i) => emitted.push(i),
    });
    // Everything but item 0 finishes at once, item 0 never yet: the batch goes no further than the window.
    for (let round = 0; round < 20; round++) {
      for (const i of c.startedAt) if (i !== 0) c.finish[i]!('x');
      await tick();
    }
    expect(c.startedAt).toHaveLength(8);
    expect(emitted).toEqual([]);
    c.finish[0]!('x');
    for (let round = 0; round < 400 && emitted.length < 1000; round++) {
      for (const i of c.startedAt) c.finish[i]!('x');
      await tick();
    }
    await expect(end).resolves.toEqual({ started: 1000 });
    expect(emitted).toEqual(c.items);
  });

  it('starts nothing more once stopped, and ends when the running items are handed back', async () => {
    const c = controlled(50);
    let stop = false;
    const emitted: number[] = [];
    const end = runOrdered(c.items, {
      concurrency: 3,
      window: 6,
      run: c.run,
      emit: (_r, i) => emitted.push(i),
      stopped: () => stop,
    });
    await tick();
    c.finish[0]!('x');
    await tick();
    stop = true;
    for (const i of c.startedAt) c.finish[i]!('x');
    await expect(end).resolves.toEqual({ started: 4 });
    expect(emitted).toEqual([0, 1, 2, 3]);
  });

  it('ends at once on an empty batch', async () => {
    await expect(
      runOrdered([], { concurrency: 2, window: 4, run: async () => 0, emit: () => {} }),
    ).resolves.toEqual({
      started: 0,
    });
  });
});
