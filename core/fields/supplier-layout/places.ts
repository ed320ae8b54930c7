/**
 * Geometry shared by learning and recalling a layout: boxes as shares of their page and back, the label
 * of a value (the words before it in its cell, the cell left of it, or the words above it), and labels
 * compared as words, whatever their spacing, case and closing colon.
 */
import type { Cell, Layout, Row } from '../../text/layout';
import type { Box } from '../../text/page-text';
import { MAX_LABEL } from './seller-layout';

type PageSize = { readonly width: number; readonly height: number };

const clamp = (n: number): number => Math.min(1, Math.max(0, n));

export function toShares(box: Box, page: PageSize): Box {
  const x = clamp(box.x / page.width);
  const y = clamp(box.y / page.height);
  return {
    x,
    y,
    width: Math.min(clamp(box.width / page.width), 1 - x),
    height: Math.min(clamp(box.height / page.height), 1 - y),
  };
}

export function toPoints(box: Box, page: PageSize): Box {
  return {
    x: box.x * page.width,
    y: box.y * page.height,
    width: box.width * page.width,
    height: box.height * page.height,
  };
}

/** A label as compared: words in lower case, single spaces, no closing colon, at most MAX_LABEL long. */
export function labelKey(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/[\s:.–-]+$/, '')
    .trim()
    .toLowerCase()
    .slice(-MAX_LABEL);
}

/** Words, not a value: more letters than digits ("Part de l'État (20 %)", not "AM/25/0142"). */
const hasWords = (text: string): boolean =>
  (text.match(/\p{L}/gu)?.length ?? 0) > Math.max(1, text.match(/\d/g)?.length ?? 0);

/** How much of the smaller of two boxes their intersection covers (0–1). */
export function coverage(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.max(1, Math.min(a.width * a.height, b.width * b.height));
}

/**
 * The label of a value printed in `cell` from character `index` on: the words before it in the cell,
 * else the cell left of it on its row, else the cell right above it in its column; none when what
 * stands there holds no words.
 */
export function labelOf(
  layout: Layout,
  row: Row,
  cell: Cell,
  index: number,
): { readonly text: string; readonly box: Box } | null {
  const before = cell.text.slice(0, index);
  if (hasWords(before)) return { text: before, box: cell };
  const left = row.cells[row.cells.indexOf(cell) - 1];
  if (left && hasWords(left.text)) return { text: left.text, box: left };
  for (let i = row.index - 1; i >= 0 && i >= row.index - 3; i--) {
    const above = layout.rows[i]!;
    if (above.page !== row.page || row.y - (above.y + above.height) > 3 * row.height) break;
    const over = above.cells.find((c) => c.x < cell.x + cell.width && cell.x < c.x + c.width);
    if (over) return hasWords(over.text) ? { text: over.text, box: over } : null;
  }
  return null;
}
