/**
 * The document's own terms, each chosen among its candidates: BT-1 (number), BT-2 (issue date), BT-3
 * (type), BT-5 (currency), BT-9 (due date), BT-13 (order reference), BT-23 (business process), BT-72
 * (delivery date), BG-14 (invoicing period) and BG-3 (the invoice a credit note or correction refers
 * to). Candidates come from labels (key-values.ts) and from the document's title ("Rechnungskorrektur (384) Nr. RK-1 vom 16.09.2019",
 * "Facture FA-2017-0009"); a number another document owns (the corrected invoice's, "Ursprungsbeleg",
 * "facture associée") is never BT-1, and the due date is never before the issue date.
 */
import type { Decimal } from '../decimal/decimal';
import { ISO4217_CURRENCIES } from '../rules/codelists/iso4217';
import { UNCL1001_INVOICE_TYPES } from '../rules/codelists/uncl1001';
import {
  BILLING_MODES,
  CORRECTIVE_TYPE_CODES,
  CREDIT_NOTE_TYPE_CODES,
} from '../rules/france-2026/lists-1.4.0';
import type { Layout, Row } from '../text/layout';
import { CHOSEN, CONFIRMED, LABELLED, type Place } from './confidence';
import { labelledValues, type PairOptions, type Read } from './key-values';
import {
  CURRENCY_LABELS,
  DAYS_TO_PAY,
  DELIVERY_DATE_LABELS,
  DUE_DATE_LABELS,
  ISSUE_DATE_LABELS,
  NOT_DAYS_TO_PAY,
  NOT_ISSUE_DATE,
  NOT_OWN_NUMBER,
  NUMBER_LABELS,
  NUMBER_VALUE,
  OPERATION_LABELS,
  OPERATION_WORDS,
  ORDER_LABELS,
  PERIOD_END_LABELS,
  PERIOD_LABELS,
  PERIOD_START_LABELS,
  PRECEDING_DATE_JOIN,
  PRECEDING_DATE_LABELS,
  PRECEDING_IN_SENTENCE,
  PRECEDING_NUMBER_LABELS,
  PROCESS_LABELS,
  TITLE_WORDS,
  TYPE_TITLES,
  words,
} from './labels';
import { CURRENCY_SIGNS, datesIn } from './values';

/** A term's value with where it was read and how sure the choice is. */
export interface Chosen<T = string> {
  readonly value: T;
  readonly place: Place;
  readonly confidence: number;
  /** Confirmed by a check (a date order), not only by its label. */
  readonly proven: boolean;
}

interface Candidate {
  readonly value: string;
  readonly strength: number;
  readonly place: Place;
}

const readDate: Read<string> = (text) => {
  const [first] = datesIn(text);
  return first && first.index <= 2 ? { value: first.value, text: first.text } : null;
};

const readNumber: Read<string> = (text) => {
  const m = NUMBER_VALUE.exec(text.trim());
  const value = m?.[1]?.replace(/[.,:;]$/, '');
  if (!value || readDate(value)) return null;
  return { value, text: value };
};

const placeOf = (row: Row, cells: Place['cells']): Place => ({ row, cells });

/**
 * The candidates of a term chosen: the values weighed by their strongest label, a value found in
 * several places weighing more. Sure (CONFIRMED) when a specific label gave it, in two places or with
 * no rival; LABELLED with a specific label and a weaker rival; CHOSEN otherwise.
 */
function choose(candidates: readonly Candidate[]): Chosen | null {
  const byValue = new Map<string, Candidate[]>();
  for (const c of candidates) byValue.set(c.value, [...(byValue.get(c.value) ?? []), c]);
  const ranked = [...byValue.values()]
    .map((list) => ({
      list,
      weight: Math.max(...list.map((c) => c.strength)) + 0.1 * Math.min(list.length - 1, 3),
    }))
    .sort((a, b) => b.weight - a.weight);
  const [top, second] = ranked;
  if (!top) return null;
  const first = top.list.reduce((a, b) => (b.strength > a.strength ? b : a));
  const strong = first.strength >= 0.9;
  const rival = second !== undefined && second.weight >= top.weight - 0.25;
  // Confirmed when two places print it (a title and a label, a header on each page): a label alone is
  // not proof.
  const agreed = new Set(top.list.map((c) => c.place.row.index)).size > 1;
  const confidence = strong && !rival ? (agreed ? CONFIRMED : LABELLED) : CHOSEN;
  return { value: first.value, place: first.place, confidence, proven: false };
}

