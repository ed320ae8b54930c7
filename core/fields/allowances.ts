/**
 * Document-level allowances (BG-20) and charges (BG-21): rows that start with an allowance or charge
 * word ("Abschlag Rechnungsrabatt 1  2  280,00  19 % UST (S)  -5,60", "REMISE : REMISE COMMERCIALE
 * -5,00  10,00%", "Versandkosten netto  4,99 €") and end with their amount. The amount is the row's last;
 * a percentage that a breakdown rate knows is its VAT rate, another one the allowance's percentage. Their
 * sums are candidates for BT-107 and BT-108, which the totals' choice keeps only when
 * BT-106 − BT-107 + BT-108 = BT-109 holds.
 */
import { Decimal } from '../decimal/decimal';
import type { AllowanceCharge, InvoiceLine, VatBreakdown } from '../model/invoice';
import type { Layout } from '../text/layout';
import type { Place } from './confidence';
import { categoryTax } from './vat-breakdown';
import { ALLOWANCE_START, CHARGE_START } from './labels';
import { ISO4217_CURRENCIES } from '../rules/codelists/iso4217';
import { CURRENCY_SIGNS, moneyIn, parseAmount } from './values';

export interface AllowanceRow {
  readonly isCharge: boolean;
  /** Positive. */
  readonly amount: Decimal;
  readonly reason: string;
  readonly basis: Decimal | null;
  /** The rates printed on the row (one is the VAT rate). */
  readonly rates: readonly Decimal[];
  readonly place: Place;
}

/** A reason without the currency printed before its amount ("Frais de port  € 49,00"). */
function withoutCurrency(reason: string): string {
  const last = /\s+(\S+)$/.exec(reason);
  const mark = last?.[1]?.replace(/:$/, '');
  return last && mark && (mark in CURRENCY_SIGNS || ISO4217_CURRENCIES.has(mark) || mark === '$')
    ? reason.slice(0, last.index).replace(/[:\s]+$/, '')
    : reason;
}

const HUNDRED = Decimal.of(100);

/** A row that names the VAT: its amount is the tax, never an allowance or a charge. */
const NAMES_VAT = /\b(?:vat|tva|ust|mwst|umsatzsteuer|mehrwertsteuer|steuer|tax|iva|btw)\b/i;

export function allowanceRows(layout: Layout): AllowanceRow[] {
  const out: AllowanceRow[] = [];
  for (const row of layout.rows) {
    // The word opens the row, or its second cell after a code ("95   REMISE : REMISE COMMERCIALE"), or
    // the cell before the row's last in a totals block beside another table ("… 20 %  Frais de port  25,00").
    const opens = (c: (typeof row.cells)[number]) =>
      CHARGE_START.test(c.text) || ALLOWANCE_START.test(c.text);
    const opening =
      row.cells.slice(0, 2).find(opens) ??
      (row.cells.length > 2 ? row.cells.slice(-2, -1).find(opens) : undefined);
    if (!opening) continue;
    // Its amount (or percentage) ends the row, but for an empty column's dash: an item's
    // 'Abschlag : 0,90  Artikelrabatt 1' is no row.
    const end = row.cells.filter((c) => !/^[-–—.\s]*$/.test(c.text)).at(-1)?.text ?? '';
    if (!/%/.test(end) && !moneyIn(end).some((a) => a.decimals)) continue;
    const charge = CHARGE_START.test(opening.text);
    const text = row.line.text.slice(row.line.text.indexOf(opening.text)).trim();
    const amounts = moneyIn(text).filter((a) => a.decimals);
    const last = amounts[amounts.length - 1];
    // A document amount is in cents; four decimals are an item's price ('Abschlag : 0,0200').
    if (!last || amounts.length > 3 || /\.\d{3,}$/.test(last.value)) continue;
    const rates = [...text.matchAll(/(\d{1,2}(?:[.,]\d{1,2})?)\s*%/g)].flatMap((m) => {
      const r = Decimal.parse(parseAmount(m[1]!) ?? '');
      return r ? [r] : [];
    });
    const amount = Decimal.parse(last.value)!.abs();
    if (amount.isZero()) continue;
    const basis = amounts.length > 1 ? Decimal.parse(amounts[0]!.value)!.abs() : null;
    // The VAT on a charge ("Versandkosten USt. 19,00% auf 4,99 €  0,95 €"): its rate of its basis, named
    // as the tax, is no further charge.
    if (
      basis &&
      NAMES_VAT.test(text) &&
      rates.some((r) => basis.times(r).dividedBy(HUNDRED, 2)?.equals(amount) === true)
    )
      continue;
    const reason = withoutCurrency(
      text
        .slice(0, amounts[0]!.index)
        .replace(/[:\s]+$/, '')
        .replace(/\s{2,}/g, ' ')
        .trim(),
    );
    out.push({
      isCharge: charge,
      amount,
      reason,
      basis,
      rates,
      place: { row, cells: row.cells },
    });
  }
  return out;
}

