/**
 * A pool of worker threads, each doing one call at a time: calls wait in order for the first free
 * worker. Any batch can use it (the command line's, the desktop's queue, a server's jobs): the caller
 * says how to start a worker (a file that calls `answerCalls`, see pool-worker.ts) and what a call and
 * its reply are (structured-cloneable values). Workers start on demand, up to `size`; one that dies fails
 * its call (the promise rejects) and is replaced by the next call. An aborted signal is passed to the
 * worker, whose handler decides how to stop. The buffers `transfer` names in a call move to the worker
 * instead of being copied (the caller no longer has them).
 */
import { availableParallelism } from 'node:os';
import type { PoolMessage, PoolReply } from './pool-worker';

/** What the pool needs of a worker: node's Worker, or a stand-in in tests. */
export interface PoolWorker {
  postMessage(message: PoolMessage, transfer?: readonly ArrayBuffer[]): void;
  on(event: 'message', listener: (reply: PoolReply) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  terminate(): Promise<number>;
}

export interface WorkerPool<Call, Reply> {
  /** Workers at most. */
  readonly size: number;
  run(call: Call, signal?: AbortSignal): Promise<Reply>;
  /** Ends every worker; calls still waiting or running reject. */
  close(): Promise<void>;
}

/** The default number of workers: the processor cores this process may use. */
export const coreCount = (): number => availableParallelism();

interface Waiting {
  readonly call: unknown;
  readonly transfer: ArrayBuffer[];
  readonly signal: AbortSignal | undefined;
  resolve(reply: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  readonly worker: PoolWorker;
  /** The call it runs, and its id. */
  busy: { readonly id: number; readonly task: Waiting; readonly unlisten: () => void } | null;
}

export function workerPool<Call, Reply>(
  size: number,
  start: () => PoolWorker,
  transfer: (call: Call) => ArrayBuffer[] = () => [],
): WorkerPool<Call, Reply> {
  const limit = Math.max(1, Math.floor(size));
  const slots = new Set<Slot>();
  const queue: Waiting[] = [];
  let nextId = 1;
  let closed = false;

  const settle = (slot: Slot): Waiting | null => {
    const busy = slot.busy;
    if (!busy) return null;
    slot.busy = null;
    busy.unlisten();
    return busy.task;
  };

  const lose = (slot: Slot, reason: string): void => {
    if (!slots.delete(slot)) return;
    settle(slot)?.reject(new Error(reason));
    void slot.worker.terminate().catch(() => 0);
    dispatch();
  };

  const open = (): Slot => {
    const worker = start();
    const slot: Slot = { worker, busy: null };
    worker.on('message', (reply) => {
      if (slot.busy?.id !== reply.id) return;
      settle(slot)?.resolve(reply.reply);
      dispatch();
    });
    worker.on('error', (error) => lose(slot, `worker failed: ${error.message}`));
    worker.on('exit', (code) => lose(slot, `worker stopped (exit code ${code})`));
    slots.add(slot);
    return slot;
  };

  const give = (slot: Slot, task: Waiting): void => {
    const id = nextId++;
    const onAbort = () => slot.worker.postMessage({ kind: 'abort', id });
    task.signal?.addEventListener('abort', onAbort, { once: true });
    slot.busy = { id, task, unlisten: () => task.signal?.removeEventListener('abort', onAbort) };
    slot.worker.postMessage({ kind: 'call', id, call: task.call }, task.transfer);
    if (task.signal?.aborted) onAbort();
  };

  const dispatch = (): void => {
    while (queue.length > 0 && !closed) {
      const free = [...slots].find((s) => s.busy === null) ?? (slots.size < limit ? open() : null);
      if (!free) return;
      give(free, queue.shift()!);
    }
  };

  return {
    size: limit,
    run: (call, signal) =>
      new Promise<Reply>((resolve, reject) => {
        if (closed) {
          reject(new Error('the pool is closed'));
          return;
        }
        queue.push({
          call,
          transfer: transfer(call),
          signal,
          resolve: resolve as (reply: unknown) => void,
          reject,
        });
        dispatch();
      }),
    close: async () => {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('the pool is closed'));
      const all = [...slots];
      slots.clear();
      for (const slot of all) settle(slot)?.reject(new Error('the pool is closed'));
      await Promise.all(all.map((s) => s.worker.terminate().catch(() => 0)));
    },
  };
}
