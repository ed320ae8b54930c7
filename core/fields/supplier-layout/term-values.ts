/**
 * How each remembered term is read out of a cell's text, and its value in the corrected invoice, both
 * in canonical form so that they compare whatever the printed form: dates `YYYY-MM-DD` ("14.03.2025",
 * "14 mars 2025"), amounts as decimals ("1 234,50 €"), VAT identifiers without spaces, references and
 * names as printed (spaces and case aside).
 */
import { Decimal } from '../../decimal/decimal';
import type { Invoice } from '../../model/invoice';
import { NUMBER_VALUE } from '../labels';
import { datesIn, moneyIn, readVatId, VAT_PATTERN } from '../values';
import type { LayoutTerm } from './seller-layout';

type Kind = 'reference' | 'date' | 'name' | 'vat' | 'amount';

const KINDS: Readonly<Record<LayoutTerm, Kind>> = {
  'BT-1': 'reference',
  'BT-2': 'date',
  'BT-9': 'date',
  'BT-13': 'reference',
  'BT-27': 'name',
  'BT-31': 'vat',
  'BT-44': 'name',
  'BT-48': 'vat',
  'BT-106': 'amount',
  'BT-109': 'amount',
  'BT-110': 'amount',
  'BT-112': 'amount',
  'BT-115': 'amount',
};

export const isAmountTerm = (term: LayoutTerm): boolean => KINDS[term] === 'amount';

const spaced = (text: string): string => text.replace(/\s+/g, ' ').trim();

const amount = (text: string): string | null => Decimal.parse(text)?.normalized().toString() ?? null;

/** A value read in a text: canonical, and where its printed form starts (what stands before is a label). */
export interface TermReading {
  readonly value: string;
  readonly index: number;
}

/** Every value of the term's kind in `text`, canonical, left to right. */
export function readingsIn(term: LayoutTerm, text: string): TermReading[] {
  switch (KINDS[term]) {
    case 'date':
      return datesIn(text).map((d) => ({ value: d.value, index: d.index }));
    case 'amount':
      return moneyIn(text).flatMap((m) => {
        const value = amount(m.value);
        return value === null ? [] : [{ value, index: m.index }];
      });
    case 'vat':
      return [...text.matchAll(VAT_PATTERN)].flatMap((m) => {
        const read = readVatId(m[0]);
        return read ? [{ value: read.value, index: m.index ?? 0 }] : [];
      });
    case 'name':
      return text.trim() ? [{ value: spaced(text).toLowerCase(), index: 0 }] : [];
    case 'reference':
      return [...text.matchAll(/\S+/g)].flatMap((m) => {
        const value = NUMBER_VALUE.exec(m[0])?.[1]?.replace(/[.,:;]$/, '');
        return value ? [{ value: value.toUpperCase(), index: m.index ?? 0 }] : [];
      });
  }
}

/** The first value of the term's kind in `text`, as the invoice would carry it (names and references as printed). */
export function valueIn(term: LayoutTerm, text: string): string | null {
  const [first] = readingsIn(term, text);
  if (!first) return null;
  if (KINDS[term] === 'name') return spaced(text);
  if (KINDS[term] === 'reference') return text.slice(first.index, first.index + first.value.length);
  return first.value;
}

const vatOf = (party: Invoice['seller']): string | undefined =>
  party?.taxRegistrations?.find((t) => t.id?.scheme === undefined || t.id.scheme === 'VA')?.id?.value;

/** The term's value in the corrected invoice, canonical as valuesIn reads it; undefined when it has none. */
export function invoiceValue(invoice: Invoice, term: LayoutTerm): string | undefined {
  const t = invoice.totals;
  const raw: Readonly<Record<LayoutTerm, string | undefined>> = {
    'BT-1': invoice.number,
    'BT-2': invoice.issueDate,
    'BT-9': invoice.paymentTerms?.find((p) => p.dueDate)?.dueDate,
    'BT-13': invoice.buyerOrder?.id,
    'BT-27': invoice.seller?.name,
    'BT-31': vatOf(invoice.seller),
    'BT-44': invoice.buyer?.name,
    'BT-48': vatOf(invoice.buyer),
    'BT-106': t?.lineTotal?.value,
    'BT-109': t?.taxBasisTotal?.value,
    // BT-110 in the invoice currency; BT-111, in the accounting currency, is not printed as a total here.
    'BT-110': (
      t?.taxTotals?.find((x) => x.currency === undefined || x.currency === invoice.currency) ??
      t?.taxTotals?.[0]
    )?.value,
    'BT-112': t?.grandTotal?.value,
    'BT-115': t?.duePayable?.value,
  };
  const value = raw[term];
  if (value === undefined || value.trim() === '') return undefined;
  switch (KINDS[term]) {
    case 'amount':
      return amount(value) ?? undefined;
    case 'name':
      return spaced(value).toLowerCase();
    case 'reference':
      return value.trim().toUpperCase();
    case 'vat':
      return value.replace(/[\s.-]/g, '').toUpperCase();
    case 'date':
      return value;
  }
}
