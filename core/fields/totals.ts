/**
 * The document totals (BG-22) and the VAT breakdown (BG-23), chosen together under the invoice's own
 * arithmetic. Every labelled amount is a candidate for its term (key-values.ts, labels.ts); every row
 * that reads as a breakdown row is a candidate row (vat-breakdown.ts). One global choice then keeps the
 * combination that agrees best:
 *   BT-109 + BT-110 = BT-112;  BT-112 − BT-113 = BT-115;  BT-106 − BT-107 + BT-108 = BT-109;
 *   the breakdown's bases add up to BT-109 and its taxes to BT-110,
 * each agreement rewarded, each disagreement among printed values penalised, a printed value preferred
 * to none by the strength of its label. What the page does not print is then derived from what it does.
 * Amounts inside identifiers, dates, phone numbers or legal mentions are never candidates.
 */
import { Decimal } from '../decimal/decimal';
import type { Totals } from '../model/invoice';
import type { Cell, Layout, Row } from '../text/layout';
import { CHOSEN, CONFIRMED, CONFIRMED_WEAK_LABEL, LABELLED, type Place } from './confidence';
import { labelledValues, type Read } from './key-values';
import { CARRIED, LEGAL_MENTION, TOTAL_LABELS } from './labels';
import { breakdownChoices, exemptionOf, mergedByRate, type BreakdownRow } from './vat-breakdown';
import { moneyIn } from './values';

export type TotalTerm = 'BT-106' | 'BT-107' | 'BT-108' | 'BT-109' | 'BT-110' | 'BT-112' | 'BT-113' | 'BT-115';

export interface Candidate {
  readonly term: TotalTerm;
  readonly value: Decimal;
  readonly strength: number;
  readonly place: Place;
  /** The value's cell, so that one printed amount serves one term only. */
  readonly cellKey: string;
  /**
   * Not printed under a label of its term (a zero VAT an exemption implies, the sum of the VAT of each
   * rate): kept only where an equation that holds confirms it.
   */
  readonly proofNeeded?: boolean;
}

/** A term's value as chosen, with how it was obtained. */
export interface ChosenTotal {
  readonly value: Decimal;
  readonly confidence: number;
  /** Where it was read, or where what it was derived from was read. */
  readonly place: Place;
  /** Printed and confirmed by an equation: its digits are proven. */
  readonly proven: boolean;
  /** Taken by the arithmetic alone, not under a label of its term (Candidate.proofNeeded). */
  readonly unlabelled?: boolean;
}

export interface TotalsChoice {
  readonly totals: Totals;
  readonly terms: Partial<Record<TotalTerm, ChosenTotal>>;
  readonly breakdown: readonly BreakdownRow[];
  /** The breakdown's rows add up to the chosen totals, and each rate's tax is its base × rate. */
  readonly breakdownConfirmed: boolean;
}

const CENT = Decimal.parse('0.01')!;
const close = (a: Decimal, b: Decimal, slack = CENT): boolean => a.minus(b).abs().compare(slack) <= 0;

const UNSIGNED: ReadonlySet<string> = new Set(['BT-107', 'BT-108']);

const HUNDRED = Decimal.of(100);

/** A rate's tax is its base × rate, rounded to the cent. */
const taxOfBase = (row: BreakdownRow): boolean =>
  row.base.times(row.rate).dividedBy(HUNDRED, 2)?.equals(row.tax.round(2)) === true;

/** Currency codes and signs, and the words a total's value may carry beside it. */
const BESIDE_AMOUNT = /\b[A-Z]{3}\b|[€£$]|\b(?:brutto|netto|net|gross|ht|ttc)\b/gi;

/**
 * A total's value: an amount that stands alone in its text (with its currency at most), not a figure
 * inside a sentence ("Payment due within 30 days"); an amount a rate is taken "of" ("19 % auf
 * 1.000,00") is its base, and the value is the next one.
 */
const readAmount: Read<Decimal> = (text) => {
  const amounts = moneyIn(text).filter((a) => !/(?:auf|sur|on|of)\s*$/i.test(text.slice(0, a.index)));
  const [first] = amounts;
  if (!first) return null;
  const rest = (text.slice(0, first.index) + text.slice(first.index + first.text.length)).replace(
    BESIDE_AMOUNT,
    '',
  );
  if ((rest.match(/\p{L}/gu) ?? []).length > 12) return null;
  return { value: Decimal.parse(first.value)!, text: first.text };
};

