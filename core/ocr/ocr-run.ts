/**
 * One OCR run over a PDF's pages (a whole reading, or a strip read again): its deadline and its page
 * pictures, the deadline released whatever happens; an unexpected failure is an answer too, never a throw.
 */
import { deadline, type Deadline } from './deadline';
import { DEFAULT_OCR_TIMEOUT_MS, unavailable, unextractable, type OcrFailure } from './ocr-errors';
import type { PdfJsBounds } from '../text/pdfjs-bounded';
import { pagePictures, type PagePictures } from './page-images';

export interface RunLimits {
  /** Default DEFAULT_OCR_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Drawing one page (default PDFJS_BOUNDS). */
  readonly drawing?: PdfJsBounds;
}

export async function ocrRun<R>(
  pdf: Uint8Array,
  limits: RunLimits,
  work: (pictures: PagePictures, until: Deadline, timeoutMs: number) => Promise<R | OcrFailure>,
): Promise<R | OcrFailure> {
  const opened = pagePictures(pdf, limits.drawing);
  if (!opened.ok) return unextractable(opened.error.message);
  const timeoutMs = limits.timeoutMs ?? DEFAULT_OCR_TIMEOUT_MS;
  const until = deadline(timeoutMs, limits.signal);
  try {
    return await work(opened.pages, until, timeoutMs);
  } catch (e) {
    return unavailable(`OCR failed: ${(e as Error).message}`);
  } finally {
    until.dispose();
  }
}
