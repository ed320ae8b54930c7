/**
 * The worker side of worker-pool.ts: a thread started for a pool says it is ready, then answers its
 * calls with `handle` one at a time, in the order they came, each with an AbortSignal that the pool's
 * caller may abort. A pool may give a worker its next call before the current one is answered, so that
 * the worker never waits for the pool's thread between two calls; the next call waits here. The buffers
 * `transfer` names in a reply move to the pool's thread instead of being copied.
 */
import { parentPort } from 'node:worker_threads';

/** Pool → worker. */
export type PoolMessage =
  | { readonly kind: 'call'; readonly id: number; readonly call: unknown }
  | { readonly kind: 'abort'; readonly id: number };

/** Worker → pool: ready for calls (once, first), or a call's answer. */
export type PoolReply =
  { readonly kind: 'ready' } | { readonly kind: 'reply'; readonly id: number; readonly reply: unknown };

export function answerCalls<Call, Reply>(
  handle: (call: Call, signal: AbortSignal) => Promise<Reply>,
  transfer: (reply: Reply) => ArrayBuffer[] = () => [],
): void {
  const port = parentPort;
  if (!port) throw new Error('answerCalls runs in a worker thread');
  const waiting: { readonly id: number; readonly call: unknown }[] = [];
  const aborts = new Map<number, AbortController>();
  let working = false;

  const next = (): void => {
    const message = waiting.shift();
    if (!message) {
      working = false;
      return;
    }
    working = true;
    const controller = aborts.get(message.id)!;
    // A handler that throws ends the thread (an unhandled rejection), and the pool fails its call.
    void handle(message.call as Call, controller.signal).then((reply) => {
      aborts.delete(message.id);
      port.postMessage({ kind: 'reply', id: message.id, reply } satisfies PoolReply, transfer(reply));
      next();
    });
  };

  port.on('message', (message: PoolMessage) => {
    if (message.kind === 'abort') {
      aborts.get(message.id)?.abort();
      return;
    }
    aborts.set(message.id, new AbortController());
    waiting.push(message);
    if (!working) next();
  });
  port.postMessage({ kind: 'ready' } satisfies PoolReply);
}
