/**
 * The rule contexts of the EN16931 CII model pattern (artefact 1.3.16), in the artefact's order: the
 * order decides which context checks an element that several could match (first match wins).
 */
import { RAM, UDT } from '../../cii/namespaces';
import { childrenNamed, textOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import { hasAncestors, isRootedAt } from '../xpath/paths';
import { hasCategory, isCharge, isVat, ram, rsm } from './invoice-view';
import { context, type Context } from './pattern';

/** `[udt:Indicator = 'value']`: a string comparison, so ` true` or `1` do not match. */
function indicatorIs(el: XmlElement, value: string): boolean {
  return childrenNamed(el, UDT, 'Indicator').some((i) => textOf(i) === value);
}

const HEADER_SETTLEMENT = ram('ApplicableHeaderTradeSettlement');
const LINE_SETTLEMENT = ram('SpecifiedLineTradeSettlement');
const TRANSACTION = rsm('SupplyChainTradeTransaction');
const ALLOWANCE_CHARGE = ram('SpecifiedTradeAllowanceCharge');

export const productClassification = context(
  'product classification',
  ram('DesignatedProductClassification'),
);
export const additionalDocument = context('additional document', ram('AdditionalReferencedDocument'));
export const financialCard = context('financial card', ram('ApplicableTradeSettlementFinancialCard'));
export const creditTransferAccount = context(
  'credit transfer account',
  ram('PayeePartyCreditorFinancialAccount'),
  (el) => childrenNamed(el.parent!, RAM, 'TypeCode').some((t) => ['30', '58'].includes(textOf(t))),
  (el) => hasAncestors(el, ram('SpecifiedTradeSettlementPaymentMeans')),
);
export const headerDelivery = context(
  'header delivery',
  ram('ApplicableHeaderTradeDelivery'),
  undefined,
  (el) => isRootedAt(el, TRANSACTION, rsm('CrossIndustryInvoice')),
);
export const headerAllowance = context(
  'document level allowance',
  ram('ChargeIndicator'),
  (el) => indicatorIs(el, 'false'),
  (el) => hasAncestors(el, ALLOWANCE_CHARGE, HEADER_SETTLEMENT),
);
export const headerCharge = context(
  'document level charge',
  ram('ChargeIndicator'),
  (el) => indicatorIs(el, 'true'),
  (el) => hasAncestors(el, ALLOWANCE_CHARGE, HEADER_SETTLEMENT),
);
export const monetarySummation = context(
  'document totals',
  ram('SpecifiedTradeSettlementHeaderMonetarySummation'),
);
export const invoice = context('invoice', rsm('CrossIndustryInvoice'), undefined, (el) => el.parent === null);
export const line = context('invoice line', ram('IncludedSupplyChainTradeLineItem'));
export const lineAllowance = context(
  'line allowance',
  ram('ChargeIndicator'),
  (el) => indicatorIs(el, 'false'),
  (el) => hasAncestors(el, ALLOWANCE_CHARGE, LINE_SETTLEMENT),
);
export const lineCharge = context(
  'line charge',
  ram('ChargeIndicator'),
  (el) => indicatorIs(el, 'true'),
  (el) => hasAncestors(el, ALLOWANCE_CHARGE, LINE_SETTLEMENT),
);
export const lineBillingPeriod = context(
  'line billing period',
  ram('BillingSpecifiedPeriod'),
  undefined,
  (el) => hasAncestors(el, LINE_SETTLEMENT),
);
export const headerBillingPeriod = context(
  'invoice billing period',
  ram('BillingSpecifiedPeriod'),
  undefined,
  (el) => hasAncestors(el, HEADER_SETTLEMENT),
);
export const productCharacteristic = context('item attribute', ram('ApplicableProductCharacteristic'));
export const payee = context('payee', ram('PayeeTradeParty'));
export const paymentMeans = context('payment means', ram('SpecifiedTradeSettlementPaymentMeans'));
export const precedingInvoice = context(
  'preceding invoice',
  ram('InvoiceReferencedDocument'),
  undefined,
  (el) => isRootedAt(el, HEADER_SETTLEMENT, TRANSACTION, rsm('CrossIndustryInvoice')),
);
export const seller = context('seller', ram('SellerTradeParty'));
export const sellerTaxRepresentative = context(
  'seller tax representative',
  ram('SellerTaxRepresentativeTradeParty'),
);
export const invoiceCurrencyTaxTotal = context(
  'invoice total VAT',
  ram('TaxTotalAmount'),
  (el, view) => {
    const currency = el.attributes.find((a) => a.local === 'currencyID' && a.ns === null)?.value;
    return currency !== undefined && view.invoiceCurrencies().includes(currency);
  },
  (el) => hasAncestors(el, ram('SpecifiedTradeSettlementHeaderMonetarySummation')),
);
export const vatIdentifier = context(
  'VAT identifier',
  ram('ID'),
  (el) => el.attributes.some((a) => a.local === 'schemeID' && a.ns === null && a.value === 'VA'),
  (el) => hasAncestors(el, ram('SpecifiedTaxRegistration')),
);

/** The contexts through which a VAT category's rules see the invoice. */
export interface CategoryContexts {
  /** The VAT breakdown (BG-23): its CategoryCode element (AE, E, G, K, S, Z) or the breakdown itself (L, M, O). */
  readonly breakdown: Context;
  readonly line: Context;
  readonly allowance: Context;
  readonly charge: Context;
}

function categoryContexts(code: string, breakdownForm: 'code' | 'code-any-type' | 'tax'): CategoryContexts {
  const breakdown =
    breakdownForm === 'tax'
      ? context(
          `${code} breakdown`,
          ram('ApplicableTradeTax'),
          (el) => hasCategory(el, code) && isVat(el),
          (el) => hasAncestors(el, HEADER_SETTLEMENT, TRANSACTION),
        )
      : context(
          `${code} breakdown`,
          ram('CategoryCode'),
          (el) => textOf(el) === code && (breakdownForm === 'code-any-type' || isVat(el.parent!)),
          (el) =>
            breakdownForm === 'code-any-type'
              ? hasAncestors(el, ram('ApplicableTradeTax'), HEADER_SETTLEMENT)
              : hasAncestors(el, ram('ApplicableTradeTax'), HEADER_SETTLEMENT, TRANSACTION),
        );
  const allowanceOrCharge = (charge: boolean): Context =>
    context(
      `${code} ${charge ? 'charge' : 'allowance'}`,
      ram('CategoryTradeTax'),
      (el) => isCharge(el.parent!, charge) && hasCategory(el, code) && isVat(el),
      (el) => hasAncestors(el, ALLOWANCE_CHARGE),
    );
  return {
    breakdown,
    line: context(
      `${code} line`,
      ram('ApplicableTradeTax'),
      (el) => hasCategory(el, code) && isVat(el),
      (el) => hasAncestors(el, LINE_SETTLEMENT, ram('IncludedSupplyChainTradeLineItem'), TRANSACTION),
    ),
    allowance: allowanceOrCharge(false),
    charge: allowanceOrCharge(true),
  };
}

export const CATEGORY = {
  AE: categoryContexts('AE', 'code'),
  L: categoryContexts('L', 'tax'),
  M: categoryContexts('M', 'tax'),
  E: categoryContexts('E', 'code'),
  G: categoryContexts('G', 'code'),
  K: categoryContexts('K', 'code'),
  O: categoryContexts('O', 'tax'),
  S: categoryContexts('S', 'code-any-type'),
  Z: categoryContexts('Z', 'code-any-type'),
} as const;

export type CategoryCode = keyof typeof CATEGORY;

export const vatBreakdown = context('VAT breakdown', ram('ApplicableTradeTax'), undefined, (el) =>
  hasAncestors(el, HEADER_SETTLEMENT),
);

const { AE, L, M, E, G, K, O, S, Z } = CATEGORY;

/** Artefact order. */
export const CONTEXTS: readonly Context[] = [
  productClassification,
  additionalDocument,
  financialCard,
  creditTransferAccount,
  headerDelivery,
  headerAllowance,
  headerCharge,
  monetarySummation,
  invoice,
  line,
  lineAllowance,
  lineCharge,
  lineBillingPeriod,
  headerBillingPeriod,
  productCharacteristic,
  payee,
  paymentMeans,
  precedingInvoice,
  seller,
  sellerTaxRepresentative,
  invoiceCurrencyTaxTotal,
  vatIdentifier,
  ...[AE.breakdown, AE.allowance, AE.charge, AE.line],
  ...[L.breakdown, L.line, L.allowance, L.charge],
  ...[M.breakdown, M.line, M.allowance, M.charge],
  ...[E.breakdown, E.allowance, E.charge, E.line],
  ...[G.breakdown, G.allowance, G.charge, G.line],
  ...[K.breakdown, K.allowance, K.charge, K.line],
  ...[O.breakdown, O.allowance, O.charge, O.line],
  ...[S.breakdown, S.line, S.allowance, S.charge],
  ...[Z.breakdown, Z.allowance, Z.charge, Z.line],
  vatBreakdown,
];
