/**
 * The payment mentions a French invoice must print (Code de commerce, L441-9), read as invoice notes
 * (BG-1) with the subject code (BT-21) France 2026 asks of each (BR-FR-05): the late payment penalties
 * (PMD), the fixed compensation for recovery costs (PMT), the early payment discount terms or that none
 * is granted (AAB). A note is the sentence holding its words, joined again where the page wraps it.
 */
import type { Cell, Layout, Row } from '../text/layout';
import type { Place } from './confidence';
import { words } from './labels';

export interface LegalNote {
  /** UNTDID 4451 subject code (BT-21). */
  readonly code: 'PMD' | 'PMT' | 'AAB';
  /** The sentence as printed (BT-22). */
  readonly text: string;
  readonly place: Place;
}

const MENTIONS: readonly (readonly [LegalNote['code'], RegExp])[] = [
  ['PMD', words(/\bp[ée]nalit[ée]s?\b|\bint[ée]r[êe]ts?\s+de\s+retard\b/i)],
  ['PMT', words(/\bindemnit[ée]\s+forfaitaire\b/i)],
  ['AAB', words(/\bescompte\b/i)],
];

/** A sentence ends with a full stop, an exclamation or a question mark. */
const ENDED = /[.!?]\s*$/;

/** The cell continuing `cell`'s text on a later row: at its left edge, within a line or two. */
function continuation(layout: Layout, row: Row, cell: Cell, step: 1 | -1): { row: Row; cell: Cell } | null {
  for (
    let i = row.index + step;
    i >= 0 && i < layout.rows.length && Math.abs(i - row.index) <= 3;
    i += step
  ) {
    const other = layout.rows[i]!;
    if (other.page !== row.page || Math.abs(other.y - row.y) > 2.5 * Math.max(row.height, other.height))
      return null;
    const next = other.cells.find((c) => Math.abs(c.x - cell.x) < 3);
    if (next) return { row: other, cell: next };
  }
  return null;
}

/**
 * The paragraph around a cell: the rows before it and after it that run on, each row that runs on
 * unended and about as wide as the paragraph (a short line above is another statement).
 */
function paragraph(layout: Layout, row: Row, cell: Cell): string {
  const parts = [cell.text.trim()];
  let widest = cell.width;
  const runsOn = (c: Cell) => !ENDED.test(c.text) && c.width >= 0.8 * widest;
  let up = continuation(layout, row, cell, -1);
  while (up && runsOn(up.cell) && parts.length < 6) {
    parts.unshift(up.cell.text.trim());
    widest = Math.max(widest, up.cell.width);
    up = continuation(layout, up.row, up.cell, -1);
  }
  let at: { row: Row; cell: Cell } = { row, cell };
  while (runsOn(at.cell) && parts.length < 6) {
    const down = continuation(layout, at.row, at.cell, 1);
    if (!down) break;
    parts.push(down.cell.text.trim());
    widest = Math.max(widest, down.cell.width);
    at = down;
  }
  return parts.join(' ');
}

/** Each mention once: the first sentence of the document that holds its words. */
export function legalNotes(layout: Layout): LegalNote[] {
  const out: LegalNote[] = [];
  for (const [code, pattern] of MENTIONS) {
    found: for (const row of layout.rows) {
      for (const cell of row.cells) {
        if (!pattern.test(cell.text)) continue;
        const sentence = paragraph(layout, row, cell)
          .split(/(?<=[.!?])\s+(?=\p{Lu})/u)
          .find((s) => pattern.test(s));
        if (!sentence) continue;
        out.push({ code, text: sentence.trim(), place: { row, cells: [cell] } });
        break found;
      }
    }
  }
  return out;
}
