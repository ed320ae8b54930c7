/**
 * The worker side of worker-pool.ts: a thread started for a pool says it is ready, then answers its
 * calls with `handle` in the order they came, one at a time or in waves of up to `width` begun together
 * (documents side by side, convoy.ts), each with an AbortSignal that the pool's caller may abort. A pool
 * may give a worker its next calls before the current ones are answered, so that the worker never waits
 * for the pool's thread between two; they wait here. The buffers `transfer` names in a reply move to the
 * pool's thread instead of being copied.
 */
import { parentPort } from 'node:worker_threads';

/** Pool → worker. */
export type PoolMessage =
  | { readonly kind: 'call'; readonly id: number; readonly call: unknown }
  | { readonly kind: 'abort'; readonly id: number };

/** Worker → pool: ready for calls (once, first), a call's answer, or why its handler failed. */
export type PoolReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'reply'; readonly id: number; readonly reply: unknown }
  | { readonly kind: 'failed'; readonly id: number; readonly message: string };

export function answerCalls<Call, Reply>(
  handle: (call: Call, signal: AbortSignal) => Promise<Reply>,
  transfer: (reply: Reply) => ArrayBuffer[] = () => [],
  width = 1,
): void {
  const port = parentPort;
  if (!port) throw new Error('answerCalls runs in a worker thread');
  const waiting: { readonly id: number; readonly call: unknown }[] = [];
  const aborts = new Map<number, AbortController>();
  /** Calls of the wave under way not answered yet. */
  let working = 0;
  let waveComing = false;

  const answer = (message: { readonly id: number; readonly call: unknown }): void => {
    const controller = aborts.get(message.id)!;
    const done = (reply: PoolReply, moved: ArrayBuffer[] = []): void => {
      aborts.delete(message.id);
      port.postMessage(reply, moved);
      working -= 1;
      if (working === 0) nextWave();
    };
    // A handler that throws fails its call only: the thread, warmed up, goes on with the next ones.
    void handle(message.call as Call, controller.signal).then(
      (reply) => done({ kind: 'reply', id: message.id, reply }, transfer(reply)),
      (error: unknown) =>
        done({
          kind: 'failed',
          id: message.id,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  };

  // On the next turn of the event loop: the calls that came meanwhile join the wave.
  const nextWave = (): void => {
    if (waveComing || waiting.length === 0) return;
    waveComing = true;
    setImmediate(() => {
      waveComing = false;
      const wave = waiting.splice(0, width);
      working = wave.length;
      for (const message of wave) answer(message);
    });
  };

  port.on('message', (message: PoolMessage) => {
    if (message.kind === 'abort') {
      aborts.get(message.id)?.abort();
      return;
    }
    aborts.set(message.id, new AbortController());
    waiting.push(message);
    if (working === 0) nextWave();
  });
  port.postMessage({ kind: 'ready' } satisfies PoolReply);
}
