/**
 * Ink that the page's reading left without a word. Sparse-text segmentation, which finds the figures in
 * shaded cells and boxes, drops a character standing alone in a table cell: on the corpus scans 22 of the
 * 108 single digits the text layer prints (a line's position number, a quantity of 1, a VAT rate of 7)
 * were missing. Along each row of the page, the columns that hold ink but no word are gathered into the
 * boxes of what was missed, to be read again (gap-reading.ts); a table rule is none of them, as its ink
 * runs on down its column longer than any letter of the row.
 */
import type { Box } from '../text/page-text';

/** A grey picture, one byte a pixel, row after row. */
export interface GreyPicture {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** Darker than this (0–255) is ink. */
const INK = 128;
/** Ink this close to a word (pixels) is that word's. */
const NEAR = 2;
/** A row is searched this share of its height above and below, for a mark set a little off its line. */
const BEYOND = 0.3;
/** Ink columns closer than this share of the row's height belong to one mark. */
const JOIN = 0.35;
/** A mark lower than this share of its row is a speck, not a character. */
const MIN_HEIGHT = 0.25;
/** A mark wider than this many row heights is no missed character (an underline, a logo). */
const MAX_WIDTH = 8;
/** Ink running this many row heights down a column is a rule (no letter is taller than its row). */
const RULE = 1.5;

/**
 * The boxes (pixels) of the marks in `rows` that none of `words` covers: each row is searched over the
 * horizontal range `span` (the page's text), over its own height and a little above and below.
 */
export function inkGaps(
  picture: GreyPicture,
  rows: readonly Box[],
  words: readonly Box[],
  span: { readonly x0: number; readonly x1: number },
): Box[] {
  const found: Box[] = [];
  const x0 = Math.max(0, Math.floor(span.x0));
  const x1 = Math.min(picture.width, Math.ceil(span.x1));
  const ink = (x: number, y: number) =>
    y >= 0 && y < picture.height && picture.data[y * picture.width + x]! < INK;
  for (const row of rows) {
    const tall = row.height;
    if (tall < 4) continue;
    const y0 = Math.max(0, Math.floor(row.y - BEYOND * tall));
    const y1 = Math.min(picture.height, Math.ceil(row.y + row.height + BEYOND * tall));
    const covered = new Uint8Array(x1 - x0);
    for (const w of words) {
      if (w.y > y1 || w.y + w.height < y0) continue;
      const from = Math.max(x0, Math.floor(w.x - NEAR));
      const to = Math.min(x1, Math.ceil(w.x + w.width + NEAR));
      for (let x = from; x < to; x++) covered[x - x0] = 1;
    }
    const inked = (x: number): boolean => {
      if (covered[x - x0]) return false;
      for (let y = y0; y < y1; y++) if (ink(x, y)) return true;
      return false;
    };
    let mark: { from: number; to: number } | null = null;
    const close = () => {
      if (!mark) return;
      const box = markBox(ink, mark.from, mark.to, y0, y1);
      const letter = box && box.height >= MIN_HEIGHT * tall && box.width <= MAX_WIDTH * tall;
      if (letter && !isRule(ink, box, RULE * tall)) found.push(box);
      mark = null;
    };
    for (let x = x0; x < x1; x++) {
      if (!inked(x)) {
        if (mark && x - mark.to > JOIN * tall) close();
        continue;
      }
      if (mark) mark.to = x + 1;
      else mark = { from: x, to: x + 1 };
    }
    close();
  }
  return withoutRepeats(found);
}

type Ink = (x: number, y: number) => boolean;

/** The box of the ink between columns `from` and `to` and rows `y0` and `y1`. */
function markBox(ink: Ink, from: number, to: number, y0: number, y1: number): Box | null {
  let top = y1;
  let bottom = y0;
  for (let y = y0; y < y1; y++)
    for (let x = from; x < to; x++)
      if (ink(x, y)) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y + 1);
        break;
      }
  return bottom > top ? { x: from, y: top, width: to - from, height: bottom - top } : null;
}

/** Whether a column of `mark` holds a run of ink `length` long or more, on past the mark's own rows. */
function isRule(ink: Ink, mark: Box, length: number): boolean {
  const middle = Math.floor(mark.y + mark.height / 2);
  for (let x = mark.x; x < mark.x + mark.width; x++) {
    if (!ink(x, middle)) continue;
    let up = 0;
    while (up < length && ink(x, middle - up - 1)) up += 1;
    let down = 0;
    while (up + down < length && ink(x, middle + down + 1)) down += 1;
    if (up + down + 1 >= length) return true;
  }
  return false;
}

/** Rows that overlap find the same mark twice: kept once. */
function withoutRepeats(boxes: readonly Box[]): Box[] {
  const kept: Box[] = [];
  for (const b of boxes) {
    const same = kept.some(
      (k) => k.x < b.x + b.width && b.x < k.x + k.width && k.y < b.y + b.height && b.y < k.y + k.height,
    );
    if (!same) kept.push(b);
  }
  return kept;
}
