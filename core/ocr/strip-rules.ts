/**
 * A strip cut around a term (reread.ts) takes in, through its margins, the rules of the table the term
 * stands in: read alone, a vertical rule beside an amount becomes a "1" before it ("0.79 €" read
 * "10.79 €"), a horizontal one a dash. Such rules are told from letters by their length: a vertical dark
 * run that crosses most of the strip's height (a letter takes at most its line's height, which the
 * strip's margins exceed), a horizontal one longer than the strip is high. What lies beyond the nearest
 * rule in a margin belongs to another cell: it is painted white, the rule with it. Rules inside the box
 * itself are left as they are (tesseract reads a rule between a label and its value as a bar, which is
 * dropped).
 */
import type { Box } from '../text/page-text';
import { greyAt } from './grey';

/** Darker than this (0–255) is ink. */
const INK = 140;
/** A vertical run crossing this share of the strip's height is a rule. */
const VERTICAL = 0.8;
/** A horizontal run this many times the strip's height is a rule (a letter is well under one). */
const HORIZONTAL = 1.5;
/** Pixels painted beyond a rule's dark core: the grey edge an enlargement leaves beside it. */
const EDGE = 2;

/** Whether a run of ink at least `length` long lies along the `count` pixels from `start` by `step`. */
function hasRun(grey: (i: number) => number, start: number, count: number, step: number, length: number) {
  let run = 0;
  for (let k = 0; k < count; k++) {
    run = grey(start + k * step) < INK ? run + 1 : 0;
    if (run >= length) return true;
  }
  return false;
}

/**
 * Paints white, in place, what lies beyond the table rules in the margins of a strip's RGBA pixels
 * (`width` × `height`); `inner` is the box itself within the strip, in its pixels. Returns whether it
 * painted anything.
 */
export function clearBeyondRules(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  inner: Box,
): boolean {
  const grey = (i: number) => greyAt(rgba, i);
  const column = (x: number) => hasRun(grey, x, height, width, Math.ceil(VERTICAL * height));
  const row = (y: number) => hasRun(grey, y * width, width, 1, Math.ceil(HORIZONTAL * height));
  const innerRight = inner.x + inner.width;
  const innerBottom = inner.y + inner.height;
  let left = -1;
  for (let x = Math.floor(inner.x) - 1; x >= 0 && left < 0; x--) if (column(x)) left = x;
  let right = width;
  for (let x = Math.ceil(innerRight) + 1; x < width && right === width; x++) if (column(x)) right = x;
  let top = -1;
  for (let y = Math.floor(inner.y) - 1; y >= 0 && top < 0; y--) if (row(y)) top = y;
  let bottom = height;
  for (let y = Math.ceil(innerBottom) + 1; y < height && bottom === height; y++) if (row(y)) bottom = y;
  if (left < 0 && right === width && top < 0 && bottom === height) return false;
  const keep = {
    x0: left < 0 ? 0 : Math.min(left + 1 + EDGE, Math.floor(inner.x)),
    x1: right === width ? width : Math.max(right - EDGE, Math.ceil(innerRight)),
    y0: top < 0 ? 0 : Math.min(top + 1 + EDGE, Math.floor(inner.y)),
    y1: bottom === height ? height : Math.max(bottom - EDGE, Math.ceil(innerBottom)),
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (x >= keep.x0 && x < keep.x1 && y >= keep.y0 && y < keep.y1) continue;
      const i = 4 * (y * width + x);
      rgba[i] = rgba[i + 1] = rgba[i + 2] = 255;
    }
  return true;
}
