/**
 * The amounts EN16931 derives from others, computed with its rounding, and checked where the invoice
 * already gives them:
 * - BT-131 line net = BT-129 × BT-146 / BT-149 rounded to 2, + line charges − line allowances;
 * - an allowance or charge given by base and percentage: base × percentage / 100, rounded to 2;
 * - BT-106 = Σ BT-131; BT-107, BT-108 = Σ document allowances, charges; BT-109 = BT-106 − BT-107 + BT-108;
 * - BG-23 per VAT category and rate: BT-116 = Σ line nets + charges − allowances of that category,
 *   BT-117 = BT-116 × BT-119 / 100 rounded to 2; BT-110 = Σ BT-117; BT-112 = BT-109 + BT-110;
 *   BT-115 = BT-112 − BT-113 + BT-114.
 * Rounding is commercial (half away from zero), as invoicing systems round.
 * A given amount that differs from the computed one is a mismatch naming the model path.
 */
import { Decimal } from '../decimal/decimal';
import type { AllowanceCharge, Amount, Invoice, InvoiceLine, VatBreakdown } from './invoice';

export interface Mismatch {
  /** Model path, e.g. `lines[2].lineTotal`, `totals.grandTotal`, `vatBreakdown[0].taxAmount`. */
  readonly path: string;
  readonly given: string;
  readonly computed: string;
}

export type TotalsResult =
  | { readonly ok: true; readonly invoice: Invoice }
  | { readonly ok: false; readonly mismatches: readonly Mismatch[] };

const HUNDRED = Decimal.of(100);

function dec(value: string | undefined): Decimal | null {
  return value === undefined ? null : Decimal.parse(value);
}

const round2 = (d: Decimal): Decimal => d.round(2, 'half-away');

/** The given amount when it agrees with the computed one (or none is given); otherwise a mismatch. */
function settle(path: string, given: Amount | undefined, computed: Decimal, out: Mismatch[]): Amount {
  const g = dec(given?.value);
  if (given !== undefined && (g === null || !g.equals(computed))) {
    out.push({ path, given: given.value, computed: computed.toString() });
  }
  return given ?? { value: computed.toString() };
}

function allowanceAmount(
  ac: AllowanceCharge,
  path: string,
  out: Mismatch[],
): { ac: AllowanceCharge; amount: Decimal } {
  const base = dec(ac.basisAmount?.value);
  const percent = dec(ac.percent);
  if (base && percent) {
    const computed = base.times(percent).dividedBy(HUNDRED, 2, 'half-away')!;
    const amount = settle(`${path}.amount`, ac.amount, computed, out);
    return { ac: { ...ac, amount }, amount: dec(amount.value) ?? computed };
  }
  return { ac, amount: dec(ac.amount?.value) ?? Decimal.ZERO };
}

function signed(list: { ac: AllowanceCharge; amount: Decimal }[], charge: boolean): Decimal {
  return Decimal.sum(list.filter((x) => (x.ac.isCharge === true) === charge).map((x) => x.amount));
}

function completeLine(line: InvoiceLine, path: string, out: Mismatch[]): { line: InvoiceLine; net: Decimal } {
  const qty = dec(line.billedQuantity?.value);
  const price = dec(line.netPrice?.amount?.value);
  const baseQty = dec(line.netPrice?.basisQuantity?.value) ?? Decimal.of(1);
  const acs = (line.allowanceCharges ?? []).map((ac, i) =>
    allowanceAmount(ac, `${path}.allowanceCharges[${i}]`, out),
  );
  const given = line.summation?.lineTotal;
  if (!qty || !price || baseQty.isZero()) {
    return { line, net: dec(given?.value) ?? Decimal.ZERO };
  }
  const net = qty.times(price).dividedBy(baseQty, 2, 'half-away')!;
  const computed = net.plus(signed(acs, true)).minus(signed(acs, false));
  const lineTotal = settle(`${path}.summation.lineTotal`, given, computed, out);
  return {
    line: {
      ...line,
      ...(acs.length > 0 ? { allowanceCharges: acs.map((x) => x.ac) } : {}),
      summation: { ...line.summation, lineTotal },
    },
    net: dec(lineTotal.value) ?? computed,
  };
}

/** Key of a VAT breakdown entry: category and rate (rates compared as numbers, `20` = `20.00`). */
function vatKey(category: string | undefined, rate: string | undefined): string {
  const r = dec(rate);
  return `${category ?? ''}|${r ? r.normalized().toString() : ''}`;
}