/** Every labelled amount, by term, strongest label first, one per value (the strongest). */
function candidatesOf(layout: Layout, inLines: (row: Row) => boolean): Map<TotalTerm, Candidate[]> {
  const out = new Map<TotalTerm, Candidate[]>();
  for (const [term, rule] of TOTAL_LABELS) {
    for (const pair of labelledValues(layout, [rule], readAmount, { exclude: LEGAL_MENTION, alone: true })) {
      if (LEGAL_MENTION.test(pair.cell.text) || CARRIED.test(pair.labelRow.line.text)) continue;
      // A figure of the lines table under its column's heading ("Gesamt netto" over a one-line table)
      // is an item's, not a total.
      if (pair.placement === 'below' && inLines(pair.row)) continue;
      const list = out.get(term as TotalTerm) ?? [];
      // An allowance or charge total printed with a minus shows its direction, not its sign in the
      // model: the totals' sign is given to it below (a credit note's allowances carry the minus). A
      // prepaid amount printed with a minus ("Less deposit: -2 000,00") may show that it is taken off,
      // or be negative: both are offered, and BT-112 − BT-113 = BT-115 tells which.
      const values = UNSIGNED.has(term)
        ? [pair.value.abs()]
        : term === 'BT-113' && pair.value.sign() < 0
          ? [pair.value, pair.value.abs()]
          : [pair.value];
      for (const value of values)
        list.push({
          term: term as TotalTerm,
          value,
          strength: pair.strength,
          place: { row: pair.row, cells: pair.cell === pair.label ? [pair.cell] : [pair.label, pair.cell] },
          cellKey: `${pair.row.index}:${pair.cell.x.toFixed(1)}`,
        });
      out.set(term as TotalTerm, list);
    }
  }
  // The strongest label that claims each cell: a cell claimed by a stronger label of another term is not
  // this term's ("Total excl. VAT" is no "Total"), so that the same amount printed again under the
  // weaker label ("TOTAL:") stays this term's candidate.
  const claim = new Map<string, number>();
  for (const list of out.values())
    for (const c of list) claim.set(c.cellKey, Math.max(claim.get(c.cellKey) ?? 0, c.strength));
  for (const [term, list] of out) {
    const best = new Map<string, Candidate>();
    for (const c of list.filter((x) => x.strength >= claim.get(x.cellKey)!)) {
      const key = c.value.normalized().toString();
      const known = best.get(key);
      if (!known || c.strength > known.strength) best.set(key, c);
    }
    out.set(term, [...best.values()].sort((a, b) => b.strength - a.strength).slice(0, 6));
  }
  return out;
}

/** A rate printed in a VAT label ("USt. 7 %:", "VAT 20.0 %"). */
const RATE = /(\d{1,2}(?:[.,]\d{1,2})?)\s*%/;

/**
 * VAT totals the page implies without printing them under a label of their own, each to be confirmed
 * by the arithmetic: none, where the page names an exemption (an export, a reverse charge: "Summe
 * Positionen 2 063,38 / Rechnungsbetrag 2 063,38"); the sum of the VAT printed for each rate, where a
 * page prints one VAT amount per rate and no total of them ("USt. 7 %: 243,75 / USt. 19 %: 2 050,22").
 */
function impliedVat(layout: Layout, candidates: Map<TotalTerm, Candidate[]>): Candidate[] {
  const out: Candidate[] = [];
  const exemption = exemptionOf(layout);
  if (exemption)
    out.push({
      term: 'BT-110',
      value: Decimal.ZERO,
      strength: 0.5,
      place: { row: exemption.row, cells: exemption.row.cells },
      cellKey: 'exemption',
      proofNeeded: true,
    });
  const byRate = new Map<string, Candidate>();
  for (const c of candidates.get('BT-110') ?? []) {
    const rate = RATE.exec(c.place.cells[0]!.text)?.[1]?.replace(',', '.');
    if (rate && !byRate.has(rate) && c.place.cells.length > 1) byRate.set(rate, c);
  }
  const perRate = [...byRate.values()];
  if (perRate.length > 1)
    out.push({
      term: 'BT-110',
      value: Decimal.sum(perRate.map((c) => c.value)),
      strength: Math.min(...perRate.map((c) => c.strength)),
      place: perRate[0]!.place,
      cellKey: 'vat:sum',
      proofNeeded: true,
    });
  return out;
}

