/** The XPath 2.0 semantics the official verdicts depend on, on small invoices built for each case. */
import { describe, expect, it } from 'vitest';
import { parseXml } from '../../xml/parse';
import { textOf } from '../../xml/query';
import type { Finding } from '../rule';
import { ruleInput, runRuleSets } from '../run';
import { decimalOfDouble } from '../xpath/cast';
import { en16931ModelRules } from './index';

interface Parts {
  lines?: string[];
  breakdowns?: string;
  totals?: string;
  allowances?: string;
}

const line = (amount: string, category = 'S', rate = '20'): string => `
  <ram:IncludedSupplyChainTradeLineItem>
    <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
    <ram:SpecifiedTradeProduct><ram:Name>Item</ram:Name></ram:SpecifiedTradeProduct>
    <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount.replace('-', '')}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
    <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
    <ram:SpecifiedLineTradeSettlement>
      <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${category}</ram:CategoryCode>${category === 'O' ? '' : `<ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent>`}</ram:ApplicableTradeTax>
      <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
    </ram:SpecifiedLineTradeSettlement>
  </ram:IncludedSupplyChainTradeLineItem>`;

function invoice(parts: Parts): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>1</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20260101</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>${(parts.lines ?? [line('100.00')]).join('')}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>S</ram:Name><ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress><ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR00123456789</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>B</ram:Name><ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      ${parts.breakdowns ?? '<ram:ApplicableTradeTax><ram:CalculatedAmount>20.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>100.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20</ram:RateApplicablePercent></ram:ApplicableTradeTax>'}
      ${parts.allowances ?? ''}
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        ${parts.totals ?? '<ram:LineTotalAmount>100.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">20.00</ram:TaxTotalAmount><ram:GrandTotalAmount>120.00</ram:GrandTotalAmount><ram:DuePayableAmount>120.00</ram:DuePayableAmount>'}
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
}

function findings(xml: string): Finding[] {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return runRuleSets(ruleInput(parsed.doc), [en16931ModelRules]);
}

const ids = (xml: string): string[] => [...new Set(findings(xml).map((f) => f.rule.id))].sort();

const totals = (lineTotal: string, basis = lineTotal, tax = '0.00', grand = basis): string =>
  `<ram:LineTotalAmount>${lineTotal}</ram:LineTotalAmount><ram:TaxBasisTotalAmount>${basis}</ram:TaxBasisTotalAmount>` +
  `<ram:TaxTotalAmount currencyID="EUR">${tax}</ram:TaxTotalAmount><ram:GrandTotalAmount>${grand}</ram:GrandTotalAmount>` +
  `<ram:DuePayableAmount>${grand}</ram:DuePayableAmount>`;

