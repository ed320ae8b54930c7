/**
 * A seller's layout learned from an invoice an accountant corrected: each header term's final value
 * looked for on the PDF's text, in any printed form (valuesIn reads every cell canonically), and where
 * it sits remembered with its label. A value printed in several places is remembered where a label
 * introduces it; amounts where the totals stand (the last labelled place), other terms where they
 * first appear; two totals of equal value keep two cells when the page prints two.
 */
import type { Invoice } from '../../model/invoice';
import { layoutOf, type Cell, type Row } from '../../text/layout';
import type { DocumentText } from '../../text/page-text';
import { labelKey, labelOf, toShares } from './places';
import { LAYOUT_TERMS, type RememberedTerm, type SellerLayout } from './seller-layout';
import { invoiceValue, isAmountTerm, readingsIn } from './term-values';

interface Found {
  readonly row: Row;
  readonly cell: Cell;
  readonly label: ReturnType<typeof labelOf>;
}

/** The layout `text` shows of `invoice`'s header terms; null when none of them is found on it. */
export function learnSellerLayout(text: DocumentText, invoice: Invoice): SellerLayout | null {
  const layout = layoutOf(text);
  const terms: SellerLayout['terms'] = {};
  const taken = new Set<Cell>();
  for (const term of LAYOUT_TERMS) {
    const wanted = invoiceValue(invoice, term);
    if (wanted === undefined) continue;
    const found: Found[] = [];
    for (const row of layout.rows)
      for (const cell of row.cells)
        for (const r of readingsIn(term, cell.text))
          if (r.value === wanted) found.push({ row, cell, label: labelOf(layout, row, cell, r.index) });
    const labelled = found.filter((f) => f.label !== null);
    const pool = labelled.length > 0 ? labelled : found;
    const free = pool.filter((f) => !taken.has(f.cell));
    const choices = free.length > 0 ? free : pool;
    const best = isAmountTerm(term) ? choices.at(-1) : choices[0];
    const page = best && layout.pages.get(best.row.page);
    if (!best || !page) continue;
    taken.add(best.cell);
    const label = best.label && labelKey(best.label.text);
    const remembered: RememberedTerm = {
      page: best.row.page,
      box: toShares(best.cell, page),
      ...(best.label && label ? { label: { text: label, box: toShares(best.label.box, page) } } : {}),
    };
    terms[term] = remembered;
  }
  return Object.keys(terms).length > 0 ? { version: 1, terms } : null;
}
