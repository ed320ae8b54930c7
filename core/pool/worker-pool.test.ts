import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { PoolMessage, PoolReply } from './pool-worker';
import { workerPool, type PoolOptions, type PoolWorker } from './worker-pool';

/**
 * A stand-in worker: it says it is ready once the pool listens (as a real one does after loading), keeps
 * the calls it gets, and the test answers them in order (or kills it).
 */
class FakeWorker extends EventEmitter implements PoolWorker {
  readonly received: PoolMessage[] = [];
  readonly moved: (readonly ArrayBuffer[] | undefined)[] = [];
  private answered = 0;
  terminated = false;
  constructor() {
    super();
    queueMicrotask(() => this.emit('message', { kind: 'ready' } satisfies PoolReply));
  }
  postMessage(message: PoolMessage, transfer?: readonly ArrayBuffer[]): void {
    this.received.push(message);
    this.moved.push(transfer);
  }
  /** Answers the oldest call not answered yet. */
  answer(reply: unknown): void {
    const call = this.received.filter((m) => m.kind === 'call')[this.answered++]!;
    this.emit('message', { kind: 'reply', id: call.id, reply } satisfies PoolReply);
  }
  /** Says the handler of the oldest call not answered yet threw. */
  fail(message: string): void {
    const call = this.received.filter((m) => m.kind === 'call')[this.answered++]!;
    this.emit('message', { kind: 'failed', id: call.id, message } satisfies PoolReply);
  }
  async terminate(): Promise<number> {
    this.terminated = true;
    return 0;
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

function pool(size: number, options: PoolOptions<string, string> = {}) {
  const workers: FakeWorker[] = [];
  const p = workerPool<string, string>(
    size,
    () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    options,
  );
  return { p, workers };
}

describe('workerPool', () => {
  it('starts workers on demand up to its size, one call each, the others waiting in order', async () => {
    const { p, workers } = pool(2);
    const answers = ['a', 'b', 'c'].map((c) => p.run(c));
    expect(workers).toHaveLength(2);
    // Nothing is given to a worker before it is ready.
    expect(workers.map((w) => w.received)).toEqual([[], []]);
    await tick();
    expect(workers.map((w) => w.received)).toEqual([
      [{ kind: 'call', id: 1, call: 'a' }],
      [{ kind: 'call', id: 2, call: 'b' }],
    ]);
    workers[1]!.answer('B');
    await tick();
    // The free worker takes the waiting call.
    expect(workers[1]!.received.at(-1)).toEqual({ kind: 'call', id: 3, call: 'c' });
    workers[0]!.answer('A');
    workers[1]!.answer('C');
    await expect(Promise.all(answers)).resolves.toEqual(['A', 'B', 'C']);
    expect(workers).toHaveLength(2);
    await p.close();
    expect(workers.every((w) => w.terminated)).toBe(true);
  });

  it('passes an abort on to the worker running the call', async () => {
    const { p, workers } = pool(1);
    const stop = new AbortController();
    const answer = p.run('a', stop.signal);
    await tick();
    stop.abort();
    expect(workers[0]!.received).toEqual([
      { kind: 'call', id: 1, call: 'a' },
      { kind: 'abort', id: 1 },
    ]);
    workers[0]!.answer('cancelled');
    await expect(answer).resolves.toBe('cancelled');
    await p.close();
  });

  it('fails only the call whose handler threw, and the same worker answers the next', async () => {
    const { p, workers } = pool(1);
    const first = p.run('a');
    const second = p.run('b');
    await tick();
    workers[0]!.fail('boom');
    await expect(first).rejects.toThrow('worker failed: boom');
    await tick();
    workers[0]!.answer('B');
    await expect(second).resolves.toBe('B');
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(false);
  });

  it('fails the call of a worker that dies and starts another for the next', async () => {
    const { p, workers } = pool(1);
    const first = p.run('a');
    const second = p.run('b');
    await tick();
    workers[0]!.emit('exit', 1);
    await expect(first).rejects.toThrow('worker stopped (exit code 1)');
    await tick();
    expect(workers).toHaveLength(2);
    workers[1]!.answer('B');
    await expect(second).resolves.toBe('B');
    await p.close();
  });

  it('moves to the worker the buffers its transfer function names in a call', async () => {
    const workers: FakeWorker[] = [];
    const p = workerPool<Uint8Array, string>(
      1,
      () => {
        const w = new FakeWorker();
        workers.push(w);
        return w;
      },
      { transfer: (bytes) => [bytes.buffer as ArrayBuffer], depth: 2 },
    );
    const first = new Uint8Array([1, 2, 3]);
    const second = new Uint8Array([4, 5]);
    const answers = [p.run(first), p.run(second)];
    await tick();
    // The call held behind another is copied: a worker that dies gives it back to the pool.
    expect(workers[0]!.moved).toEqual([[first.buffer], []]);
    workers[0]!.answer('one');
    workers[0]!.answer('two');
    await expect(Promise.all(answers)).resolves.toEqual(['one', 'two']);
    await p.close();
  });

  it('gives a worker up to `depth` calls, and the calls a dead worker had not begun to another', async () => {
    const { p, workers } = pool(1, { depth: 2 });
    const answers = ['a', 'b', 'c'].map((c) => p.run(c).catch((e: Error) => e.message));
    await tick();
    expect(workers[0]!.received.map((m) => m.kind === 'call' && m.call)).toEqual(['a', 'b']);
    workers[0]!.emit('exit', 1);
    await tick();
    expect(workers).toHaveLength(2);
    expect(workers[1]!.received.map((m) => m.kind === 'call' && m.call)).toEqual(['b', 'c']);
    workers[1]!.answer('B');
    workers[1]!.answer('C');
    await expect(Promise.all(answers)).resolves.toEqual(['worker stopped (exit code 1)', 'B', 'C']);
    await p.close();
  });

  it('answers calls on this thread too with `here`, while its workers are not ready or all busy', async () => {
    const here: string[] = [];
    const { p, workers } = pool(1, {
      here: async (call) => {
        here.push(call);
        return call.toUpperCase();
      },
    });
    const answers = ['a', 'b', 'c', 'd'].map((c) => p.run(c));
    // The worker starts for the calls waiting, and this thread begins with the first.
    expect(workers).toHaveLength(1);
    await tick();
    expect(workers[0]!.received.map((m) => m.kind === 'call' && m.call)).toEqual(['b']);
    expect(here).toEqual(['a']);
    // The worker busy with its call (depth 1), this thread takes the others.
    for (let i = 0; i < 4; i++) await tick();
    expect(here).toEqual(['a', 'c', 'd']);
    expect(workers[0]!.received).toHaveLength(1);
    workers[0]!.answer('B');
    await expect(Promise.all(answers)).resolves.toEqual(['A', 'B', 'C', 'D']);
    await p.close();
  });

  it('with `here` and no workers, answers every call on this thread, one at a time', async () => {
    let running = 0;
    let most = 0;
    const { p, workers } = pool(0, {
      here: async (call) => {
        most = Math.max(most, ++running);
        await tick();
        running -= 1;
        return call.toUpperCase();
      },
    });
    await expect(Promise.all(['a', 'b', 'c'].map((c) => p.run(c)))).resolves.toEqual(['A', 'B', 'C']);
    expect(workers).toHaveLength(0);
    expect(most).toBe(1);
    await p.close();
  });

  it('with `hereDepth`, answers calls on this thread in waves of that many, begun together', async () => {
    let running = 0;
    /** Each call as it begins, with the calls running then. */
    const begun: string[] = [];
    const { p } = pool(0, {
      hereDepth: 3,
      here: async (call) => {
        begun.push(`${call}${running++}`);
        // `a` ends first: `d` still waits for the wave to end.
        for (let i = 0; i < (call === 'a' ? 1 : 3); i++) await tick();
        running -= 1;
        return call.toUpperCase();
      },
    });
    const calls = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    await expect(Promise.all(calls.map((c) => p.run(c)))).resolves.toEqual(calls.map((c) => c.toUpperCase()));
    expect(begun).toEqual(['a0', 'b1', 'c2', 'd0', 'e1', 'f2', 'g0']);
    const closing = pool(0, { hereDepth: 2, here: () => new Promise<string>(() => {}) });
    const held = ['x', 'y', 'z'].map((c) => closing.p.run(c));
    await tick();
    await closing.p.close();
    for (const call of held) await expect(call).rejects.toThrow('closed');
  });

  it('with `grow`, starts a worker only once it says one is worth it', async () => {
    let worth = false;
    const { p, workers } = pool(1, { here: async (call) => call.toUpperCase(), grow: () => worth });
    await expect(Promise.all(['a', 'b'].map((c) => p.run(c)))).resolves.toEqual(['A', 'B']);
    expect(workers).toHaveLength(0);
    expect(p.started()).toBe(0);
    worth = true;
    const answers = ['c', 'd', 'e'].map((c) => p.run(c));
    expect(workers).toHaveLength(1);
    expect(p.started()).toBe(1);
    await tick();
    workers[0]!.answer('D');
    await expect(Promise.all(answers)).resolves.toEqual(['C', 'D', 'E']);
    await p.close();
  });

  it('refuses calls once closed, and fails those waiting', async () => {
    const { p } = pool(1);
    const running = p.run('a');
    const waiting = p.run('b');
    await p.close();
    await expect(running).rejects.toThrow('closed');
    await expect(waiting).rejects.toThrow('closed');
    await expect(p.run('c')).rejects.toThrow('closed');
  });
});
