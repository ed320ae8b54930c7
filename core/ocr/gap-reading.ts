/**
 * A second reading of what the page's reading missed (ink-gaps.ts) in its table rows (lines with two
 * cells or more holding a figure): each mark left without a word is cut out with a margin and read
 * again with the page's other marks on one stacked picture (stacked-reading.ts). A word read there joins
 * the page when it holds a letter or a figure, is sure enough, lies on its mark and stands apart from
 * the words the page has.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { cellsOf } from '../text/layout';
import type { Box, TextLine, TextPage, TextSpan } from '../text/page-text';
import type { Stopped } from './deadline';
import { STOPPED } from './deadline';
import { greyAt } from './grey';
import { inkGaps, type GreyPicture } from './ink-gaps';
import { levelSpan, pictureBox, type Levelling } from './level';
import type { PageImage } from './page-images';
import { readStacked, type ReadBlock } from './stacked-reading';

/** Most marks read again on one page (a page of marks is not a gap but a failed reading). */
const MAX_MARKS = 80;
/** Margin around a mark, as a share of its height. */
const MARGIN = 0.35;
/** How far beyond the page's text marks are looked for, in row heights. */
const WIDEN = 2;
/** Least confidence (0–100) for a word read on a mark to join the page. */
const MIN_CONFIDENCE = 75;

const ALPHANUMERIC = /[\p{L}\p{N}]/u;

/** A table row, where a figure may stand alone in its cell: a line with two cells or more holding one. */
export const figureRow = (line: TextLine): boolean =>
  cellsOf(line).filter((c) => /\d/.test(c.text)).length >= 2;

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
  const rows = page.lines.filter(figureRow).map(toPixels);
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

  const read = await readStacked(
    image,
    marks.map((m) => {
      const margin = MARGIN * m.height;
      return { x: m.x - margin, y: m.y - margin, width: m.width + 2 * margin, height: m.height + 2 * margin };
    }),
    sx,
    readBlock,
  );
  if (read === STOPPED) return STOPPED;
  if (!read) return [];

  const found: TextSpan[] = [];
  for (const [i, mark] of marks.entries())
    for (const w of read[i]!) {
      if (!ALPHANUMERIC.test(w.text) || w.confidence < MIN_CONFIDENCE) continue;
      const onPicture = { x: w.x0, y: w.y0, width: w.x1 - w.x0, height: w.y1 - w.y0 };
      if (!overlaps(onPicture, mark)) continue;
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