/**
 * The title cells of page 1: where a document names its type and number; a cell naming another
 * document ("Facture d'origine : FA-311 du 02/09/2025") is no title.
 */
function titles(layout: Layout): { row: Row; cell: Row['cells'][number]; rest: string }[] {
  const out: { row: Row; cell: Row['cells'][number]; rest: string }[] = [];
  for (const row of layout.rows) {
    if (row.page !== 1) break;
    for (const cell of row.cells) {
      const m = TITLE_WORDS.exec(cell.text);
      if (!m) continue;
      // What follows the title's word names another document ("Corrected invoice" is a title, "Avoir
      // sur facture n° F-1", "Korrektur zu Rechnung R-1" name the invoice they refer to).
      const end = (m.index ?? 0) + m[0].length;
      const rest = cell.text.slice(end);
      // An e-mail or web address that starts with the word (rechnung@…, facture.example.fr) is no title.
      if (/^[@.]\p{L}/u.test(rest)) continue;
      // … or the words before it do ("Korrektur zu Rechnung Nr. R-1", "Credit for invoice F-1", "Storno
      // der Rechnung 451278 vom 11.12.2024" under the credit note's own title).
      if (
        NOT_OWN_NUMBER.test(rest) ||
        OTHER_DOCUMENT.test(rest) ||
        OTHER_DOCUMENT.test(cell.text.slice(0, end)) ||
        PRECEDING_IN_SENTENCE.test(cell.text.slice(0, end))
      )
        continue;
      out.push({ row, cell, rest });
    }
  }
  return out;
}

/** A title that names an invoice after its own word refers to that other invoice ("de la facture F-1"). */
const OTHER_DOCUMENT = words(
  /\b(?:de|of|to|for|zu|sur|against)\s+(?:la\s+|unserer\s+|der\s+|the\s+|our\s+)?(?:facture|rechnung|invoice)\b/i,
);

