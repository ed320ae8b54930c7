/**
 * The tests the BR-FR assertions share, written once and named after what they check. Each takes the
 * context element (and the document's facts when it needs them) and returns the assertion's verdict.
 */
import { attributeValue, textOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import { atMostOne, doubleSum } from '../xpath/cast';
import {
  all,
  exists,
  hasAttribute,
  hasValue,
  isTopGroupLine,
  memoized,
  P,
  path,
  subInvoiceIds,
  subInvoiceNumber,
  text,
  texts,
  type FrenchInvoice,
  type Path,
} from './french-invoice';
import { isSirenShaped, siretMatchesSiren } from './siren';
import { normalizeSpace, stringLength, xpathNumber } from './xpath-strings';

const ID_CHARACTERS = /^[A-Za-z0-9+\-_/]+$/;
const ROUTING_ID_CHARACTERS = /^[A-Za-z0-9+\-_.]+$/;

/** `string-length(.) le max`. */
export const maxLength =
  (max: number) =>
  (el: XmlElement): boolean =>
    stringLength(textOf(el)) <= max;

/** `custom:is-valid-id-format`: letters, digits and `+ - _ /`, no space anywhere (BR-FR-02). */
export function isDocumentIdentifier(el: XmlElement): boolean {
  const value = textOf(el);
  return ID_CHARACTERS.test(normalizeSpace(value)) && !value.includes(' ');
}

/** `custom:is-valid-schemeid-format`: letters, digits and `+ - _ .` (BR-FR-23, BR-FR-24). */
export function isRoutingIdentifier(el: XmlElement): boolean {
  return ROUTING_ID_CHARACTERS.test(textOf(el));
}

/** `custom:is-…(.)` over a value list: the element's value, as written, is in the list. */
export const valueIn =
  (list: ReadonlySet<string>) =>
  (el: XmlElement): boolean =>
    list.has(textOf(el));

/** `normalize-space(.) != ''`. */
export function isNotBlank(el: XmlElement): boolean {
  return normalizeSpace(textOf(el)) !== '';
}

/** `normalize-space(path) != ''` (the first element reached). */
export function hasText(from: XmlElement | undefined, p: Path): boolean {
  return normalizeSpace(text(from, p)) !== '';
}

/** `custom:…(normalize-space(.))` for a number shape of BR-FR-DEC-0x. */
export const shaped =
  (shape: (value: string) => boolean) =>
  (el: XmlElement): boolean =>
    shape(normalizeSpace(textOf(el)));

/** `exists($notes[ram:SubjectCode = code])` on rsm:ExchangedDocument (BR-FR-05). */
export const hasNote =
  (code: string) =>
  (doc: XmlElement): boolean =>
    countNotes(doc, code) > 0;

/** `count($notes[ram:SubjectCode = code])` on rsm:ExchangedDocument. */
export function countNotes(doc: XmlElement, code: string): number {
  return all(doc, NOTE).filter((n) => hasValue(n, P.subjectCode, code)).length;
}

const NOTE = path('ram:IncludedNote');
const SIRET = path('ram:GlobalID');
const SIREN = path('ram:SpecifiedLegalOrganization/ram:ID');

function partySiret(party: XmlElement): string[] {
  return all(party, SIRET)
    .filter((id) => hasAttribute(id, 'schemeID', '0009'))
    .map(textOf);
}

function partySirens(party: XmlElement): XmlElement[] {
  return all(party, SIREN).filter((id) => hasAttribute(id, 'schemeID', '0002'));
}

/**
 * BR-FR-09: a SIRET (GlobalID, schemeID 0009) is 14 digits and starts with the party's SIREN
 * (legal registration identifier, schemeID 0002). For the seller and the buyer the SIREN must be
 * there; for the other parties a missing SIREN is taken from the SIRET itself (so only the 14 digits count).
 */
export const siretStartsWithSiren =
  (sirenRequired: boolean) =>
  (party: XmlElement): boolean => {
    const sirets = partySiret(party);
    const siret = sirets[0];
    if (siret === undefined) return true;
    // The SIREN is passed as one xs:string? (or read by string()): a second one stops the official XSLT.
    const sirenEl = atMostOne(partySirens(party));
    const siren = sirenEl ? textOf(sirenEl) : undefined;
    const effective =
      sirenRequired || (siren !== undefined && siren !== '') ? siren : [...siret].slice(0, 9).join('');
    return siretMatchesSiren(siret, effective);
  };

/** The SIRET and SIREN found on a party, for the report. */
export function siretDetail(party: XmlElement): { en: string; fr: string } {
  const siret = partySiret(party).join(' ');
  const siren = partySirens(party).map(textOf).join(' ');
  return {
    en: `SIRET found: "${siret}", SIREN found: "${siren}".`,
    fr: `SIRET trouvé : « ${siret} », SIREN trouvé : « ${siren} ».`,
  };
}

/** BR-FR-CO-10 (first assertion): every GlobalID carries a schemeID attribute. */
export function everyGlobalIdHasScheme(party: XmlElement): boolean {
  return all(party, SIRET).every((id) => attributeValue(id, 'schemeID') !== undefined);
}

/** BR-FR-CO-10 (second assertion): no schemeID value appears on two GlobalIDs. */
export function globalIdSchemesDistinct(party: XmlElement): boolean {
  const schemes = all(party, SIRET)
    .map((id) => attributeValue(id, 'schemeID'))
    .filter((s): s is string => s !== undefined);
  return new Set(schemes).size === schemes.length;
}

/** BR-FR-10, BR-FR-32: 9 digits once normalised. */
export function isSiren(el: XmlElement): boolean {
  return isSirenShaped(textOf(el));
}

const CATEGORY = path('ram:CategoryCode');
const RATE = path('ram:RateApplicablePercent');

/** The function's parameter is `xs:string?`: a second CategoryCode stops the official XSLT (atMostOne). */
function hasCategoryIn(tax: XmlElement, list: ReadonlySet<string>): boolean {
  const code = atMostOne(all(tax, CATEGORY));
  return code !== undefined && list.has(textOf(code));
}

/** `custom:is-valid-vat-category-code($categoryCode)`: one CategoryCode, in the list (BR-FR-15). */
export const categoryIn = (list: ReadonlySet<string>) => (tax: XmlElement) => hasCategoryIn(tax, list);

/** `not($categoryCode = list)` (BR-FR-15 `_LM`). */
export const noCategoryIn = (list: ReadonlySet<string>) => (tax: XmlElement) =>
  !texts(tax, CATEGORY).some((c) => list.has(c));

/** BR-FR-15 on a line: or no category at all on a GROUP or INFORMATION line (sub-totals and comments). */
export const lineCategoryIn = (list: ReadonlySet<string>) => (tax: XmlElement) => {
  if (hasCategoryIn(tax, list)) return true;
  const line = tax.parent?.parent;
  return (
    !exists(tax, CATEGORY) &&
    !!line &&
    (hasValue(line, P.lineStatus, 'GROUP') || hasValue(line, P.lineStatus, 'INFORMATION'))
  );
};

/** `not($rate) or custom:is-valid-vat-rate($rate)` with `$rate = string(ram:RateApplicablePercent)` (BR-FR-16). */
export const rateIn = (list: ReadonlySet<string>) => (tax: XmlElement) => {
  const rate = text(tax, RATE);
  return rate === '' || list.has(rate);
};

/** The category and rate found on a tax element, for the report. */
export function taxDetail(tax: XmlElement): { en: string; fr: string } {
  const category = texts(tax, CATEGORY).join(' ');
  const rate = texts(tax, RATE).join(' ');
  return {
    en: `Category found: "${category}", rate found: "${rate}".`,
    fr: `Catégorie trouvée : « ${category} », taux trouvé : « ${rate} ».`,
  };
}

const LINE_TOTAL = path('ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount');
const LINE_TAX_TOTAL = path('ram:SpecifiedTradeSettlementLineMonetarySummation/ram:TaxTotalAmount');
const LINE_GRAND_TOTAL = path('ram:SpecifiedTradeSettlementLineMonetarySummation/ram:GrandTotalAmount');
/**
 * `../ram:ApplicableHeaderTradeSettlement/ram:InvoiceCurrencyCode` from a line: the line's transaction is
 * the document's (the contexts place it under rsm:CrossIndustryInvoice), so the value is read once per
 * document rather than by scanning the transaction's children (every line) for each line.
 */
export function lineInvoiceCurrencies(inv: FrenchInvoice): readonly string[] {
  return inv.valuesAt(P.invoiceCurrency);
}

/** `../ram:ApplicableHeaderTradeSettlement/ram:TaxCurrencyCode` from a line (read once, as above). */
export function lineTaxCurrencies(inv: FrenchInvoice): readonly string[] {
  return inv.valuesAt(P.taxCurrency);
}

/** `…/ram:TaxTotalAmount[@currencyID = $currencies]` of a GROUP line (EXT-FR-FE-181/182): the first. */
export function lineTaxTotalIn(line: XmlElement, currencies: readonly string[]): XmlElement | undefined {
  return all(line, P.lineSettlement)
    .flatMap((s) => all(s, LINE_TAX_TOTAL))
    .find((t) => currencies.includes(attributeValue(t, 'currencyID') ?? '\u0000'));
}

function lineAmount(line: XmlElement, p: Path): number {
  const el = all(line, P.lineSettlement).flatMap((s) => all(s, p))[0];
  return xpathNumber(el ? textOf(el) : undefined);
}

/**
 * BR-FR-MV-05: a top GROUP line's net amount (BT-131) equals the sum of its children's (other than
 * INFORMATION lines), within 0.01 per child amount. The artefact adds with `sum()` of untyped values,
 * i.e. in xs:double, and so do we, to give the same verdict at the tolerance's edge.
 */
export function groupNetMatchesChildren(line: XmlElement, inv: FrenchInvoice): boolean {
  const id = normalizeSpace(text(line, P.lineId));
  const amounts = (inv.linesByParentId().get(id) ?? [])
    .filter((child) => texts(child, P.lineStatus).some((s) => s !== 'INFORMATION'))
    .flatMap((child) => all(child, P.lineSettlement).flatMap((s) => all(s, LINE_TOTAL)));
  return Math.abs(lineAmount(line, LINE_TOTAL) - doubleSum(amounts)) <= 0.01 * amounts.length;
}

const CALCULATED = path('ram:CalculatedAmount');

/**
 * BR-FR-MV-09: a top GROUP line's VAT total in the invoice currency (EXT-FR-FE-181) equals the sum of the
 * VAT breakdowns (BT-117) whose exemption reason starts with `#<sub-invoice number>#`, within 0.01
 * (xs:double arithmetic, as the artefact's `sum()`).
 */
export function groupVatMatchesBreakdowns(line: XmlElement, inv: FrenchInvoice): boolean {
  const breakdowns = inv.vatBreakdownsByPrefix().get(`#${subInvoiceNumber(line)}#`) ?? [];
  const sum = doubleSum(breakdowns.flatMap((t) => all(t, CALCULATED)));
  const total = lineTaxTotalIn(line, lineInvoiceCurrencies(inv));
  return Math.abs(xpathNumber(total ? textOf(total) : undefined) - sum) <= 0.01;
}

/**
 * BR-FR-MV-10: when a top GROUP line gives its amount with VAT (EXT-FR-FE-184), it equals net (BT-131)
 * + VAT (EXT-FR-FE-181) within 0.01 per DETAIL child (xs:double arithmetic, as the artefact).
 */
export function groupGrossMatchesNetPlusVat(line: XmlElement, inv: FrenchInvoice): boolean {
  const gross = all(line, P.lineSettlement).flatMap((s) => all(s, LINE_GRAND_TOTAL));
  if (gross.length === 0) return true;
  if (normalizeSpace(textOf(gross[0]!)) === '') return false;
  const children = new Set(texts(line, P.lineId).flatMap((id) => inv.linesByParentId().get(id) ?? []));
  const details = [...children].filter((c) => hasValue(c, P.lineStatus, 'DETAIL')).length;
  const vat = lineTaxTotalIn(line, lineInvoiceCurrencies(inv));
  const difference =
    xpathNumber(textOf(gross[0]!)) -
    lineAmount(line, LINE_TOTAL) -
    xpathNumber(vat ? textOf(vat) : undefined);
  return Math.abs(difference) <= 0.01 * details;
}

const ITEM_SELLER_ID = path(
  'ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID',
);

/** `normalize-space(…/ram:ItemSellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID)` of lines (the first). */
function itemSellerId(lines: readonly XmlElement[]): string {
  const id = lines.flatMap((l) => all(l, ITEM_SELLER_ID))[0];
  return id ? normalizeSpace(textOf(id)) : '';
}

/** The line-level seller identifiers (EXT-FR-FE-167), as written. */
export const itemSellerIds = memoized((line): readonly string[] => texts(line, ITEM_SELLER_ID));

/** BR-FR-MV-06: a line has a seller legal identifier, the same as its parent line's. */
export function lineSellerMatchesParent(line: XmlElement, inv: FrenchInvoice): boolean {
  const legalId = itemSellerId([line]);
  const parents = texts(line, P.parentLineId);
  return legalId !== '' && (parents.length === 0 || legalId === itemSellerId(inv.linesWithId(parents)));
}

/** BR-FR-MV-07: a line has a sub-invoice number (BT-128, AFL/130), the same as its parent line's. */
export function lineSubInvoiceMatchesParent(line: XmlElement, inv: FrenchInvoice): boolean {
  const number = subInvoiceNumber(line);
  const parents = texts(line, P.parentLineId);
  if (number === '') return false;
  if (parents.length === 0) return true;
  const parentId = inv.linesWithId(parents).flatMap(subInvoiceIds)[0];
  return number === (parentId ? normalizeSpace(textOf(parentId)) : '');
}

const LINE_EXEMPTION = path('ram:ApplicableTradeTax/ram:ExemptionReason');
const LINE_ITEMS = path('ram:IncludedSupplyChainTradeLineItem');

/** BR-FR-MV-08: a DETAIL line's VAT exemption reason starts with `#<sub-invoice number>#`. */
export function detailExemptionNamesSubInvoice(line: XmlElement): boolean {
  const number = subInvoiceNumber(line);
  const reason = all(line, P.lineSettlement).flatMap((s) => all(s, LINE_EXEMPTION))[0];
  const value = reason ? textOf(reason) : '';
  return normalizeSpace(value) !== '' && number !== '' && value.startsWith(`#${number}#`);
}

/** The top GROUP lines among a transaction's lines. */
export function topGroupLines(transaction: XmlElement): XmlElement[] {
  return all(transaction, LINE_ITEMS).filter(isTopGroupLine);
}
