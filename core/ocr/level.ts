/**
 * A scanned page is rarely put on the glass straight: the corpus scans are turned 0.15–0.70°, which over
 * an A4 width lifts one end of a printed line up to 7 pt above the other, and over its height moves a
 * column 10 pt sideways. Rows and columns are what the reader goes by, so OCR words are brought back
 * level: the page's turn is read from the baselines tesseract found (their median slope, weighted by
 * length), and every word's box is turned back around the page's centre. A box of the levelled page
 * maps back onto the picture (to cut a strip out of it, or to show where a term was read).
 */
import type { Box, TextSpan } from '../text/page-text';

/** A printed line as tesseract found it: its baseline's ends, in the picture's pixels. */
export interface Baseline {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** Baselines shorter than this share of the page width say little of its turn (one short word). */
const MIN_BASELINE = 0.08;
/** A turn above this (about 3°) is no scanner's slip: a rotated page or a diagonal stamp, left alone. */
const MAX_SLOPE = 0.05;

/**
 * The slope (rise over run, y downwards) of the page's printed lines: the length-weighted median of
 * its baselines' slopes, 0 when too few lines tell. `width`: the picture's width in pixels.
 */
export function baselineSlope(baselines: readonly Baseline[], width: number): number {
  const lines = baselines
    .map((b) => ({ run: b.x1 - b.x0, slope: (b.y1 - b.y0) / (b.x1 - b.x0) }))
    .filter((l) => l.run >= MIN_BASELINE * width && Math.abs(l.slope) <= MAX_SLOPE)
    .sort((a, b) => a.slope - b.slope);
  const total = lines.reduce((sum, l) => sum + l.run, 0);
  if (lines.length < 3) return 0;
  let seen = 0;
  for (const line of lines) {
    seen += line.run;
    if (seen >= total / 2) return line.slope;
  }
  return 0;
}

/** How a page's boxes turn between the picture (as scanned) and the levelled page, in PDF points. */
export interface Levelling {
  /** The angle the words were turned by, in radians (0: the page was straight). */
  readonly angle: number;
  /** A point of the picture, on the levelled page. */
  toLevel(x: number, y: number): { x: number; y: number };
  /** A point of the levelled page, on the picture. */
  toPicture(x: number, y: number): { x: number; y: number };
}

/** The levelling of a page `width` × `height` whose printed lines rise `slope` (y downwards). */
export const levelling = (slope: number, width: number, height: number): Levelling =>
  turning(-Math.atan(slope), width, height);

/** The levelling that turns a page `width` × `height` by `angle` radians (a page's `levelled`). */
export function turning(angle: number, width: number, height: number): Levelling {
  const cx = width / 2;
  const cy = height / 2;
  const turn = (a: number) => {
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    return (x: number, y: number) => ({
      x: cx + cos * (x - cx) - sin * (y - cy),
      y: cy + sin * (x - cx) + cos * (y - cy),
    });
  };
  return { angle, toLevel: turn(angle), toPicture: turn(-angle) };
}

/**
 * A word's box on the levelled page: its centre turned, its size that of the word itself (the box of a
 * turned word is taller than the word by its width times the slope).
 */
export function levelSpan(span: TextSpan, level: Levelling): TextSpan {
  if (level.angle === 0) return span;
  const slope = Math.abs(Math.tan(level.angle));
  const centre = level.toLevel(span.x + span.width / 2, span.y + span.height / 2);
  const height = Math.max(span.height - span.width * slope, span.height / 2);
  const width = Math.max(span.width - span.height * slope, span.width / 2);
  return { ...span, x: centre.x - width / 2, y: centre.y - height / 2, width, height };
}

/** The box of the picture that holds `box` of the levelled page. */
export function pictureBox(box: Box, level: Levelling): Box {
  if (level.angle === 0) return box;
  const corners = [
    level.toPicture(box.x, box.y),
    level.toPicture(box.x + box.width, box.y),
    level.toPicture(box.x, box.y + box.height),
    level.toPicture(box.x + box.width, box.y + box.height),
  ];
  const x = Math.min(...corners.map((c) => c.x));
  const y = Math.min(...corners.map((c) => c.y));
  return {
    x,
    y,
    width: Math.max(...corners.map((c) => c.x)) - x,
    height: Math.max(...corners.map((c) => c.y)) - y,
  };
}
