/**
 * BG-25 invoice lines read from a document's text by their arithmetic rather than by a table header,
 * whose wording and layout vary too much between invoices: a row is a line when three of its amounts
 * agree as quantity × net price = net amount (BT-129 × BT-146 = BT-131, to the cent) and it names
 * something (BT-153). The lines are kept only when together they add up to the sum of line amounts
 * read from the totals (BT-106) and each has a VAT rate the breakdown (BG-23) knows: a wrong line is
 * worse than none, since the invoice then stays a document-level one.
 */
import { Decimal } from '../decimal/decimal';
import type { InvoiceLine, VatBreakdown } from '../model/invoice';
import type { TextLine } from '../text/page-text';
import { UNIT_WORDS } from './labels';
import { AMOUNT_PATTERN, parseAmount } from './values';

export interface TextRow {
  readonly line: TextLine;
  readonly page: number;
}

export interface ReadLines<Row extends TextRow> {
  readonly lines: readonly InvoiceLine[];
  /** The row each line was read from, in order. */
  readonly rows: readonly Row[];
}

interface Token {
  readonly value: Decimal;
  /** Where the amount starts in the row's text. */
  readonly index: number;
  /** The unit printed right after the amount (`3 Std`), if one. */
  readonly unit: string | null;
}

/** UN/ECE Recommendation 20 "one" (C62) when no unit is printed. */
const DEFAULT_UNIT = 'C62';

/** The amounts of a row (not the rates, nor the parts of a date) and its `%` rate, if one. */
function tokensOf(text: string): { amounts: Token[]; rate: Decimal | null } {
  const amounts: Token[] = [];
  let rate: Decimal | null = null;
  const dates = [...text.matchAll(/\d{1,4}[./-]\d{1,2}[./-]\d{2,4}/g)].map((m) => [
    m.index,
    m.index + m[0].length,
  ]);
  for (const m of text.matchAll(AMOUNT_PATTERN)) {
    const index = m.index ?? 0;
    if (dates.some(([from, to]) => index >= from! && index < to!)) continue;
    const value = parseAmount(m[0]);
    if (value === null) continue;
    if (/^\s*%/.test(text.slice(index + m[0].length))) rate = Decimal.parse(value);
    else {
      const next = /^\s*(\p{L}[\p{L}\d²³]*\.?)/u.exec(text.slice(index + m[0].length))?.[1];
      amounts.push({ value: Decimal.parse(value)!, index, unit: next ? unitOf(next) : null });
    }
  }
  return { amounts, rate };
}

/**
 * The rightmost net amount that is the product of two amounts left of it, the nearest ones first: in
 * "2  BWP12J  Suite  1,00  Stk.  719,40  719,40" the position number is not taken for the quantity. The
 * quantity is the left factor ("Qté  P.U.", "Menge  Einheit  Preis") unless only the right one carries a
 * unit ("Nettopreis  Menge": "43,20  3 Std").
 */
function arithmetic(amounts: readonly Token[]): { quantity: Token; price: Token; net: Token } | null {
  for (let k = amounts.length - 1; k >= 2; k--) {
    const net = amounts[k]!;
    if (net.value.isZero()) continue;
    for (let j = k - 1; j >= 1; j--) {
      const right = amounts[j]!;
      for (let i = j - 1; i >= 0; i--) {
        const left = amounts[i]!;
        if (!left.value.times(right.value).round(2).equals(net.value.round(2))) continue;
        const [quantity, price] = right.unit !== null && left.unit === null ? [right, left] : [left, right];
        if (quantity.value.sign() > 0) return { quantity, price, net };
      }
    }
  }
  return null;
}

/** The columns of a row (text between wide gaps) before the quantity. */
const columnsBefore = (text: string, end: number): string[] =>
  text
    .slice(0, end)
    .split(/ {2,}/)
    .map((c) => c.trim())
    .filter((c) => c !== '');

/** BT-153: the longest column with words in it that is not a unit. */
function itemName(columns: readonly string[]): string | null {
  const named = columns.filter((c) => /\p{L}{3}/u.test(c) && unitOf(c) === null);
  return named.reduce<string | null>((best, c) => (best === null || c.length > best.length ? c : best), null);
}

