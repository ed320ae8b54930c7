/**
 * Key–value pairs of a laid-out document (core/text/layout.ts): a label, then its value in the same cell
 * after it ("Rechnungsnummer: 4711"), in the next cell on its row ("Total HT      1 234,56"), or under it
 * in its column (a table header over its value, "Due Date" over "March 3, 2026"). Every pair found is a
 * candidate: field extraction chooses among them.
 */
import { below, type Cell, type Layout, overlapX, type Row, rightOf } from '../text/layout';
import { datesIn } from './values';

/** Where the value stood against its label. */
export type Placement = 'inline' | 'right' | 'below';

export interface Pair<T> {
  readonly value: T;
  /** The label's row and cell, and the value's. */
  readonly labelRow: Row;
  readonly label: Cell;
  readonly row: Row;
  readonly cell: Cell;
  readonly placement: Placement;
  /** The label as it matched. */
  readonly labelText: string;
}

export interface LabelRule {
  readonly pattern: RegExp;
  /** 0–1: how surely this label introduces the term (a specific label 1, a generic "Date" less). */
  readonly strength: number;
}

export interface PairOptions {
  /** Words around the label that make it another term's ("date de facture associée"). */
  readonly exclude?: RegExp;
  /** Look under the label too (default true). */
  readonly below?: boolean;
  /**
   * A value under its label stands alone: the heading of a column of values ("Montant TVA" over each
   * rate's tax) introduces none of them.
   */
  readonly alone?: boolean;
}

/** What a value reader returns: the value and the part of the text it was read from. */
export type Read<T> = (text: string) => { value: T; text: string } | null;

/** Separators between a label and its value. */
const SEPARATOR = /^[\s:.#=–-]+/;

/** Each rule's pattern, compiled once to find all its matches in a cell. */
const globalPatterns = new WeakMap<LabelRule, RegExp>();
function globalOf(rule: LabelRule): RegExp {
  let pattern = globalPatterns.get(rule);
  if (!pattern) {
    pattern = new RegExp(rule.pattern.source, rule.pattern.flags.replace('g', '') + 'g');
    globalPatterns.set(rule, pattern);
  }
  return pattern;
}

function pairsOfCell<T>(
  layout: Layout,
  row: Row,
  cell: Cell,
  rule: LabelRule,
  read: Read<T>,
  options: PairOptions,
): Pair<T>[] {
  const out: Pair<T>[] = [];
  if (!rule.pattern.test(cell.text)) return [];
  for (const m of cell.text.matchAll(globalOf(rule))) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    // Words deep inside a sentence are no label ("… zu den Fälligkeiten 01.07.2018 …").
    if (start > 30 && cell.text.length > 60) continue;
    // Words after another key's colon are that key's value ("Terms: Net 21" is no net amount).
    if (/\p{L}[^:]*:\s*$/u.test(cell.text.slice(0, start))) continue;
    const around = cell.text.slice(Math.max(0, start - 40), Math.min(cell.text.length, end + 25));
    if (options.exclude?.test(around)) continue;
    const base = { labelRow: row, label: cell, labelText: m[0] };
    const rest = cell.text.slice(end).replace(SEPARATOR, '');
    if (rest.trim() !== '') {
      const inline = read(rest);
      if (inline) {
        out.push({ ...base, value: inline.value, row, cell, placement: 'inline' });
        continue;
      }
      // Words after the label that are not its value ("Steuerbetrag in", "Date d'échéance de la
      // facture"): the value may still stand right of the cell; a figure there is another value's.
      // A date in those words ("Acompte du 16 janvier 2026 :") is the label's, not a value.
      const figures = datesIn(rest).reduceRight(
        (t, d) => t.slice(0, d.index) + t.slice(d.index + d.text.length),
        rest.replace(/\d+(?:[.,]\d+)?\s*%/g, ''),
      );
      if (/\d/.test(figures)) continue;
    }
    const under = headingValue(layout, row, cell, read);
    if (under && !(options.alone && columnGoesOn(layout, under.row, under.cell, read))) {
      out.push({ ...base, value: under.value, row: under.row, cell: under.cell, placement: 'below' });
      continue;
    }
    // Right of the label: the first cell that reads, past cells of words ("EUR", "(S)"); a figure that
    // does not read is another value, and stops the search.
    let right = rightOf(row, cell);
    let fromRight: ReturnType<Read<T>> = null;
    for (let hops = 0; right && hops < 3; hops++) {
      // A colon may stand with the value, past the gap after its label ("Bestell-Nr    : B123").
      fromRight = read(right.text.replace(/^\s*:\s*/, ''));
      if (fromRight || /\d/.test(right.text)) break;
      right = rightOf(row, right);
    }
    if (right && fromRight) {
      out.push({ ...base, value: fromRight.value, row, cell: right, placement: 'right' });
      continue;
    }
    if (!rightOf(row, cell)) {
      const beside = besideOf(layout, row, cell, read);
      if (beside) {
        out.push({ ...base, value: beside.value, row: beside.row, cell: beside.cell, placement: 'right' });
        continue;
      }
    }
    if (options.below === false || (rightOf(row, cell) !== undefined && right !== undefined)) continue;
    for (const under of below(layout, row, cell, { within: 4 })) {
      const value = ownKey(under.cell.text) ? null : read(under.cell.text);
      if (value && options.alone && columnGoesOn(layout, under.row, under.cell, read)) break;
      if (value) {
        out.push({ ...base, value: value.value, row: under.row, cell: under.cell, placement: 'below' });
        break;
      }
    }
  }
  return out;
}

