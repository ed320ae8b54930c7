/**
 * When a batch left to choose its jobs (no `--jobs`) starts its worker threads: only once the work left,
 * at the pace of the last inputs, is worth a worker's start, and only onto a processor core the machine
 * leaves idle. A worker loads the command's code and its optimising compiler compiles the hot functions
 * again (V8 shares neither between threads): measured with perf on 2 cores (validate, 220 invoices), about
 * 0.15 s of processor time to load and 0.55 s for the compiler, which in a batch on the main thread alone
 * already runs on the other core. So a batch of a few hundred invoices validated in 2 ms each is done
 * sooner on the main thread alone, and one of scanned pages read in a second each on every core.
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';

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
/**
 * The idle processor time the first worker needs, in cores, measured over the clock time given; each
 * further one needs a whole core more. A process
 * converting on its main thread alone keeps 1.4 cores busy (perf on 2 cores: a third of its processor
 * time is V8's compiler and collector on their own threads): a worker on the 0.6 core left ran a
 * batch of 550 slower than the main thread alone (2.7-3.0 s against 2.4-2.7), where one reading scans
 * (OCR on the engine's thread, 1 core) leaves a whole core to a worker. The machine's idle time, not
 * the cores less this process's use, so that other programs' work counts too.
 */
const IDLE_CORES_FOR_ONE = 0.75;
/** Long enough for a count the system keeps in ticks of 10 ms to say something. */
const IDLE_OVER_MS = 250;

export interface Growth {
  /** The main thread answered one more input. */
  answered(): void;
  /** Whether a worker is worth its start now. */
  worth(): boolean;
}

/** What the growth reads of the process and the machine, all in milliseconds. */
export interface Meters {
  /** The process's processor time so far, every thread. */
  cpuMs(): number;
  /** The clock. */
  wallMs(): number;
  /**
   * The machine's idle processor time so far, every core added; null where the system does not tell
   * (os.cpus is empty on some), and the pace alone then decides, one worker at each weighing.
   */
  idleMs(): number | null;
}

const systemMeters: Meters = {
  cpuMs: () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  },
  wallMs: () => performance.now(),
  // The call reads the system's tables (0.1 ms): read every IDLE_OVER_MS at most.
  idleMs: () => {
    const cores = cpus();
    return cores.length === 0 ? null : cores.reduce((sum, core) => sum + core.times.idle, 0);
  },
};

interface IdleReading {
  readonly wallMs: number;
  readonly idleMs: number | null;
}

/** `left`: the inputs not answered yet. */
export function poolGrowth(left: () => number, meters: Meters = systemMeters): Growth {
  /** The processor time at the end of the last answers. */
  const marks: number[] = [];
  /**
   * The idle time read as the main thread answers, at most every IDLE_OVER_MS, the last two: so that
   * the idle time of the last document is known when its answer makes a worker worth it (a scanned
   * page takes seconds: waiting for the next answer to read it again would start the worker a page late).
   */
  const readings: IdleReading[] = [];
  const read = (): IdleReading => ({ wallMs: meters.wallMs(), idleMs: meters.idleMs() });
  /** When the idle time was last weighed: at most every IDLE_OVER_MS, the reading costing 0.1 ms. */
  let weighedAt = -Infinity;
  /** Workers the idle time last weighed has room for, not started yet. */
  let room = 0;
  const paceWorth = (): boolean => {
    if (marks.length <= PACE_FROM) return false;
    const spans = marks.slice(1).map((mark, i) => mark - marks[i]!);
    // The middle span, of an even count the upper one.
    const pace = spans.sort((a, b) => a - b)[spans.length >> 1]!;
    return left() * pace > WORKER_WORTH_MS;
  };
  const idleRoom = (): number => {
    const wallMs = meters.wallMs();
    const from = readings.findLast((r) => wallMs - r.wallMs >= IDLE_OVER_MS);
    if (!from || wallMs - weighedAt < IDLE_OVER_MS) return 0;
    weighedAt = wallMs;
    const now = read();
    if (now.idleMs === null || from.idleMs === null) return 1;
    const idleCores = (now.idleMs - from.idleMs) / (now.wallMs - from.wallMs);
    return idleCores < IDLE_CORES_FOR_ONE ? 0 : 1 + Math.floor(idleCores - IDLE_CORES_FOR_ONE);
  };
  return {
    answered() {
      marks.push(meters.cpuMs());
      if (marks.length > PACE_OF + 1) marks.shift();
      const last = readings[readings.length - 1];
      if (!last || meters.wallMs() - last.wallMs >= IDLE_OVER_MS) {
        readings.push(read());
        if (readings.length > 2) readings.shift();
      }
    },
    worth() {
      if (!paceWorth()) {
        room = 0;
        return false;
      }
      if (room === 0) room = idleRoom();
      if (room === 0) return false;
      room -= 1;
      return true;
    },
  };
}
