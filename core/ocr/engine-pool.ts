/**
 * This thread's OCR engines: tesseract workers, each started on first use and kept for the next pages and
 * documents (starting one costs about as much as reading a page). At most `ocrEngines()` pictures are
 * read at once (engine-count.ts), each by an engine of its language set, the others waiting their turn
 * in the order asked: one by default, so that a thread reads one picture at a time; a caller that has
 * the cores for it (a single document, not a batch that already runs a document on every core) lets the
 * pages of a document be read side by side. One engine more than that is kept for a document in another
 * language set. A reading that is stopped (time up or cancelled) while an engine works on it ends that
 * engine, which is the only way to interrupt tesseract; the next reading starts a fresh one. Engines left
 * idle for a while are ended to give their memory back.
 */
import type { Deadline, Stopped } from './deadline';
import { STOPPED } from './deadline';
import { ocrEngines } from './engine-count';
import { ensureLangData } from './lang-data';
import { startEngine, type OcrEngine, type OcrLayout, type OcrReading } from './tesseract-engine';

/** An engine idle this long is ended. */
const IDLE_MS = 120_000;

export type EngineFailure = { readonly unavailable: string };

interface Kept {
  readonly langs: string;
  readonly engine: Promise<OcrEngine>;
  busy: boolean;
  used: number;
}

interface Waiting {
  readonly langs: string;
  readonly langCacheDir: string | undefined;
  readonly grant: (kept: Kept) => void;
}

const kept = new Set<Kept>();
const waiting: Waiting[] = [];
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let clock = 0;
let starts = 0;

/** How many engines this thread started (each costs about a page's reading). */
export const engineStarts = (): number => starts;

function end(entry: Kept): void {
  kept.delete(entry);
  void entry.engine.then((e) => e.terminate()).catch(() => {});
}

function start(langs: string, langCacheDir: string | undefined): Kept {
  const engine = ensureLangData(langs, langCacheDir).then((data) => {
    if (!data.ok) throw new Error(data.message);
    starts += 1;
    return startEngine(langs, data.langPath);
  });
  const entry: Kept = { langs, engine, busy: false, used: clock };
  kept.add(entry);
  // A failed start is not kept: the next reading tries again.
  engine.catch(() => kept.delete(entry));
  return entry;
}

/** Hands free engines to the readings waiting, first come first served. */
function pump(): void {
  const parallel = ocrEngines();
  while (waiting.length > 0 && [...kept].filter((e) => e.busy).length < parallel) {
    const next = waiting[0]!;
    let entry = [...kept].find((e) => !e.busy && e.langs === next.langs);
    if (!entry) {
      const idle = [...kept].filter((e) => !e.busy).sort((a, b) => a.used - b.used);
      while (kept.size > parallel && idle.length > 0) end(idle.shift()!);
      entry = start(next.langs, next.langCacheDir);
    }
    waiting.shift();
    entry.busy = true;
    entry.used = ++clock;
    next.grant(entry);
  }
}

function release(entry: Kept): void {
  entry.busy = false;
  pump();
  if ([...kept].some((e) => e.busy)) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    for (const e of [...kept]) if (!e.busy) end(e);
  }, IDLE_MS);
  idleTimer.unref();
}

/** An engine of `langs` once one is free; a turn given up is handed on. */
function turn(request: RecognizeRequest, until: Deadline): Promise<Kept | Stopped> {
  let mine: Waiting | undefined;
  const granted = new Promise<Kept>((grant) => {
    mine = { langs: request.langs, langCacheDir: request.langCacheDir, grant };
    waiting.push(mine);
  });
  pump();
  return until.race(granted).then((got) => {
    if (got !== STOPPED) return got;
    const at = waiting.indexOf(mine!);
    if (at >= 0) waiting.splice(at, 1);
    // Granted while the deadline passed: given back at once.
    else void granted.then(release);
    return STOPPED;
  });
}

export interface RecognizeRequest {
  readonly langs: string;
  readonly picture: Uint8Array;
  /** The picture's resolution. */
  readonly dpi: number;
  /** Default `page`. */
  readonly layout?: OcrLayout;
  readonly langCacheDir?: string;
}

/** What one picture reads, STOPPED when the deadline passed first, or why no engine could start. */
export async function recognizeOn(
  request: RecognizeRequest,
  until: Deadline,
): Promise<OcrReading | Stopped | EngineFailure> {
  const entry = await turn(request, until);
  if (entry === STOPPED) return STOPPED;
  clearTimeout(idleTimer);
  try {
    const engine = await until.race(entry.engine).catch((e: unknown) => e as Error);
    if (engine === STOPPED) return STOPPED;
    if (engine instanceof Error) return { unavailable: `OCR engine failed to start: ${engine.message}` };
    engine.hold(true);
    try {
      const reading = await until
        .race(engine.recognize(request.picture, request.dpi, request.layout))
        .catch((e: unknown) => {
          // An engine that failed on a picture may be left in any state.
          end(entry);
          throw e;
        });
      if (reading === STOPPED) end(entry);
      return reading;
    } finally {
      engine.hold(false);
    }
  } finally {
    release(entry);
  }
}

/** Ends every kept engine now (tests, and a process that is about to stop). */
export async function endEngines(): Promise<void> {
  clearTimeout(idleTimer);
  const all = [...kept];
  kept.clear();
  await Promise.all(all.map((e) => e.engine.then((x) => x.terminate()).catch(() => {})));
}
