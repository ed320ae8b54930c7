/**
 * BG-23 rows of the VAT breakdown, read from the layout by their arithmetic: a rate (printed with `%`, or
 * bare between amounts, "Umsatzsteuer (S)  286,52  19  54,44"), a taxable base and a tax amount that
 * agree (base × rate = tax, within rounding); or an exempt row, rate 0 and tax 0, whose category comes
 * from its code ("E", "K", "(AE)") or its words (exonération, steuerbefreit, reverse charge…). Every such
 * row is a candidate: the totals' choice keeps the rows that add up to the net total and the VAT total.
 */
import { Decimal } from '../decimal/decimal';
import type { VatBreakdown } from '../model/invoice';
import { below, type Cell, type Layout, type Row } from '../text/layout';
import type { Place } from './confidence';
import { VATEX_CODES } from '../rules/codelists/vatex';
import { VAT_CATEGORY_WORDS } from './labels';
import { moneyIn, parseAmount, readVatId } from './values';

export interface BreakdownRow {
  readonly entry: VatBreakdown;
  readonly rate: Decimal;
  readonly base: Decimal;
  readonly tax: Decimal;
  readonly category: string;
  /** The category was printed (a code or words), not assumed. */
  readonly categoryPrinted: boolean;
  readonly place: Place;
  /** Its base is its lines' less their share of a discount on the whole invoice: derived, not printed. */
  readonly shared?: boolean;
}

const CATEGORY_CODE = /(?:^|[\s(])(S|Z|E|AE|K|G|O|L|M)(?:$|[\s)])|\(\s*\)\s*(S|Z|E|AE|K|G|O|L|M)\b/;

/** How far a computed tax may be from the printed one: a cent, or rounding over many lines. */
const CENT = Decimal.parse('0.01')!;
const tolerance = (base: Decimal): Decimal => {
  const share = base.abs().times(Decimal.parse('0.0005')!);
  return share.compare(CENT) > 0 ? share : CENT;
};

const VATEX = /\bVATEX-(?:EU|FR)-[A-Z0-9-]+\b/i;

/**
 * A VATEX exemption reason code (BT-121) printed in a text, and the category it belongs to: an
 * intra-community supply (K), an export (G), outside the scope (O), reverse charge (AE), else exempt (E).
 */
export function vatexIn(text: string): { code: string; category: string } | null {
  const code = VATEX.exec(text)?.[0].toUpperCase();
  if (!code || !VATEX_CODES.has(code)) return null;
  const kind = code.replace(/^VATEX-(?:EU|FR)-/, '');
  const category = kind === 'IC' ? 'K' : kind === 'G' ? 'G' : kind === 'O' ? 'O' : kind === 'AE' ? 'AE' : 'E';
  return { code, category };
}

/** A legend that lists the category codes ("motif si exonération, code E, O, K, AE") names none. */
const LEGEND = /\b(?:S|Z|E|AE|K|G|O|L|M)\s*,\s*(?:S|Z|E|AE|K|G|O|L|M)\b/;

/** A category code in brackets ("Umsatzsteuer (E)"): a code, wherever it stands. */
const BRACKETED_CODE = /\((S|Z|E|AE|K|G|O|L|M)\)/;

/**
 * The category a text prints: a VATEX code's, its code letter (`codes`: any, or only one in brackets),
 * else (for a zero rate) the words of an exemption.
 */
function printedCategory(text: string, rate: Decimal, codes = CATEGORY_CODE): string | null {
  const vatex = vatexIn(text);
  if (vatex) return vatex.category;
  if (LEGEND.test(text)) return null;
  const code = codes.exec(text);
  const letter = code?.[1] ?? code?.[2];
  if (letter) return letter;
  const words = VAT_CATEGORY_WORDS.find(([pattern]) => namesExemption(text, pattern));
  return words && rate.isZero() ? words[1] : null;
}

