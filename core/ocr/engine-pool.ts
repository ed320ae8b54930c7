/**
 * The process's OCR engines: one tesseract worker per language set, started on first use and kept for
 * the next pages and documents (starting one costs about as much as reading a page). Pictures are read
 * one at a time, in the order asked: on two cores a second worker would only slow both down and double
 * the memory. A reading that is stopped (time up or cancelled) while the engine works on it ends that
 * engine, which is the only way to interrupt tesseract; the next reading starts a fresh one. Engines left
 * idle for a while are ended to give their memory back.
 */
import type { Deadline, Stopped } from './deadline';
import { STOPPED } from './deadline';
import { ensureLangData } from './lang-data';
import { startEngine, type OcrEngine, type OcrReading } from './tesseract-engine';

/** Engines kept at most (a document in another language than the last one starts its own). */
const MAX_ENGINES = 2;
/** An engine idle this long is ended. */
const IDLE_MS = 120_000;

export type EngineFailure = { readonly unavailable: string };

interface Kept {
  readonly engine: Promise<OcrEngine>;
  used: number;
}

const kept = new Map<string, Kept>();
let queue: Promise<void> = Promise.resolve();
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let clock = 0;
let starts = 0;

/** How many engines this process started (each costs about a page's reading). */
export const engineStarts = (): number => starts;

function end(langs: string, entry: Kept): void {
  if (kept.get(langs) === entry) kept.delete(langs);
  void entry.engine.then((e) => e.terminate()).catch(() => {});
}

function engineFor(langs: string, langCacheDir: string | undefined): Kept {
  const found = kept.get(langs);
  if (found) return found;
  while (kept.size >= MAX_ENGINES) {
    const [oldest] = [...kept].sort((a, b) => a[1].used - b[1].used);
    if (!oldest) break;
    end(...oldest);
  }
  const engine = ensureLangData(langs, langCacheDir).then((data) => {
    if (!data.ok) throw new Error(data.message);
    starts += 1;
    return startEngine(langs, data.langPath);
  });
  const entry: Kept = { engine, used: clock };
  kept.set(langs, entry);
  // A failed start is not kept: the next reading tries again.
  engine.catch(() => {
    if (kept.get(langs) === entry) kept.delete(langs);
  });
  return entry;
}

function scheduleIdleEnd(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    for (const entry of [...kept]) end(...entry);
  }, IDLE_MS);
  idleTimer.unref();
}

/** The next turn on the engines, and the function that gives it back. */
function takeTurn(): { ready: Promise<void>; release: () => void } {
  let release: () => void = () => {};
  const mine = new Promise<void>((resolve) => (release = resolve));
  const ready = queue;
  queue = queue.then(() => mine);
  return { ready, release };
}

export interface RecognizeRequest {
  readonly langs: string;
  readonly picture: Uint8Array;
  /** The picture's resolution. */
  readonly dpi: number;
  readonly langCacheDir?: string;
}

/** What one picture reads, STOPPED when the deadline passed first, or why no engine could start. */
export async function recognizeOn(
  request: RecognizeRequest,
  until: Deadline,
): Promise<OcrReading | Stopped | EngineFailure> {
  const turn = takeTurn();
  if ((await until.race(turn.ready)) === STOPPED) {
    // Given back only once it comes, so that the readings behind keep their order.
    void turn.ready.then(turn.release);
    return STOPPED;
  }
  clearTimeout(idleTimer);
  try {
    const entry = engineFor(request.langs, request.langCacheDir);
    entry.used = ++clock;
    const engine = await until.race(entry.engine).catch((e: unknown) => e as Error);
    if (engine === STOPPED) return STOPPED;
    if (engine instanceof Error) return { unavailable: `OCR engine failed to start: ${engine.message}` };
    engine.hold(true);
    try {
      const reading = await until.race(engine.recognize(request.picture, request.dpi)).catch((e: unknown) => {
        // An engine that failed on a picture may be left in any state.
        end(request.langs, entry);
        throw e;
      });
      if (reading === STOPPED) end(request.langs, entry);
      return reading;
    } finally {
      engine.hold(false);
    }
  } finally {
    turn.release();
    scheduleIdleEnd();
  }
}

/** Ends every kept engine now (tests, and a process that is about to stop). */
export async function endEngines(): Promise<void> {
  clearTimeout(idleTimer);
  const all = [...kept];
  kept.clear();
  await Promise.all(all.map(([, e]) => e.engine.then((x) => x.terminate()).catch(() => {})));
}
