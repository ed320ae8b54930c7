/**
 * How well a field extraction (core/fields) read an invoice, against the corpus truth taken from the
 * invoice's own XML (`../shared/corpus/pdf/*.truth.json`, format in that folder's README): per business
 * term, correct, wrong, missed (the truth has it, the reader gave nothing) or spurious (the reader gave a
 * value the truth does not have), with the confidence the reader gave. Amounts and quantities compare
 * numerically, names without case, spacing or outer punctuation (a name the XML spreads over several
 * lines matches any one of them), identifiers without spaces, units C62 and H87 alike. Used by the
 * reading benchmark and the corpus reading test, so that both count the same way.
 */
import { Decimal } from '../decimal/decimal';
import type { FieldExtraction } from '../fields/extraction';
import type { Profile } from '../cii/profile';
import type { Invoice, InvoiceLine } from '../model/invoice';
import { term as termEntry } from '../model/registry';

interface TruthParty {
  readonly name: string | null;
  readonly legalId: { readonly id: string; readonly scheme: string | null } | null;
  readonly vatId: string | null;
  /** BT-32, a tax registration that is not a VAT number; scored when the truth gives it. */
  readonly taxId?: string | null;
  readonly country: string | null;
}

interface TruthLine {
  readonly name: string | null;
  readonly quantity: string | null;
  readonly unitCode: string | null;
  readonly netPrice: string | null;
  readonly lineTotal: string | null;
  readonly vatCategory: string | null;
  readonly vatRate: string | null;
}

/** The fields of a `.truth.json` the score reads. */
export interface ReadingTruth {
  /** The profile of the XML the truth was taken from (XRECHNUNG counts as EN16931). */
  readonly profile: string;
  readonly invoiceNumber: string;
  readonly issueDate: string | null;
  readonly typeCode: string | null;
  readonly currency: string | null;
  readonly dueDate: string | null;
  readonly purchaseOrderReference: string | null;
  /**
   * BT-25, the invoice a credit note or a correction refers to: not in the corpus truth format, given
   * by truths that know it (the generated invoices'); scored only then.
   */
  readonly precedingInvoiceReference?: string | null;
  /** BT-23, the business process (France 2026: the billing framework); scored when the truth gives it. */
  readonly businessProcess?: string | null;
  readonly seller: TruthParty;
  readonly buyer: TruthParty;
  readonly iban: readonly string[];
  readonly totals: Readonly<
    Record<
      'lineNet' | 'allowances' | 'charges' | 'taxExclusive' | 'vat' | 'taxInclusive' | 'prepaid' | 'due',
      string | null
    >
  >;
  readonly vatBreakdown: readonly {
    readonly category: string | null;
    readonly rate: string | null;
    readonly base: string | null;
    readonly amount: string | null;
  }[];
  readonly lines: readonly TruthLine[];
}

/**
 * `unprinted`: a value the print does not show but that is a true fact of the invoice, neither exact
 * nor spurious — a SIREN (BT-30/BT-47) read from the party's French VAT id (FR, a two-digit key, the
 * nine-digit SIREN) when the truth prints no SIREN and its own VAT id for the party holds that SIREN.
 */
export type Outcome = 'correct' | 'wrong' | 'missed' | 'spurious' | 'unprinted';

export interface TermResult {
  readonly term: string;
  readonly outcome: Outcome;
  /** The reader's confidence in its value (absent when it gave none). */
  readonly confidence?: number;
  readonly read?: string;
  readonly expected?: string;
}

/** The header terms issue 10 measures ("header accuracy"). */
export const HEADER_TERMS = [
  'BT-1',
  'BT-2',
  'BT-3',
  'BT-5',
  'BT-9',
  'BT-27',
  'BT-31',
  'BT-44',
  'BT-48',
  'BT-84',
  'BT-106',
  'BT-109',
  'BT-110',
  'BT-112',
  'BT-115',
] as const;

/** Further document-level terms the reader fills, reported beside the header ones. */
export const OTHER_TERMS = [
  'BT-13',
  'BT-23',
  'BT-25',
  'BT-30',
  'BT-32',
  'BT-40',
  'BT-47',
  'BT-55',
  'BT-107',
  'BT-108',
  'BT-113',
  'BG-23',
] as const;

/** The line terms compared, per truth line. */
export const LINE_TERMS = ['BT-153', 'BT-129', 'BT-130', 'BT-146', 'BT-131', 'BT-151', 'BT-152'] as const;

type Kind = 'text' | 'name' | 'id' | 'amount' | 'set' | 'unit';

