/**
 * The amounts EN16931 derives from others, computed with its rounding where what they derive from is
 * known, and checked where the invoice already gives them:
 * - BT-131 line net = BT-129 × BT-146 / BT-149 rounded to 2, + line charges − line allowances;
 * - an allowance or charge given by base and percentage: base × percentage / 100, rounded to 2;
 * - BT-106 = Σ BT-131; BT-107, BT-108 = Σ document allowances, charges; BT-109 = BT-106 − BT-107 + BT-108;
 * - BG-23 per VAT category and rate: BT-116 = Σ line nets + charges − allowances of that category,
 *   BT-117 = BT-116 × BT-119 / 100 rounded to 2; BT-110 = Σ BT-117; BT-112 = BT-109 + BT-110;
 *   BT-115 = BT-112 − BT-113 + BT-114.
 * An invoice without lines (document level, Factur-X BASIC WL) gives BT-106 and its VAT breakdown
 * itself: only what follows from them is derived (BT-109, a breakdown's missing BT-117, BT-110, BT-112,
 * BT-115), and a breakdown's given VAT is not checked (BR-CO-17 allows for rounding there).
 * An amount whose inputs are not all known (a draft line without price) is never computed: a total is
 * left out rather than understated.
 * Rounding is commercial (half away from zero), as invoicing systems round.
 * A given amount that differs from the computed one is a mismatch naming the model path; the invoice
 * comes back completed all the same, the given amounts kept.
 */
import { Decimal } from '../decimal/decimal';
import type { AllowanceCharge, Amount, Invoice, InvoiceLine, VatBreakdown } from './invoice';

export interface Mismatch {
  /** Model path, e.g. `lines[2].lineTotal`, `totals.grandTotal`, `vatBreakdown[0].taxAmount`. */
  readonly path: string;
  readonly given: string;
  readonly computed: string;
}

export interface TotalsResult {
  /** The invoice with every derivable amount it lacked; the amounts it gave are kept as given. */
  readonly invoice: Invoice;
  readonly mismatches: readonly Mismatch[];
}

const HUNDRED = Decimal.of(100);

function dec(value: string | undefined): Decimal | null {
  return value === undefined ? null : Decimal.parse(value);
}

const round2 = (d: Decimal): Decimal => d.round(2, 'half-away');

/** The sum when every term is known, else null. */
function sumKnown(values: readonly (Decimal | null)[]): Decimal | null {
  return values.every((v): v is Decimal => v !== null) ? Decimal.sum(values) : null;
}

/**
 * The given amount (checked against the computed one when both exist), else the computed one, else
 * nothing. The result's decimal is the value later sums use.
 */
function settle(
  path: string,
  given: Amount | undefined,
  computed: Decimal | null,
  out: Mismatch[],
): { amount: Amount | undefined; value: Decimal | null } {
  const g = dec(given?.value);
  if (computed === null) return { amount: given, value: g };
  if (given !== undefined && (g === null || !g.equals(computed))) {
    out.push({ path, given: given.value, computed: computed.toString() });
  }
  return { amount: given ?? { value: computed.toString() }, value: computed };
}

interface Settled {
  readonly ac: AllowanceCharge;
  readonly amount: Decimal | null;
}

function allowanceAmount(ac: AllowanceCharge, path: string, out: Mismatch[]): Settled {
  const base = dec(ac.basisAmount?.value);
  const percent = dec(ac.percent);
  if (base && percent) {
    const computed = base.times(percent).dividedBy(HUNDRED, 2, 'half-away')!;
    const { amount, value } = settle(`${path}.amount`, ac.amount, computed, out);
    return { ac: { ...ac, ...(amount ? { amount } : {}) }, amount: value };
  }
  return { ac, amount: dec(ac.amount?.value) };
}

/** Σ of the charges (or allowances) among `list`; null when one of them has no known amount. */
function signed(list: readonly Settled[], charge: boolean): Decimal | null {
  return sumKnown(list.filter((x) => (x.ac.isCharge === true) === charge).map((x) => x.amount));
}

