/**
 * The worker side of the pool, driven through a stand-in for the thread's port: calls answered one at a
 * time in order, or in waves, and a handler that throws failing its own call only, the thread going on.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { PoolMessage, PoolReply } from './pool-worker';

const port = Object.assign(new EventEmitter(), {
  sent: [] as PoolReply[],
  postMessage: (m: PoolReply) => port.sent.push(m),
});
vi.mock('node:worker_threads', () => ({ parentPort: port }));

const { answerCalls } = await import('./pool-worker');

const tick = () => new Promise((resolve) => setImmediate(resolve));
const call = (id: number, value: string): PoolMessage => ({ kind: 'call', id, call: value });

describe('answerCalls', () => {
  it('fails a call whose handler throws, and answers the next', async () => {
    answerCalls<string, string>(async (value) => {
      if (value === 'bad') throw new Error('no such invoice');
      return value.toUpperCase();
    });
    port.emit('message', call(1, 'bad'));
    port.emit('message', call(2, 'good'));
    // Each call begins on a turn of its own, as a wave of one.
    await tick();
    await tick();
    expect(port.sent).toEqual([
      { kind: 'ready' },
      { kind: 'failed', id: 1, message: 'no such invoice' },
      { kind: 'reply', id: 2, reply: 'GOOD' },
    ]);
  });

  it('with a width, begins the calls that came together side by side, the next ones once those are done', async () => {
    port.removeAllListeners();
    port.sent.length = 0;
    const begun: string[] = [];
    const finish: Record<string, () => void> = {};
    let running = 0;
    answerCalls<string, string>(
      (value) =>
        new Promise((resolve) => {
          begun.push(`${value}${running++}`);
          finish[value] = () => {
            running -= 1;
            resolve(value.toUpperCase());
          };
        }),
      undefined,
      3,
    );
    ['a', 'b', 'c', 'd'].forEach((value, i) => port.emit('message', call(i + 1, value)));
    await tick();
    expect(begun).toEqual(['a0', 'b1', 'c2']);
    finish.a!();
    await tick();
    // d waits for the wave to end.
    expect(begun).toEqual(['a0', 'b1', 'c2']);
    finish.b!();
    finish.c!();
    await tick();
    await tick();
    expect(begun).toEqual(['a0', 'b1', 'c2', 'd0']);
    finish.d!();
    await tick();
    expect(port.sent.flatMap((m) => (m.kind === 'reply' ? [m.reply] : []))).toEqual(['A', 'B', 'C', 'D']);
  });
});