const decimal = (s: string | null | undefined): Decimal | null =>
  s === null || s === undefined ? null : Decimal.parse(s.trim());

const sameNumber = (a: string, b: string): boolean => {
  const x = decimal(a);
  const y = decimal(b);
  return x !== null && y !== null && x.equals(y);
};

/** A name as compared: case, spacing and the punctuation around it do not count. */
const normalName = (s: string): string =>
  s
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'«»,.;:-]+|[\s"'«»,.;:-]+$/g, '');

/** Units a print cannot tell apart: "Stk", "pcs" are UN/ECE "one" (C62) and "piece" (H87) alike. */
const PIECE = /^(C62|H87)$/;

const same = (kind: Kind, read: string, expected: string): boolean => {
  switch (kind) {
    case 'amount':
      return sameNumber(read, expected);
    case 'name':
      // Some XML names hold several printed lines (a GLN, a supplier number, then the name): the name
      // as printed is any one of them, or all of them.
      return [expected, ...expected.split('\n')].some((e) => normalName(read) === normalName(e));
    case 'unit':
      return read === expected || (PIECE.test(read) && PIECE.test(expected));
    case 'id':
      // A SIRET (14 digits) holds its SIREN (BT-30/BT-47 with scheme 0002) in its first nine.
      if (/^\d{9}$/.test(read) && /^\d{14}$/.test(expected.replace(/\s+/g, '')))
        return expected.replace(/\s+/g, '').startsWith(read);
      return read.replace(/\s+/g, '').toUpperCase() === expected.replace(/\s+/g, '').toUpperCase();
    case 'set':
      return read.replace(/\s+/g, '').toUpperCase() === expected.replace(/\s+/g, '').toUpperCase();
    case 'text':
      return read.trim() === expected.trim();
  }
};

/** A zero allowance, charge or prepaid total is the same as none printed. */
const emptyAmount = (s: string | null | undefined): boolean => s == null || decimal(s)?.isZero() === true;

/**
 * Whether the truth's profile can hold a term at all: a MINIMUM XML has no due date, IBAN or VAT
 * breakdown, though its picture prints them, so a value read there is not spurious.
 */