function completeLine(
  line: InvoiceLine,
  path: string,
  out: Mismatch[],
): { line: InvoiceLine; net: Decimal | null } {
  const qty = dec(line.billedQuantity?.value);
  const price = dec(line.netPrice?.amount?.value);
  const baseQty = dec(line.netPrice?.basisQuantity?.value) ?? Decimal.of(1);
  const acs = (line.allowanceCharges ?? []).map((ac, i) =>
    allowanceAmount(ac, `${path}.allowanceCharges[${i}]`, out),
  );
  const given = line.summation?.lineTotal;
  const charges = signed(acs, true);
  const allowances = signed(acs, false);
  const computed =
    qty && price && !baseQty.isZero() && charges && allowances
      ? qty.times(price).dividedBy(baseQty, 2, 'half-away')!.plus(charges).minus(allowances)
      : null;
  const { amount: lineTotal, value: net } = settle(`${path}.summation.lineTotal`, given, computed, out);
  return {
    line: {
      ...line,
      ...(acs.length > 0 ? { allowanceCharges: acs.map((x) => x.ac) } : {}),
      ...(lineTotal ? { summation: { ...line.summation, lineTotal } } : {}),
    },
    net,
  };
}

/** Key of a VAT breakdown entry: category and rate (rates compared as numbers, `20` = `20.00`). */
function vatKey(category: string | undefined, rate: string | undefined): string {
  const r = dec(rate);
  return `${category ?? ''}|${r ? r.normalized().toString() : ''}`;
}

interface Basis {
  readonly category?: string;
  readonly rate?: string;
  basis: Decimal | null;
}

/** The taxable amount of each VAT category and rate, from the lines and the document allowances and charges. */
function basesOf(
  lines: readonly { line: InvoiceLine; net: Decimal | null }[],
  acs: readonly Settled[],
): Map<string, Basis> {
  const bases = new Map<string, Basis>();
  const add = (category: string | undefined, rate: string | undefined, amount: Decimal | null): void => {
    const key = vatKey(category, rate);
    const entry = bases.get(key) ?? { category, rate, basis: Decimal.ZERO };
    entry.basis = entry.basis && amount ? entry.basis.plus(amount) : null;
    bases.set(key, entry);
  };
  for (const { line, net } of lines) {
    const tax = line.taxes?.[0];
    add(tax?.categoryCode, tax?.rate, net);
  }
  for (const { ac, amount } of acs)
    add(ac.tax?.categoryCode, ac.tax?.rate, ac.isCharge || !amount ? amount : amount.negated());
  return bases;
}

function completeBreakdown(
  given: readonly VatBreakdown[],
  bases: ReadonlyMap<string, Basis> | null,
  out: Mismatch[],
): VatBreakdown[] {
  const breakdown: VatBreakdown[] = [];
  const seen = new Set<string>();
  given.forEach((entry, i) => {
    const key = vatKey(entry.categoryCode, entry.rate);
    seen.add(key);
    const computed = bases?.get(key);
    if (computed?.basis) {
      const basis = round2(computed.basis);
      const basisAmount = settle(`vatBreakdown[${i}].basisAmount`, entry.basisAmount, basis, out).amount;
      const taxAmount = settle(
        `vatBreakdown[${i}].taxAmount`,
        entry.taxAmount,
        taxOf(basis, entry.rate),
        out,
      );
      breakdown.push({
        ...entry,
        ...(basisAmount ? { basisAmount } : {}),
        ...(taxAmount.amount ? { taxAmount: taxAmount.amount } : {}),
      });
      return;
    }
    // Without lines to check it against, a given VAT amount stands (BR-CO-17 allows for rounding).
    const basis = dec(entry.basisAmount?.value);
    if (entry.taxAmount === undefined && basis && (entry.rate === undefined || dec(entry.rate))) {
      breakdown.push({ ...entry, taxAmount: { value: taxOf(basis, entry.rate).toString() } });
    } else breakdown.push(entry);
  });
  for (const [key, { category, rate, basis }] of bases ?? []) {
    // A line or allowance without a VAT category makes no breakdown of its own: its rule (BR-CO-04,
    // BR-32, BR-37) asks for the category, where an entry without one would only add BR-47.
    if (seen.has(key) || basis === null || category === undefined) continue;
    const b = round2(basis);
    breakdown.push({
      taxAmount: { value: taxOf(b, rate).toString() },
      typeCode: 'VAT',
      basisAmount: { value: b.toString() },
      ...(category !== undefined ? { categoryCode: category } : {}),
      ...(rate !== undefined ? { rate } : {}),
    });
  }
  return breakdown;
}