/**
 * A row's category: printed on the row, else — for a zero rate — on the rows around it (an exemption
 * printed over several lines, by its words, its VATEX code or its code in brackets: a letter alone
 * there is an item's size or litres, "size L"), else standard (S) or zero-rated (Z; breakdownRows then looks for an exemption
 * the page names). Only the row's own print counts as read for sure.
 */
function categoryOf(text: string, nearby: () => string, rate: Decimal): { code: string; printed: boolean } {
  const own = printedCategory(text, rate);
  if (own) return { code: own, printed: true };
  const around = rate.isZero() ? printedCategory(nearby(), rate, BRACKETED_CODE) : null;
  if (around) return { code: around, printed: false };
  return { code: rate.isZero() ? 'Z' : 'S', printed: false };
}

/** Words that name the VAT beside a rate ("USt. 19,00 %", "19 % UST"). */
const VAT_WORD = /(?:ust|mwst|tva|vat|iva|btw|steuer|tax)\.?\s*$/i;

/**
 * The rates a row may print: with `%`, else bare numbers a VAT rate can be (0 to 30, two decimals). A
 * percentage "of" an amount ("10,00% sur 100,00", "2 % auf 280,00") is an allowance's, unless the VAT
 * is named beside it.
 */
function ratesOf(text: string): { value: Decimal; index: number; percent: boolean }[] {
  const percent = [...text.matchAll(/(-?\d{1,2}(?:[.,]\d{1,3})?)\s*%/g)].flatMap((m) => {
    const value = Decimal.parse(parseAmount(m[1]!) ?? '');
    const at = m.index ?? 0;
    const named = VAT_WORD.test(text.slice(Math.max(0, at - 12), at));
    const ofAmount = /^\s*(?:sur|auf|on|of|de)\s+\d/i.test(text.slice(at + m[0].length));
    return value && (named || !ofAmount) ? [{ value, index: at, percent: true }] : [];
  });
  if (percent.length > 0) return percent;
  return moneyIn(text).flatMap((a) => {
    const value = Decimal.parse(a.value)!;
    const plausible =
      value.compare(Decimal.ZERO) >= 0 && value.compare(Decimal.of(30)) <= 0 && !/\.\d{3,}$/.test(a.value);
    return plausible ? [{ value, index: a.index, percent: false }] : [];
  });
}

/** BT-121 when the row prints a VATEX code of its category. */
const reasonCodeOf = (text: string, category: string): { exemptionReasonCode?: string } => {
  const vatex = vatexIn(text);
  return vatex && vatex.category === category ? { exemptionReasonCode: vatex.code } : {};
};

function rowOf(row: Row, nearby: () => string): BreakdownRow | null {
  const text = row.line.text;
  const amounts = moneyIn(text);
  if (amounts.length < 2) return null;
  for (const rate of ratesOf(text)) {
    const others = amounts.filter((a) => a.index !== rate.index);
    for (const [i, baseAt] of others.entries()) {
      const base = Decimal.parse(baseAt.value)!;
      if (base.isZero()) continue;
      const expected = base.times(rate.value).dividedBy(Decimal.of(100), 2, 'half-away')!;
      for (const taxAt of others.slice(i + 1)) {
        const tax = Decimal.parse(taxAt.value)!;
        if (expected.minus(tax).abs().compare(tolerance(base)) > 0) continue;
        // A tax is printed in cents: two bare integers that happen to agree are no base and tax
        // ("Oak worktop 3000 x 600 mm  20 %"), nor is an item's count of tenths ("3879-38 … 194,6 m²
        // 1,74 €  5 %": an article number, a quantity and a discount).
        if (!/\.\d{2,}$/.test(taxAt.value)) continue;
        // A zero rate needs a zero tax printed with decimals, and a % or a category beside it.
        if (
          rate.value.isZero() &&
          (!tax.isZero() ||
            !taxAt.decimals ||
            (!rate.percent && printedCategory(`${text} ${nearby()}`, rate.value) === null))
        )
          continue;
        if (!rate.value.isZero() && !rate.percent && !baseAt.decimals) continue;
        const category = categoryOf(text, nearby, rate.value);
        return {
          entry: {
            taxAmount: { value: tax.round(2, 'half-away').toString() },
            typeCode: 'VAT',
            basisAmount: { value: base.round(2, 'half-away').toString() },
            categoryCode: category.code,
            rate: rate.value.normalized().toString(),
            ...reasonCodeOf(text, category.code),
          },
          rate: rate.value,
          base,
          tax,
          category: category.code,
          categoryPrinted: category.printed,
          place: { row, cells: row.cells.filter((c) => c.x + c.width >= row.x) },
        };
      }
    }
  }
  return null;
}

