/**
 * The deliverables being written, two at a time. A batch ended at once (a second Ctrl+C) waits for those
 * under way before the process exits: a file's creation runs on libuv's threads, and an exit while one is
 * there leaves an empty temporary file beside the outputs. Each takes milliseconds (a creation, then a
 * write to the page cache and a rename), and none starts once the batch is ending, so the wait is short
 * and bounded. Creations and renames in one folder take its lock: a batch answering documents side by
 * side delivers them in bursts, and more than two at once spun on that lock (perf, a burst of 16).
 */
export interface WritesUnderWay {
  /** Runs a write when fewer than two are under way, counted until it settles; refused once the batch is ending. */
  run(write: () => Promise<void>): Promise<void>;
  /** Refuses new writes and those waiting, and resolves once every write under way has settled. */
  settle(): Promise<void>;
}

const AT_ONCE = 2;

const stopped = () => new Error('the batch was stopped before this file was written');

export function writesUnderWay(): WritesUnderWay {
  const underWay = new Set<Promise<void>>();
  const waiting: { readonly write: () => Promise<void>; go(): void; refuse(error: Error): void }[] = [];
  let ending = false;
  const start = (write: () => Promise<void>): Promise<void> => {
    const running = write();
    underWay.add(running);
    const next = () => {
      underWay.delete(running);
      const first = waiting.shift();
      if (first) first.go();
    };
    running.then(next, next);
    return running;
  };
  return {
    run(write) {
      if (ending) return Promise.reject(stopped());
      if (underWay.size < AT_ONCE) return start(write);
      return new Promise<void>((resolve, reject) =>
        waiting.push({ write, go: () => start(write).then(resolve, reject), refuse: reject }),
      );
    },
    async settle() {
      ending = true;
      for (const write of waiting.splice(0)) write.refuse(stopped());
      await Promise.allSettled([...underWay]);
    },
  };
}

/** The process's writes: every deliverable of the command line goes through these. */
export const deliverableWrites = writesUnderWay();