/** How many rows under the lines a totals block takes at most. */
const BLOCK_ROWS = 10;

/**
 * Allowances and charges printed under a label no list knows ("Delivery  6.95", "Trade discount 10 %
 * -2,136.44"): in the rows under the lines, an amount that bridges the lines' sum and an amount printed
 * below it — the sum plus a charge, the sum less an allowance (printed with its minus or without). Like
 * the labelled rows, they are candidates: the totals' choice keeps them only when the net total it
 * chooses is that amount.
 */
export function bridgingRows(layout: Layout, lineSum: Decimal, after: number): AllowanceRow[] {
  const page = layout.rows.find((r) => r.index === after)?.page;
  const block = layout.rows
    .filter((r) => r.index > after && r.page === page && !NAMES_VAT.test(r.line.text))
    .slice(0, BLOCK_ROWS)
    .map((row) => ({ row, amounts: moneyIn(row.line.text).filter((a) => a.decimals) }));
  const out: AllowanceRow[] = [];
  for (const [i, { row, amounts }] of block.entries()) {
    const last = amounts.at(-1);
    const value = last && Decimal.parse(last.value)!;
    // An item's row (a quantity, a price and its amount) is no allowance.
    if (!last || !value || value.isZero() || value.abs().equals(lineSum.abs()) || amounts.length > 2)
      continue;
    const reason = row.line.text
      .slice(0, last.index)
      .replace(/[-−:\s]+$/, '')
      .replace(/\s{2,}/g, ' ')
      .trim();
    if (!/\p{L}{3}/u.test(reason)) continue;
    const below = block.slice(i + 1).flatMap((b) => b.amounts.map((a) => Decimal.parse(a.value)!));
    const sameSign = value.sign() === lineSum.sign();
    const charge = below.some((n) => n.equals(lineSum.plus(value)));
    const allowance = below.some((n) =>
      n.equals(lineSum.minus(value.abs().times(Decimal.of(lineSum.sign())))),
    );
    if (!charge && !allowance) continue;
    out.push({
      isCharge: charge && sameSign,
      amount: value.abs(),
      reason,
      basis: null,
      rates: [],
      place: { row, cells: row.cells },
    });
  }
  return out;
}

/**
 * An allowance or charge the totals' arithmetic found in a row of their block that no word names as
 * one ("Delivery  9.90" between the sum of lines and the net): its label is its reason.
 */
export function unnamedRow(place: Place, amount: Decimal, isCharge: boolean): AllowanceRow {
  const reason = place.cells[0]?.text.replace(/[:\s]+$/, '').trim() ?? '';
  return { isCharge, amount: amount.abs(), reason, basis: null, rates: [], place };
}

/**
 * The rows as BG-20/BG-21 entries, each with the VAT rate the breakdown knows among its rates; negative
 * when their total is (a correction or credit note that prints them unsigned).
 */
export function toAllowanceCharges(
  rows: readonly AllowanceRow[],
  vatRates: readonly { rate: Decimal; category: string }[],
  negative = false,
): AllowanceCharge[] {
  return rows.map((r) => {
    const vat =
      vatRates.find((v) => r.rates.some((x) => x.equals(v.rate))) ??
      (vatRates.length === 1 ? vatRates[0] : undefined);
    const percent = r.rates.find((x) => !vat || !x.equals(vat.rate));
    return {
      isCharge: r.isCharge,
      ...(percent && r.basis
        ? { percent: percent.normalized().toString(), basisAmount: { value: r.basis.toFixed(2) } }
        : {}),
      amount: { value: (negative ? r.amount.negated() : r.amount).toFixed(2) },
      ...(r.reason ? { reason: r.reason } : {}),
      ...(vat ? { tax: categoryTax(vat.category, vat.rate) } : {}),
    };
  });
}

const sameTax = (
  tax: { readonly categoryCode?: string; readonly rate?: string } | undefined,
  entry: VatBreakdown,
): boolean =>
  tax?.categoryCode === entry.categoryCode &&
  (Decimal.parse(tax?.rate ?? '0')?.equals(Decimal.parse(entry.rate ?? '0') ?? Decimal.ZERO) ?? false);

const amountOf = (e: AllowanceCharge): Decimal | null => Decimal.parse(e.amount?.value ?? '');

const lineTotalOf = (l: InvoiceLine): Decimal =>
  Decimal.parse(l.summation?.lineTotal?.value ?? '') ?? Decimal.ZERO;

