/**
 * Reads a scanned (image-only) PDF by OCR, offline: each page's picture goes through the process's kept
 * tesseract engine (off the calling thread), words come back as spans in PDF points (top-left origin,
 * y down), turned level when the page was scanned askew (level.ts), and are grouped into lines by the
 * same grouping as the text layer's. Pages are pictured and read as many at a time as the thread has
 * engines (engine-count.ts: one unless a caller gave it more), each step reported to `onProgress`; the
 * run stops at once when its time is up or its signal aborts. The result also offers a second, closer
 * look at any box of its pages (reread.ts).
 */
import { groupLines } from '../text/lines';
import type { DocumentText, TextPage, TextSpan } from '../text/page-text';
import { STOPPED } from './deadline';
import { runOrdered } from '../pool/ordered-batch';
import { ocrEngines } from './engine-count';
import { recognizeOn } from './engine-pool';
import { readFigures } from './figure-reading';
import { readGaps } from './gap-reading';
import { baselineSlope, levelling, levelSpan, turning, type Levelling } from './level';
import { interrupted, unavailable, undrawable, unextractable, type OcrFailure } from './ocr-errors';
import { ocrRun, type RunLimits } from './ocr-run';
import type { PageImage } from './page-images';
import { rereadBox, type Reread } from './reread';
import { withUnitGlyphs } from './unit-glyphs';
import { withMarksOnTheirRows } from './flat-marks';
import type { OcrLayout, OcrReading, OcrWord } from './tesseract-engine';

/** Where a run is: page `page` of `pages` being drawn (pictured) or recognised. */
export interface OcrProgress {
  readonly page: number;
  readonly pages: number;
  readonly step: 'drawing' | 'recognising';
}

export type { OcrError } from './ocr-errors';

/**
 * French, English and German together, on every page. Tesseract reads each word with the first language
 * and tries the others only on words it read poorly, so the three cost about what French and English
 * did (25.5 s against 24.7 s of processor time over six corpus pages), and they read more words right
 * than any pair: on the corpus scans, 94.7 % of the words of German pages (fra+eng 92.5 %, deu+eng
 * 94.8 %), 93.0 % of English ones (91 %, 94.0 %) and 91.6 % of French ones (91.6 %, 88.4 %). German
 * first, or deu+eng, costs a quarter more. Choosing one language per page from a first reading would
 * only pay for French pages (French alone: 40 % less time, a point less read right).
 */
export const OCR_LANGS = 'fra+eng+deu';

export type OcrResult = { ok: true; text: DocumentText; reread: Reread } | OcrFailure;

export interface OcrOptions extends RunLimits {
  /** Whole document, engine start included (default 120 s). */
  readonly timeoutMs?: number;
  /** Tesseract languages joined by `+` (default OCR_LANGS). */
  readonly langs?: string;
  /** Cancels the OCR; the answer is then `cancelled`. */
  readonly signal?: AbortSignal;
  /** Where the trained data is gathered (default: a folder under the OS temp dir). */
  readonly langCacheDir?: string;
  readonly onProgress?: (progress: OcrProgress) => void;
}

/** Words of one picture as spans in PDF points, scaled by the picture's size against the MediaBox. */
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

/** How the page's words are turned level, from the slope of the lines tesseract found on its picture. */
function pageLevelling(reading: OcrReading, page: PageImage): Levelling {
  // The slope in points: the picture's pixels may be a little taller or wider than they are long.
  const pixelSlope = baselineSlope(reading.baselines, page.pixelWidth);
  const slope = (pixelSlope * (page.height / page.pixelHeight)) / (page.width / page.pixelWidth);
  return levelling(slope, page.width, page.height);
}

function documentText(pages: TextPage[]): DocumentText {
  const confidences = pages.flatMap((p) => p.lines.flatMap((l) => l.spans.map((s) => s.confidence ?? 0)));
  const confidence = confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : 0;
  return { source: 'ocr', pages, confidence };
}

/** OCR of every page of a scanned PDF; errors are values, never thrown. */
export function ocrPdf(pdf: Uint8Array, options: OcrOptions = {}): Promise<OcrResult> {
  return ocrRun(pdf, options, async (pictures, until, timeoutMs): Promise<OcrResult> => {
    const report = (page: number, step: OcrProgress['step']) =>
      options.onProgress?.({ page, pages: pictures.count, step });
    const langs = options.langs ?? OCR_LANGS;
    const readPage = async (number: number): Promise<TextPage | OcrFailure> => {
      report(number, 'drawing');
      const page = await until.race(pictures.picture(number)).catch((e: unknown) => e as Error);
      if (page === STOPPED) return interrupted(until, timeoutMs);
      if (page instanceof Error) return undrawable(page);
      report(number, 'recognising');
      const recognise = (picture: Uint8Array, dpi: number, layout: OcrLayout) =>
        recognizeOn(
          {
            langs,
            picture,
            dpi,
            layout,
            ...(options.langCacheDir ? { langCacheDir: options.langCacheDir } : {}),
          },
          until,
        ).catch((e: unknown) => e as Error);
      const reading = await recognise(page.picture, (page.pixelWidth / page.width) * 72, 'page');
      if (reading === STOPPED) return interrupted(until, timeoutMs);
      if (reading instanceof Error)
        return unextractable(`Page ${number} could not be read: ${reading.message}`);
      if ('unavailable' in reading) return unavailable(reading.unavailable);
      const level = pageLevelling(reading, page);
      const words = withMarksOnTheirRows(
        withUnitGlyphs(wordsToSpans(reading.words, page).map((s) => levelSpan(s, level))),
      );
      const levelled = level.angle === 0 ? {} : { levelled: level.angle };
      const first = { number, width: page.width, height: page.height, lines: groupLines(words), ...levelled };
      const readBlock = async (picture: Uint8Array, dpi: number) => {
        const again = await recognise(picture, dpi, 'block');
        return again === STOPPED ? STOPPED : again instanceof Error || 'unavailable' in again ? null : again;
      };
      // What the page's reading left unread, read again (a gap that cannot be read leaves the page as is).
      const missed = await readGaps(page, first, level, readBlock).catch(() => []);
      if (missed === STOPPED) return interrupted(until, timeoutMs);
      const found = missed.length === 0 ? first : { ...first, lines: groupLines([...words, ...missed]) };
      // Its doubtful figures read again closer (one that cannot be read stays as it was).
      const all = [...words, ...missed];
      const figures = await readFigures(page, found, all, level, readBlock).catch(() => all);
      if (figures === STOPPED) return interrupted(until, timeoutMs);
      return figures === all ? found : { ...found, lines: groupLines(figures) };
    };
    // As many pages at once as this thread has engines for, each pictured only when its turn comes.
    const read: TextPage[] = [];
    let failure: OcrFailure | null = null;
    const numbers = Array.from({ length: pictures.count }, (_, i) => i + 1);
    await runOrdered(numbers, {
      concurrency: ocrEngines(),
      window: ocrEngines(),
      run: readPage,
      emit: (r) => {
        if ('ok' in r) failure ??= r;
        else read.push(r);
      },
      stopped: () => failure !== null,
    });
    if (failure) return failure;
    const reread: Reread = async (number, box) => {
      const page = read.find((p) => p.number === number);
      const level = page?.levelled ? { level: turning(page.levelled, page.width, page.height) } : {};
      const r = await rereadBox(pdf, number, box, {
        langs,
        ...level,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.langCacheDir ? { langCacheDir: options.langCacheDir } : {}),
      });
      return r.ok ? r.lines : [];
    };
    return { ok: true, text: documentText(read), reread };
  });
}
