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
import type { AllowanceRow } from './allowances';
import type { BreakdownRow } from './vat-breakdown';

const HUNDRED = Decimal.of(100);

/** The most allowances and charges spread over the rates by trying each (rates ^ count assignments). */
const MOST_ADJUSTMENTS = 3;

/**
 * The rows the lines imply, one per category and rate, or none when a rate's tax is printed nowhere.
 * A document allowance or charge ("Frais de port 49,00") is part of one rate's base (BT-102/BT-103): when
 * the lines alone do not give each rate a printed tax, each is tried under each rate (the one it prints,
 * if any), and the first spread under which every rate's tax is printed is kept; else each is shared by
 * the rates in proportion to their lines (a discount on the whole invoice).
 */
export function lineBreakdown(
  read: LineReading,
  layout: Layout,
  inLines: (index: number) => boolean,
  adjustments: readonly AllowanceRow[] = [],
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
  const rated = [...groups.values()];
  const rowsUnder = (bases: readonly Decimal[], shared = false): BreakdownRow[] | null => {
    const rows: BreakdownRow[] = [];
    for (const [i, { category, rate }] of rated.entries()) {
      const base = bases[i]!;
      const tax = base.times(rate).dividedBy(HUNDRED, 2, 'half-away')!;
      const printedAt = tax.isZero() ? read.lines[0]!.places['BT-131']!.row : printed(tax);
      if (!printedAt) return null;
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
        ...(shared ? { shared } : {}),
      });
    }
    return rows;
  };
  const plain = rowsUnder(rated.map((g) => g.base));
  if (plain || adjustments.length === 0 || adjustments.length > MOST_ADJUSTMENTS) return plain ?? [];
  for (const spread of spreads(adjustments, rated)) {
    const bases = rated.map((g, i) =>
      adjustments.reduce(
        (base, a, k) => (spread[k] === i ? (a.isCharge ? base.plus(a.amount) : base.minus(a.amount)) : base),
        g.base,
      ),
    );
    const rows = rowsUnder(bases);
    if (rows) return rows;
  }
  // A discount or charge on the whole invoice ("Trade discount 10%: -273.43") is shared by the rates in
  // proportion to their lines, each share to the cent: kept when every rate's tax is then printed.
  const shared = proRata(
    adjustments,
    rated.map((g) => g.base),
  );
  return (shared && rowsUnder(shared, true)) ?? [];
}

/**
 * The bases after each allowance (less) or charge (more) is shared by `bases` in proportion, each share
 * rounded to the cent and the cent left over given to the largest base, as invoicing programs share it.
 */
function proRata(adjustments: readonly AllowanceRow[], bases: readonly Decimal[]): Decimal[] | null {
  const total = Decimal.sum(bases);
  if (bases.length < 2 || total.isZero()) return null;
  const largest = bases.reduce((best, b, i) => (b.abs().compare(bases[best]!.abs()) > 0 ? i : best), 0);
  return adjustments.reduce(
    (current: Decimal[], a: AllowanceRow) => {
      const shares = bases.map((b) => a.amount.times(b).dividedBy(total, 2, 'half-away')!);
      const left = a.amount.minus(Decimal.sum(shares));
      return current.map((base, i) => {
        const share = i === largest ? shares[i]!.plus(left) : shares[i]!;
        return a.isCharge ? base.plus(share) : base.minus(share);
      });
    },
    [...bases],
  );
}

/** Each way of giving every allowance or charge one of the rates: the one it prints, else any. */
function* spreads(
  adjustments: readonly AllowanceRow[],
  rated: readonly { rate: Decimal }[],
): Generator<number[]> {
  const choices = adjustments.map((a) => {
    const own = rated.flatMap((g, i) => (a.rates.some((r) => r.equals(g.rate)) ? [i] : []));
    return own.length > 0 ? own : rated.map((_, i) => i);
  });
  const walk = function* (k: number, picked: number[]): Generator<number[]> {
    if (k === choices.length) yield picked;
    else for (const i of choices[k]!) yield* walk(k + 1, [...picked, i]);
  };
  yield* walk(0, []);
}