function unitOf(text: string): string | null {
  const word = text.trim().toLowerCase();
  return UNIT_WORDS.find(([pattern]) => pattern.test(word))?.[1] ?? null;
}

/** How far apart two x positions may be and still be the same column, in points. */
const SAME_COLUMN = 3;

/**
 * A name broken over two lines, "Personen-" over "Unfallversicherung" or "Navigationssystem" over
 * "- Garantie": the next line, in the name's column and without amounts, completes it. A line below a
 * whole name is its description (BT-154), not part of it.
 */
function completedName(name: string, row: TextRow, next: TextRow | undefined): string {
  const column = row.line.spans.find((span) => span.text.includes(name.split(' ')[0]!));
  if (!column || !next || next.page !== row.page) return name;
  const below = next.line.spans.filter((span) => span.x >= column.x - SAME_COLUMN);
  const first = below[0];
  if (!first || Math.abs(first.x - column.x) > SAME_COLUMN) return name;
  const rest = below
    .map((span) => span.text)
    .join(' ')
    .split(/ {2,}/)[0]!
    .trim();
  if (rest === '' || /:/.test(rest) || tokensOf(rest).amounts.length > 0) return name;
  if (/[-/]$/.test(name)) return `${name}${rest}`;
  return rest.startsWith('-') ? `${name} ${rest}` : name;
}

function rowLine(
  row: TextRow,
  next: TextRow | undefined,
  sequence: number,
  breakdown: readonly VatBreakdown[],
): InvoiceLine | null {
  const { text } = row.line;
  const { amounts, rate: printedRate } = tokensOf(text);
  const found = arithmetic(amounts);
  if (!found) return null;
  const printed = itemName(columnsBefore(text, Math.min(found.quantity.index, found.price.index)));
  if (!printed) return null;
  const name = completedName(printed, row, next);
  const rates = [...new Set(breakdown.map((b) => b.rate ?? ''))];
  const rate = printedRate ?? (rates.length === 1 ? Decimal.parse(rates[0]!) : null);
  const vat = rate && breakdown.find((b) => b.rate !== undefined && Decimal.parse(b.rate)?.equals(rate));
  if (!rate || !vat) return null;
  const unit = found.quantity.unit ?? DEFAULT_UNIT;
  const money = (d: Decimal) => ({ value: d.round(2).toString() });
  return {
    lineId: String(sequence),
    product: { name },
    netPrice: { amount: { value: found.price.value.normalized().toString() } },
    billedQuantity: { value: found.quantity.value.normalized().toString(), unit },
    taxes: [
      {
        typeCode: 'VAT',
        ...(vat.categoryCode ? { categoryCode: vat.categoryCode } : {}),
        rate: rate.normalized().toString(),
      },
    ],
    summation: { lineTotal: money(found.net.value) },
  };
}

/**
 * The invoice lines of `rows` (the document's lines in reading order), or null when they cannot be read
 * with certainty: no row qualifies, one has a rate the breakdown does not show, or their amounts do not
 * add up to `lineTotal` (BT-106).
 */
export function extractLines<Row extends TextRow>(
  rows: readonly Row[],
  breakdown: readonly VatBreakdown[],
  lineTotal: string | undefined,
): ReadLines<Row> | null {
  const expected = lineTotal === undefined ? null : Decimal.parse(lineTotal);
  if (!expected || breakdown.length === 0) return null;
  const lines: InvoiceLine[] = [];
  const from: Row[] = [];
  for (const [i, row] of rows.entries()) {
    const line = rowLine(row, rows[i + 1], lines.length + 1, breakdown);
    if (!line) continue;
    lines.push(line);
    from.push(row);
  }
  if (lines.length === 0) return null;
  const sum = Decimal.sum(lines.map((l) => Decimal.parse(l.summation?.lineTotal?.value ?? '0')!));
  return sum.equals(expected.round(2)) ? { lines, rows: from } : null;
}
