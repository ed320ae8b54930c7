/**
 * Field extraction: an invoice read from its positioned text (text layer or OCR) the way a person reads
 * it — layout first (core/text/layout.ts: cells, columns, what stands right of and under a label), then
 * several candidates per term, then one choice per group of terms under the invoice's own arithmetic and
 * checks: the document's own terms (document-terms.ts), the parties and their identifiers (parties.ts,
 * identifiers.ts), the totals and the VAT breakdown together (totals.ts, vat-breakdown.ts), the invoice
 * lines when they add up to the sum of lines (extract-lines.ts). Each term filled carries its evidence:
 * page, box, the words it was read from, and a confidence that means something (confidence.ts). A term
 * the reader is not sure enough of is left empty rather than guessed.
 */
import type { Invoice, InvoiceLine, Party, VatBreakdown } from '../model/invoice';
import { layoutOf, type Layout, type Row } from '../text/layout';
import type { DocumentText } from '../text/page-text';
import { Decimal } from '../decimal/decimal';
import {
  allowanceRows,
  bridgingRows,
  splitAcrossRates,
  toAllowanceCharges,
  unnamedRow,
  type AllowanceRow,
} from './allowances';
import { ABSTAIN, CHOSEN, evidenceAt, LABELLED, type Place } from './confidence';
import {
  billingFramework,
  businessProcess,
  currency,
  dates,
  deliveryDate,
  domesticCurrency,
  invoiceNumber,
  invoicingPeriod,
  operationCategory,
  precedingInvoice,
  orderReference,
  typeCode,
  type Chosen,
} from './document-terms';
import { ratesInTables, readLines, summingTo, tablesOf, type LineTerm } from './extract-lines';
import { lineBreakdown } from './line-breakdown';
import type { FieldEvidence, FieldExtraction } from './extraction';
import { identifiersOf } from './identifiers';
import { legalNotes } from './legal-notes';
import { LANGUAGE_WORDS, VAT_CATEGORY_WORDS, type Language } from './labels';
import { readParties, type PartyReading } from './parties';
import { recallLayout } from './supplier-layout/recall';
import { moneyIn } from './values';
import type { SellerLayout } from './supplier-layout/seller-layout';
import { chooseTotals, type Candidate as TotalCandidate, type TotalTerm } from './totals';
import {
  breakdownRows,
  impliedBreakdown,
  mergedByRate,
  exemptionMention,
  ratedTaxSum,
  type BreakdownRow,
} from './vat-breakdown';

export interface ReadOptions {
  /** The seller's remembered layout: its readings join the candidates (supplier-layout/recall.ts). */
  readonly sellerLayout?: SellerLayout;
}

