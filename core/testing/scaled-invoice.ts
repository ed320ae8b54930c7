/**
 * An invoice whose every repeated part grows with one number, for the tests that hold the rules' cost to
 * linear growth: `n` lines (each with an allowance and a charge; in EXTENDED, each line the DETAIL of a
 * GROUP line of its own, as the profile's line hierarchy writes it), `n` document allowances and `n`
 * charges (in EXTENDED, `n` logistics service charges too), and `n` VAT breakdowns, each rate used by one
 * breakdown, one line (and its group), one allowance and one charge, so that every rule pairing lines
 * with breakdowns or lines with lines meets n of each. Made from the project's own golden invoice, with
 * the totals added up: its findings are its rates (no French rates) and, in EXTENDED, the sums that count
 * the group lines and the logistics charges too.
 */
import { GUIDELINE_ID, type Profile } from '../cii/profile';
import { Decimal } from '../decimal/decimal';
import { goldenCii } from './hostile-xml';

const LINES = /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*<\/ram:IncludedSupplyChainTradeLineItem>/;
const BREAKDOWN = /<ram:ApplicableTradeTax><ram:CalculatedAmount>[\s\S]*?<\/ram:ApplicableTradeTax>/;
const SUMMATION =
  /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>[\s\S]*?<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>/;

const PRICE = Decimal.of('100.00');
const LINE_ALLOWANCE = Decimal.of('10.00');
const LINE_CHARGE = Decimal.of('5.00');
const DOCUMENT_ALLOWANCE = Decimal.of('2.00');
const DOCUMENT_CHARGE = Decimal.of('1.00');

/** The i-th rate (0-based): 1.00, 1.25, 1.50 … all different. */
const rateOf = (i: number): Decimal => Decimal.of(1).plus(Decimal.of(i).times(Decimal.of('0.25')));

const tax = (rate: Decimal): string =>
  `<ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode>` +
  `<ram:RateApplicablePercent>${rate.toString()}</ram:RateApplicablePercent>`;

function allowanceCharge(charge: boolean, amount: Decimal, rate: Decimal | null): string {
  return (
    `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${String(charge)}</udt:Indicator>` +
    `</ram:ChargeIndicator><ram:ActualAmount>${amount.toString()}</ram:ActualAmount>` +
    `<ram:Reason>${charge ? 'Frais' : 'Remise'}</ram:Reason>` +
    (rate ? `<ram:CategoryTradeTax>${tax(rate)}</ram:CategoryTradeTax>` : '') +
    `</ram:SpecifiedTradeAllowanceCharge>`
  );
}

/** A logistics service charge (EXTENDED's BT-X-271…), taxed at `rate`: outside the totals, for the cost alone. */
const logisticsCharge = (rate: Decimal): string =>
  `<ram:SpecifiedLogisticsServiceCharge><ram:Description>Transport</ram:Description>` +
  `<ram:AppliedAmount>${DOCUMENT_CHARGE.toString()}</ram:AppliedAmount>` +
  `<ram:AppliedTradeTax>${tax(rate)}</ram:AppliedTradeTax></ram:SpecifiedLogisticsServiceCharge>`;

/** Where the line sits in EXTENDED's hierarchy (`null`: a line of another profile, with none). */
type Hierarchy = { readonly status: 'GROUP' } | { readonly status: 'DETAIL'; readonly parent: string } | null;

function line(id: string, rate: Decimal, net: Decimal, hierarchy: Hierarchy): string {
  const document = hierarchy
    ? (hierarchy.status === 'DETAIL' ? `<ram:ParentLineID>${hierarchy.parent}</ram:ParentLineID>` : '') +
      `<ram:LineStatusCode>TYPE</ram:LineStatusCode><ram:LineStatusReasonCode>${hierarchy.status}</ram:LineStatusReasonCode>`
    : '';
  return (
    `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${id}</ram:LineID>` +
    `${document}</ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:SellerAssignedID>P-${id}</ram:SellerAssignedID>` +
    `<ram:Name>Article ${id}</ram:Name></ram:SpecifiedTradeProduct><ram:SpecifiedLineTradeAgreement>` +
    `<ram:NetPriceProductTradePrice><ram:ChargeAmount>${PRICE.toString()}</ram:ChargeAmount></ram:NetPriceProductTradePrice>` +
    `</ram:SpecifiedLineTradeAgreement><ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity>` +
    `</ram:SpecifiedLineTradeDelivery><ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax>${tax(rate)}</ram:ApplicableTradeTax>` +
    allowanceCharge(false, LINE_ALLOWANCE, null) +
    allowanceCharge(true, LINE_CHARGE, null) +
    `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${net.toString()}</ram:LineTotalAmount>` +
    `</ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`
  );
}

/** The invoice with `n` of each repeated part, declaring `profile` (BT-24). */
export function scaledInvoice(n: number, profile: Profile): string {
  const net = PRICE.minus(LINE_ALLOWANCE).plus(LINE_CHARGE);
  const basis = net.minus(DOCUMENT_ALLOWANCE).plus(DOCUMENT_CHARGE);
  const lines: string[] = [];
  const documentLevel: string[] = [];
  const breakdowns: string[] = [];
  const logistics: string[] = [];
  let taxTotal = Decimal.ZERO;
  for (let i = 0; i < n; i++) {
    const rate = rateOf(i);
    const amount = basis.times(rate).dividedBy(Decimal.of(100), 2, 'half-away')!;
    taxTotal = taxTotal.plus(amount);
    if (profile === 'EXTENDED')
      lines.push(
        line(`G${i + 1}`, rate, net, { status: 'GROUP' }),
        line(`${i + 1}`, rate, net, { status: 'DETAIL', parent: `G${i + 1}` }),
      );
    else lines.push(line(`${i + 1}`, rate, net, null));
    documentLevel.push(
      allowanceCharge(false, DOCUMENT_ALLOWANCE, rate),
      allowanceCharge(true, DOCUMENT_CHARGE, rate),
    );
    if (profile === 'EXTENDED') logistics.push(logisticsCharge(rate));
    breakdowns.push(
      `<ram:ApplicableTradeTax><ram:CalculatedAmount>${amount.toString()}</ram:CalculatedAmount>` +
        `<ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>${basis.toString()}</ram:BasisAmount>` +
        `<ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${rate.toString()}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
    );
  }
  const count = Decimal.of(n);
  const grand = basis.times(count).plus(taxTotal);
  const summation =
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${net.times(count).toString()}</ram:LineTotalAmount>` +
    `<ram:ChargeTotalAmount>${DOCUMENT_CHARGE.times(count).toString()}</ram:ChargeTotalAmount>` +
    `<ram:AllowanceTotalAmount>${DOCUMENT_ALLOWANCE.times(count).toString()}</ram:AllowanceTotalAmount>` +
    `<ram:TaxBasisTotalAmount>${basis.times(count).toString()}</ram:TaxBasisTotalAmount>` +
    `<ram:TaxTotalAmount currencyID="EUR">${taxTotal.toString()}</ram:TaxTotalAmount>` +
    `<ram:GrandTotalAmount>${grand.toString()}</ram:GrandTotalAmount>` +
    `<ram:DuePayableAmount>${grand.toString()}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>`;
  return goldenCii()
    .replace(`<ram:ID>${GUIDELINE_ID.EN16931}</ram:ID>`, `<ram:ID>${GUIDELINE_ID[profile]}</ram:ID>`)
    .replace(LINES, lines.join(''))
    .replace(BREAKDOWN, breakdowns.join('') + documentLevel.join('') + logistics.join(''))
    .replace(SUMMATION, summation);
}
