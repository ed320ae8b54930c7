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
 * The pace: the process's processor time per input, the median of the spans between the last answers of
 * the main thread, from the end of its first (which loads what the others reuse). Processor time rather
 * than the clock, which a busy machine stretches (the workers would then start when there is no core for
 * them); the process's rather than the thread's, so that the work of helper threads counts (OCR, the
 * compiler warming up). The median of at least three spans, not the mean from the second answer on: one
 * span swollen by a moment of the machine's or by the compiler warming up (a validate batch's first
 * answers take 5 to 40 ms each, then 2 ms: at 46 ms the pace of the second alone made 220 invoices look
 * worth a worker, and that batch ran 1.5 times slower) decides nothing alone.
 */
const PACE_OF = 8;
const PACE_FROM = 3;

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
  /** The processor time at the end of the last answers. */
  const marks: number[] = [];
  return {
    answered() {
      marks.push(cpuMs());
      if (marks.length > PACE_OF + 1) marks.shift();
    },
    worth() {
      if (marks.length <= PACE_FROM) return false;
      const spans = marks.slice(1).map((mark, i) => mark - marks[i]!);
      // The middle span, of an even count the upper one.
      const pace = spans.sort((a, b) => a - b)[spans.length >> 1]!;
      return left() * pace > WORKER_WORTH_MS;
    },
  };
}
