/**
 * One tesseract.js worker. In Node, tesseract.js runs the WebAssembly engine in a worker_threads Worker
 * of its own, so recognition never blocks the calling thread. Everything it loads comes from
 * node_modules (worker script, tesseract.js-core) and from `langPath` (a local folder), never from a CDN;
 * `cacheMethod: 'none'` keeps it from writing trained data into the working directory.
 */
import { PSM, createWorker, type Worker } from 'tesseract.js';
import type { Baseline } from './level';

/** A recognised word, in pixels of the picture given. */
export interface OcrWord {
  readonly text: string;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  /** 0–100 */
  readonly confidence: number;
}

/** What tesseract read on a picture: its words, and the baselines of the lines it found them on. */
export interface OcrReading {
  readonly words: readonly OcrWord[];
  readonly baselines: readonly Baseline[];
}

/**
 * How a picture is laid out: `page`, text anywhere (sparse segmentation, below); `block`, one block of
 * lines, which reads a character standing alone that sparse segmentation drops (gap-reading.ts).
 */
export type OcrLayout = 'page' | 'block';

export interface OcrEngine {
  /** `dpi`: the picture's resolution, which tesseract would otherwise guess from the letters' size. */
  recognize(image: Uint8Array, dpi: number, layout?: OcrLayout): Promise<OcrReading>;
  /**
   * Whether the engine's thread keeps the process alive: only while it works, so that a command line
   * exits when it is done although the engine is kept for the next document.
   */
  hold(busy: boolean): void;
  terminate(): Promise<void>;
}

const OEM_LSTM_ONLY = 1;

type RecognizeOptions = Parameters<Worker['recognize']>[1];

// Sparse text finds the figures in shaded table cells and boxes that block segmentation drops; the words
// are put into lines by their boxes afterwards, so block order does not matter. On the corpus scans it
// also reads more words right than automatic segmentation (91.6 % against 87.1 %) or one uniform block
// (80.0 %), in about the same time; and it reads a strip cut around a term (reread.ts) better than the
// single-line or single-block modes, which take the rules of a table for letters.
const PAGE_MODE = PSM.SPARSE_TEXT;

interface Unrefable {
  ref(): void;
  unref(): void;
}

/** The worker thread tesseract.js keeps as `worker` (undocumented, hence checked). */
function threadOf(worker: Worker): Unrefable | null {
  const thread = (worker as unknown as { worker?: Partial<Unrefable> }).worker;
  return typeof thread?.ref === 'function' && typeof thread.unref === 'function'
    ? (thread as Unrefable)
    : null;
}

export async function startEngine(langs: string, langPath: string): Promise<OcrEngine> {
  const worker: Worker = await createWorker(langs, OEM_LSTM_ONLY, {
    langPath,
    gzip: true,
    cacheMethod: 'none',
    errorHandler: () => {},
  });
  await worker.setParameters({ tessedit_pageseg_mode: PAGE_MODE });
  const thread = threadOf(worker);
  thread?.unref();
  return {
    async recognize(image, dpi, layout = 'page') {
      // tesseract.js sets parameters given with one picture for it alone and restores them afterwards
      // (its types declare only its own options).
      const parameters = {
        user_defined_dpi: String(Math.round(dpi)),
        ...(layout === 'block' ? { tessedit_pageseg_mode: PSM.SINGLE_BLOCK } : {}),
      } as RecognizeOptions;
      const { data } = await worker.recognize(Buffer.from(image), parameters, { blocks: true, text: false });
      const words: OcrWord[] = [];
      const baselines: Baseline[] = [];
      for (const block of data.blocks ?? [])
        for (const paragraph of block.paragraphs)
          for (const line of paragraph.lines) {
            baselines.push(line.baseline);
            for (const word of line.words) {
              const text = word.text.trim();
              if (text) words.push({ text, ...word.bbox, confidence: word.confidence });
            }
          }
      return { words, baselines };
    },
    hold(busy) {
      if (busy) thread?.ref();
      else thread?.unref();
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