export function extractFields(text: DocumentText, options: ReadOptions = {}): FieldExtraction {
  const layout = layoutOf(text);
  const recalled = options.sellerLayout ? recallLayout(layout, options.sellerLayout) : null;
  const evidence: Record<string, FieldEvidence> = {};
  const note = (term: string, at: Place, confidence: number, proven: boolean, shown?: string): void => {
    if (!at.row) return;
    evidence[term] = evidenceAt(at, confidence, text.source, proven, shown);
  };
  /** A chosen value, if sure enough to be given: noted, and returned. */
  const take = <T>(term: string, own: Chosen<T> | null | undefined): T | undefined => {
    const chosen = recalled ? recalled.prefer(term, own) : own;
    if (!chosen || chosen.confidence < ABSTAIN) return undefined;
    note(term, chosen.place, chosen.confidence, chosen.proven);
    return chosen.value;
  };
  const invoice: Invoice = {};
  const language = languageOf(layout);

  const number = take('BT-1', invoiceNumber(layout));
  if (number) invoice.number = number;
  invoice.typeCode = take('BT-3', typeCode(layout)) ?? '380';
  const { issue, due } = dates(layout);
  const issueDate = take('BT-2', issue);
  if (issueDate) invoice.issueDate = issueDate;
  const dueDate = take('BT-9', due);
  if (dueDate) invoice.paymentTerms = [{ dueDate }];
  const order = take('BT-13', orderReference(layout));
  if (order) invoice.buyerOrder = { id: order };
  const preceding = take('BT-25', precedingInvoice(layout, invoice.typeCode));
  if (preceding) invoice.precedingInvoices = [preceding];
  const process = take('BT-23', businessProcess(layout));
  if (process) invoice.businessProcess = process;
  // An item's own dates stand in the lines table: the document's are outside it.
  const inTable = new Set(tablesOf(layout).flatMap((t) => t.rows.map((r) => r.index)));
  const inLines = (row: Row) => inTable.has(row.index);
  const notes = legalNotes(layout);
  if (notes.length > 0) {
    invoice.notes = notes.map((n) => ({ content: n.text, subjectCode: n.code }));
    // Printed as they are; nothing checks their words.
    note('BT-22', notes[0]!.place, LABELLED, false, notes.map((n) => n.text).join(' | '));
  }
  const delivered = take('BT-72', deliveryDate(layout, inLines));
  if (delivered) invoice.deliveryDate = delivered;
  const period = take('BG-14', invoicingPeriod(layout, inLines));
  if (period) invoice.invoicingPeriod = period;
  const identifiers = identifiersOf(layout);
  const parties = readParties(layout, identifiers, language);
  const invoiceCurrency =
    take('BT-5', currency(layout)) ?? take('BT-5', domesticCurrency(parties.seller.country));
  if (invoiceCurrency) invoice.currency = invoiceCurrency;
  const seller = partyOf(
    parties.seller,
    {
      name: 'BT-27',
      vat: 'BT-31',
      taxNumber: 'BT-32',
      legalId: 'BT-30',
      country: 'BT-40',
      endpoint: 'BT-34',
    },
    take,
  );
  const buyer = partyOf(
    parties.buyer,
    { name: 'BT-44', vat: 'BT-48', legalId: 'BT-47', country: 'BT-55', endpoint: 'BT-49' },
    take,
  );
  if (seller) invoice.seller = seller;
  if (buyer) invoice.buyer = buyer;
  const deliverTo = take('BT-80', parties.deliverTo);
  if (deliverTo) invoice.shipTo = { address: { country: deliverTo } };

  const ibans = [...new Map(identifiers.filter((i) => i.kind === 'iban').map((i) => [i.value, i])).values()];
  const [firstIban] = ibans;
  if (firstIban) {
    invoice.paymentMeans = ibans.map((i) => ({ typeCode: '58', creditorAccount: { iban: i.value } }));
    const sure = firstIban.keyOk ? (firstIban.labelled ? 0.95 : 0.9) : 0.6;
    note('BT-84', { row: firstIban.row, cells: [firstIban.cell] }, sure, !!firstIban.keyOk, firstIban.text);
  }

  const rows = breakdownRows(layout);
  // The lines first, under the rates the page shows: their sum is a candidate for BT-106, weaker than
  // a printed total (rows read on their own may miss an item): kept when the totals agree with it.
  const knownRates = mergedByRate(rows).map((r) => ({ rate: r.rate, category: r.category }));
  const read = readLines(layout, knownRates);
  // Without a breakdown printed, the rates the lines print: the lines read under them imply the
  // breakdown (line-breakdown.ts), a candidate the totals keep only when it agrees with them.
  const linesRates = rows.length === 0 ? ratesInTables(layout) : [];
  // With no rate known at all, the lines are read under one rate for their sum alone (read again below
  // under the rates the totals choose).
  const open = rows.length === 0 ? readLines(layout, linesRates.length > 0 ? linesRates : [UNRATED]) : null;
  const lineRead = read ?? open;
  // Allowances and charges: rows their words name (their sum a candidate), and each amount that bridges
  // the lines' sum and a total below it (a weaker one).
  const allowances = allowanceRows(layout);
  const implied =
    open && linesRates.length > 0
      ? lineBreakdown(open, layout, (index) => inTable.has(index), allowances)
      : [];
  const lastLine = lineRead
    ? Math.max(...inTable, ...lineRead.lines.map((l) => l.places['BT-131']!.row.index))
    : null;
  const bridging =
    lineRead && lastLine !== null
      ? bridgingRows(layout, lineRead.sum, lastLine).filter(
          (b) => !allowances.some((a) => a.place.row === b.place.row),
        )
      : [];
  const termOf = (a: AllowanceRow): 'BT-107' | 'BT-108' => (a.isCharge ? 'BT-108' : 'BT-107');
  // A row's amount is one printed value: the same cell cannot be an allowance and, say, a prepaid amount
  // ("abzüglich Abschlagszahlung -2.250,00"). The key is the one the totals give a labelled cell.
  const amountKey = (a: AllowanceRow): string => {
    const cell = a.place.row.cells.filter((c) => moneyIn(c.text).length > 0).at(-1);
    return cell ? `${a.place.row.index}:${cell.x.toFixed(1)}` : `${a.place.row.index}:allowance`;
  };
  const sums = [
    ...(['BT-107', 'BT-108'] as const).flatMap((term) => {
      const mine = allowances.filter((a) => termOf(a) === term);
      return mine.length
        ? [
            {
              term,
              value: Decimal.sum(mine.map((a) => a.amount)),
              strength: 0.7,
              place: mine[0]!.place,
              cellKey: mine.length === 1 ? amountKey(mine[0]!) : `${term}:sum`,
            },
          ]
        : [];
    }),
    ...bridging.map((b) => ({
      term: termOf(b),
      value: b.amount,
      strength: 0.5,
      place: b.place,
      cellKey: amountKey(b),
    })),
  ];
  const lineSum = lineRead
    ? [
        {
          term: 'BT-106' as const,
          value: lineRead.sum,
          strength: 0.5,
          place: lineRead.lines[0]!.places['BT-131']!,
          cellKey: 'lines:sum',
        },
      ]
    : [];
  const rateSum = ratedTaxSum(layout);
  const vatSum = rateSum
    ? [{ term: 'BT-110' as const, ...rateSum, strength: 0.7, cellKey: 'BT-110:rates' }]
    : [];
  const choose = (extra: readonly TotalCandidate[]) =>
    chooseTotals(layout, [...rows, ...implied], [...sums, ...lineSum, ...vatSum, ...extra], inLines);
  const chosen = recalled ? recalled.chooseTotals(choose) : choose([]);
  let breakdownUsed: readonly BreakdownRow[] = [];
  // Bases derived from the VAT of several rates confirm no line's rate.
  let basesDerived = false;
  if (chosen) {
    invoice.totals = {
      ...chosen.totals,
      taxTotals: chosen.totals.taxTotals?.map((t) => ({
        ...t,
        ...(invoiceCurrency ? { currency: invoiceCurrency } : {}),
      })),
    };
    for (const [term, t] of Object.entries(chosen.terms) as [
      TotalTerm,
      NonNullable<(typeof chosen.terms)[TotalTerm]>,
    ][])
      note(term, t.place, t.confidence, t.proven);
    const implied =
      chosen.breakdown.length === 0 && chosen.terms['BT-109'] && chosen.terms['BT-110']
        ? impliedBreakdown(layout, chosen.terms['BT-109'].value, chosen.terms['BT-110'].value)
        : null;
    if (implied) {
      // Not printed as a breakdown, but what the totals and a printed rate or exemption say; bases
      // derived from the VAT of several rates are less sure than one rate turning the net into the VAT.
      invoice.vatBreakdown = implied.map((r) => withReason(r, layout));
      note('BG-23', implied[0]!.place, implied.length > 1 ? 0.6 : 0.8, false);
      breakdownUsed = implied;
      basesDerived = implied.length > 1;
    }
    if (chosen.breakdown.length > 0) {
      breakdownUsed = chosen.breakdown;
      invoice.vatBreakdown = chosen.breakdown.map((b) => withReason(b, layout));
      const [first] = chosen.breakdown;
      // Bases after a discount shared out are one reading among those that give the same taxes.
      if (chosen.breakdown.some((b) => b.shared)) basesDerived = true;
      note(
        'BG-23',
        first!.place,
        // The sums prove the amounts; a category is sure only when its row prints it.
        chosen.breakdownConfirmed
          ? chosen.breakdown.every((b) => b.categoryPrinted || b.category === 'S') && !basesDerived
            ? 0.95
            : 0.75
          : 0.6,
        chosen.breakdownConfirmed,
        chosen.breakdown.map((b) => b.place.row.line.text).join(' | '),
      );
    }
  }
  if (chosen) {
    // The rows are the allowances (charges) when they add up to the total chosen, printed or their sum;
    // they carry its sign (a correction's negative allowances).
    const taken = (['BT-107', 'BT-108'] as const).flatMap((term) => {
      const chosenTotal = chosen.terms[term];
      const total = chosenTotal?.value;
      const named = chosenTotal?.unlabelled
        ? [unnamedRow(chosenTotal.place, chosenTotal.value, term === 'BT-108')]
        : allowances.filter((a) => termOf(a) === term);
      const mine = [named, bridging.filter((b) => termOf(b) === term)].find(
        (rows) =>
          rows.length > 0 && Decimal.sum(rows.map((a) => a.amount)).equals(total?.abs() ?? Decimal.ZERO),
      );
      if (!total || !mine) return [];
      return toAllowanceCharges(
        mine,
        breakdownUsed.map((b) => ({ rate: b.rate, category: b.category })),
        total.sign() < 0,
      );
    });
    if (taken.length > 0) invoice.allowanceCharges = taken;
  }
  // An intra-community supply goes to the buyer in another member state (BR-IC-12 asks where): with no
  // place of delivery printed, the buyer's country, never for sure.
  const buyerCountry = invoice.buyer?.address?.country;
  if (
    !invoice.shipTo &&
    buyerCountry &&
    parties.buyer.country &&
    buyerCountry !== invoice.seller?.address?.country &&
    breakdownUsed.some((b) => b.category === 'K')
  ) {
    invoice.shipTo = { address: { country: buyerCountry } };
    note('BT-80', parties.buyer.country.place, CHOSEN, false);
  }
  if (!invoice.businessProcess) {
    // The category of operation printed, under the framework the totals tell (paid, after a deposit).
    const category = operationCategory(layout);
    const amount = (value: string | undefined) =>
      value === undefined ? undefined : (Decimal.parse(value) ?? undefined);
    const framework =
      category &&
      take(
        'BT-23',
        billingFramework(
          category,
          amount(invoice.totals?.prepaidAmount?.value),
          amount(invoice.totals?.duePayable?.value),
        ),
      );
    if (framework) invoice.businessProcess = framework;
  }
  const lineTotal = chosen?.terms['BT-106']?.value;
  const chosenRates = breakdownUsed;
  // Lines read under the rates the page showed, when each is one of the breakdown chosen; else read
  // again under the chosen rates (a breakdown the totals implied, or one rate printed as two categories).
  const taxOf = (l: { line: InvoiceLine }) => l.line.taxes?.[0];
  const underChosen = (t: ReturnType<typeof taxOf>) =>
    chosenRates.some(
      (b) => b.category === t?.categoryCode && Decimal.parse(t?.rate ?? '0')?.equals(b.rate) === true,
    );
  const again =
    read && read.lines.every((l) => underChosen(taxOf(l)))
      ? read
      : readLines(
          layout,
          chosenRates.map((b) => ({ rate: b.rate, category: b.category })),
        );
  const summing = again && lineTotal ? summingTo(again, lineTotal.round(2)) : null;
  const agreed = summing && summing.lines.every((l) => underChosen(taxOf(l))) ? summing : null;
  // Lines that add up to the sum of lines under the rates they print, which no breakdown chosen confirms
  // (none was printed, or the allowances and charges spread over the rates): kept, none of their terms
  // given for sure.
  const unconfirmed =
    agreed || !lineTotal
      ? null
      : ([read, linesRates.length > 0 ? open : null]
          .map((r) => r && summingTo(r, lineTotal.round(2)))
          .find((r) => r) ?? null);
  const lines = agreed ?? unconfirmed;
  if (lines) {
    invoice.lines = lines.lines.map((l) => l.line);
    if (invoice.allowanceCharges && invoice.vatBreakdown)
      invoice.allowanceCharges = splitAcrossRates(
        invoice.allowanceCharges,
        invoice.lines,
        invoice.vatBreakdown,
      );
    // Lines that add up to the sum of lines: each of their amounts is as sure as that sum.
    const sure = !agreed || basesDerived ? CHOSEN : chosen?.terms['BT-106']?.proven ? 0.95 : 0.85;
    for (const [i, l] of lines.lines.entries()) {
      for (const [term, at] of Object.entries(l.places)) {
        if (!at) continue;
        // A name is not checked by any sum; an unprinted unit is a default ("one"); a quantity the print
        // rounded is the arithmetic's, not the page's.
        const confidence = Math.min(
          sure,
          term === 'BT-153' || l.derived.includes(term as LineTerm)
            ? LABELLED
            : term === 'BT-130' && !l.unitPrinted
              ? CHOSEN
              : l.proven
                ? sure
                : CHOSEN,
        );
        note(`BG-25[${i + 1}]/${term}`, at, confidence, l.proven && term !== 'BT-130');
      }
    }
    const first = lines.lines[0]!.places['BT-131']!;
    note(
      'BG-25',
      first,
      sure,
      true,
      lines.lines.map((l) => l.places['BT-131']?.row.line.text ?? '').join(' | '),
    );
  }
  return {
    invoice,
    evidence,
    language,
    ...(recalled ? { sellerLayoutTerms: recalled.usedIn(chosen?.terms) } : {}),
  };
}