/**
 * Amounts of the totals block that no label of a total claims, each offered to the arithmetic under
 * the terms it may be: a label and its amount between two totals, aligned with them ("Delivery  9.90",
 * "Anfahrtspauschale:  9,90"), as a charge and as an allowance; a net printed above another net ("Net Amount 3,671.66 … Net amount
 * 3,678.61") as the sum of lines. Kept only where BT-106 − BT-107 + BT-108 = BT-109 confirms them.
 */
function unlabelled(layout: Layout, candidates: Map<TotalTerm, Candidate[]>): Candidate[] {
  const printed = [...candidates.values()].flat().filter((c) => c.place.cells.length > 1);
  const rows = new Set(printed.map((c) => c.place.row.index));
  const rights = printed.map((c) => c.place.cells.at(-1)!).map((cell) => cell.x + cell.width);
  // Only a net under its own label ("Net amount", "Summe netto"): a bare "Net" may be anything's.
  const nets = (candidates.get('BT-109') ?? []).filter((c) => c.place.cells.length > 1 && c.strength >= 0.8);
  const out: Candidate[] = nets.map((c) => ({ ...c, term: 'BT-106', strength: 0.3, proofNeeded: true }));
  if (printed.length === 0) return out;
  const first = Math.min(...printed.map((c) => c.place.row.index));
  const last = Math.max(...printed.map((c) => c.place.row.index));
  // The block's labels start at its left edge; a block beside a table shares its rows with it.
  const left = Math.min(...printed.map((c) => c.place.cells[0]!.x));
  for (const row of layout.rows.slice(first + 1, last)) {
    if (rows.has(row.index) || row.cells.length < 2) continue;
    const [label, value] = row.cells.slice(-2) as [Cell, Cell];
    if (label.x < left - 3) continue;
    const amounts = moneyIn(value.text);
    const aligned = rights.some((r) => Math.abs(r - (value.x + value.width)) < 3);
    if (!/\p{L}{3}/u.test(label.text) || /\d/.test(label.text) || amounts.length !== 1 || !aligned) continue;
    if (!amounts[0]!.decimals || LEGAL_MENTION.test(label.text)) continue;
    const amount = Decimal.parse(amounts[0]!.value)!.abs();
    for (const term of ['BT-107', 'BT-108'] as const)
      out.push({
        term,
        value: amount,
        strength: 0.3,
        place: { row, cells: [label, value] },
        cellKey: `${row.index}:${value.x.toFixed(1)}`,
        proofNeeded: true,
      });
  }
  return out;
}

type Option = Candidate | null;

interface Assignment {
  readonly chosen: Partial<Record<TotalTerm, Candidate>>;
  readonly breakdown: { rows: BreakdownRow[]; base: Decimal; tax: Decimal } | null;
  readonly score: number;
  /** Terms that took part in an equation that held. */
  readonly confirmed: ReadonlySet<TotalTerm>;
}

/** An equation between printed values: held (+), broken (−), or not decidable (0) and who took part. */
function equation(held: boolean | null, members: readonly TotalTerm[], confirmed: Set<TotalTerm>): number {
  if (held === null) return 0;
  if (held) {
    for (const m of members) confirmed.add(m);
    return 1.5;
  }
  return -1.5;
}

/**
 * How well a choice agrees with itself. A value that needs proof rules a full choice out unless an
 * equation confirms it; a core of the totals is given the benefit of the doubt (the equations that
 * would confirm it may need the terms fitted after it).
 */