/** An entry without its percentage and basis (which were the whole invoice's), at one rate's share. */
function shareOf(entry: AllowanceCharge, share: Decimal, rate: VatBreakdown): AllowanceCharge {
  const { percent: _percent, basisAmount: _basis, ...rest } = entry;
  return {
    ...rest,
    amount: { value: share.toFixed(2) },
    tax: categoryTax(rate.categoryCode ?? '', Decimal.parse(rate.rate ?? '0') ?? Decimal.ZERO),
  };
}

/**
 * Of several allowances and charges printed once over several rates ("Nachlass 3,00 %" and "Verpackung
 * und Versand"), the residue of each rate's taxable amount cannot tell which is whose. An allowance that
 * is a whole percentage (to two decimals) of each rate's lines, rounded to the cent rate by rate, adds up
 * to its amount: it is that percentage off every line, split so, when it is the only such entry; the
 * other one is left to the residue.
 */
function splitProportional(
  entries: readonly AllowanceCharge[],
  lines: readonly InvoiceLine[],
  breakdown: readonly VatBreakdown[],
): readonly AllowanceCharge[] {
  const untaxed = entries.filter((e) => !e.tax?.categoryCode);
  const total = Decimal.sum(lines.map(lineTotalOf));
  if (untaxed.length < 2 || total.isZero() || breakdown.some((b) => !b.categoryCode)) return entries;
  const rateSums = breakdown.map((rate) =>
    Decimal.sum(lines.filter((l) => sameTax(l.taxes?.[0], rate)).map(lineTotalOf)),
  );
  const sharesOf = (e: AllowanceCharge): Decimal[] | null => {
    const amount = amountOf(e);
    const percent = amount?.times(HUNDRED).dividedBy(total, 2);
    if (!amount || !percent || percent.isZero()) return null;
    const shares = rateSums.map((sum) => sum.times(percent).dividedBy(HUNDRED, 2));
    return shares.every((x) => x !== null) && Decimal.sum(shares as Decimal[]).equals(amount)
      ? (shares as Decimal[])
      : null;
  };
  const proportional = untaxed.flatMap((e) => {
    const shares = sharesOf(e);
    return shares ? [{ e, shares }] : [];
  });
  const [one] = proportional;
  if (proportional.length !== 1 || !one) return entries;
  const split = breakdown.flatMap((rate, i) =>
    one.shares[i]!.isZero() ? [] : [shareOf(one.e, one.shares[i]!, rate)],
  );
  return entries.flatMap((e) => (e === one.e ? split : [e]));
}

/**
 * An allowance or charge printed once for an invoice of several VAT rates ("Remise 3 %: -714,90") is,
 * in EN 16931, one entry per rate, each with its category (BR-32, BR-37). The invoice's own arithmetic
 * gives each rate's share: its lines, with the allowances and charges already of that rate, less its
 * taxable amount in the breakdown. The entry is split so only when every share has the entry's sign and
 * the shares add up to it exactly; otherwise the entries stay as read (and the rule asks for the rate).
 * Of two or more such entries, one that is a percentage of the lines is split first (splitProportional).
 */
export function splitAcrossRates(
  read: readonly AllowanceCharge[],
  lines: readonly InvoiceLine[],
  breakdown: readonly VatBreakdown[],
): AllowanceCharge[] {
  const entries = splitProportional(read, lines, breakdown);
  const untaxed = entries.filter((e) => !e.tax?.categoryCode);
  const [one] = untaxed;
  const amount = Decimal.parse(one?.amount?.value ?? '');
  if (untaxed.length !== 1 || !one || !amount || breakdown.length === 0) return [...entries];
  const signed = (e: AllowanceCharge) => {
    const a = Decimal.parse(e.amount?.value ?? '') ?? Decimal.ZERO;
    return e.isCharge ? a : a.negated();
  };
  const shares = breakdown.map((entry) => {
    const basis = Decimal.parse(entry.basisAmount?.value ?? '');
    if (!basis) return null;
    const lineSum = Decimal.sum(lines.filter((l) => sameTax(l.taxes?.[0], entry)).map(lineTotalOf));
    const others = Decimal.sum(entries.filter((e) => e !== one && sameTax(e.tax, entry)).map(signed));
    // basis = lines + charges − allowances, so what is left of the basis is this entry's share.
    const left = basis.minus(lineSum).minus(others);
    return one.isCharge ? left : left.negated();
  });
  if (shares.some((x) => x === null || (!x.isZero() && x.sign() !== amount.sign()))) return [...entries];
  const known = shares as Decimal[];
  if (!Decimal.sum(known).equals(amount)) return [...entries];
  const split = breakdown.flatMap((entry, i) =>
    known[i]!.isZero() || !entry.categoryCode ? [] : [shareOf(one, known[i]!, entry)],
  );
  return entries.flatMap((e) => (e === one ? split : [e]));
}