type Take = <T>(term: string, chosen: Chosen<T> | null | undefined) => T | undefined;

/** A rate for lines read for their sum alone. */
const UNRATED = { rate: Decimal.ZERO, category: 'Z' };

function partyOf(
  reading: PartyReading,
  terms: {
    name: string;
    vat: string;
    taxNumber?: string;
    legalId: string;
    country: string;
    endpoint: string;
  },
  take: Take,
): Party | undefined {
  const party: Party = {};
  const name = take(terms.name, reading.name);
  if (name) party.name = name;
  const vat = take(terms.vat, reading.vat);
  const taxNumber = terms.taxNumber ? take(terms.taxNumber, reading.taxNumber) : undefined;
  const registrations = [
    ...(vat ? [{ id: { value: vat, scheme: 'VA' } }] : []),
    ...(taxNumber ? [{ id: { value: taxNumber, scheme: 'FC' } }] : []),
  ];
  if (registrations.length > 0) party.taxRegistrations = registrations;
  const legalId = take(terms.legalId, reading.legalId);
  const register = legalId ? undefined : take(terms.legalId, reading.register);
  if (legalId) party.legalOrganization = { id: { value: legalId, scheme: '0002' } };
  else if (register) party.legalOrganization = { id: { value: register } };
  const country = take(terms.country, reading.country);
  if (country) party.address = { country };
  const endpoint = take(terms.endpoint, reading.endpoint);
  if (endpoint) party.electronicAddress = { ...endpoint };
  return Object.keys(party).length > 0 ? party : undefined;
}

/**
 * An exempt, reverse-charge, intra-community or export row with the words that justify it (BT-120):
 * the mention on the page that names its category.
 */
function withReason(row: BreakdownRow, layout: Layout): VatBreakdown {
  if (row.category === 'S' || row.category === 'Z') return row.entry;
  const words = VAT_CATEGORY_WORDS.find(([, code]) => code === row.category)?.[0];
  const mention = words && exemptionMention(layout, words);
  return mention ? { ...row.entry, exemptionReason: mention.cell.text.trim() } : row.entry;
}

function languageOf(layout: Layout): Language | null {
  const all = layout.rows.map((r) => r.line.text).join('\n');
  let best: Language | null = null;
  let most = 0;
  for (const [lang, words] of Object.entries(LANGUAGE_WORDS) as [Language, RegExp][]) {
    const n = all.match(words)?.length ?? 0;
    if (n > most) {
      best = lang;
      most = n;
    }
  }
  return best;
}