function scoreOf(
  chosen: Partial<Record<TotalTerm, Candidate>>,
  breakdown: Assignment['breakdown'],
  full: boolean,
): { score: number; confirmed: Set<TotalTerm> } {
  const confirmed = new Set<TotalTerm>();
  const v = (t: TotalTerm) => chosen[t]?.value;
  const cells = Object.values(chosen).map((c) => c!.cellKey);
  if (new Set(cells).size !== cells.length) return { score: -Infinity, confirmed };
  let score = Object.values(chosen).reduce((s, c) => s + c!.strength, 0);
  // Net and VAT not printed as totals are the breakdown's sums.
  const [net, vat, gross, paid, due, lines] = [
    v('BT-109') ?? breakdown?.base,
    v('BT-110') ?? breakdown?.tax,
    v('BT-112'),
    v('BT-113'),
    v('BT-115'),
    v('BT-106'),
  ];
  const allowances = v('BT-107') ?? Decimal.ZERO;
  const charges = v('BT-108') ?? Decimal.ZERO;
  const adjustments = [
    ...(v('BT-107') ? (['BT-107'] as const) : []),
    ...(v('BT-108') ? (['BT-108'] as const) : []),
  ];
  // Rates are not negative: the VAT has the net's sign ("Rabatt 3 %: -343,46" is no VAT total).
  const taxed = vat ?? (net && gross ? gross.minus(net) : undefined);
  if (net && taxed && net.sign() * taxed.sign() < 0) score -= 3;
  score += equation(
    net && vat && gross ? close(net.plus(vat), gross) : null,
    ['BT-109', 'BT-110', 'BT-112'],
    confirmed,
  );
  // No net printed: the sum of lines, after allowances and charges, is the net that VAT is added to.
  if (!net && lines && vat && gross)
    score += equation(
      close(lines.minus(allowances).plus(charges).plus(vat), gross),
      ['BT-106', 'BT-110', 'BT-112', ...adjustments],
      confirmed,
    );
  // Without a prepaid amount read, a due amount other than the gross one may still be right (a payment
  // the reader did not find): the equation decides nothing then.
  const dueHolds = gross && due ? close(gross.minus(paid ?? Decimal.ZERO), due) : null;
  score += equation(
    dueHolds === false && !paid ? null : dueHolds,
    ['BT-112', 'BT-115', ...(paid ? (['BT-113'] as const) : [])],
    confirmed,
  );
  // No gross printed: the amount due, when nothing was paid, is net + VAT — a check when it holds.
  if (!gross && !paid && net && vat && due && close(net.plus(vat), due))
    score += equation(true, ['BT-109', 'BT-110', 'BT-115'], confirmed);
  // Credit notes print their allowances unsigned beside negative totals: both signs are the same rule.
  score += equation(
    lines && net
      ? close(lines.minus(allowances).plus(charges), net) ||
          (net.sign() < 0 && close(lines.plus(allowances).minus(charges), net))
      : null,
    ['BT-106', 'BT-109', ...adjustments],
    confirmed,
  );
  // No net printed: the gross less the VAT must still be the lines' net ("Exonération de TVA, article
  // 261-4-4°" is no VAT of 261,00 when the lines make the gross).
  if (!net && lines && gross && vat && !close(lines.minus(allowances).plus(charges), gross.minus(vat)))
    score -= 1.5;
  if (breakdown) {
    // The breakdown confirms (or contradicts) the net and the VAT totals; a lone breakdown still counts.
    score += 0.5 * breakdown.rows.length;
    score += equation(
      net ? close(breakdown.base, net, CENT.times(Decimal.of(2))) : null,
      ['BT-109'],
      confirmed,
    );
    score += equation(
      vat ? close(breakdown.tax, vat, CENT.times(Decimal.of(2))) : null,
      ['BT-110'],
      confirmed,
    );
    if (!net && gross)
      score += equation(close(breakdown.base.plus(breakdown.tax), gross), ['BT-112'], confirmed);
  }
  const unproven = Object.entries(chosen).some(
    ([term, c]) => c!.proofNeeded && !confirmed.has(term as TotalTerm),
  );
  return { score: full && unproven ? -Infinity : score, confirmed };
}

/**
 * The best of the options for a group of terms, given the rest. Leaving a printed total out costs its
 * label's strength: a strongly labelled amount is kept even when the arithmetic fails (with a low
 * confidence), rather than silently replaced by what the other totals imply.
 */
function best(
  base: Partial<Record<TotalTerm, Candidate>>,
  breakdown: Assignment['breakdown'],
  groups: readonly (readonly [TotalTerm, readonly Option[]])[],
  baseCost = 0,
): Assignment & { cost: number } {
  return ranked(base, breakdown, groups, baseCost, 1, true)[0]!;
}

/** The `keep` best options for a group of terms, given the rest, best first (at least one). */
function ranked(
  base: Partial<Record<TotalTerm, Candidate>>,
  breakdown: Assignment['breakdown'],
  groups: readonly (readonly [TotalTerm, readonly Option[]])[],
  baseCost: number,
  keep: number,
  full = false,
): (Assignment & { cost: number })[] {
  let top: (Assignment & { cost: number })[] = [];
  const walk = (i: number, chosen: Partial<Record<TotalTerm, Candidate>>, cost: number): void => {
    if (i === groups.length) {
      const { score, confirmed } = scoreOf(chosen, breakdown, full);
      top = [...top, { chosen, breakdown, score, confirmed, cost }]
        .sort((a, b) => b.score - b.cost - (a.score - a.cost))
        .slice(0, keep);
      return;
    }
    const [term, options] = groups[i]!;
    const dropCost = Math.max(0, ...options.map((o) => (o && !o.proofNeeded ? o.strength : 0)));
    for (const option of options)
      walk(i + 1, option ? { ...chosen, [term]: option } : chosen, option ? cost : cost + dropCost);
  };
  walk(0, base, baseCost);
  return top;
}

