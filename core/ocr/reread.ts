/**
 * A second, closer look at one place of a scanned page: the box (PDF points, top-left origin, as
 * core/text/page-text.ts, on the page levelled as its first reading was: level.ts), with a small margin,
 * is cut out of the page and enlarged to STRIP_DPI (a scan's pixels scaled up, or a drawn page drawn
 * again at that resolution), what its margins take in beyond a table rule painted out (strip-rules.ts),
 * then read alone. Tesseract sets its thresholds for that strip only, and reads small print with more
 * pixels per character: a figure the whole page left uncertain often comes back sure. The words come
 * back with their confidence, in the levelled page's coordinates, grouped into lines as the page's own
 * words are; the caller keeps whichever reading is surer (core/convert/second-look.ts).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { groupLines } from '../text/lines';
import type { Box, TextLine, TextSpan } from '../text/page-text';
import { PDFJS_BOUNDS, withPdfJs } from '../text/pdfjs-bounded';
import { STOPPED } from './deadline';
import { recognizeOn } from './engine-pool';
import { levelSpan, pictureBox, type Levelling } from './level';
import { ocrRun } from './ocr-run';
import type { PageImage } from './page-images';
import { renderRegion } from './render-page';
import { clearBeyondRules } from './strip-rules';
import { interrupted, unavailable, undrawable, unextractable, type OcrFailure } from './ocr-errors';

/** What the reader may ask of the OCR: the lines read again, closer, in `box` of page `page`. */
export type Reread = (page: number, box: Box) => Promise<TextLine[]>;

/**
 * Resolution a strip is read at: a 200 dpi scan's pixels enlarged one and a half times. Twice (400 dpi)
 * turned some figures of the corpus scans into others ("71,51" into "1,51", "530,75 €" into "53075€").
 */
export const STRIP_DPI = 300;
/** Margin added around the box, in PDF points, so that a word cut by the box is read whole. */
const MARGIN = { x: 6, y: 3 } as const; // more above and below brings in parts of the lines around
/** Largest box read as a strip (a third of an A4 page): beyond, it is no longer a closer look. */
const MAX_STRIP_AREA = (595 * 842) / 3;

export interface RereadOptions {
  readonly langs: string;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  readonly langCacheDir?: string;
  /** How the page's first reading was levelled: `box` is on that levelled page, and so are the words. */
  readonly level?: Levelling;
}

export type RereadResult = { ok: true; lines: TextLine[] } | OcrFailure;

/**
 * A word without the table rules read as bars at its ends (a strip read as one block takes the vertical
 * lines of a table for `|`); empty when it was only a rule.
 */
export const withoutRules = (word: string): string => word.replace(/^[|¦]+|[|¦]+$/g, '');

/** `box` widened by the margin and kept inside the page. */
export function stripBox(box: Box, page: { width: number; height: number }): Box {
  const x = Math.max(0, box.x - MARGIN.x);
  const y = Math.max(0, box.y - MARGIN.y);
  const right = Math.min(page.width, box.x + box.width + MARGIN.x);
  const bottom = Math.min(page.height, box.y + box.height + MARGIN.y);
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

type Picture = Awaited<ReturnType<typeof loadImage>>;

/** `box` (points) within `strip` (points), in the pixels of the strip drawn `width` pixels wide. */
function within(box: Box, strip: Box, width: number): Box {
  const k = width / strip.width;
  return { x: (box.x - strip.x) * k, y: (box.y - strip.y) * k, width: box.width * k, height: box.height * k };
}

/**
 * `area` of a picture (its pixels) drawn on a white strip `width` × `height`, what its margins take in
 * beyond a table rule painted out (strip-rules.ts; `inner`: the box itself, in the strip's pixels): a
 * PNG file.
 */
function stripPicture(picture: Picture, area: Box, width: number, height: number, inner: Box): Uint8Array {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(picture, area.x, area.y, area.width, area.height, 0, 0, width, height);
  const pixels = context.getImageData(0, 0, width, height);
  if (clearBeyondRules(pixels.data, width, height, inner)) context.putImageData(pixels, 0, 0);
  return canvas.toBuffer('image/png');
}

/** The strip cut out of a scan's own picture and scaled to STRIP_DPI; `box`: the box it is cut around. */
async function scanStrip(page: PageImage, strip: Box, box: Box): Promise<{ png: Uint8Array; scale: number }> {
  const toPixels = page.pixelWidth / page.width;
  const scale = Math.max(1, STRIP_DPI / 72 / toPixels);
  const width = Math.max(1, Math.round(strip.width * toPixels * scale));
  const height = Math.max(1, Math.round(strip.height * toPixels * scale));
  const area = {
    x: strip.x * toPixels,
    y: strip.y * toPixels,
    width: strip.width * toPixels,
    height: strip.height * toPixels,
  };
  const picture = await loadImage(Buffer.from(page.picture));
  const png = stripPicture(picture, area, width, height, within(box, strip, width));
  return { png, scale: toPixels * scale };
}

/** The lines of `box` on page `number` of a scanned PDF, read again on an enlarged strip. */
export function rereadBox(
  pdf: Uint8Array,
  number: number,
  box: Box,
  options: RereadOptions,
): Promise<RereadResult> {
  return ocrRun(pdf, options, async (pictures, until, timeoutMs): Promise<RereadResult> => {
    if (number < 1 || number > pictures.count) return unextractable(`The PDF has no page ${number}`);
    const drawing = async () => {
      const scan = pictures.scan(number);
      const onPicture = options.level ? pictureBox(box, options.level) : box;
      const strip = stripBox(onPicture, scan ?? pictures.size(number));
      if (strip.width < 1 || strip.height < 1 || strip.width * strip.height > MAX_STRIP_AREA) {
        throw new RangeError('The box is not a strip of the page');
      }
      if (scan) return { strip, ...(await scanStrip(scan, strip, onPicture)) };
      const region = await withPdfJs(pdf, PDFJS_BOUNDS, (doc, bounded) =>
        bounded(renderRegion(doc, number, strip, STRIP_DPI)),
      );
      const { pixelWidth: width, pixelHeight: height } = region;
      const drawn = await loadImage(Buffer.from(region.png));
      const whole = { x: 0, y: 0, width, height };
      const png = stripPicture(drawn, whole, width, height, within(onPicture, strip, width));
      return { strip, png, scale: width / strip.width };
    };
    const drawn = await until.race(drawing()).catch((e: unknown) => e as Error);
    if (drawn === STOPPED) return interrupted(until, timeoutMs);
    if (drawn instanceof Error) return undrawable(drawn);
    const reading = await recognizeOn(
      {
        langs: options.langs,
        picture: drawn.png,
        dpi: drawn.scale * 72,
        ...(options.langCacheDir ? { langCacheDir: options.langCacheDir } : {}),
      },
      until,
    ).catch((e: unknown) => e as Error);
    if (reading === STOPPED) return interrupted(until, timeoutMs);
    if (reading instanceof Error) return unextractable(`The strip could not be read: ${reading.message}`);
    if ('unavailable' in reading) return unavailable(reading.unavailable);
    const { strip, scale } = drawn;
    const spans: TextSpan[] = reading.words.flatMap((w) => {
      const text = withoutRules(w.text);
      if (!text) return [];
      const span = {
        text,
        x: strip.x + w.x0 / scale,
        y: strip.y + w.y0 / scale,
        width: (w.x1 - w.x0) / scale,
        height: (w.y1 - w.y0) / scale,
        confidence: w.confidence,
      };
      return [options.level ? levelSpan(span, options.level) : span];
    });
    return { ok: true, lines: groupLines(spans) };
  });
}