/**
 * The VAT of each rate printed alone on its row, with no base ("7 % USt.: 111,58", "VAT 20.0 %: 2,569.06"),
 * added up when the page prints two rates or more: a candidate for the VAT total (BT-110), which such
 * pages often do not print.
 */
export function ratedTaxSum(layout: Layout): { value: Decimal; place: Place } | null {
  const taxes = ratedTaxes(layout);
  if (!taxes) return null;
  return {
    value: Decimal.sum(taxes.map((t) => t.tax)),
    place: { row: taxes[0]!.row, cells: taxes[0]!.row.cells },
  };
}

/** The rows printing the VAT of one rate alone, one per rate, when there are two rates or more. */
function ratedTaxes(layout: Layout): { rate: Decimal; tax: Decimal; row: Row }[] | null {
  const taxes = layout.rows.flatMap((row) => {
    const text = row.line.text;
    const rates = ratesOf(text).filter((r) => r.percent && !r.value.isZero());
    const amounts = moneyIn(text).filter((a) => a.decimals && !rates.some((r) => r.index === a.index));
    const [rate] = rates;
    if (rates.length !== 1 || amounts.length !== 1 || !/\p{L}{2}/u.test(text)) return [];
    const named = /(?:ust|mwst|tva|vat|iva|btw|steuer|tax)/i.test(text);
    return named ? [{ rate: rate!.value, tax: Decimal.parse(amounts[0]!.value)!, row }] : [];
  });
  const rates = new Set(taxes.map((t) => t.rate.normalized().toString()));
  return rates.size < 2 || rates.size !== taxes.length ? null : taxes;
}

/** The VAT of a line, allowance or charge (BT-151/152, BT-95/96, BT-102/103): outside the scope, no rate. */
export const categoryTax = (
  category: string,
  rate: Decimal,
): { typeCode: string; categoryCode: string; rate?: string } => ({
  typeCode: 'VAT',
  categoryCode: category,
  ...(category === 'O' ? {} : { rate: rate.normalized().toString() }),
});

/** Rows of one category and rate taken together, as one BG-23 entry. */
export function mergedByRate(rows: readonly BreakdownRow[]): BreakdownRow[] {
  const out: BreakdownRow[] = [];
  for (const r of rows) {
    const same = out.findIndex((o) => o.category === r.category && o.rate.equals(r.rate));
    if (same < 0) {
      out.push(r);
      continue;
    }
    const o = out[same]!;
    const base = o.base.plus(r.base);
    const tax = o.tax.plus(r.tax);
    out[same] = {
      ...o,
      base,
      tax,
      entry: {
        ...o.entry,
        basisAmount: { value: base.round(2, 'half-away').toString() },
        taxAmount: { value: tax.round(2, 'half-away').toString() },
      },
    };
  }
  return out;
}