describe('EN16931 model rules: XPath semantics', () => {
  it('accepts a consistent invoice', () => {
    expect(ids(invoice({}))).toEqual([]);
  });

  it('converts a double exactly to xs:decimal, as Saxon does', () => {
    expect(decimalOfDouble(0.1 + 0.2).toString()).toBe(
      '0.3000000000000000444089209850062616169452667236328125',
    );
    expect(decimalOfDouble(1.005).toString()).toBe('1.00499999999999989341858963598497211933135986328125');
    expect(decimalOfDouble(-2).toString()).toBe('-2');
  });

  it('BR-CO-10 sums line amounts as doubles: 1.005 rounds to 1.00, not 1.01', () => {
    const zeroRated = (lineTotal: string): string =>
      invoice({
        lines: [line('1.005', 'Z', '0')],
        breakdowns:
          '<ram:ApplicableTradeTax><ram:CalculatedAmount>0</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>1.00</ram:BasisAmount><ram:CategoryCode>Z</ram:CategoryCode><ram:RateApplicablePercent>0</ram:RateApplicablePercent></ram:ApplicableTradeTax>',
        totals: totals(lineTotal),
      });
    expect(ids(zeroRated('1.00'))).not.toContain('BR-CO-10');
    expect(ids(zeroRated('1.01'))).toContain('BR-CO-10');
    expect(ids(zeroRated('1.00'))).toContain('BR-DEC-23');
  });

  it('BR-CO-13 rounds half towards +infinity (XPath round): -0.005 rounds to 0.00', () => {
    const withBasis = (basis: string): string[] =>
      ids(
        invoice({
          totals: `<ram:LineTotalAmount>100.00</ram:LineTotalAmount><ram:AllowanceTotalAmount>100.005</ram:AllowanceTotalAmount><ram:TaxBasisTotalAmount>${basis}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">20.00</ram:TaxTotalAmount><ram:GrandTotalAmount>120.00</ram:GrandTotalAmount><ram:DuePayableAmount>120.00</ram:DuePayableAmount>`,
        }),
      );
    expect(withBasis('0.00')).not.toContain('BR-CO-13');
    expect(withBasis('-0.01')).toContain('BR-CO-13');
  });

  it('first matching context wins: an "O" breakdown is not checked by BR-45', () => {
    const missingBasis = (category: string): string[] =>
      ids(
        invoice({
          lines: [line('100.00', category, '20')],
          breakdowns: `<ram:ApplicableTradeTax><ram:CalculatedAmount>0</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:ExemptionReason>x</ram:ExemptionReason><ram:CategoryCode>${category}</ram:CategoryCode></ram:ApplicableTradeTax>`,
        }),
      );
    expect(missingBasis('O')).not.toContain('BR-45');
    expect(missingBasis('O')).toContain('BR-O-08');
    expect(missingBasis('S')).toContain('BR-45');
  });

  it('a value XPath cannot cast is a finding on that value, and the other rules still run', () => {
    const found = findings(invoice({ totals: totals('100,00', '100.00', '20.00', '121.00') }));
    const defect = found.filter((f) => textOf(f.at) === '100,00');
    expect(defect.map((f) => f.rule.id)).toContain('BR-CO-10');
    expect(defect[0]?.detail?.en).toMatch(/is not a number \(the official artefact stops on it\)/);
    expect(found.map((f) => f.rule.id)).toContain('BR-CO-15');
  });

  it('BR-CO-14 compares the VAT total as a double with the rounded double sum of BT-117', () => {
    const twoRates = (taxTotal: string): string[] =>
      ids(
        invoice({
          lines: [line('0.10', 'S', '20'), line('0.20', 'S', '10')],
          breakdowns:
            '<ram:ApplicableTradeTax><ram:CalculatedAmount>0.02</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>0.10</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20</ram:RateApplicablePercent></ram:ApplicableTradeTax>' +
            '<ram:ApplicableTradeTax><ram:CalculatedAmount>0.02</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>0.20</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>10</ram:RateApplicablePercent></ram:ApplicableTradeTax>',
          totals: totals('0.30', '0.30', taxTotal, '0.34'),
        }),
      );
    expect(twoRates('0.04')).toEqual([]);
    expect(twoRates('0.05')).toContain('BR-CO-14');
  });

  it('party identifiers per VAT category: "O" forbids the seller VAT identifier, "S" requires one', () => {
    const notSubject = invoice({
      lines: [line('100.00', 'O')],
      breakdowns:
        '<ram:ApplicableTradeTax><ram:CalculatedAmount>0</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>100.00</ram:BasisAmount><ram:ExemptionReason>x</ram:ExemptionReason><ram:CategoryCode>O</ram:CategoryCode></ram:ApplicableTradeTax>',
      totals: totals('100.00'),
    });
    const withoutSellerVat = (xml: string): string =>
      xml.replace(/<ram:SpecifiedTaxRegistration>.*?<\/ram:SpecifiedTaxRegistration>/, '<ram:ID>S1</ram:ID>');
    expect(ids(notSubject)).toEqual(['BR-O-02']);
    expect(ids(withoutSellerVat(notSubject))).toEqual([]);
    expect(ids(withoutSellerVat(invoice({})))).toEqual(['BR-S-02']);
  });
});
