/**
 * Field extraction: the document-level terms of an invoice read from its positioned text (text layer or
 * OCR), into the model, each with the evidence it was read from. What is read: BT-1, BT-2, BT-3, BT-5,
 * BT-9, BT-13, the parties' names (BT-27, BT-44), VAT identifiers (BT-31, BT-48), SIREN/SIRET
 * (BT-30, BT-47), countries (BT-40, BT-55), IBANs (BT-84), the VAT breakdown (BG-23) and the totals
 * (BT-106, BT-109, BT-110, BT-112, BT-113, BT-115), and the invoice lines (BG-25, extract-lines.ts) when
 * their amounts agree with each other and with the totals; without them a PDF becomes a document-level
 * (BASIC WL) invoice.
 *
 * Seller or buyer: identifiers inside the block that starts at a buyer label ("Client", "Kunde",
 * "Bill to"…) and stays in its column for a few lines belong to the buyer; the others to the seller,
 * whose legal mentions usually sit in the letterhead or the footer. Totals are chosen so that
 * BT-109 + BT-110 = BT-112 when the page allows it; such agreement raises their confidence.
 */
import { Decimal } from '../decimal/decimal';
import type { Amount, Invoice, Party, VatBreakdown } from '../model/invoice';
import type { DocumentText, TextLine } from '../text/page-text';
import { extractLines } from './extract-lines';
import type { FieldEvidence, FieldExtraction } from './extraction';
import {
  BUYER_LABELS,
  COMPANY_FORMS,
  DUE_DATE_LABELS,
  ISSUE_DATE_LABELS,
  LANGUAGE_WORDS,
  NUMBER_LABELS,
  NOT_ISSUE_DATE,
  NUMBER_VALUE,
  ORDER_LABELS,
  SELLER_LABELS,
  TOTAL_LABELS,
  TYPE_TITLES,
  type Language,
} from './labels';
import { amountsIn, dateIn, isIban, isLuhn, parseAmount, vatIdOf, VAT_PATTERN } from './values';

interface Located {
  readonly line: TextLine;
  readonly page: number;
  /** Index in reading order over the whole document. */
  readonly index: number;
}

type Evidence = Record<string, FieldEvidence>;

/** How far below a buyer label its block reaches, in lines. */
const BUYER_BLOCK_LINES = 7;