/** Completes the derived amounts of an invoice and checks those it gives. */
export function completeTotals(invoice: Invoice): TotalsResult {
  const out: Mismatch[] = [];
  const hasLines = (invoice.lines?.length ?? 0) > 0;
  const lines = (invoice.lines ?? []).map((l, i) => completeLine(l, `lines[${i}]`, out));
  const acs = (invoice.allowanceCharges ?? []).map((ac, i) =>
    allowanceAmount(ac, `allowanceCharges[${i}]`, out),
  );
  const breakdown = completeBreakdown(invoice.vatBreakdown ?? [], hasLines ? basesOf(lines, acs) : null, out);

  const t = invoice.totals ?? {};
  const lineTotal = settle(
    'totals.lineTotal',
    t.lineTotal,
    hasLines ? sumKnown(lines.map((l) => l.net)) : null,
    out,
  );
  const allowances = signed(acs, false);
  const charges = signed(acs, true);
  const chargeTotal = settle('totals.chargeTotal', t.chargeTotal, charges, out);
  const allowanceTotal = settle('totals.allowanceTotal', t.allowanceTotal, allowances, out);
  const taxBasis = settle(
    'totals.taxBasisTotal',
    t.taxBasisTotal,
    lineTotal.value && allowances && charges ? lineTotal.value.minus(allowances).plus(charges) : null,
    out,
  );
  const currency = invoice.currency;
  // BT-110 is the TaxTotalAmount in the invoice currency; BT-111 (accounting currency) is kept as given.
  const given = t.taxTotals ?? [];
  const at = given.findIndex((x) => x.currency === undefined || x.currency === currency);
  const taxTotal = settle(
    'totals.taxTotals[0]',
    given[at],
    breakdown.length > 0 ? sumKnown(breakdown.map((b) => dec(b.taxAmount?.value))) : null,
    out,
  );
  const others = given.filter((_, i) => i !== at);
  const taxTotals = taxTotal.amount
    ? [{ ...taxTotal.amount, ...(currency ? { currency } : {}) }, ...others]
    : others;
  const grand = settle(
    'totals.grandTotal',
    t.grandTotal,
    taxBasis.value && taxTotal.value ? taxBasis.value.plus(taxTotal.value) : null,
    out,
  );
  const due = settle(
    'totals.duePayable',
    t.duePayable,
    grand.value
      ? grand.value
          .minus(dec(t.prepaidAmount?.value) ?? Decimal.ZERO)
          .plus(dec(t.roundingAmount?.value) ?? Decimal.ZERO)
      : null,
    out,
  );
  const amounts = {
    lineTotal: lineTotal.amount,
    // Allowance and charge totals only where the invoice has such allowances or charges, or gives them.
    chargeTotal: acs.some((x) => x.ac.isCharge) ? chargeTotal.amount : t.chargeTotal,
    allowanceTotal: acs.some((x) => !x.ac.isCharge) ? allowanceTotal.amount : t.allowanceTotal,
    taxBasisTotal: taxBasis.amount,
    taxTotals: taxTotals.length > 0 ? taxTotals : undefined,
    grandTotal: grand.amount,
    duePayable: due.amount,
  };
  const totals = { ...t };
  for (const [key, value] of Object.entries(amounts) as [keyof typeof amounts, never][]) {
    if (value === undefined) delete totals[key];
    else totals[key] = value;
  }
  return {
    invoice: {
      ...invoice,
      ...(invoice.lines ? { lines: lines.map((l) => l.line) } : {}),
      ...(invoice.allowanceCharges ? { allowanceCharges: acs.map((x) => x.ac) } : {}),
      ...(breakdown.length > 0 ? { vatBreakdown: breakdown } : {}),
      ...(Object.keys(totals).length > 0 ? { totals } : {}),
    },
    mismatches: out,
  };
}

function taxOf(basis: Decimal, rate: string | undefined): Decimal {
  const r = dec(rate);
  return r ? basis.times(r).dividedBy(HUNDRED, 2, 'half-away')! : Decimal.ZERO.round(2);
}
