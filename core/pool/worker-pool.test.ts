import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { PoolMessage, PoolReply } from './pool-worker';
import { workerPool, type PoolWorker } from './worker-pool';

/** A stand-in worker: it keeps the calls it gets, and the test answers them (or kills it). */
class FakeWorker extends EventEmitter implements PoolWorker {
  readonly received: PoolMessage[] = [];
  readonly moved: (readonly ArrayBuffer[] | undefined)[] = [];
  terminated = false;
  postMessage(message: PoolMessage, transfer?: readonly ArrayBuffer[]): void {
    this.received.push(message);
    this.moved.push(transfer);
  }
  answer(reply: unknown): void {
    const call = [...this.received].reverse().find((m) => m.kind === 'call')!;
    this.emit('message', { id: call.id, reply } satisfies PoolReply);
  }
  async terminate(): Promise<number> {
    this.terminated = true;
    return 0;
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

function pool(size: number) {
  const workers: FakeWorker[] = [];
  const p = workerPool<string, string>(size, () => {
    const w = new FakeWorker();
    workers.push(w);
    return w;
  });
  return { p, workers };
}

describe('workerPool', () => {
  it('starts workers on demand up to its size, one call each, the others waiting in order', async () => {
    const { p, workers } = pool(2);
    const answers = ['a', 'b', 'c'].map((c) => p.run(c));
    expect(workers).toHaveLength(2);
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
    stop.abort();
    expect(workers[0]!.received).toEqual([
      { kind: 'call', id: 1, call: 'a' },
      { kind: 'abort', id: 1 },
    ]);
    workers[0]!.answer('cancelled');
    await expect(answer).resolves.toBe('cancelled');
    await p.close();
  });

  it('fails the call of a worker that dies and starts another for the next', async () => {
    const { p, workers } = pool(1);
    const first = p.run('a');
    const second = p.run('b');
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
      (bytes) => [bytes.buffer as ArrayBuffer],
    );
    const bytes = new Uint8Array([1, 2, 3]);
    const answer = p.run(bytes);
    expect(workers[0]!.moved).toEqual([[bytes.buffer]]);
    workers[0]!.answer('ok');
    await expect(answer).resolves.toBe('ok');
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
