/**
 * When a batch left to choose its jobs (no `--jobs`) starts its worker threads: only once the work left,
 * at the pace this thread answers, is worth a worker's start. A worker loads the command's code and its
 * optimising compiler compiles the hot functions again (V8 shares neither between threads): measured with
 * perf on 2 cores (validate, 220 invoices), about 0.15 s of processor time to load and 0.55 s for the
 * compiler, which in a batch on this thread alone already runs on the other core. So a batch of a few
 * hundred invoices validated in 2 ms each is done sooner on this thread alone, and one of scanned pages
 * read in a second each on every core.
 */

/** Work left, in this thread's time, that a worker is worth starting for. */
export const WORKER_WORTH_MS = 4000;
/**
 * The pace is the fastest of this thread's last answers, judged from the second on: the first loads what
 * the others reuse (200 ms where the next take 5), and the next ones are slower while the code warms up
 * or when the machine is busy.
 */
const PACE_OF = 8;

export interface Growth {
  /** This thread took `ms` to answer one input. */
  answered(ms: number): void;
  /** Whether a worker is worth its start now. */
  worth(): boolean;
}

/** `left`: the inputs not answered yet. */
export function poolGrowth(left: () => number): Growth {
  const recent: number[] = [];
  return {
    answered(ms) {
      recent.push(ms);
      if (recent.length > PACE_OF) recent.shift();
    },
    worth() {
      return recent.length >= 2 && left() * Math.min(...recent) > WORKER_WORTH_MS;
    },
  };
}
