/**
 * The deliverables being written. A batch ended at once (a second Ctrl+C) waits for these before the
 * process exits: a file's creation runs on libuv's threads, and an exit while one is there leaves an empty
 * temporary file beside the outputs. Each takes milliseconds (a creation, then a write to the page cache
 * and a rename), and none starts once the batch is ending, so the wait is short and bounded.
 */
export interface WritesUnderWay {
  /** Runs a write, counted until it settles; refused once the batch is ending. */
  run(write: () => Promise<void>): Promise<void>;
  /** Refuses new writes and resolves once every write under way has settled. */
  settle(): Promise<void>;
}

export function writesUnderWay(): WritesUnderWay {
  const underWay = new Set<Promise<void>>();
  let ending = false;
  return {
    run(write) {
      if (ending) return Promise.reject(new Error('the batch was stopped before this file was written'));
      const running = write();
      underWay.add(running);
      const forget = () => underWay.delete(running);
      running.then(forget, forget);
      return running;
    },
    async settle() {
      ending = true;
      await Promise.allSettled([...underWay]);
    },
  };
}

/** The process's writes: every deliverable of the command line goes through these. */
export const deliverableWrites = writesUnderWay();
