/**
 * A second reading of what the page's reading missed (ink-gaps.ts) in its table rows (lines with two
 * cells or more holding a figure): each mark left without a word is cut out with a margin, enlarged to
 * STRIP_DPI, and the marks of a page are stacked one under the other on a single picture, read as one
 * block of text (the mode that does not drop a lone character), so that a page costs one small reading
 * however many marks it has. A word read there joins the page when it holds a letter or a figure, is
 * sure enough, lies on its mark and stands apart from the words the page has.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { cellsOf } from '../text/layout';
import type { Box, TextPage, TextSpan } from '../text/page-text';
import type { Stopped } from './deadline';
import { STOPPED } from './deadline';
import { greyAt } from './grey';
import { inkGaps, type GreyPicture } from './ink-gaps';
import { levelSpan, pictureBox, type Levelling } from './level';
import type { PageImage } from './page-images';
import { STRIP_DPI } from './reread';
import type { OcrReading } from './tesseract-engine';

/** Reads a picture as one block of text (at `dpi`), or says why not. */
export type ReadBlock = (picture: Uint8Array, dpi: number) => Promise<OcrReading | Stopped | null>;

/** Most marks read again on one page (a page of marks is not a gap but a failed reading). */
const MAX_MARKS = 80;
/** Margin around a mark, as a share of its height. */
const MARGIN = 0.35;
/** Space between two marks on the stacked picture, and around them, in pixels. */
const SPACING = 24;
/** How far beyond the page's text marks are looked for, in row heights. */
const WIDEN = 2;
/** Least confidence (0–100) for a word read on a mark to join the page. */
const MIN_CONFIDENCE = 75;

const ALPHANUMERIC = /[\p{L}\p{N}]/u;

function greyOf(image: Awaited<ReturnType<typeof loadImage>>, width: number, height: number): GreyPicture {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const rgba = context.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = greyAt(rgba, i);
  return { data, width, height };
}

/**
 * A word read on a mark that touches one of the page's words, or comes within this many points of it on
 * its row, is a piece of that word the page boxed too tightly ("10" boxed as "1"), read again: left out.
 */
const APART = 1.5;

/** Whether `word` stands apart from every word of `spans` on its row. */
const standsApart = (word: Box, spans: readonly Box[]): boolean =>
  spans.every(
    (s) =>
      s.y >= word.y + word.height ||
      word.y >= s.y + s.height ||
      s.x >= word.x + word.width + APART ||
      word.x >= s.x + s.width + APART,
  );

const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Paper lighter than this (0–255) is made white. */
const PAPER = 190;

type Context = ReturnType<ReturnType<typeof createCanvas>['getContext']>;

/**
 * The scan's grey specks taken off the paper: on a picture of a few marks the ink is too little for
 * tesseract's threshold to tell it from the noise (a lone "1" was read "15").
 */
function cleanPaper(context: Context, width: number, height: number): void {
  const pixels = context.getImageData(0, 0, width, height);
  const data = pixels.data;
  for (let i = 0; i < data.length / 4; i++)
    if (greyAt(data, i) >= PAPER) data[4 * i] = data[4 * i + 1] = data[4 * i + 2] = 255;
  context.putImageData(pixels, 0, 0);
}

/**
 * The words found on the marks `page` (levelled by `level`) left unread on its picture, levelled as the
 * page's own; STOPPED when the reading was stopped.
 */
export async function readGaps(
  picture: PageImage,
  page: TextPage,
  level: Levelling,
  readBlock: ReadBlock,
): Promise<TextSpan[] | Stopped> {
  const spans = page.lines.flatMap((l) => l.spans);
  if (spans.length === 0) return [];
  const sx = picture.pixelWidth / picture.width;
  const sy = picture.pixelHeight / picture.height;
  const toPixels = (b: Box): Box => {
    const p = pictureBox(b, level);
    return { x: p.x * sx, y: p.y * sy, width: p.width * sx, height: p.height * sy };
  };
  // Table rows, where a figure stands alone in its cell: a line with two cells or more holding one.
  const rows = page.lines
    .filter((l) => cellsOf(l).filter((c) => /\d/.test(c.text)).length >= 2)
    .map(toPixels);
  if (rows.length === 0) return [];
  // The page's text, widened: a lone figure may stand before the first word of any line.
  const lines = page.lines.map(toPixels);
  const reach = WIDEN * Math.max(...rows.map((r) => r.height));
  const span = {
    x0: Math.min(...lines.map((r) => r.x)) - reach,
    x1: Math.max(...lines.map((r) => r.x + r.width)) + reach,
  };
  const image = await loadImage(Buffer.from(picture.picture));
  const grey = greyOf(image, picture.pixelWidth, picture.pixelHeight);
  const marks = inkGaps(grey, rows, spans.map(toPixels), span).slice(0, MAX_MARKS);
  if (marks.length === 0) return [];

  const scale = Math.max(1, STRIP_DPI / 72 / sx);
  const cuts = marks.map((m) => {
    const margin = MARGIN * m.height;
    return {
      mark: m,
      x: m.x - margin,
      y: m.y - margin,
      width: m.width + 2 * margin,
      height: m.height + 2 * margin,
    };
  });
  let top = SPACING;
  const placed = cuts.map((c) => {
    const at = { ...c, dx: SPACING, dy: top };
    top += c.height * scale + SPACING;
    return at;
  });
  const width = Math.ceil(Math.max(...cuts.map((c) => c.width)) * scale + 2 * SPACING);
  const canvas = createCanvas(width, Math.ceil(top));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, Math.ceil(top));
  context.imageSmoothingQuality = 'high';
  for (const p of placed)
    context.drawImage(image, p.x, p.y, p.width, p.height, p.dx, p.dy, p.width * scale, p.height * scale);
  cleanPaper(context, width, Math.ceil(top));
  const reading = await readBlock(canvas.toBuffer('image/png'), sx * scale * 72);
  if (reading === STOPPED) return STOPPED;
  if (!reading) return [];

  const found: TextSpan[] = [];
  for (const w of reading.words) {
    const middle = (w.y0 + w.y1) / 2;
    const at = placed.find((p) => middle >= p.dy && middle <= p.dy + p.height * scale);
    if (!at || !ALPHANUMERIC.test(w.text) || w.confidence < MIN_CONFIDENCE) continue;
    const onPicture = {
      x: at.x + (w.x0 - at.dx) / scale,
      y: at.y + (w.y0 - at.dy) / scale,
      width: (w.x1 - w.x0) / scale,
      height: (w.y1 - w.y0) / scale,
    };
    if (!overlaps(onPicture, at.mark)) continue;
    const word = levelSpan(
      {
        text: w.text,
        x: onPicture.x / sx,
        y: onPicture.y / sy,
        width: onPicture.width / sx,
        height: onPicture.height / sy,
        confidence: w.confidence,
      },
      level,
    );
    if (standsApart(word, spans)) found.push(word);
  }
  return found;
}
