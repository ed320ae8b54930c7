/**
 * A batch's items run a few at a time and handed back in input order. At most `concurrency` items run at
 * once, and an item starts only while fewer than `window` items are started but not yet handed back: a
 * batch of any size holds at most `window` results (and inputs, which are read as an item starts) in
 * memory, however unevenly its items take.
 */
export interface OrderedBatchOptions<I, O> {
  /** Items running at once, at most; a function is asked before each start (a pool that grows). */
  readonly concurrency: number | (() => number);
  /** Items started and not yet handed back, at most (raised to `concurrency` when smaller). */
  readonly window: number | (() => number);
  /** One item's work; its failures are values of O (a rejection stops the batch). */
  run(item: I, index: number): Promise<O>;
  /** Each result, in input order. */
  emit(result: O, index: number): void;
  /** Asked before each start: once true, nothing more starts and the batch ends when the running ones did. */
  stopped?(): boolean;
}

export interface OrderedBatchEnd {
  /** Items started (all of them handed back). */
  readonly started: number;
}

export function runOrdered<I, O>(
  items: readonly I[],
  options: OrderedBatchOptions<I, O>,
): Promise<OrderedBatchEnd> {
  const read = (v: number | (() => number)): number => (typeof v === 'function' ? v() : v);
  const concurrency = () => Math.max(1, read(options.concurrency));
  const window = () => Math.max(concurrency(), read(options.window));
  return new Promise((resolve, reject) => {
    const held = new Map<number, O>();
    let started = 0;
    let emitted = 0;
    let running = 0;
    let failed = false;

    const pump = (): void => {
      if (failed) return;
      while (
        started < items.length &&
        running < concurrency() &&
        started - emitted < window() &&
        !options.stopped?.()
      ) {
        const index = started++;
        running += 1;
        options.run(items[index]!, index).then(
          (result) => {
            running -= 1;
            held.set(index, result);
            flush();
          },
          (error: unknown) => {
            failed = true;
            reject(error);
          },
        );
      }
      if (running === 0 && emitted === started) resolve({ started });
    };

    const flush = (): void => {
      try {
        while (held.has(emitted)) {
          const result = held.get(emitted)!;
          held.delete(emitted);
          options.emit(result, emitted);
          emitted += 1;
        }
      } catch (error) {
        failed = true;
        reject(error);
        return;
      }
      pump();
    };

    pump();
  });
}