/** How far below the best core another is still fitted with the rest: one equation's weight. */
const CLOSE_CORE = 1.5;

const optionsOf = (candidates: Map<TotalTerm, Candidate[]>, term: TotalTerm): Option[] => [
  null,
  ...(candidates.get(term) ?? []),
];

/** The totals and breakdown of a document, or null when it prints no total at all. */
export function chooseTotals(
  layout: Layout,
  rows: readonly BreakdownRow[],
  extra: readonly Candidate[] = [],
  inLines: (row: Row) => boolean = () => false,
): TotalsChoice | null {
  const candidates = candidatesOf(layout, inLines);
  for (const c of [...extra, ...impliedVat(layout, candidates), ...unlabelled(layout, candidates)])
    candidates.set(c.term, [...(candidates.get(c.term) ?? []), c]);
  const breakdowns = [null, ...breakdownChoices(rows)];
  let top: Assignment | null = null;
  // The core (net, VAT, gross, breakdown) first; payment and line sums are fitted to each core.
  // Cores that tie (two nets equally labelled, no VAT printed to tell them apart) are each fitted: the
  // lines, allowances and charges decide between them.
  for (const breakdown of breakdowns) {
    const cores = ranked(
      {},
      breakdown,
      [
        ['BT-109', optionsOf(candidates, 'BT-109')],
        ['BT-110', optionsOf(candidates, 'BT-110')],
        ['BT-112', optionsOf(candidates, 'BT-112')],
      ],
      0,
      4,
    );
    // A core whose value needs proof may find none, and cores that come close (a weakly labelled net the
    // others do not contradict, "Terms: Net 21") are fitted too: the lines, allowances, charges and
    // payment decide between them.
    const first = cores.find((c) => !Object.values(c.chosen).some((x) => x!.proofNeeded)) ?? cores[0]!;
    for (const core of cores.filter((c) => c.score - c.cost >= first.score - first.cost - CLOSE_CORE)) {
      const full = best(
        core.chosen,
        breakdown,
        [
          ['BT-113', optionsOf(candidates, 'BT-113')],
          ['BT-115', optionsOf(candidates, 'BT-115')],
          ['BT-106', optionsOf(candidates, 'BT-106')],
          ['BT-107', optionsOf(candidates, 'BT-107')],
          ['BT-108', optionsOf(candidates, 'BT-108')],
        ],
        core.cost,
      );
      if (full.score === -Infinity) continue;
      if (!top || full.score - full.cost > top.score - (top as typeof full).cost) top = full;
    }
  }
  if (!top) return null;
  return derive(top, candidates);
}

