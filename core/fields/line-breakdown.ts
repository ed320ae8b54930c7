/**
 * The VAT breakdown (BG-23) the invoice lines imply, as candidate rows for the totals' choice: many
 * invoices print each line's rate and, under the lines, only the tax of each rate ("USt. 7 %: 243,75",
 * "VAT 20.0 %: 2,569.06"), never its taxable base. The lines' net amounts added up by rate are those
 * bases; a rate's row is offered only when the lines' sum and its tax, base × rate rounded to the cent,
 * are printed on the page outside the lines (a rate of zero has no tax to print). The totals' choice then keeps these rows
 * only when they agree with the net, VAT and gross totals, like any printed row.
 */
import { Decimal } from '../decimal/decimal';
import type { Layout } from '../text/layout';
import type { LineReading } from './extract-lines';
import { moneyIn } from './values';
import type { BreakdownRow } from './vat-breakdown';

const HUNDRED = Decimal.of(100);

/** The rows the lines imply, one per category and rate, or none when a rate's tax is printed nowhere. */
export function lineBreakdown(
  read: LineReading,
  layout: Layout,
  inLines: (index: number) => boolean,
): BreakdownRow[] {
  const groups = new Map<string, { category: string; rate: Decimal; base: Decimal }>();
  for (const l of read.lines) {
    const tax = l.line.taxes?.[0];
    const rate = Decimal.parse(tax?.rate ?? '');
    const amount = Decimal.parse(l.line.summation?.lineTotal?.value ?? '');
    if (!tax?.categoryCode || !rate || !amount) return [];
    const key = `${tax.categoryCode}|${rate.normalized().toString()}`;
    const known = groups.get(key);
    groups.set(key, { category: tax.categoryCode, rate, base: (known?.base ?? Decimal.ZERO).plus(amount) });
  }
  const outside = layout.rows.filter((r) => !inLines(r.index));
  const printed = (value: Decimal) =>
    outside.find((r) => moneyIn(r.line.text).some((a) => Decimal.parse(a.value)?.equals(value)));
  // Lines that do not add up to an amount the page prints may be some of the items only.
  if (!printed(read.sum)) return [];
  const rows: BreakdownRow[] = [];
  for (const { category, rate, base } of groups.values()) {
    const tax = base.times(rate).dividedBy(HUNDRED, 2, 'half-away')!;
    const printedAt = tax.isZero() ? read.lines[0]!.places['BT-131']!.row : printed(tax);
    if (!printedAt) return [];
    rows.push({
      entry: {
        taxAmount: { value: tax.toString() },
        typeCode: 'VAT',
        basisAmount: { value: base.round(2, 'half-away').toString() },
        categoryCode: category,
        rate: rate.normalized().toString(),
      },
      rate,
      base,
      tax,
      category,
      categoryPrinted: false,
      place: { row: printedAt, cells: printedAt.cells },
    });
  }
  return rows;
}