export function extractFields(text: DocumentText): FieldExtraction {
  const lines: Located[] = text.pages
    .flatMap((p) => p.lines.map((line) => ({ line, page: p.number })))
    .map((l, index) => ({ ...l, index }));
  const evidence: Evidence = {};
  const note = (term: string, at: Located, shown: string, confidence: number): void => {
    const ocr = at.line.spans.length
      ? at.line.spans.reduce((s, x) => s + (x.confidence ?? 100), 0) / at.line.spans.length / 100
      : 1;
    evidence[term] = {
      page: at.page,
      box: { x: at.line.x, y: at.line.y, width: at.line.width, height: at.line.height },
      text: shown,
      confidence: Math.round(confidence * Math.min(1, ocr) * 100) / 100,
      source: text.source,
    };
  };
  const invoice: Invoice = {};
  const blocks = buyerBlocksOf(lines);
  /** Whether a place (a line, from character `at` of its text) lies in a buyer block. */
  const inBuyer = (line: Located, at = 0) => {
    const x = labelLeft(line.line, at);
    return blocks.some((b) => line.index >= b.from && line.index <= b.to && x >= b.left - 5);
  };

  const number = labelled(lines, NUMBER_LABELS, (rest) => NUMBER_VALUE.exec(rest.trim())?.[1] ?? null);
  if (number) {
    invoice.number = number.value;
    note('BT-1', number.at, number.at.line.text, 0.9);
  }
  const title = lines.slice(0, 40).find((l) => TYPE_TITLES.some(([re]) => re.test(l.line.text)));
  const type = title ? TYPE_TITLES.find(([re]) => re.test(title.line.text)) : undefined;
  invoice.typeCode = type?.[1] ?? '380';
  if (title && type) note('BT-3', title, title.line.text, 0.8);

  const issue = labelled(
    lines,
    ISSUE_DATE_LABELS,
    (rest) => dateIn(rest)?.value ?? null,
    number?.at.index,
    NOT_ISSUE_DATE,
  );
  if (issue) {
    invoice.issueDate = issue.value;
    note('BT-2', issue.at, issue.at.line.text, 0.85);
  }
  const due = labelled(lines, DUE_DATE_LABELS, (rest) => dateIn(rest)?.value ?? null);
  if (due) {
    invoice.paymentTerms = [{ dueDate: due.value }];
    note('BT-9', due.at, due.at.line.text, 0.8);
  }
  const order = labelled(lines, ORDER_LABELS, (rest) => NUMBER_VALUE.exec(rest.trim())?.[1] ?? null);
  if (order) {
    invoice.buyerOrder = { id: order.value };
    note('BT-13', order.at, order.at.line.text, 0.7);
  }
  const euro = lines.find((l) => /€|\bEUR\b|\beuros?\b/i.test(l.line.text));
  const other = euro ? undefined : lines.find((l) => /\b(USD|GBP|CHF)\b/.test(l.line.text));
  const currency = euro ? 'EUR' : (/\b(USD|GBP|CHF)\b/.exec(other?.line.text ?? '')?.[1] ?? undefined);
  if (currency) {
    invoice.currency = currency;
    const at = euro ?? other;
    if (at) note('BT-5', at, at.line.text, 0.9);
  }

  const seller: Party = {};
  const buyer: Party = {};
  for (const at of lines) {
    for (const m of at.line.text.matchAll(VAT_PATTERN)) {
      const vat = vatIdOf(m[0]);
      if (!vat) continue;
      const [party, term] = inBuyer(at, m.index) ? [buyer, 'BT-48'] : [seller, 'BT-31'];
      if (party.taxRegistrations) continue;
      party.taxRegistrations = [{ id: { value: vat, scheme: 'VA' } }];
      note(term, at, m[0], 0.95);
    }
    const siren = /\bSIRE([NT])\b\s*(?:n[°o])?\s*:?\s*((?:\d[\s.]?){9,14})/i.exec(at.line.text);
    const digits = siren?.[2]?.replace(/\D/g, '') ?? '';
    if (siren && (digits.length === 9 || digits.length === 14) && isLuhn(digits)) {
      const [party, term] = inBuyer(at, siren.index) ? [buyer, 'BT-47'] : [seller, 'BT-30'];
      if (!party.legalOrganization) {
        party.legalOrganization = { id: { value: digits.slice(0, 9), scheme: '0002' } };
        note(term, at, siren[0], 0.95);
      }
    }
  }
  const ibans = lines.flatMap((at) =>
    [...at.line.text.matchAll(/\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/g)]
      .filter((m) => isIban(m[0]))
      .map((m) => ({ at, iban: m[0].replace(/\s+/g, '') })),
  );
  const firstIban = ibans[0];
  if (firstIban) {
    invoice.paymentMeans = [...new Set(ibans.map((i) => i.iban))].map((iban) => ({
      typeCode: '58',
      creditorAccount: { iban },
    }));
    note('BT-84', firstIban.at, firstIban.iban, 0.95);
  }

  const names = partyNames(lines, inBuyer);
  if (names.seller) {
    seller.name = names.seller.name;
    note('BT-27', names.seller.at, names.seller.at.line.text, 0.6);
  }
  if (names.buyer) {
    buyer.name = names.buyer.name;
    note('BT-44', names.buyer.at, names.buyer.at.line.text, 0.6);
  }
  const buyerCountry = countryInBlock(lines, blocks[0]);
  if (buyerCountry && !buyer.taxRegistrations) {
    buyer.address = { country: buyerCountry.country };
    note('BT-55', buyerCountry.at, buyerCountry.text, 0.7);
  }
  for (const [party, term] of [
    [seller, 'BT-40'],
    [buyer, 'BT-55'],
  ] as const) {
    const vat = party.taxRegistrations?.[0]?.id?.value;
    const country = vat ? vat.slice(0, 2) : party.legalOrganization ? 'FR' : undefined;
    if (country && !party.address) {
      party.address = { country };
      const from =
        evidence[term === 'BT-40' ? 'BT-31' : 'BT-48'] ?? evidence[term === 'BT-40' ? 'BT-30' : 'BT-47'];
      if (from) evidence[term] = { ...from, confidence: Math.min(from.confidence, 0.8) };
    }
  }
  if (Object.keys(seller).length > 0) invoice.seller = seller;
  if (Object.keys(buyer).length > 0) invoice.buyer = buyer;

  const breakdown = vatBreakdown(lines);
  if (breakdown.length > 0) {
    invoice.vatBreakdown = breakdown.map((b) => b.entry);
    note('BG-23', breakdown[0]!.at, breakdown.map((b) => b.at.line.text).join(' | '), 0.8);
  }
  const totals = readTotals(
    lines,
    breakdown.map((b) => b.entry),
    currency,
  );
  if (totals) {
    invoice.totals = totals.totals;
    for (const [term, at] of totals.found) note(term, at, at.line.text, totals.consistent ? 0.9 : 0.5);
  }
  const read = extractLines(lines, invoice.vatBreakdown ?? [], invoice.totals?.lineTotal?.value);
  if (read) {
    invoice.lines = [...read.lines];
    const [first] = read.rows;
    const shown = read.rows.map((r) => r.line.text).join(' | ');
    // The arithmetic and the totals agree: as sure as the totals themselves.
    for (const term of ['BG-25', 'BT-126', 'BT-129', 'BT-131', 'BT-146', 'BT-153'])
      note(term, first!, shown, 0.85);
  }
  return { invoice, evidence, language: languageOf(lines) };
}

