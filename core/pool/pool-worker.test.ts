/**
 * The worker side of the pool, driven through a stand-in for the thread's port: calls answered one at a
 * time in order, and a handler that throws failing its own call only, the thread going on.
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
    await tick();
    expect(port.sent).toEqual([
      { kind: 'ready' },
      { kind: 'failed', id: 1, message: 'no such invoice' },
      { kind: 'reply', id: 2, reply: 'GOOD' },
    ]);
  });
});
