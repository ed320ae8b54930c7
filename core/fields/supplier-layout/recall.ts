/**
 * A seller's remembered layout read on its new invoice: each term is looked for where it sat, found by
 * its label first (a totals block moves down when an invoice has more lines: the value is then at the
 * same offset from its label) and else at its remembered box, and read as its kind reads. The readings
 * join the reader's candidates: totals with a boost, still under the invoice's one global choice
 * (totals.ts), a remembered amount kept only where an equation confirms it; other terms first
 * when found by their label, unless their own check refuses them (a VAT identifier whose key fails where
 * the reader's passes, a due date before the issue date), and only where the reader found nothing when
 * found at their box alone.
 */
import type { Layout, Cell, Row } from '../../text/layout';
import type { Box } from '../../text/page-text';
import { Decimal } from '../../decimal/decimal';
import { CHOSEN, LABELLED, type Place } from '../confidence';
import type { Chosen } from '../document-terms';
import type { Candidate, ChosenTotal, TotalsChoice, TotalTerm } from '../totals';
import { readVatId } from '../values';
import { coverage, labelKey, toPoints } from './places';
import type { LayoutTerm, RememberedTerm, SellerLayout } from './seller-layout';
import { isAmountTerm, valueIn } from './term-values';

/** A remembered total found under its own label outweighs any label's reading (strength 1 at most). */
const FOUND_BY_LABEL = 1.3;
/** Found at its box only: as strong as a good label. */
const FOUND_AT_BOX = 0.9;

interface Reading {
  readonly value: string;
  readonly place: Place;
  readonly byLabel: boolean;
}

export interface RecalledLayout {
  /**
   * The totals `choose` makes with the remembered totals among its candidates, keeping only those an
   * equation confirms: one chosen that does not balance is left out, and the choice made again.
   */
  chooseTotals(choose: (extra: readonly Candidate[]) => TotalsChoice | null): TotalsChoice | null;
  /** The reader's choice for a term, or the remembered reading in its place. */
  prefer<T>(term: string, own: Chosen<T> | null | undefined): Chosen<T> | null | undefined;
  /** The terms whose value was read by the layout, given the totals finally chosen. */
  usedIn(totals: Partial<Record<TotalTerm, ChosenTotal>> | undefined): string[];
}

const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
const distance = (a: Box, b: Box): number => {
  const [p, q] = [centre(a), centre(b)];
  return Math.hypot(p.x - q.x, p.y - q.y);
};

/** The cell of `rows` that covers `box` best, if any covers it well enough. */
function cellAt(rows: readonly Row[], box: Box): { row: Row; cell: Cell } | null {
  let best: { row: Row; cell: Cell; score: number } | null = null;
  for (const row of rows)
    for (const cell of row.cells) {
      const score = coverage(cell, box);
      if (score >= 0.3 && (!best || score > best.score)) best = { row, cell, score };
    }
  return best;
}

function read(layout: Layout, term: LayoutTerm, remembered: RememberedTerm): Reading | null {
  const size = layout.pages.get(remembered.page);
  if (!size) return null;
  const rows = layout.rows.filter((r) => r.page === remembered.page);
  const box = toPoints(remembered.box, size);
  const label = remembered.label;
  if (label) {
    const labelBox = toPoints(label.box, size);
    // Label and value in one cell ("Facture n° FA-12"): the value is what follows the label.
    const inline = coverage(labelBox, box) > 0.9;
    const near = rows
      .flatMap((row) => row.cells.map((cell) => ({ row, cell })))
      .filter(({ cell }) =>
        inline ? labelKey(cell.text).startsWith(label.text) : labelKey(cell.text) === label.text,
      )
      .sort((a, b) => distance(a.cell, labelBox) - distance(b.cell, labelBox));
    for (const found of near) {
      const at = inline
        ? found
        : cellAt(rows, {
            ...box,
            x: box.x + found.cell.x - labelBox.x,
            y: box.y + found.cell.y - labelBox.y,
          });
      if (!at || (!inline && at.cell === found.cell)) continue;
      const text = inline
        ? at.cell.text.slice(at.cell.text.toLowerCase().indexOf(label.text) + label.text.length)
        : at.cell.text;
      const value = valueIn(term, text);
      if (value !== null)
        return {
          value,
          place: { row: at.row, cells: at.row === found.row && !inline ? [found.cell, at.cell] : [at.cell] },
          byLabel: true,
        };
    }
  }
  const at = cellAt(rows, box);
  const value = at && valueIn(term, at.cell.text);
  return at && value !== null ? { value, place: { row: at.row, cells: [at.cell] }, byLabel: false } : null;
}