/** The first value a label introduces, on its line after the label or on the next line. */
function labelled(
  lines: readonly Located[],
  labels: readonly RegExp[],
  read: (rest: string) => string | null,
  near?: number,
  exclude?: RegExp,
): { value: string; at: Located } | null {
  for (const label of labels) {
    const found: { value: string; at: Located }[] = [];
    for (const [i, at] of lines.entries()) {
      const m = label.exec(at.line.text);
      if (!m) continue;
      const end = (m.index ?? 0) + m[0].length;
      if (exclude?.test(at.line.text.slice(Math.max(0, (m.index ?? 0) - 30), end))) continue;
      const rest = at.line.text.slice((m.index ?? 0) + m[0].length).replace(/^[\s:.#-]+/, '');
      const value = read(rest) ?? (rest.trim() === '' && lines[i + 1] ? read(lines[i + 1]!.line.text) : null);
      if (value) found.push({ value, at });
    }
    if (found.length > 0) {
      // A date label near the invoice number is the issue date, not a delivery or service date.
      if (near !== undefined) found.sort((a, b) => Math.abs(a.at.index - near) - Math.abs(b.at.index - near));
      return found[0]!;
    }
  }
  return null;
}

/**
 * A party label where it stands as a label: at the start of a column and followed by a colon, a column
 * gap or the end of the line ("Käufer/Leistungsempfänger:", "CLIENT :"), not inside a name
 * ("MUSTER-KUNDE GMBH").
 */
function partyLabel(text: string, label: RegExp): RegExpExecArray | null {
  for (const m of text.matchAll(new RegExp(label.source, 'gi'))) {
    const before = text.slice(0, m.index);
    const after = text.slice((m.index ?? 0) + m[0].length);
    if ((before === '' || / {2,}$/.test(before)) && /^[\p{L}/-]*\s*(?::|$| {2,})/u.test(after)) {
      return m as RegExpExecArray;
    }
  }
  return null;
}

interface BuyerBlock {
  readonly from: number;
  readonly to: number;
  /** The label's left edge: the block is the column from there rightwards. */
  readonly left: number;
}

/** The buyer's blocks: from a buyer label down a few lines, in the label's column. */
function buyerBlocksOf(lines: readonly Located[]): BuyerBlock[] {
  const blocks: BuyerBlock[] = [];
  for (const [i, at] of lines.entries()) {
    const m = partyLabel(at.line.text, BUYER_LABELS);
    if (!m) continue;
    const samePage = lines.slice(i, i + 1 + BUYER_BLOCK_LINES).filter((l) => l.page === at.page);
    blocks.push({
      from: at.index,
      to: samePage[samePage.length - 1]!.index,
      left: labelLeft(at.line, m.index),
    });
  }
  return blocks;
}

/** The x where a character index of the line's text stands, found through the spans it was joined from. */
function labelLeft(line: TextLine, charIndex: number): number {
  let from = 0;
  let x = line.x;
  for (const span of line.spans) {
    const piece = span.text.trim();
    const at = line.text.indexOf(piece, from);
    if (at < 0 || at > charIndex) break;
    const inside = Math.min(charIndex - at, piece.length);
    x = span.x + (inside / Math.max(piece.length, 1)) * span.width;
    from = at + piece.length;
  }
  return x;
}

function partyNames(
  lines: readonly Located[],
  inBuyer: (at: Located, charIndex?: number) => boolean,
): { seller?: { name: string; at: Located }; buyer?: { name: string; at: Located } } {
  const out: { seller?: { name: string; at: Located }; buyer?: { name: string; at: Located } } = {};
  const buyerLabel = lines.find((l) => partyLabel(l.line.text, BUYER_LABELS));
  if (buyerLabel) {
    const m = partyLabel(buyerLabel.line.text, BUYER_LABELS)!;
    const left = labelLeft(buyerLabel.line, m.index);
    const following = lines.filter(
      (l) => l.index > buyerLabel.index && l.index <= buyerLabel.index + BUYER_BLOCK_LINES,
    );
    const name = [buyerLabel, ...following]
      .map((l) => ({
        at: l,
        text: columnFrom(l.line, l === buyerLabel ? left : left - 5, l === buyerLabel ? m : null),
      }))
      .find((c) => isName(c.text));
    if (name) out.buyer = { name: name.text, at: name.at };
  }
  const sellerLabel = lines.find((l) => partyLabel(l.line.text, SELLER_LABELS) && !inBuyer(l));
  const afterLabel = sellerLabel
    ? lines
        .filter((l) => l.index > sellerLabel.index && l.index <= sellerLabel.index + BUYER_BLOCK_LINES)
        .find((l) => !/:/.test(l.line.text) && isName(column(l.line.text)))
    : undefined;
  const company = lines.find(
    (l) => !inBuyer(l) && COMPANY_FORMS.test(l.line.text) && isName(column(l.line.text)),
  );
  const pick = afterLabel ?? company;
  if (pick) out.seller = { name: column(pick.line.text), at: pick };
  return out;
}

/** Salutations and similar words printed above a name. */
const SALUTATION = /^(herrn?|frau|firma|m\.|mme|monsieur|madame|mr\.?|mrs\.?|ms\.?|attn\.?)$/i;

/** Text that can be a party's name: letters, no "label: value", no long number, not a label itself. */
const isName = (text: string): boolean =>
  /\p{L}{2}/u.test(text) &&
  !/:/.test(text) &&
  !/\d{4}/.test(text) &&
  text.length <= 60 &&
  !/@|www\./.test(text) &&
  !partyLabel(text, BUYER_LABELS) &&
  !partyLabel(text, SELLER_LABELS) &&
  !SALUTATION.test(text.trim());

/** The text of a line from `left` rightwards (after the label, on the label's line), first column only. */
function columnFrom(line: TextLine, left: number, label: RegExpExecArray | null): string {
  const text = line.spans
    .filter((s) => s.x >= left)
    .map((s) => s.text)
    .join(' ');
  if (!label) return /:/.test(text) ? '' : column(text);
  const rest = text
    .slice(text.toLowerCase().indexOf(label[0].toLowerCase()) + label[0].length)
    // The rest of a label word ("Käufer/Leistungsempfänger:"), then the separator.
    .replace(/^[^\s:]*/, '')
    .replace(/^[\s:/-]*/, '');
  return column(rest.trim());
}

const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  france: 'FR',
  deutschland: 'DE',
  germany: 'DE',
  allemagne: 'DE',
  belgique: 'BE',
  belgium: 'BE',
  belgien: 'BE',
  luxembourg: 'LU',
  luxemburg: 'LU',
  österreich: 'AT',
  austria: 'AT',
  autriche: 'AT',
  schweiz: 'CH',
  suisse: 'CH',
  switzerland: 'CH',
  italia: 'IT',
  italie: 'IT',
  italy: 'IT',
  espagne: 'ES',
  spain: 'ES',
  spanien: 'ES',
  nederland: 'NL',
  'pays-bas': 'NL',
  netherlands: 'NL',
  niederlande: 'NL',
};

/** BT-55 from the buyer's address block: a country code alone or before a postcode, or a country name. */
function countryInBlock(
  lines: readonly Located[],
  block: BuyerBlock | undefined,
): { country: string; at: Located; text: string } | null {
  if (!block) return null;
  for (const at of lines.slice(block.from + 1, block.to + 1)) {
    const text = columnFrom(at.line, block.left - 5, null);
    const code = /^([A-Z]{2})(?:[\s-]+\d{4,5}\b|$)/.exec(text)?.[1];
    const named =
      COUNTRY_NAMES[
        text
          .toLowerCase()
          .split(/[\s,]+/)
          .pop() ?? ''
      ];
    const country = code ?? named;
    if (country) return { country, at, text };
  }
  return null;
}

/** The first column of a line (what comes before a wide gap). */
const column = (text: string): string => text.split(/ {2,}/)[0]!.trim();

/**
 * BG-23 rows: a rate with a base and a tax amount that agree (base × rate / 100 = tax, to the cent), the
 * rate printed with `%` or as a bare number between them ("Umsatzsteuer (S)  286,52  19  54,44").
 */
function vatBreakdown(lines: readonly Located[]): { entry: VatBreakdown; at: Located }[] {
  const out: { entry: VatBreakdown; at: Located }[] = [];
  const seen = new Set<string>();
  const cent = Decimal.parse('0.01')!;
  for (const at of lines) {
    const percent = /(\d{1,2}(?:[.,]\d{1,2})?)\s*%/.exec(at.line.text);
    const rates = percent ? [parseAmount(percent[1]!)] : amountsIn(at.line.text);
    const amounts = amountsIn(percent ? at.line.text.replace(percent[0], ' ') : at.line.text);
    const category = /\((S|Z|E|AE|K|G|O|L|M)\)/.exec(at.line.text)?.[1];
    let found: VatBreakdown | null = null;
    for (const rateText of rates) {
      const rate = rateText === null ? null : Decimal.parse(rateText);
      if (!rate || rate.compare(Decimal.ZERO) < 0 || rate.compare(Decimal.of(30)) > 0) continue;
      for (const [i, base] of amounts.entries()) {
        if (base.startsWith('-') || Decimal.parse(base)!.isZero() || base === rateText) continue;
        const b = Decimal.parse(base)!;
        const expected = b.times(rate).dividedBy(Decimal.of(100), 2, 'half-away')!;
        const tax = amounts
          .slice(i + 1)
          .find((t) => t !== rateText && expected.minus(Decimal.parse(t)!).abs().compare(cent) <= 0);
        if (tax === undefined || (!percent && rate.isZero())) continue;
        found = {
          taxAmount: { value: Decimal.parse(tax)!.round(2, 'half-away').toString() },
          typeCode: 'VAT',
          basisAmount: { value: b.round(2, 'half-away').toString() },
          categoryCode: category ?? (rate.isZero() ? 'Z' : 'S'),
          rate: rate.normalized().toString(),
        };
        break;
      }
      if (found) break;
    }
    if (!found) continue;
    const key = `${found.rate}|${found.basisAmount?.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ entry: found, at });
  }
  return out;
}

function readTotals(
  lines: readonly Located[],
  breakdown: readonly VatBreakdown[],
  currency: string | undefined,
): { totals: NonNullable<Invoice['totals']>; found: [string, Located][]; consistent: boolean } | null {
  const candidates = new Map<string, { value: Decimal; at: Located }[]>();
  const add = (term: string, value: string, at: Located): void => {
    const list = candidates.get(term) ?? [];
    list.push({ value: Decimal.parse(value)!, at });
    candidates.set(term, list);
  };
  for (const [i, at] of lines.entries()) {
    const amounts = amountsIn(at.line.text);
    if (amounts.length > 0) {
      // "Total HT   1 234,56": the label, then its amount at the end of the line.
      const term = TOTAL_LABELS.find(([, label]) => label.test(at.line.text))?.[0];
      if (term) add(term, amounts[amounts.length - 1]!, at);
      continue;
    }
    // "TOTAL HT   TOTAL TVA   TOTAL TTC" over a row of amounts: each label takes the amount below it.
    const below = lines
      .slice(i + 1, i + 3)
      .find((l) => l.page === at.page && amountsIn(l.line.text).length > 0);
    if (!below) continue;
    const cells = below.line.spans.flatMap((span) => {
      const [value] = amountsIn(span.text);
      return value === undefined ? [] : [{ value, middle: span.x + span.width / 2 }];
    });
    const claimed: [number, number][] = [];
    for (const [term, label] of TOTAL_LABELS) {
      for (const m of at.line.text.matchAll(new RegExp(label.source, 'gi'))) {
        const from = m.index ?? 0;
        const to = from + m[0].length;
        if (claimed.some(([a, b]) => from < b && to > a)) continue;
        claimed.push([from, to]);
        const x = labelLeft(at.line, from);
        const cell = cells.reduce<{ value: string; middle: number } | null>(
          (best, c) => (best === null || Math.abs(c.middle - x) < Math.abs(best.middle - x) ? c : best),
          null,
        );
        if (cell) add(term, cell.value, below);
        break;
      }
    }
  }
  const nets = candidates.get('BT-109') ?? [];
  const vats = candidates.get('BT-110') ?? [];
  const grosses = [...(candidates.get('BT-112') ?? []), ...(candidates.get('BT-115') ?? [])];
  const breakdownBase = Decimal.sum(breakdown.map((b) => Decimal.parse(b.basisAmount?.value ?? '0')!));
  const breakdownTax = Decimal.sum(breakdown.map((b) => Decimal.parse(b.taxAmount?.value ?? '0')!));
  let best: { net: Decimal; vat: Decimal; gross: Decimal; at: Partial<Record<string, Located>> } | null =
    null;
  const netOptions = nets.length ? nets : breakdown.length ? [{ value: breakdownBase, at: undefined }] : [];
  const vatOptions = vats.length ? vats : breakdown.length ? [{ value: breakdownTax, at: undefined }] : [];
  for (const n of netOptions)
    for (const v of vatOptions)
      for (const g of grosses)
        if (!best && n.value.plus(v.value).minus(g.value).abs().compare(Decimal.parse('0.01')!) <= 0) {
          best = {
            net: n.value,
            vat: v.value,
            gross: g.value,
            at: { 'BT-109': n.at, 'BT-110': v.at, 'BT-112': g.at },
          };
        }
  const consistent = best !== null;
  if (!best) {
    const gross = grosses.reduce<{ value: Decimal; at: Located } | null>(
      (m, g) => (m === null || g.value.compare(m.value) > 0 ? g : m),
      null,
    );
    const net = nets[0];
    const vat = vats[0];
    if (!gross || !net || !vat) return null;
    best = {
      net: net.value,
      vat: vat.value,
      gross: gross.value,
      at: { 'BT-109': net.at, 'BT-110': vat.at, 'BT-112': gross.at },
    };
  }
  const amount = (d: Decimal): Amount => ({ value: d.round(2, 'half-away').toString() });
  const prepaid = candidates.get('BT-113')?.[0];
  const dueLine = candidates.get('BT-115')?.[0];
  const due = dueLine?.value ?? best.gross.minus(prepaid?.value ?? Decimal.ZERO);
  const found: [string, Located][] = Object.entries(best.at).filter((e): e is [string, Located] => !!e[1]);
  if (prepaid) found.push(['BT-113', prepaid.at]);
  if (dueLine) found.push(['BT-115', dueLine.at]);
  // The sum of the lines (BT-106) as printed; else, as without document-level allowances or charges, the
  // net total (BT-109).
  const printedLines = candidates.get('BT-106')?.[0];
  if (printedLines) found.push(['BT-106', printedLines.at]);
  else if (best.at['BT-109']) found.push(['BT-106', best.at['BT-109']]);
  return {
    totals: {
      lineTotal: amount(printedLines?.value ?? best.net),
      taxBasisTotal: amount(best.net),
      taxTotals: [{ ...amount(best.vat), ...(currency ? { currency } : {}) }],
      grandTotal: amount(best.gross),
      ...(prepaid ? { prepaidAmount: amount(prepaid.value) } : {}),
      duePayable: amount(due),
    },
    found,
    consistent,
  };
}

function languageOf(lines: readonly Located[]): Language | null {
  const all = lines.map((l) => l.line.text).join('\n');
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
