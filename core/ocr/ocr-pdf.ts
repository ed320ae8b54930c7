/**
 * Reads a scanned (image-only) PDF by OCR, offline: each page's picture goes through one tesseract
 * worker (off the calling thread), words come back as spans in PDF points (top-left origin, y down) and
 * are grouped into lines by the same grouping as the text layer's.
 */
import type { ErrorCode } from '../api/errors';
import { groupLines } from '../text/lines';
import type { DocumentText, TextPage, TextSpan } from '../text/page-text';
import { ensureLangData } from './lang-data';
import { type PageImage, pageImages } from './page-images';
import { type OcrEngine, type OcrWord, startEngine } from './tesseract-engine';

export type OcrErrorCode = Extract<
  ErrorCode,
  'ocr_timeout' | 'ocr_service_unavailable' | 'unextractable_pdf'
>;

export interface OcrError {
  readonly code: OcrErrorCode;
  readonly message: string;
  /** `ocr_service_unavailable` only. */
  readonly retry_after_seconds?: number;
}

export type OcrResult = { ok: true; text: DocumentText } | { ok: false; error: OcrError };

export interface OcrOptions {
  /** Whole document, engine start included (default 120 s). */
  readonly timeoutMs?: number;
  /** Tesseract languages joined by `+` (default `fra+eng`, the data we ship). */
  readonly langs?: string;
  /** Cancels the OCR; the answer is then `ocr_timeout`. */
  readonly signal?: AbortSignal;
  /** Where the trained data is gathered (default: a folder under the OS temp dir). */
  readonly langCacheDir?: string;
}

export const DEFAULT_OCR_TIMEOUT_MS = 120_000;
const RETRY_AFTER_SECONDS = 30;

const STOPPED = Symbol('stopped');

/** Words of one page as spans in PDF points, scaled by the picture's size against the MediaBox. */
export function wordsToSpans(words: readonly OcrWord[], page: PageImage): TextSpan[] {
  const sx = page.width / page.pixelWidth;
  const sy = page.height / page.pixelHeight;
  return words.map((w) => ({
    text: w.text,
    x: w.x0 * sx,
    y: w.y0 * sy,
    width: (w.x1 - w.x0) * sx,
    height: (w.y1 - w.y0) * sy,
    confidence: w.confidence,
  }));
}

function documentText(pages: TextPage[]): DocumentText {
  const confidences = pages.flatMap((p) => p.lines.flatMap((l) => l.spans.map((s) => s.confidence ?? 0)));
  const confidence = confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : 0;
  return { source: 'ocr', pages, confidence };
}

/** OCR of every page of a scanned PDF; errors are values, never thrown. */
export async function ocrPdf(pdf: Uint8Array, options: OcrOptions = {}): Promise<OcrResult> {
  const langs = options.langs ?? 'fra+eng';
  const timeoutMs = options.timeoutMs ?? DEFAULT_OCR_TIMEOUT_MS;

  let why: 'timeout' | 'abort' = 'timeout';
  let stop: (reason: 'timeout' | 'abort') => void = () => {};
  const stopped = new Promise<typeof STOPPED>((resolve) => {
    stop = (reason) => {
      why = reason;
      resolve(STOPPED);
    };
  });
  const timer = setTimeout(() => stop('timeout'), timeoutMs);
  const onAbort = () => stop('abort');
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const interrupted = (): OcrResult => ({
    ok: false,
    error: {
      code: 'ocr_timeout',
      message: why === 'abort' ? 'OCR was cancelled' : `OCR took longer than ${timeoutMs / 1000} s`,
    },
  });

  let engine: OcrEngine | undefined;
  try {
    const images = await Promise.race([pageImages(pdf), stopped]);
    if (images === STOPPED) return interrupted();
    if (!images.ok) return { ok: false, error: { code: 'unextractable_pdf', message: images.error.message } };
    const data = await Promise.race([ensureLangData(langs, options.langCacheDir), stopped]);
    if (data === STOPPED) return interrupted();
    if (!data.ok) return unavailable(data.message);
    const starting = startEngine(langs, data.langPath);
    const started = await Promise.race([
      starting.then(
        (e) => e,
        (e: unknown) => e as Error,
      ),
      stopped,
    ]);
    if (started === STOPPED) {
      void starting.then((e) => e.terminate()).catch(() => {});
      return interrupted();
    }
    if (started instanceof Error) return unavailable(`OCR engine failed to start: ${started.message}`);
    engine = started;
    const pages: TextPage[] = [];
    for (const page of images.pages) {
      const words = await Promise.race([
        engine.recognize(page.picture).catch((e: unknown) => e as Error),
        stopped,
      ]);
      if (words === STOPPED) return interrupted();
      if (words instanceof Error) {
        return {
          ok: false,
          error: {
            code: 'unextractable_pdf',
            message: `Page ${page.number} could not be read: ${words.message}`,
          },
        };
      }
      pages.push({
        number: page.number,
        width: page.width,
        height: page.height,
        lines: groupLines(wordsToSpans(words, page)),
      });
    }
    return { ok: true, text: documentText(pages) };
  } catch (e) {
    return unavailable(`OCR failed: ${(e as Error).message}`);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    void engine?.terminate().catch(() => {});
  }
}

function unavailable(message: string): OcrResult {
  return {
    ok: false,
    error: { code: 'ocr_service_unavailable', message, retry_after_seconds: RETRY_AFTER_SECONDS },
  };
}