const vatHolds = (value: string): boolean => readVatId(value)?.keyOk === true;

export function recallLayout(layout: Layout, memory: SellerLayout): RecalledLayout {
  const readings = new Map<LayoutTerm, Reading>();
  for (const [term, remembered] of Object.entries(memory.terms) as [LayoutTerm, RememberedTerm][]) {
    const reading = read(layout, term, remembered);
    if (reading) readings.set(term, reading);
  }
  const totals: Candidate[] = [...readings].flatMap(([term, r]) => {
    const value = isAmountTerm(term) ? Decimal.parse(r.value) : null;
    if (!value) return [];
    const cell = r.place.cells.at(-1)!;
    return [
      {
        term: term as TotalTerm,
        value,
        strength: r.byLabel ? FOUND_BY_LABEL : FOUND_AT_BOX,
        place: r.place,
        // As totals.ts keys a cell, so that one printed amount still serves one term only.
        cellKey: `${r.place.row.index}:${cell.x.toFixed(1)}`,
      },
    ];
  });
  const preferred = new Set<string>();
  let issueDate: string | undefined;
  return {
    chooseTotals(choose) {
      const tried = (extra: readonly Candidate[]) => {
        const choice = choose(extra);
        const taken = extra.filter((c) => choice?.terms[c.term]?.place === c.place);
        const unbalanced = taken.filter((c) => !choice?.terms[c.term]?.proven);
        return { extra, choice, unbalanced, balanced: taken.length - unbalanced.length };
      };
      let best = tried(totals);
      // One wrong remembered amount breaks every equation it is in: leave out the one whose absence
      // balances the most, until what is taken balances.
      while (best.unbalanced.length > 0) {
        const current = best;
        const options = current.unbalanced.map((c) => tried(current.extra.filter((o) => o !== c)));
        best = options.reduce((a, b) =>
          b.unbalanced.length < a.unbalanced.length ||
          (b.unbalanced.length === a.unbalanced.length && b.balanced > a.balanced)
            ? b
            : a,
        );
        if (best.unbalanced.length >= current.unbalanced.length)
          best = tried(current.extra.filter((c) => !current.unbalanced.includes(c)));
      }
      return best.choice;
    },
    prefer<T>(term: string, own: Chosen<T> | null | undefined) {
      const r = readings.get(term as LayoutTerm);
      const chosen = ((): Chosen<T> | null | undefined => {
        if (!r || isAmountTerm(term as LayoutTerm)) return own;
        const mine = typeof own?.value === 'string' ? own.value : undefined;
        if ((term === 'BT-31' || term === 'BT-48') && mine && !vatHolds(r.value) && vatHolds(mine))
          return own;
        if (term === 'BT-9' && issueDate && r.value < issueDate) return own;
        const same = mine !== undefined && mine.toLowerCase() === r.value.toLowerCase();
        // Found at its box alone (its label gone: another template?), it fills a gap, never overrules.
        if (!r.byLabel && own && !same) return own;
        preferred.add(term);
        return {
          // The terms a layout remembers are all read as text (dates and identifiers canonical).
          value: r.value as T,
          place: r.place,
          confidence: same ? Math.max(own!.confidence, LABELLED) : r.byLabel ? LABELLED : CHOSEN,
          proven: same ? own!.proven : false,
        };
      })();
      if (term === 'BT-2' && typeof chosen?.value === 'string') issueDate = chosen.value;
      return chosen;
    },
    usedIn(chosenTotals) {
      const used = [...preferred];
      for (const c of totals) {
        const t = chosenTotals?.[c.term];
        if (t && t.place === c.place && t.value.equals(c.value)) used.push(c.term);
      }
      return used;
    },
  };
}