function carried(term: string, profile: string): boolean {
  const entry = termEntry(term.replace(/^BG-25\[\d+\]\//, ''));
  const asProfile = (profile === 'XRECHNUNG' ? 'EN16931' : profile) as Profile;
  return !entry || entry.cardinality[asProfile] !== null;
}

function compare(
  term: string,
  kind: Kind,
  read: string | undefined,
  expected: string | null | undefined,
  confidence: number | undefined,
  profile: string,
): TermResult | null {
  const hasExpected = expected !== null && expected !== undefined && expected.trim() !== '';
  const info = {
    term,
    ...(confidence !== undefined && read !== undefined ? { confidence } : {}),
    ...(read !== undefined ? { read } : {}),
    ...(hasExpected ? { expected } : {}),
  };
  if (read === undefined || read.trim() === '') return hasExpected ? { ...info, outcome: 'missed' } : null;
  if (!hasExpected) return carried(term, profile) ? { ...info, outcome: 'spurious' } : null;
  return { ...info, outcome: same(kind, read, expected) ? 'correct' : 'wrong' };
}

const vatId = (party: Invoice['seller']): string | undefined =>
  party?.taxRegistrations?.find((r) => (r.id?.scheme ?? 'VA') === 'VA')?.id?.value;

const taxNumber = (party: Invoice['seller']): string | undefined =>
  party?.taxRegistrations?.find((r) => r.id?.scheme === 'FC')?.id?.value;

/** A VAT breakdown as one comparable text: category, rate, base and tax of each row, sorted. */
function breakdownKey(rows: readonly (readonly (string | null | undefined)[])[]): string {
  return rows
    .map(([category, ...numbers]) =>
      [category ?? '', ...numbers.map((n) => decimal(n)?.normalized().toString() ?? '')].join('/'),
    )
    .sort()
    .join(' ');
}

type Check = [term: string, kind: Kind, read: string | undefined, expected: string | null | undefined];

/** A check of a term only some truths give (undefined: this truth does not know it). */
const known = (
  term: string,
  kind: Kind,
  read: string | undefined,
  expected: string | null | undefined,
): Check[] => (expected === undefined ? [] : [[term, kind, read, expected]]);

/** The document-level terms of one invoice: HEADER_TERMS then OTHER_TERMS, those the truth or the reader has. */
export function scoreTerms(extraction: FieldExtraction, truth: ReadingTruth): TermResult[] {
  const { invoice, evidence } = extraction;
  const totals = invoice.totals;
  const t = truth.totals;
  const optionalAmount = (value: string | undefined, expected: string | null) =>
    [emptyAmount(value) ? undefined : value, emptyAmount(expected) ? null : expected] as const;
  const ibans = [...new Set((invoice.paymentMeans ?? []).flatMap((p) => p.creditorAccount?.iban ?? []))];
  const checks: Check[] = [
    ['BT-1', 'text', invoice.number, truth.invoiceNumber],
    ['BT-2', 'text', invoice.issueDate, truth.issueDate],
    ['BT-3', 'text', invoice.typeCode, truth.typeCode],
    ['BT-5', 'text', invoice.currency, truth.currency],
    ['BT-9', 'text', invoice.paymentTerms?.find((p) => p.dueDate)?.dueDate, truth.dueDate],
    ['BT-27', 'name', invoice.seller?.name, truth.seller.name],
    ['BT-31', 'id', vatId(invoice.seller), truth.seller.vatId],
    ['BT-44', 'name', invoice.buyer?.name, truth.buyer.name],
    ['BT-48', 'id', vatId(invoice.buyer), truth.buyer.vatId],
    [
      'BT-84',
      'set',
      ibans.length ? [...ibans].sort().join(',') : undefined,
      [...truth.iban].sort().join(','),
    ],
    ['BT-106', 'amount', totals?.lineTotal?.value, t.lineNet],
    ['BT-109', 'amount', totals?.taxBasisTotal?.value, t.taxExclusive],
    ['BT-110', 'amount', totals?.taxTotals?.[0]?.value, t.vat],
    ['BT-112', 'amount', totals?.grandTotal?.value, t.taxInclusive],
    ['BT-115', 'amount', totals?.duePayable?.value, t.due],
    ['BT-13', 'id', invoice.buyerOrder?.id, truth.purchaseOrderReference],
    ...known('BT-23', 'text', invoice.businessProcess, truth.businessProcess),
    ...known('BT-25', 'id', invoice.precedingInvoices?.[0]?.id, truth.precedingInvoiceReference),
    ['BT-30', 'id', invoice.seller?.legalOrganization?.id?.value, truth.seller.legalId?.id],
    ...known('BT-32', 'id', taxNumber(invoice.seller), truth.seller.taxId),
    ['BT-40', 'text', invoice.seller?.address?.country, truth.seller.country],
    ['BT-47', 'id', invoice.buyer?.legalOrganization?.id?.value, truth.buyer.legalId?.id],
    ['BT-55', 'text', invoice.buyer?.address?.country, truth.buyer.country],
    ['BT-107', 'amount', ...optionalAmount(totals?.allowanceTotal?.value, t.allowances)],
    ['BT-108', 'amount', ...optionalAmount(totals?.chargeTotal?.value, t.charges)],
    ['BT-113', 'amount', ...optionalAmount(totals?.prepaidAmount?.value, t.prepaid)],
    [
      'BG-23',
      'text',
      invoice.vatBreakdown?.length
        ? breakdownKey(
            invoice.vatBreakdown.map((b) => [
              b.categoryCode,
              b.rate,
              b.basisAmount?.value,
              b.taxAmount?.value,
            ]),
          )
        : undefined,
      truth.vatBreakdown.length
        ? breakdownKey(truth.vatBreakdown.map((b) => [b.category, b.rate, b.base, b.amount]))
        : null,
    ],
  ];
  const partyOf: Readonly<Record<string, TruthParty>> = { 'BT-30': truth.seller, 'BT-47': truth.buyer };
  return checks.flatMap(([term, kind, read, expected]) => {
    const result = compare(term, kind, read, expected, evidence[term]?.confidence, truth.profile);
    if (result?.outcome === 'spurious' && partyOf[term] && read === sirenInVatId(partyOf[term].vatId))
      return [{ ...result, outcome: 'unprinted' as const }];
    return result ? [result] : [];
  });
}

/** The SIREN a French VAT id holds (FR, its two-character key, then the nine digits). */
const sirenInVatId = (vatId: string | null): string | undefined =>
  /^FR[0-9A-Z]{2}(\d{9})$/.exec(vatId?.replace(/\s+/g, '').toUpperCase() ?? '')?.[1];

const lineValues = (line: InvoiceLine): Record<(typeof LINE_TERMS)[number], string | undefined> => ({
  'BT-153': line.product?.name,
  'BT-129': line.billedQuantity?.value,
  'BT-130': line.billedQuantity?.unit,
  'BT-146': line.netPrice?.amount?.value,
  'BT-131': line.summation?.lineTotal?.value,
  'BT-151': line.taxes?.[0]?.categoryCode,
  'BT-152': line.taxes?.[0]?.rate,
});

const LINE_KINDS: Readonly<Record<(typeof LINE_TERMS)[number], Kind>> = {
  'BT-153': 'name',
  'BT-129': 'amount',
  'BT-130': 'unit',
  'BT-146': 'amount',
  'BT-131': 'amount',
  'BT-151': 'text',
  'BT-152': 'amount',
};

const truthLineValues = (line: TruthLine): Record<(typeof LINE_TERMS)[number], string | null> => ({
  'BT-153': line.name,
  'BT-129': line.quantity,
  'BT-130': line.unitCode,
  'BT-146': line.netPrice,
  'BT-131': line.lineTotal,
  'BT-151': line.vatCategory,
  'BT-152': line.vatRate,
});

export interface LineScore {
  /** Lines in the truth, and read. */
  readonly expected: number;
  readonly read: number;
  /** Every truth line read, no extra line, every line term right. */
  readonly exact: boolean;
  /** Line terms of the truth lines, and how many were read right (lines paired in order by BT-131). */
  readonly terms: number;
  readonly correct: number;
  /** Per line term (`BG-25[n]/BT-…`, n the truth line), what went wrong. */
  readonly results: readonly TermResult[];
}

/**
 * The invoice lines against the truth's: each truth line is paired, in order, with the next read line
 * of the same net amount (BT-131); unpaired truth lines count as missed, unpaired read lines as extra.
 */
export function scoreLines(extraction: FieldExtraction, truth: ReadingTruth): LineScore {
  const read = extraction.invoice.lines ?? [];
  const results: TermResult[] = [];
  let next = 0;
  let paired = 0;
  for (const [i, expected] of truth.lines.entries()) {
    const want = truthLineValues(expected);
    let match = -1;
    for (let j = next; j < read.length; j++) {
      const total = read[j]!.summation?.lineTotal?.value;
      if (total !== undefined && want['BT-131'] !== null && sameNumber(total, want['BT-131'])) {
        match = j;
        break;
      }
    }
    const got = match >= 0 ? lineValues(read[match]!) : undefined;
    if (match >= 0) {
      next = match + 1;
      paired++;
    }
    for (const term of LINE_TERMS) {
      const key = `BG-25[${i + 1}]/${term}`;
      const confidence =
        match >= 0 ? extraction.evidence[`BG-25[${match + 1}]/${term}`]?.confidence : undefined;
      const result = compare(key, LINE_KINDS[term], got?.[term], want[term], confidence, truth.profile);
      if (result) results.push(result);
    }
  }
  const counted = results.filter((r) => r.outcome !== 'spurious');
  const correct = counted.filter((r) => r.outcome === 'correct').length;
  return {
    expected: truth.lines.length,
    read: read.length,
    exact: read.length === truth.lines.length && paired === read.length && correct === counted.length,
    terms: counted.length,
    correct,
    results,
  };
}

export interface Tally {
  correct: number;
  wrong: number;
  missed: number;
  spurious: number;
  /** True but not printed (see Outcome): counted apart, in no accuracy. */
  unprinted: number;
  /** Values given with confidence ≥ 0.9, and how many of them were right. */
  confident: number;
  confidentCorrect: number;
}

const emptyTally = (): Tally => ({
  correct: 0,
  wrong: 0,
  missed: 0,
  spurious: 0,
  unprinted: 0,
  confident: 0,
  confidentCorrect: 0,
});

/** The confidence from which a value counts as given for sure (issue 10: 99.5 % of them right). */
export const CONFIDENT = 0.9;

/** Results added up by the key `by` gives (a term, or one key for all). */
export function tally(results: readonly TermResult[], by: (r: TermResult) => string): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const r of results) {
    const key = by(r);
    const t = out.get(key) ?? emptyTally();
    t[r.outcome] += 1;
    // A true value not printed is neither a right nor a wrong reading of the print.
    if (r.outcome !== 'unprinted' && r.confidence !== undefined && r.confidence >= CONFIDENT) {
      t.confident += 1;
      if (r.outcome === 'correct') t.confidentCorrect += 1;
    }
    out.set(key, t);
  }
  return out;
}

/** Right of what the truth has (correct / (correct + wrong + missed)), 0–1. */
export const accuracy = (t: Tally): number => t.correct / Math.max(1, t.correct + t.wrong + t.missed);