/** Completes the derived amounts of an invoice and checks those it gives. */
export function completeTotals(invoice: Invoice): TotalsResult {
  const out: Mismatch[] = [];
  const lines = (invoice.lines ?? []).map((l, i) => completeLine(l, `lines[${i}]`, out));
  const acs = (invoice.allowanceCharges ?? []).map((ac, i) =>
    allowanceAmount(ac, `allowanceCharges[${i}]`, out),
  );

  const bases = new Map<string, { category?: string; rate?: string; basis: Decimal }>();
  const add = (category: string | undefined, rate: string | undefined, amount: Decimal): void => {
    const key = vatKey(category, rate);
    const entry = bases.get(key) ?? { category, rate, basis: Decimal.ZERO };
    entry.basis = entry.basis.plus(amount);
    bases.set(key, entry);
  };
  for (const { line, net } of lines) {
    const tax = line.taxes?.[0];
    add(tax?.categoryCode, tax?.rate, net);
  }
  for (const { ac, amount } of acs)
    add(ac.tax?.categoryCode, ac.tax?.rate, ac.isCharge ? amount : amount.negated());

  const givenBreakdown = invoice.vatBreakdown ?? [];
  const breakdown: VatBreakdown[] = [];
  const seen = new Set<string>();
  givenBreakdown.forEach((entry, i) => {
    const key = vatKey(entry.categoryCode, entry.rate);
    seen.add(key);
    const computed = bases.get(key);
    if (!computed) {
      breakdown.push(entry);
      return;
    }
    const basis = round2(computed.basis);
    const basisAmount = settle(`vatBreakdown[${i}].basisAmount`, entry.basisAmount, basis, out);
    const taxAmount = settle(`vatBreakdown[${i}].taxAmount`, entry.taxAmount, taxOf(basis, entry.rate), out);
    breakdown.push({ ...entry, basisAmount, taxAmount });
  });
  for (const [key, { category, rate, basis }] of bases) {
    if (seen.has(key)) continue;
    const b = round2(basis);
    breakdown.push({
      taxAmount: { value: taxOf(b, rate).toString() },
      typeCode: 'VAT',
      basisAmount: { value: b.toString() },
      ...(category !== undefined ? { categoryCode: category } : {}),
      ...(rate !== undefined ? { rate } : {}),
    });
  }

  const t = invoice.totals ?? {};
  const lineTotal = Decimal.sum(lines.map((l) => l.net));
  const allowances = signed(acs, false);
  const charges = signed(acs, true);
  const taxTotal = Decimal.sum(breakdown.map((b) => dec(b.taxAmount?.value) ?? Decimal.ZERO));
  const taxBasis = lineTotal.minus(allowances).plus(charges);
  const currency = invoice.currency;
  // BT-110 is the TaxTotalAmount in the invoice currency; BT-111 (accounting currency) is kept as given.
  const given = t.taxTotals ?? [];
  const at = given.findIndex((x) => x.currency === undefined || x.currency === currency);
  const own = given[at];
  const bt110 = {
    ...settle('totals.taxTotals[0]', own, taxTotal, out),
    ...(currency ? { currency } : {}),
  };
  const taxTotals = [bt110, ...given.filter((_, i) => i !== at)];
  const grand = taxBasis.plus(taxTotal);
  const due = grand
    .minus(dec(t.prepaidAmount?.value) ?? Decimal.ZERO)
    .plus(dec(t.roundingAmount?.value) ?? Decimal.ZERO);
  const totals = {
    ...t,
    lineTotal: settle('totals.lineTotal', t.lineTotal, lineTotal, out),
    ...(acs.some((x) => x.ac.isCharge) || t.chargeTotal !== undefined
      ? { chargeTotal: settle('totals.chargeTotal', t.chargeTotal, charges, out) }
      : {}),
    ...(acs.some((x) => !x.ac.isCharge) || t.allowanceTotal !== undefined
      ? { allowanceTotal: settle('totals.allowanceTotal', t.allowanceTotal, allowances, out) }
      : {}),
    taxBasisTotal: settle('totals.taxBasisTotal', t.taxBasisTotal, taxBasis, out),
    taxTotals,
    grandTotal: settle('totals.grandTotal', t.grandTotal, grand, out),
    duePayable: settle('totals.duePayable', t.duePayable, due, out),
  };
  if (out.length > 0) return { ok: false, mismatches: out };
  return {
    ok: true,
    invoice: {
      ...invoice,
      ...(invoice.lines ? { lines: lines.map((l) => l.line) } : {}),
      ...(invoice.allowanceCharges ? { allowanceCharges: acs.map((x) => x.ac) } : {}),
      vatBreakdown: breakdown,
      totals,
    },
  };
}

function taxOf(basis: Decimal, rate: string | undefined): Decimal {
  const r = dec(rate);
  return r ? basis.times(r).dividedBy(HUNDRED, 2, 'half-away')! : Decimal.ZERO.round(2);
}
