/**
 * A PDF opened by pdfjs in a thread of its own (pdfjs-thread.ts) within a time and a heap bound: what
 * reading the text of a document and drawing a page for OCR share. Every wait on pdfjs goes through
 * `within`, which gives up as soon as the time is up or the thread is lost; the thread of a session that
 * stopped or failed midway is ended with whatever it was doing, a sound one is handed on to the next.
 */
import { deadline, STOPPED } from '../ocr/deadline';
import { openPdfJs, type PdfJsDocument } from './pdfjs';
import { givePdfJsThread, outOfMemory, takePdfJsThread } from './pdfjs-thread';

export interface PdfJsBounds {
  /** Time for the session, in milliseconds. */
  readonly timeMs: number;
  /** Heap of the thread pdfjs reads in, in MB. */
  readonly heapMb: number;
}

/**
 * A real invoice's page is read in well under a second and drawn in a few, with some tens of MB of
 * pdfjs's heap; a page of a million drawing operations, within the PDF's bounds, takes some tens of
 * seconds to draw.
 */
export const PDFJS_BOUNDS: PdfJsBounds = { timeMs: 30_000, heapMb: 512 };

/** The session went past its time (`limit` in seconds) or its thread's heap (in MB). */
export class PdfJsBeyond extends Error {
  constructor(
    readonly bound: 'time' | 'memory',
    readonly limit: number,
  ) {
    super(`pdfjs went past its ${bound} bound (${limit} ${bound === 'time' ? 's' : 'MB'})`);
    this.name = 'PdfJsBeyond';
  }
}

/**
 * `work`'s value; {@link PdfJsBeyond} as soon as the time is up or the thread's heap ran out, the thread's
 * own failure when it stopped otherwise.
 */
export type Within = <T>(work: Promise<T>) => Promise<T>;

/**
 * `use`'s value on `pdf` opened by pdfjs in a thread within `bounds`; rejects as `use` does, with
 * openPdfJs's refusals, or with {@link PdfJsBeyond}.
 */
export async function withPdfJs<T>(
  pdf: Uint8Array,
  bounds: PdfJsBounds,
  use: (doc: PdfJsDocument, within: Within) => Promise<T>,
): Promise<T> {
  const thread = await takePdfJsThread(bounds.heapMb);
  const until = deadline(bounds.timeMs, thread.lost);
  const within: Within = async (work) => {
    const value = await until.race(work);
    if (value !== STOPPED) return value;
    if (until.reason() === 'timeout') throw new PdfJsBeyond('time', bounds.timeMs / 1000);
    if (outOfMemory(thread.lost)) throw new PdfJsBeyond('memory', bounds.heapMb);
    throw thread.lost.reason;
  };
  let doc: PdfJsDocument | undefined;
  let failed = false;
  try {
    doc = await within(openPdfJs(pdf, thread.worker));
    return await use(doc, within).catch((error: unknown) => {
      failed = true;
      throw error;
    });
  } finally {
    until.dispose();
    // Stopped or failed midway, the thread is ended with what it held; a file refused at opening leaves it sound.
    const kept = !failed && until.reason() === null && !thread.lost.aborted;
    if (kept) await doc?.destroy();
    givePdfJsThread(thread, kept);
  }
}