/** A cell that opens with a key and its colon is a pair of its own, no other label's value ("Terms: Net 60"). */
const ownKey = (text: string): boolean => /^\s*\p{L}[^:\d]*:/u.test(text);

/**
 * The value under a heading of a row of headings over a row of values ("Invoice No.  Date  Customer No."
 * over "R-1  03/03/2026  4711"): the headings hold no figure, the values stand right under them, each
 * under its own heading (aligned on its left edge or overlapping it).
 */
function headingValue<T>(
  layout: Layout,
  row: Row,
  cell: Cell,
  read: Read<T>,
): { value: T; row: Row; cell: Cell } | null {
  if (row.cells.length < 2 || row.cells.some((c) => /\d/.test(c.text))) return null;
  const next = layout.rows[row.index + 1];
  if (!next || next.page !== row.page || next.y - (row.y + row.height) > 1.2 * Math.max(row.height, 6))
    return null;
  const under = (value: Cell, heading: Cell) =>
    Math.abs(value.x - heading.x) < 3 || overlapX(value, heading) > 0.5;
  const aligned = next.cells.filter((c) => row.cells.some((h) => under(c, h)));
  if (aligned.length < Math.min(2, row.cells.length) || aligned.length < next.cells.length - 1) return null;
  const value = next.cells.find((c) => under(c, cell) && !row.cells.some((h) => h !== cell && under(c, h)));
  const found = value ? read(value.text) : null;
  return value && found ? { value: found.value, row: next, cell: value } : null;
}

/**
 * A value right of a label but drawn a little higher or lower, so that it landed on a row of its own
 * ("Montant déjà payé :" beside "10,00" four points lower): the nearest readable cell right of the label
 * on the rows around it.
 */
function besideOf<T>(
  layout: Layout,
  row: Row,
  cell: Cell,
  read: Read<T>,
): { value: T; row: Row; cell: Cell } | null {
  const middle = row.y + row.height / 2;
  let best: { value: T; row: Row; cell: Cell } | null = null;
  for (const other of layout.rows.slice(Math.max(0, row.index - 2), row.index + 3)) {
    if (other === row || other.page !== row.page) continue;
    if (Math.abs(other.y + other.height / 2 - middle) > 0.8 * Math.max(row.height, other.height)) continue;
    for (const c of other.cells) {
      if (c.x < cell.x + cell.width || (best && c.x >= best.cell.x)) continue;
      const value = read(c.text);
      if (value) best = { value: value.value, row: other, cell: c };
    }
  }
  return best;
}

/**
 * Whether a row close under a value holds another value in its column (a list: a table's column, its
 * rows a line apart, an item's description between them).
 */
function columnGoesOn<T>(layout: Layout, row: Row, cell: Cell, read: Read<T>): boolean {
  // An item may take a second row (its description) before the next value of the column.
  let bottom = row.y + row.height;
  for (const next of layout.rows.slice(row.index + 1, row.index + 4)) {
    if (next.page !== row.page || next.y - bottom > 1.2 * Math.max(next.height, 6)) return false;
    if (next.cells.some((c) => overlapX(c, cell) > 0.3 && read(c.text) !== null)) return true;
    bottom = next.y + next.height;
  }
  return false;
}

/** Every value a label of `rules` introduces anywhere in the document, with the rule's strength. */
export function labelledValues<T>(
  layout: Layout,
  rules: readonly LabelRule[],
  read: Read<T>,
  options: PairOptions = {},
): (Pair<T> & { readonly strength: number })[] {
  const out: (Pair<T> & { readonly strength: number })[] = [];
  for (const row of layout.rows) {
    for (const cell of row.cells) {
      for (const rule of rules) {
        const found = pairsOfCell(layout, row, cell, rule, read, options);
        if (found.length === 0) continue;
        out.push(...found.map((p) => ({ ...p, strength: rule.strength })));
        // The most specific rule that matched a cell speaks for it.
        break;
      }
    }
  }
  return out;
}
