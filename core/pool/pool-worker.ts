/**
 * The worker side of worker-pool.ts: a thread started for a pool answers its calls with `handle`, one at
 * a time, each with an AbortSignal that the pool's caller may abort. The buffers `transfer` names in a
 * reply move to the pool's thread instead of being copied.
 */
import { parentPort } from 'node:worker_threads';

/** Pool → worker. */
export type PoolMessage =
  | { readonly kind: 'call'; readonly id: number; readonly call: unknown }
  | { readonly kind: 'abort'; readonly id: number };

/** Worker → pool. */
export interface PoolReply {
  readonly id: number;
  readonly reply: unknown;
}

export function answerCalls<Call, Reply>(
  handle: (call: Call, signal: AbortSignal) => Promise<Reply>,
  transfer: (reply: Reply) => ArrayBuffer[] = () => [],
): void {
  const port = parentPort;
  if (!port) throw new Error('answerCalls runs in a worker thread');
  const running = new Map<number, AbortController>();
  port.on('message', (message: PoolMessage) => {
    if (message.kind === 'abort') {
      running.get(message.id)?.abort();
      return;
    }
    const controller = new AbortController();
    running.set(message.id, controller);
    // A handler that throws ends the thread (an unhandled rejection), and the pool fails its call.
    void handle(message.call as Call, controller.signal).then((reply) => {
      running.delete(message.id);
      port.postMessage({ id: message.id, reply } satisfies PoolReply, transfer(reply));
    });
  });
}
