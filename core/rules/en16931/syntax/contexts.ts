/**
 * The rule contexts of the EN16931 CII syntax pattern (artefact 1.3.16, `EN16931-CII-Syntax`), in the
 * artefact's order. Order matters: an element is checked only by the first context matching it, so for
 * instance `/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:TypeCode` never applies (every
 * `ram:TypeCode` is taken by `//ram:TypeCode` before), and an empty rule still takes its elements.
 */
import { RAM } from '../../../cii/namespaces';
import { attributeValue } from '../../../xml/query';
import type { XmlElement } from '../../../xml/tree';
import { namesSay, pathContext, type PatternContext } from '../../schematron-pattern';

const INVOICE = '/rsm:CrossIndustryInvoice';
const TRANSACTION = `${INVOICE}/rsm:SupplyChainTradeTransaction`;
const LINE = `${TRANSACTION}/ram:IncludedSupplyChainTradeLineItem`;

/** `//ram:*[ends-with(name(), suffix)]` (the suffix lies in the local part, whatever the prefix). */
function ramEndingWith(suffix: string, label: string, except?: string): PatternContext {
  const locals = (local: string) => local.endsWith(suffix) && local !== except;
  return {
    label,
    locals,
    byNames: (el) => el.ns === RAM && locals(el.local),
    matches: (el) => el.ns === RAM,
  };
}

/** A union of paths: `a | b | …` (each tried only on elements of its own name). */
function union(...contexts: PatternContext[]): PatternContext {
  const byLocal = new Map<string, PatternContext[]>();
  for (const c of contexts) {
    for (const local of c.locals as readonly string[]) byLocal.set(local, [...(byLocal.get(local) ?? []), c]);
  }
  return {
    label: contexts.map((c) => c.label).join(' | '),
    locals: [...byLocal.keys()],
    // Sure when one path is sure of the names; out when every path is.
    byNames: (el) => {
      const said = (byLocal.get(el.local) ?? []).map((c) => namesSay(c, el));
      return said.includes(true) ? true : said.every((s) => s === false) ? false : null;
    },
    matches: (el, input) => byLocal.get(el.local)?.some((c) => c.matches(el, input)) === true,
  };
}

export const C = {
  paymentMeans: pathContext('//ram:SpecifiedTradeSettlementPaymentMeans'),
  documentContext: pathContext(`${INVOICE}/rsm:ExchangedDocumentContext`),
  document: pathContext(`${INVOICE}/rsm:ExchangedDocument`),
  documentNote: pathContext(`${INVOICE}/rsm:ExchangedDocument/ram:IncludedNote`),
  line: pathContext(LINE),
  lineDocument: pathContext(`${LINE}/ram:AssociatedDocumentLineDocument`),
  product: pathContext(`${LINE}/ram:SpecifiedTradeProduct`),
  productCharacteristic: pathContext(`${LINE}/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic`),
  lineAgreement: pathContext(`${LINE}/ram:SpecifiedLineTradeAgreement`),
  allowanceCharge: pathContext('//ram:SpecifiedTradeAllowanceCharge'),
  priceAllowanceCharge: pathContext('//ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge'),
  lineDelivery: pathContext(`${LINE}/ram:SpecifiedLineTradeDelivery`),
  lineSettlement: pathContext(`${LINE}/ram:SpecifiedLineTradeSettlement`),
  headerAgreement: pathContext(`${TRANSACTION}/ram:ApplicableHeaderTradeAgreement`),
  headerDelivery: pathContext(`${TRANSACTION}/ram:ApplicableHeaderTradeDelivery`),
  headerSettlement: pathContext(`${TRANSACTION}/ram:ApplicableHeaderTradeSettlement`),
  monetarySummation: pathContext(
    `${TRANSACTION}/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation`,
  ),
  invoice: pathContext(INVOICE),
  /** `//*[ends-with(name(), 'DocumentContextParameter')]`: any namespace, no assertion. */
  contextParameter: {
    label: '*DocumentContextParameter',
    locals: (local: string) => local.endsWith('DocumentContextParameter'),
    matches: () => true,
  } satisfies PatternContext,
  documentIds: union(
    pathContext(
      `${INVOICE}/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`,
    ),
    pathContext(`${INVOICE}/rsm:ExchangedDocument/ram:ID`),
    pathContext(`${LINE}/ram:AssociatedDocumentLineDocument/ram:LineID`),
    pathContext(`${LINE}/ram:SpecifiedTradeProduct/ram:SellerAssignedID`),
  ),
  anyId: ramEndingWith('ID', 'ram:*ID'),
  anyTypeCode: pathContext('//ram:TypeCode'),
  documentTypeCode: pathContext(`${INVOICE}/rsm:ExchangedDocument/ram:TypeCode`),
  lineVatCategory: pathContext(
    `${LINE}/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode`,
  ),
  anyReferencedDocument: ramEndingWith('ReferencedDocument', 'ram:*ReferencedDocument'),
  anyAmount: ramEndingWith('Amount', 'ram:*Amount', 'TaxTotalAmount'),
  anyQuantity: ramEndingWith('Quantity', 'ram:*Quantity'),
  anyTradeTax: ramEndingWith('TradeTax', 'ram:*TradeTax'),
  billingPeriod: pathContext('//ram:BillingSpecifiedPeriod'),
  postalAddress: pathContext('//ram:PostalTradeAddress'),
  date102: pathContext('//udt:DateTimeString', (el: XmlElement) => attributeValue(el, 'format') === '102'),
} as const;

export const CONTEXTS: readonly PatternContext[] = Object.values(C);