function derive(top: Assignment, candidates: Map<TotalTerm, Candidate[]>): TotalsChoice | null {
  const { chosen, breakdown, confirmed } = top;
  const terms: Partial<Record<TotalTerm, ChosenTotal>> = {};
  for (const [term, c] of Object.entries(chosen) as [TotalTerm, Candidate][]) {
    if (c.value.isZero() && (term === 'BT-107' || term === 'BT-108' || term === 'BT-113')) continue;
    const rivals = (candidates.get(term) ?? []).filter(
      (o) => !o.value.equals(c.value) && o.strength >= c.strength,
    );
    const isConfirmed = confirmed.has(term);
    // A value not printed under its label is the arithmetic's alone: never given for sure.
    const confidence = c.proofNeeded
      ? LABELLED
      : isConfirmed
        ? c.strength >= 0.8
          ? CONFIRMED
          : CONFIRMED_WEAK_LABEL
        : rivals.length > 0 || c.strength < 0.8
          ? CHOSEN
          : LABELLED;
    terms[term] = {
      value: c.value,
      confidence,
      place: c.place,
      proven: isConfirmed,
      ...(c.proofNeeded ? { unlabelled: true } : {}),
    };
  }
  // A rate's tax printed other than its base × rate (taxes rounded per line or per part, then added):
  // the page agrees with itself, but EN 16931 (BR-CO-17) wants the tax of the whole base, so the VAT
  // and the totals it makes are not sure.
  const exact = !breakdown || mergedByRate(breakdown.rows).every(taxOfBase);
  if (!exact)
    for (const term of ['BT-110', 'BT-112', 'BT-115'] as const) {
      const x = terms[term];
      if (x && x.confidence > LABELLED) terms[term] = { ...x, confidence: LABELLED };
    }
  const derived = (
    term: TotalTerm,
    value: Decimal,
    from: readonly (ChosenTotal | undefined)[],
    placeOf: Place | undefined,
  ): void => {
    if (terms[term] || !placeOf) return;
    const sure = from.every((f) => f && f.confidence >= CONFIRMED_WEAK_LABEL);
    terms[term] = { value, confidence: sure ? 0.85 : CHOSEN, place: placeOf, proven: false };
  };
  const bdPlace = breakdown?.rows[0]?.place;
  const bdSure = { value: Decimal.ZERO, confidence: CONFIRMED, place: bdPlace!, proven: true };
  if (breakdown) {
    derived('BT-109', breakdown.base, [bdSure], bdPlace);
    derived('BT-110', breakdown.tax, [bdSure], bdPlace);
  }
  const t = (term: TotalTerm) => terms[term];
  // One of net, VAT and gross from the two others (BT-109 + BT-110 = BT-112).
  const fromTwo = (
    term: TotalTerm,
    a: TotalTerm,
    b: TotalTerm,
    combine: (x: Decimal, y: Decimal) => Decimal,
  ) => {
    const x = t(a);
    const y = t(b);
    if (x && y) derived(term, combine(x.value, y.value), [x, y], x.place);
  };
  fromTwo('BT-109', 'BT-112', 'BT-110', (gross, vat) => gross.minus(vat));
  // Neither net nor VAT printed (an exempt invoice's "Summe Positionen" and "Summe brutto"): the net is
  // the sum of lines with the allowances and charges read, and the VAT what the gross adds to it.
  const sumOfLines = t('BT-106');
  if (sumOfLines && !t('BT-110'))
    derived(
      'BT-109',
      sumOfLines.value.minus(t('BT-107')?.value ?? Decimal.ZERO).plus(t('BT-108')?.value ?? Decimal.ZERO),
      [sumOfLines],
      sumOfLines.place,
    );
  fromTwo('BT-112', 'BT-109', 'BT-110', (net, vat) => net.plus(vat));
  fromTwo('BT-110', 'BT-112', 'BT-109', (gross, net) => gross.minus(net));
  const net = t('BT-109');
  const gross = t('BT-112');
  if (!net || !gross || !t('BT-110')) return null;
  const lines = t('BT-106');
  if (net.value.sign() < 0 && lines) {
    // A credit note's allowances and charges printed unsigned: they carry the totals' sign.
    const a = t('BT-107')?.value ?? Decimal.ZERO;
    const c = t('BT-108')?.value ?? Decimal.ZERO;
    if (!close(lines.value.minus(a).plus(c), net.value) && close(lines.value.plus(a).minus(c), net.value)) {
      for (const term of ['BT-107', 'BT-108'] as const) {
        const x = terms[term];
        if (x) terms[term] = { ...x, value: x.value.negated() };
      }
    }
  }
  const allowances = t('BT-107')?.value ?? Decimal.ZERO;
  const charges = t('BT-108')?.value ?? Decimal.ZERO;
  derived('BT-106', net.value.plus(allowances).minus(charges), [net], net.place);
  const due = t('BT-115');
  if (due && !t('BT-113') && !due.value.equals(gross.value))
    derived('BT-113', gross.value.minus(due.value), [gross, due], due.place);
  derived('BT-115', gross.value.minus(t('BT-113')?.value ?? Decimal.ZERO), [gross], gross.place);
  const money = (term: TotalTerm) => {
    const v = t(term)?.value;
    return v ? { value: v.round(2, 'half-away').toString() } : undefined;
  };
  const totals: Totals = {
    lineTotal: money('BT-106'),
    ...(t('BT-108') ? { chargeTotal: money('BT-108') } : {}),
    ...(t('BT-107') ? { allowanceTotal: money('BT-107') } : {}),
    taxBasisTotal: money('BT-109'),
    taxTotals: [money('BT-110')!],
    grandTotal: money('BT-112'),
    ...(t('BT-113') ? { prepaidAmount: money('BT-113') } : {}),
    duePayable: money('BT-115'),
  };
  const breakdownConfirmed =
    !!breakdown &&
    exact &&
    close(breakdown.base, net.value, CENT.times(Decimal.of(2))) &&
    close(breakdown.tax, t('BT-110')!.value, CENT.times(Decimal.of(2)));
  return { totals, terms, breakdown: mergedByRate(breakdown?.rows ?? []), breakdownConfirmed };
}
