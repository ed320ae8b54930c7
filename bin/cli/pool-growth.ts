/**
 * When a batch left to choose its jobs (no `--jobs`) starts its worker threads: only once the work left,
 * at the pace of the last inputs, is worth a worker's start. A worker loads the command's code and its
 * optimising compiler compiles the hot functions again (V8 shares neither between threads): measured with
 * perf on 2 cores (validate, 220 invoices), about 0.15 s of processor time to load and 0.55 s for the
 * compiler, which in a batch on the main thread alone already runs on the other core. So a batch of a few
 * hundred invoices validated in 2 ms each is done sooner on the main thread alone, and one of scanned
 * pages read in a second each on every core.
 */

/** Work left, in processor time, that a worker is worth starting for. */
export const WORKER_WORTH_MS = 10_000;
/**
 * The pace: the process's processor time per input over the last inputs the main thread answered, from
 * the end of its first (which loads what the others reuse). Processor time rather than the clock, which
 * a busy machine stretches (the workers would then start when there is no core for them); the process's
 * rather than the thread's, so that the work of helper threads counts (OCR, the compiler warming up).
 */
const PACE_OF = 8;

export interface Growth {
  /** The main thread answered one more input. */
  answered(): void;
  /** Whether a worker is worth its start now. */
  worth(): boolean;
}

const processCpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** `left`: the inputs not answered yet; `cpuMs`: the process's processor time so far. */
export function poolGrowth(left: () => number, cpuMs: () => number = processCpuMs): Growth {
  /** The processor time at the end of each of the last answers. */
  const marks: number[] = [];
  return {
    answered() {
      marks.push(cpuMs());
      if (marks.length > PACE_OF + 1) marks.shift();
    },
    worth() {
      if (marks.length < 2) return false;
      const pace = (marks.at(-1)! - marks[0]!) / (marks.length - 1);
      return left() * pace > WORKER_WORTH_MS;
    },
  };
}