/** Every row of the document that reads as a VAT breakdown row, once per rate, base and tax. */
export function breakdownRows(layout: Layout): BreakdownRow[] {
  const out: BreakdownRow[] = [];
  const seen = new Set<string>();
  let exemption: ReturnType<typeof exemptionOf> | false | undefined;
  for (const row of layout.rows) {
    const nearby = () =>
      layout.rows
        .slice(Math.max(0, row.index - 2), row.index + 3)
        .filter((r) => r.page === row.page && r !== row)
        .map((r) => r.line.text)
        .join(' ');
    const read = rowOf(row, nearby);
    if (!read) continue;
    // A zero rate printed without its category, on a page that names an exemption elsewhere (a reverse
    // charge, an export, under the totals): that exemption's, not zero-rated.
    exemption ??= exemptionOf(layout) ?? false;
    const found =
      read.category === 'Z' && !read.categoryPrinted && exemption
        ? {
            ...read,
            category: exemption.category,
            entry: { ...read.entry, categoryCode: exemption.category },
          }
        : read;
    const key = `${found.category}|${found.rate.normalized().toString()}|${found.base.toString()}|${found.tax.toString()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(found);
  }
  return out;
}

/**
 * The ways to pick breakdown rows, at most one per category and rate, with their sums: the totals'
 * choice matches them with the net total and the VAT total. Bounded, for a page full of rates.
 */
export function breakdownChoices(
  rows: readonly BreakdownRow[],
): { rows: BreakdownRow[]; base: Decimal; tax: Decimal }[] {
  const groups = new Map<string, BreakdownRow[]>();
  for (const r of rows.slice(0, 12)) {
    const key = `${r.category}|${r.rate.normalized().toString()}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  let choices: BreakdownRow[][] = [[]];
  for (const group of groups.values()) {
    // One row of the rate, or all of them: a breakdown printed in parts ("Positionen USt. 19 %",
    // "Versandkosten USt. 19 %") is one entry.
    const options = group.length > 1 ? [...group.map((r) => [r]), group] : group.map((r) => [r]);
    const next: BreakdownRow[][] = [];
    for (const chosen of choices) {
      next.push(chosen);
      for (const rows of options) next.push([...chosen, ...rows]);
    }
    choices = next.slice(0, 4096);
  }
  return choices
    .filter((c) => c.length > 0)
    .map((c) => ({
      rows: c,
      base: Decimal.sum(c.map((r) => r.base)),
      tax: Decimal.sum(c.map((r) => r.tax)),
    }));
}

/**
 * The exemption a page names, with the row naming it: a VATEX code says the category; else the words of
 * an exemption (reverse charge, intra-community supply, export…), not in a legend of codes nor as the
 * label of a VAT number.
 */
export function exemptionOf(layout: Layout): { row: Row; category: string } | null {
  const coded = layout.rows.find((r) => vatexIn(r.line.text));
  if (coded) return { row: coded, category: vatexIn(coded.line.text)!.category };
  for (const [pattern, category] of VAT_CATEGORY_WORDS) {
    const at = exemptionMention(layout, pattern);
    if (at) return { row: at.row, category };
  }
  return null;
}

/**
 * The first cell that names the exemption of `pattern` (namesExemption, on its row's text), but not a
 * heading over a VAT number ("N° TVA intracommunautaire" over "FR20985994656": the number's label). A
 * heading has a few words; a sentence whose next line prints the buyer's VAT number names the exemption.
 */
export function exemptionMention(layout: Layout, pattern: RegExp): { row: Row; cell: Cell } | null {
  for (const row of layout.rows) {
    if (!namesExemption(row.line.text, pattern)) continue;
    const cell = row.cells.find((c) => namesExemption(c.text, pattern) && !headsVatId(layout, row, c));
    if (cell) return { row, cell };
  }
  return null;
}

/** A heading (a few words) over a VAT number on the next row: the number's label. */
const headsVatId = (layout: Layout, row: Row, cell: Cell): boolean =>
  cell.text.trim().split(/\s+/).length <= 4 &&
  below(layout, row, cell, { within: 1 }).some((b) => readVatId(b.cell.text.trim())?.wellFormed === true);

/** Whether a text names the exemption of `pattern`: not in a legend of codes, nor as a VAT number's label. */
export function namesExemption(text: string, pattern: RegExp): boolean {
  const m = pattern.exec(text);
  return !!m && !LEGEND.test(text) && !ID_LABEL.test(text.slice(m.index + m[0].length));
}

/**
 * Words that label a VAT number ("TVA intracommunautaire : FR63…", "N° TVA intracommunautaire du client :
 * FR57…") name no exemption.
 */
const ID_LABEL =
  /^\s*(?:(?:[Dd]u|[Dd]e\s+l['’]|[Dd]es|of\s+the)\s+)?(?:[Cc]lient|[Aa]cheteur|[Vv]endeur|[Ff]ournisseur|[Kk]unden?|[Cc]ustomer|[Bb]uyer|[Ss]eller|[Ss]upplier)?\s*(?:n[°o]\.?|nr\.?|no\.?|number|id)?\s*(?::?\s*[A-Z]{2}\s?\d|:\s*$)/;

/**
 * The breakdown the totals imply when the page prints no breakdown row: one rate that turns the net
 * total into the VAT total, printed somewhere as a percentage ("Umsatzsteuer 19 %"); or, with no VAT
 * at all, the exemption the page names (reverse charge, intra-community supply, export, exemption).
 */
export function impliedBreakdown(layout: Layout, net: Decimal, vat: Decimal): BreakdownRow[] | null {
  if (net.isZero()) return null;
  const row = (at: Row, rate: Decimal, category: string, tax: Decimal, base = net): BreakdownRow => ({
    entry: {
      taxAmount: { value: tax.round(2, 'half-away').toString() },
      typeCode: 'VAT',
      basisAmount: { value: base.round(2, 'half-away').toString() },
      categoryCode: category,
      rate: rate.normalized().toString(),
      ...reasonCodeOf(at.line.text, category),
    },
    rate,
    base,
    tax,
    category,
    categoryPrinted: false,
    place: { row: at, cells: at.cells },
  });
  if (vat.isZero()) {
    const exemption = exemptionOf(layout);
    return exemption && [row(exemption.row, Decimal.ZERO, exemption.category, Decimal.ZERO)];
  }
  const rated = ratedBases(layout, net, vat);
  if (rated) return rated.map((r) => row(r.row, r.rate, 'S', r.tax, r.base));
  for (const at of layout.rows) {
    for (const rate of ratesOf(at.line.text).filter((r) => r.percent && !r.value.isZero())) {
      const tax = net.times(rate.value).dividedBy(Decimal.of(100), 2, 'half-away')!;
      if (tax.minus(vat).abs().compare(tolerance(net)) <= 0) return [row(at, rate.value, 'S', vat)];
    }
  }
  return null;
}

/**
 * The base of each rate whose VAT the page prints alone ("VAT (13.5 %): 472.07", "VAT (23 %): 456.30"),
 * after a document discount that leaves the lines' sums by rate unprinted: the VAT over the rate, to the
 * cent, when each gives its VAT back and together they make the net total to the cent. Null otherwise.
 */
function ratedBases(
  layout: Layout,
  net: Decimal,
  vat: Decimal,
): { rate: Decimal; tax: Decimal; base: Decimal; row: Row }[] | null {
  const taxes = ratedTaxes(layout);
  if (!taxes || !Decimal.sum(taxes.map((t) => t.tax)).equals(vat)) return null;
  const hundred = Decimal.of(100);
  const bases = taxes.map((t) => ({
    ...t,
    base: t.tax.times(hundred).dividedBy(t.rate, 2, 'half-away')!,
  }));
  const givesBack = bases.every((b) =>
    b.base.times(b.rate).dividedBy(hundred, 2, 'half-away')!.equals(b.tax),
  );
  return givesBack && Decimal.sum(bases.map((b) => b.base)).equals(net) ? bases : null;
}
