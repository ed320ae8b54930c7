/**
 * When an OCR run must stop: its time is up, or its caller cancelled it (an AbortSignal). Every wait of
 * the run (drawing, engine start, a page's recognition) races the deadline, so that a stop is answered at
 * once, whatever step the run is in.
 */
export const STOPPED = Symbol('stopped');
export type Stopped = typeof STOPPED;

export interface Deadline {
  /** Why the run stopped, or null while it may go on. */
  readonly reason: () => 'timeout' | 'abort' | null;
  /** `work`'s value, or STOPPED as soon as the deadline passes (the work is then left to itself). */
  race<T>(work: Promise<T>): Promise<T | Stopped>;
  /** Clears the timer and the signal listener. */
  dispose(): void;
}

export function deadline(timeoutMs: number, signal?: AbortSignal): Deadline {
  let why: 'timeout' | 'abort' | null = null;
  let stop: () => void = () => {};
  const stopped = new Promise<Stopped>((resolve) => (stop = () => resolve(STOPPED)));
  const end = (reason: 'timeout' | 'abort') => {
    why ??= reason;
    stop();
  };
  const timer = setTimeout(() => end('timeout'), timeoutMs);
  const onAbort = () => end('abort');
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    reason: () => why,
    race: (work) => {
      if (!why) return Promise.race([work, stopped]);
      work.catch(() => {}); // left to itself: a late failure must not surface as unhandled
      return Promise.resolve(STOPPED);
    },
    dispose: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}
