/**
 * A pool of worker threads for any batch (the command line's, the desktop's queue, a server's jobs): the
 * caller says how to start a worker (a file that calls `answerCalls`, see pool-worker.ts) and what a call
 * and its reply are (structured-cloneable values); calls wait in order for the first free executor.
 * Workers start on demand, up to `size`, and take calls once they say they are ready; a call whose
 * handler throws fails alone (the promise rejects; the worker goes on); a worker that dies fails the call
 * it was answering, gives back those it had not begun, and is replaced by the next call. An aborted signal is passed to the worker, whose handler decides how to stop. The
 * buffers `transfer` names in a call move to a worker that begins it at once instead of being copied (the
 * caller no longer has them); a call that waits behind another in a worker is copied, as it may come back.
 *
 * Two options let a batch keep every core busy. `depth`: the calls a worker holds at once, so that it
 * starts the next as soon as it is done rather than after the pool's thread has heard of it (a thread
 * that also works, see `here`, hears late). `here`: this thread is one more executor, taking a call
 * whenever it is free and no idle worker is ready; it is warm already, where a worker must load and warm
 * up its code first (a batch on two cores then runs on this thread and one worker, not on two workers
 * and an idle thread). With `here`, `grow` may hold the workers back until the work waiting is worth
 * their start, and `hereDepth` lets this thread answer several calls side by side (a convoy of
 * documents, convoy.ts).
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
  /** Workers started so far (with `grow`, fewer than `size` until the work is worth them). */
  started(): number;
  run(call: Call, signal?: AbortSignal): Promise<Reply>;
  /** Ends every worker; calls still waiting or running reject. */
  close(): Promise<void>;
}

export interface PoolOptions<Call, Reply> {
  /** The buffers a call moves to its worker. */
  readonly transfer?: (call: Call) => ArrayBuffer[];
  /** Calls a worker holds at once, the one it answers included (default 1). */
  readonly depth?: number;
  /** Answers a call on this thread: this thread is then one more executor of the pool. */
  readonly here?: (call: Call, signal: AbortSignal | undefined) => Promise<Reply>;
  /** Calls `here` answers at once (default 1), taken together: they interleave wherever `here` awaits. */
  readonly hereDepth?: number;
  /**
   * Asked before a worker starts for calls waiting (with `here` only, which answers them otherwise):
   * whether one is worth its start. Asked again whenever a call is answered.
   */
  readonly grow?: () => boolean;
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

/** A call a worker holds, and how to stop passing it aborts. */
interface Held {
  readonly task: Waiting;
  readonly unlisten: () => void;
}

interface Slot {
  readonly worker: PoolWorker;
  ready: boolean;
  /** The calls it holds by id, in the order given: the first is the one it answers. */
  readonly held: Map<number, Held>;
}

export function workerPool<Call, Reply>(
  size: number,
  start: () => PoolWorker,
  options: PoolOptions<Call, Reply> = {},
): WorkerPool<Call, Reply> {
  const { here } = options;
  const grow = here && options.grow ? options.grow : () => true;
  // With `here`, this thread alone may be the pool.
  const limit = Math.max(here ? 0 : 1, Math.floor(size));
  const depth = Math.max(1, Math.floor(options.depth ?? 1));
  const hereDepth = Math.max(1, Math.floor(options.hereDepth ?? 1));
  const transfer = options.transfer ?? (() => []);
  const slots = new Set<Slot>();
  const queue: Waiting[] = [];
  /** The calls this thread answers. */
  const hereTasks = new Set<Waiting>();
  let nextId = 1;
  let closed = false;

  const release = (slot: Slot, id: number): Waiting | undefined => {
    const held = slot.held.get(id);
    if (!held) return undefined;
    slot.held.delete(id);
    held.unlisten();
    return held.task;
  };

  const lose = (slot: Slot, reason: string): void => {
    if (!slots.delete(slot)) return;
    const [answering, ...notBegun] = [...slot.held.keys()].map((id) => release(slot, id)!);
    answering?.reject(new Error(reason));
    queue.unshift(...notBegun);
    void slot.worker.terminate().catch(() => 0);
    dispatch();
  };

  const open = (): void => {
    const worker = start();
    const slot: Slot = { worker, ready: false, held: new Map() };
    worker.on('message', (reply) => {
      if (reply.kind === 'ready') slot.ready = true;
      else if (reply.kind === 'failed')
        release(slot, reply.id)?.reject(new Error(`worker failed: ${reply.message}`));
      else release(slot, reply.id)?.resolve(reply.reply);
      dispatch();
    });
    worker.on('error', (error) => lose(slot, `worker failed: ${error.message}`));
    worker.on('exit', (code) => lose(slot, `worker stopped (exit code ${code})`));
    slots.add(slot);
  };

  const give = (slot: Slot, task: Waiting): void => {
    const id = nextId++;
    const onAbort = () => slot.worker.postMessage({ kind: 'abort', id });
    task.signal?.addEventListener('abort', onAbort, { once: true });
    slot.held.set(id, { task, unlisten: () => task.signal?.removeEventListener('abort', onAbort) });
    const begins = slot.held.size === 1;
    slot.worker.postMessage({ kind: 'call', id, call: task.call }, begins ? task.transfer : []);
    if (task.signal?.aborted) onAbort();
  };

  /** The calls this thread takes on the next turn of the event loop, all at once. */
  const wave: Waiting[] = [];

  // This thread takes its calls in waves, on the next turn of the event loop: the calls given meanwhile
  // join the wave, and what this thread has to hear (workers' replies, files read and written) is heard
  // between two waves.
  const joinWave = (answer: NonNullable<typeof here>, task: Waiting): void => {
    wave.push(task);
    if (wave.length > 1) return;
    setImmediate(() => {
      if (closed) return;
      for (const task of wave.splice(0)) {
        hereTasks.add(task);
        answer(task.call as Call, task.signal)
          .then(task.resolve, task.reject)
          .finally(() => {
            hereTasks.delete(task);
            dispatch();
          });
      }
    });
  };

  const holding = (count: (held: number) => boolean): Slot | undefined =>
    [...slots].find((s) => s.ready && count(s.held.size));

  /**
   * An idle worker first, then this thread, then a worker with room for one more call. This thread takes
   * up to `hereDepth` calls at once, and the next ones once it answers none, so that the calls it
   * answers side by side begin together.
   */
  const dispatch = (): void => {
    if (closed) return;
    while (queue.length > 0) {
      const idle = holding((n) => n === 0);
      if (idle) give(idle, queue.shift()!);
      else if (here && hereTasks.size === 0 && wave.length < hereDepth) joinWave(here, queue.shift()!);
      else {
        const room = holding((n) => n < depth);
        if (!room) break;
        give(room, queue.shift()!);
      }
    }
    let starting = [...slots].filter((s) => !s.ready).length;
    for (; queue.length > starting && slots.size < limit && grow(); starting++) open();
  };

  return {
    size: limit,
    started: () => slots.size,
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
      for (const task of [...wave.splice(0), ...hereTasks]) task.reject(new Error('the pool is closed'));
      const all = [...slots];
      slots.clear();
      for (const slot of all)
        for (const id of [...slot.held.keys()]) release(slot, id)?.reject(new Error('the pool is closed'));
      await Promise.all(all.map((s) => s.worker.terminate().catch(() => 0)));
    },
  };
}