/** BT-1 from a title: "Facture FA-2017-0009", "Rechnung des Versicherers Nr. 00.123-1 vom", "Invoice 103767". */
function titleNumbers(layout: Layout): Candidate[] {
  const out: Candidate[] = [];
  for (const { row, cell, rest } of titles(layout)) {
    const marked =
      /^\s*(?:[\p{L}'’-]+\s+|\([^)]*\)\s*){0,4}?(?:nr|no|n[°º]|#|nummer|number)\.?\s*:?\s*/iu.exec(rest);
    // Words after the title's own that make its type ("Facture d'acompte AR914411", "Facture
    // rectificative 9701649") stand before the number as a bare title word does.
    const head = cell.text.slice(0, cell.text.length - rest.length);
    const typed = /^\s*(?:[\p{L}'’-]+\s+){1,2}/u.exec(rest)?.[0];
    const qualified =
      typed &&
      TYPE_TITLES.some(([pattern]) => {
        const m = pattern.exec(`${head}${typed}`);
        return m !== null && (m.index ?? 0) + m[0].length > head.length;
      })
        ? typed
        : '';
    const bare = /^\s*(?:\(\d{3}\)\s*)?:?\s*/.exec(rest.slice(qualified.length));
    const after = marked
      ? rest.slice(marked[0].length)
      : bare
        ? rest.slice(qualified.length + bare[0].length)
        : null;
    // "Nr. 210111 mit LV vom 30.05.2026": the number runs up to the date's "vom".
    const upToDate = after === null ? null : /^(\S[^:]{0,28}?\S)\s+(?:vom|du|dated)\s+\S*\d/i.exec(after);
    // The number runs up to the date only when it starts as a number does: "against invoice X" is no number.
    const read =
      upToDate && /\d/.test(upToDate[1]!.split(/\s/)[0]!)
        ? { value: upToDate[1]!, text: upToDate[1]! }
        : after === null
          ? null
          : readNumber(after);
    if (!read) continue;
    // A number that is all digits after a bare title word could be a year or a count: weaker.
    out.push({ value: read.value, strength: marked ? 1 : 0.8, place: placeOf(row, [cell]) });
  }
  return out;
}

export function invoiceNumber(layout: Layout): Chosen | null {
  const labelled = labelledValues(layout, NUMBER_LABELS, readNumber, { exclude: NOT_OWN_NUMBER }).map(
    (p) => ({
      value: p.value,
      strength: p.strength,
      place: placeOf(p.row, p.cell === p.label ? [p.cell] : [p.label, p.cell]),
    }),
  );
  // The title first: between equals, the number a document is titled with is its own.
  return choose([...titleNumbers(layout), ...labelled]);
}

/** BT-3: a code printed in the title, else the title's words, else a commercial invoice (380). */
export function typeCode(layout: Layout): Chosen {
  const found = titles(layout);
  for (const { row, cell } of found) {
    const code = /\((\d{3})\)/.exec(cell.text)?.[1];
    if (code && UNCL1001_INVOICE_TYPES.has(code))
      return { value: code, place: placeOf(row, [cell]), confidence: CONFIRMED, proven: true };
  }
  for (const { row, cell } of found) {
    const type = TYPE_TITLES.find(([pattern]) => pattern.test(cell.text));
    if (type) return { value: type[1], place: placeOf(row, [cell]), confidence: LABELLED, proven: false };
  }
  const [title] = found;
  if (title)
    return { value: '380', place: placeOf(title.row, [title.cell]), confidence: LABELLED, proven: false };
  const first = layout.rows[0];
  return {
    value: '380',
    place: first ? placeOf(first, first.cells.slice(0, 1)) : { row: first!, cells: [] },
    confidence: CHOSEN,
    proven: false,
  };
}

function titleDates(layout: Layout): Candidate[] {
  const out: Candidate[] = [];
  for (const { row, cell, rest } of titles(layout)) {
    const m = /\b(?:vom|du|dated|of|le)\s+/i.exec(rest);
    // "Corrects invoice 2024-42351 dated Apr 1, 2024": the other invoice's date.
    const before = cell.text.slice(0, cell.text.length - rest.length + (m?.index ?? rest.length));
    if (NOT_ISSUE_DATE.test(before)) continue;
    const date = m ? readDate(rest.slice((m.index ?? 0) + m[0].length)) : null;
    if (date) out.push({ value: date.value, strength: 0.9, place: placeOf(row, [cell]) });
    else if (!m || rest.slice((m.index ?? 0) + m[0].length).trim() === '') {
      // "Rechnung … Nr. X vom" over the date, or "Gutschrift Nr. X" over "vom 31.10.2018".
      const next = layout.rows[row.index + 1];
      const line = next && next.page === row.page ? next.line.text : '';
      const date = readDate(m ? line : line.replace(/^\s*(?:vom|du|dated)\s+/i, ''));
      if (date && next && (m || /^\s*(?:vom|du|dated)\s/i.test(line)))
        out.push({ value: date.value, strength: 0.9, place: placeOf(next, next.cells.slice(0, 1)) });
    }
  }
  return out;
}

/** Due date candidates, before the issue date is known. */
function dueDates(layout: Layout): Candidate[] {
  return labelledValues(layout, DUE_DATE_LABELS, readDate).map((p) => ({
    value: p.value,
    strength: p.strength,
    place: placeOf(p.row, p.cell === p.label ? [p.cell] : [p.label, p.cell]),
  }));
}

/** BT-2 and BT-9 together: the due date is never before the issue date, and agreeing raises both. */
export function dates(layout: Layout): { issue: Chosen | null; due: Chosen | null } {
  const labelled = labelledValues(layout, ISSUE_DATE_LABELS, readDate, { exclude: NOT_ISSUE_DATE }).map(
    (p) => ({
      value: p.value,
      strength: p.strength,
      place: placeOf(p.row, p.cell === p.label ? [p.cell] : [p.label, p.cell]),
    }),
  );
  let candidates = [...labelled, ...titleDates(layout)];
  if (candidates.length === 0) {
    // No label at all: a date standing alone at the head of the first page (letter style).
    const alone = layout.rows.find(
      (r) => r.page === 1 && r.cells.some((c) => readDate(c.text)?.text === c.text.trim()),
    );
    const cell = alone?.cells.find((c) => readDate(c.text)?.text === c.text.trim());
    if (alone && cell)
      candidates = [{ value: readDate(cell.text)!.value, strength: 0.5, place: placeOf(alone, [cell]) }];
  }
  const issue = choose(candidates);
  const dues = dueDates(layout).filter((d) => !issue || d.value >= issue.value);
  const due = choose(dues) ?? (issue ? dueAfterDays(layout, issue) : null);
  if (issue && due) {
    // The order of the two dates holds: a check beside the labels.
    return {
      issue: { ...issue, proven: true },
      due: { ...due, proven: true, confidence: Math.max(due.confidence, LABELLED) },
    };
  }
  return { issue, due };
}

/**
 * BT-9 when no date is labelled as due: the payment terms' number of days after the issue date
 * ("Zahlbar innerhalb von 14 Tagen", "Net 30"), when the page states one such term only; never a cash
 * discount's days or a term counted from another date (month end). Not printed as a date: LABELLED at
 * most.
 */
function dueAfterDays(layout: Layout, issue: Chosen): Chosen | null {
  const found: { days: number; place: Place }[] = [];
  for (const row of layout.rows) {
    for (const cell of row.cells) {
      if (NOT_DAYS_TO_PAY.test(cell.text)) continue;
      for (const pattern of DAYS_TO_PAY) {
        const m = pattern.exec(cell.text);
        const days = m ? Number(m.slice(1).find((g) => g !== undefined)) : NaN;
        if (days > 0 && days <= 180) {
          found.push({ days, place: placeOf(row, [cell]) });
          break;
        }
      }
    }
  }
  const [first] = found;
  if (!first || found.some((f) => f.days !== first.days)) return null;
  const [y, m, d] = issue.value.split('-').map(Number) as [number, number, number];
  const value = new Date(Date.UTC(y, m - 1, d + first.days)).toISOString().slice(0, 10);
  return { value, place: first.place, confidence: LABELLED, proven: false };
}

/** BT-13: a labelled order reference. */
export function orderReference(layout: Layout): Chosen | null {
  const found = labelledValues(layout, ORDER_LABELS, readNumber, { below: false }).map((p) => ({
    value: p.value,
    strength: p.strength * 0.9,
    place: placeOf(p.row, p.cell === p.label ? [p.cell] : [p.label, p.cell]),
  }));
  const chosen = choose(found);
  // Nothing checks a reference: its label is all there is.
  return chosen && { ...chosen, confidence: Math.min(chosen.confidence, LABELLED) };
}

/**
 * BT-23 where the page prints it under its label, as one of the codes a process is known by (the
 * French billing frameworks, "Cadre de facturation : S1"); never assumed.
 */
export function businessProcess(layout: Layout): Chosen | null {
  const readCode: Read<string> = (text) => {
    const code = /^\s*([A-Z]\d)\b/.exec(text)?.[1];
    return code && BILLING_MODES.has(code) ? { value: code, text: code } : null;
  };
  return labelledOnly(choose(labelled(layout, PROCESS_LABELS, readCode, { below: false })));
}

/**
 * The category of operation (France 2026: goods, services or both) where the page prints it under its
 * label, as BT-23's letter: B, S or M.
 */
export function operationCategory(layout: Layout): Chosen | null {
  const readCategory: Read<string> = (text) => {
    if (text.trim().length > 60) return null;
    const found = OPERATION_WORDS.find(([pattern]) => pattern.test(text));
    return found ? { value: found[1], text: text.trim() } : null;
  };
  return labelledOnly(choose(labelled(layout, OPERATION_LABELS, readCategory)));
}

/**
 * BT-23 from the category of operation printed and what the invoice says of its payment: the French
 * framework of an invoice already paid (2) when a prepaid amount leaves nothing due, of a final invoice
 * after a deposit (4) when it leaves some, else of an invoice submitted for payment (1). Derived, not
 * printed: LABELLED at most.
 */
export function billingFramework(category: Chosen, prepaid?: Decimal, due?: Decimal): Chosen {
  const deposit = prepaid !== undefined && prepaid.sign() > 0;
  const framework = deposit && due?.isZero() ? '2' : deposit ? '4' : '1';
  return {
    ...category,
    value: `${category.value}${framework}`,
    confidence: Math.min(category.confidence, LABELLED),
  };
}

/** A labelled term's candidates, but for labels standing in `skip`'s rows (an item's own dates). */
function labelled<T>(
  layout: Layout,
  labels: Parameters<typeof labelledValues>[1],
  read: Read<T>,
  options: PairOptions & { readonly skip?: (row: Row) => boolean; readonly notTitle?: boolean } = {},
): (Omit<Candidate, 'value'> & { value: T })[] {
  return labelledValues(layout, labels, read, options)
    .filter((p) => !options.skip?.(p.labelRow) && !(options.notTitle && startsWithTitle(p.label.text)))
    .map((p) => ({
      value: p.value,
      strength: p.strength,
      place: placeOf(p.row, p.cell === p.label ? [p.cell] : [p.label, p.cell]),
    }));
}

/** A cell that starts with a document's type ("Corrected Invoice F-1"): the document's own title. */
const startsWithTitle = (text: string): boolean =>
  TYPE_TITLES.some(([pattern]) => pattern.exec(text.trimStart())?.index === 0);

/** Nothing checks a process, a date of delivery or a period: their label is all there is. */
const labelledOnly = <T>(chosen: Chosen<T> | null): Chosen<T> | null =>
  chosen && { ...chosen, confidence: Math.min(chosen.confidence, LABELLED) };

/** BT-72: a labelled delivery date ("Liefer- und Leistungsdatum", "Date de livraison"), not an item's. */
export function deliveryDate(layout: Layout, skip: (row: Row) => boolean): Chosen | null {
  return labelledOnly(choose(labelled(layout, DELIVERY_DATE_LABELS, readDate, { skip })));
}

/** Two dates joined as a period: "01.10.2018 bis 31.10.2018", "du 01/01/2026 au 31/01/2026". */
const readPeriod: Read<string> = (text) => {
  const [from, to] = datesIn(text);
  if (!from || !to || from.index > 5 || from.value > to.value) return null;
  const between = text.slice(from.index + from.text.length, to.index);
  if (!/^\s*(?:bis|au|to|until|jusqu['’]au|[-–—])\s*$/i.test(between)) return null;
  return { value: `${from.value}/${to.value}`, text: text.slice(from.index, to.index + to.text.length) };
};

/**
 * BG-14: a labelled period of two dates, else its start (BT-73) and end (BT-74) labelled each; not an
 * item's period.
 */
export function invoicingPeriod(
  layout: Layout,
  skip: (row: Row) => boolean,
): Chosen<{ start: string; end: string }> | null {
  const both = choose(labelled(layout, PERIOD_LABELS, readPeriod, { skip }));
  if (both) {
    const [start, end] = both.value.split('/') as [string, string];
    return labelledOnly({ ...both, value: { start, end } });
  }
  const start = choose(labelled(layout, PERIOD_START_LABELS, readDate, { skip }));
  const end = choose(labelled(layout, PERIOD_END_LABELS, readDate, { skip }));
  if (!start || !end || start.value > end.value) return null;
  return labelledOnly({ ...start, value: { start: start.value, end: end.value } });
}

/**
 * BG-3: the invoice a credit note or a correction refers to, by its labelled number (BT-25: "N° de
 * facture associée", "Ursprungsbeleg-Nr", "original invoice number") and, when printed, its date (BT-26);
 * for a credit note or a correction, from the sentence that names it when no label does.
 */
export function precedingInvoice(
  layout: Layout,
  typeCode: string,
): Chosen<{ readonly id: string; readonly issueDate?: string }> | null {
  // "Corrected Invoice" titles the correction itself: the invoice it corrects is named elsewhere.
  const number = labelledOnly(
    choose(labelled(layout, PRECEDING_NUMBER_LABELS, readNumber, { notTitle: true })),
  );
  const sentence =
    CREDIT_NOTE_TYPE_CODES.has(typeCode) || CORRECTIVE_TYPE_CODES.has(typeCode)
      ? precedingInSentence(layout)
      : null;
  if (!number) return sentence;
  // The date may stand only in the sentence that names the same invoice.
  const issueDate =
    choose(labelled(layout, PRECEDING_DATE_LABELS, readDate))?.value ??
    (sentence?.value.id === number.value ? sentence.value.issueDate : undefined);
  return { ...number, value: { id: number.value, ...(issueDate ? { issueDate } : {}) } };
}

/**
 * BG-3 from the first sentence that names it, with the date that follows the number ("… F-1 du
 * 02/03/2026"); a sentence is no label, so CHOSEN at most.
 */
function precedingInSentence(
  layout: Layout,
): Chosen<{ readonly id: string; readonly issueDate?: string }> | null {
  for (const row of layout.rows) {
    const text = row.line.text;
    const named = PRECEDING_IN_SENTENCE.exec(text);
    if (!named) continue;
    const rest = text.slice(named.index + named[0].length);
    const number = readNumber(rest);
    if (!number) continue;
    const after = rest.slice(rest.indexOf(number.text) + number.text.length);
    const [date] = datesIn(after).filter((d) => PRECEDING_DATE_JOIN.test(after.slice(0, d.index)));
    return {
      value: { id: number.value, ...(date ? { issueDate: date.value } : {}) },
      place: placeOf(row, row.cells),
      confidence: CHOSEN,
      proven: false,
    };
  }
  return null;
}

/** Currency codes as printed beside amounts: three capitals that ISO 4217 knows. */
const codesIn = (text: string): string[] =>
  [...text.matchAll(/\b[A-Z]{3}\b/g)].map((m) => m[0]).filter((c) => ISO4217_CURRENCIES.has(c));

/**
 * BT-5: a labelled currency ("Währung: EUR"), else the codes and signs printed beside amounts, the most
 * frequent one; a sign never outweighs a code printed on the invoice.
 */
export function currency(layout: Layout): Chosen | null {
  const readCode: Read<string> = (text) => {
    const [code] = codesIn(text.replace(/\beuros?\b/i, 'EUR'));
    return code ? { value: code, text: code } : null;
  };
  const labelled = labelledValues(layout, CURRENCY_LABELS, readCode, { below: false });
  if (labelled[0]) {
    const p = labelled[0];
    const agree = labelled.every((l) => l.value === p.value);
    return {
      value: p.value,
      place: placeOf(p.row, p.cell === p.label ? [p.cell] : [p.label, p.cell]),
      confidence: agree ? CONFIRMED : CHOSEN,
      proven: false,
    };
  }
  const codes = new Map<string, { count: number; place: Place }>();
  const signs = new Map<string, { count: number; place: Place }>();
  for (const row of layout.rows) {
    for (const cell of row.cells) {
      for (const code of codesIn(cell.text)) {
        const known = codes.get(code);
        codes.set(code, { count: (known?.count ?? 0) + 1, place: known?.place ?? placeOf(row, [cell]) });
      }
      for (const [sign, code] of [...Object.entries(CURRENCY_SIGNS), [BARE_DOLLAR, DOLLAR] as const]) {
        if (typeof sign === 'string' ? !cell.text.includes(sign) : !sign.test(cell.text)) continue;
        const known = signs.get(code);
        signs.set(code, { count: (known?.count ?? 0) + 1, place: known?.place ?? placeOf(row, [cell]) });
      }
    }
  }
  const ranked = (m: Map<string, { count: number; place: Place }>) =>
    [...m.entries()].sort((a, b) => b[1].count - a[1].count);
  const [code, otherCode] = ranked(codes);
  const [sign] = ranked(signs);
  if (code) {
    const agrees = !otherCode && (!sign || sign[0] === code[0]);
    return { value: code[0], place: code[1].place, confidence: agrees ? CONFIRMED : CHOSEN, proven: false };
  }
  if (sign) {
    // A bare dollar sign is most often the US dollar's, but other dollars print it too.
    const confidence = sign[0] === DOLLAR && !signs.has('USD') ? CHOSEN : LABELLED;
    return { value: sign[0] === DOLLAR ? 'USD' : sign[0], place: sign[1].place, confidence, proven: false };
  }
  return null;
}

/** A dollar sign with no country's letters before it ("$1,470.00", "149,67 $"; not "US$", "A$", "CA$"). */
const BARE_DOLLAR = /(?<![A-Za-z])\$/;
const DOLLAR = '$';

/** The euro area's countries (ISO 3166 codes; Bulgaria from 2026). */
const EURO_AREA = new Set('AT BE BG CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK'.split(' '));

/**
 * BT-5 when the page prints no currency at all: an invoice of a seller in the euro area is in euros
 * (its amounts are in the national currency), read from where the seller's country was.
 */
export function domesticCurrency(sellerCountry: Chosen | undefined): Chosen | null {
  if (!sellerCountry || !EURO_AREA.has(sellerCountry.value)) return null;
  return { value: 'EUR', place: sellerCountry.place, confidence: CHOSEN, proven: false };
}
