import { describe, expect, it } from 'vitest';
import { writesUnderWay } from './writes-under-way';

/** A write that ends when the test says. */
function pendingWrite() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { write: () => done, finish, fail };
}

describe('writes under way', () => {
  it('settles only once every write under way has, and refuses new writes from then', async () => {
    const writes = writesUnderWay();
    const first = pendingWrite();
    const second = pendingWrite();
    const running = [writes.run(first.write), writes.run(second.write).catch(() => 'failed')];
    let settled = false;
    const settling = writes.settle().then(() => (settled = true));

    await Promise.resolve();
    expect(settled).toBe(false);
    first.finish();
    await running[0];
    await Promise.resolve();
    expect(settled).toBe(false);
    // A write that fails counts as settled: the exit must not wait for a file that will never be.
    second.fail(new Error('disk full'));
    await settling;
    expect(settled).toBe(true);
    await expect(running[1]).resolves.toBe('failed');

    let started = false;
    await expect(
      writes.run(async () => {
        started = true;
      }),
    ).rejects.toThrow(/stopped/);
    expect(started).toBe(false);
  });
});

describe('writes in a burst', () => {
  it('runs two at a time, the others in turn, and refuses those still waiting when the batch ends', async () => {
    const writes = writesUnderWay();
    const files = [pendingWrite(), pendingWrite(), pendingWrite(), pendingWrite()];
    const started: number[] = [];
    const running = files.map((file, i) =>
      writes.run(() => (started.push(i), file.write())).catch((error: Error) => error.message),
    );
    expect(started).toEqual([0, 1]);
    files[1]!.finish();
    await running[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    const settling = writes.settle();
    files[0]!.finish();
    files[2]!.finish();
    await settling;
    expect(started).toEqual([0, 1, 2]);
    await expect(running[3]).resolves.toMatch(/stopped/);
  });
});
