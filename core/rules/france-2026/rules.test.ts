/**
 * The BR-FR rule set on hand-made invoices: a clean French invoice passes; each defect fails the rule it
 * should and only that one; multi-vendor (S8) and bidirectional (B9) invoices, which the corpus does
 * not cover, are checked both ways. Plus a check that our ids and flags are the artefact's, one for one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceDir } from '../../testing/corpus';
import { parseXml } from '../../xml/parse';
import { runRuleSets, ruleInput } from '../run';
import { france2026Advisories, france2026Rules } from './index';
import { isUncastableFinding } from '../schematron-pattern';

const NS =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" ' +
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"';

const NOTES = ['PMT', 'PMD', 'AAB']
  .map(
    (c) =>
      `<ram:IncludedNote><ram:Content>Mention ${c}</ram:Content><ram:SubjectCode>${c}</ram:SubjectCode></ram:IncludedNote>`,
  )
  .join('');

interface Parts {
  mode?: string;
  typeCode?: string;
  notes?: string;
  lines?: string;
  sellerExtra?: string;
  headerTaxes?: string;
  currency?: string;
  totals?: string;
}

const SIMPLE_LINE = `<ram:IncludedSupplyChainTradeLineItem>
  <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
  <ram:SpecifiedTradeProduct><ram:Name>Article</ram:Name></ram:SpecifiedTradeProduct>
  <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>100.00</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
  <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
  <ram:SpecifiedLineTradeSettlement>
    <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20.00</ram:RateApplicablePercent></ram:ApplicableTradeTax>
    <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>100.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
  </ram:SpecifiedLineTradeSettlement>
</ram:IncludedSupplyChainTradeLineItem>`;

const SIMPLE_TAX = `<ram:ApplicableTradeTax><ram:CalculatedAmount>20.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>100.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20.00</ram:RateApplicablePercent></ram:ApplicableTradeTax>`;

const party = (role: string, siren: string, extra = ''): string => `<ram:${role}>
  <ram:Name>${role}</ram:Name>${extra}
  <ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${siren}</ram:ID></ram:SpecifiedLegalOrganization>
  <ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>
  <ram:URIUniversalCommunication><ram:URIID schemeID="0225">${siren}</ram:URIID></ram:URIUniversalCommunication>
</ram:${role}>`;

function invoice(p: Parts = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice ${NS}>
<rsm:ExchangedDocumentContext>
  <ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>${p.mode ?? 'B1'}</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>
  <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
</rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument>
  <ram:ID>FA-1</ram:ID><ram:TypeCode>${p.typeCode ?? '380'}</ram:TypeCode>
  <ram:IssueDateTime><udt:DateTimeString format="102">20260915</udt:DateTimeString></ram:IssueDateTime>
  ${p.notes ?? NOTES}
</rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>
${p.lines ?? SIMPLE_LINE}
<ram:ApplicableHeaderTradeAgreement>
${party('SellerTradeParty', '100000009', p.sellerExtra)}
${party('BuyerTradeParty', '200000008')}
</ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeDelivery/>
<ram:ApplicableHeaderTradeSettlement>
  <ram:InvoiceCurrencyCode>${p.currency ?? 'EUR'}</ram:InvoiceCurrencyCode>
  ${p.headerTaxes ?? SIMPLE_TAX}
  <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    ${p.totals ?? '<ram:LineTotalAmount>100.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">20.00</ram:TaxTotalAmount><ram:GrandTotalAmount>120.00</ram:GrandTotalAmount><ram:DuePayableAmount>120.00</ram:DuePayableAmount>'}
  </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
</ram:ApplicableHeaderTradeSettlement>
</rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
}

function failedIds(xml: string): string[] {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return [...new Set(runRuleSets(ruleInput(parsed.doc), [france2026Rules]).map((f) => f.rule.id))].sort();
}

describe('BR-FR rules on a hand-made French invoice', () => {
  it('a complete French invoice passes every rule', () => {
    expect(failedIds(invoice())).toEqual([]);
  });

  it('missing legal note fails BR-FR-05 for that note only', () => {
    const notes = NOTES.replace(/<ram:IncludedNote><ram:Content>Mention PMD.*?<\/ram:IncludedNote>/, '');
    expect(failedIds(invoice({ notes }))).toEqual(['BR-FR-05_BT-22_PMD']);
  });

  it('a billing framework outside the list fails BR-FR-08', () => {
    expect(failedIds(invoice({ mode: 'X1' }))).toEqual(['BR-FR-08_BT-23']);
  });

  it('a SIRET not starting with the seller SIREN fails BR-FR-09', () => {
    const sellerExtra = '<ram:GlobalID schemeID="0009">20000000800017</ram:GlobalID>';
    expect(failedIds(invoice({ sellerExtra }))).toEqual(['BR-FR-09_BT-29']);
    expect(
      failedIds(invoice({ sellerExtra: '<ram:GlobalID schemeID="0009">10000000900017</ram:GlobalID>' })),
    ).toEqual([]);
  });

  it('two GlobalIDs with one scheme, or one without scheme, fail BR-FR-CO-10', () => {
    const twice =
      '<ram:GlobalID schemeID="0088">1</ram:GlobalID><ram:GlobalID schemeID="0088">2</ram:GlobalID>';
    expect(failedIds(invoice({ sellerExtra: twice }))).toEqual(['BR-FR-CO-10_BT-29-2']);
    expect(failedIds(invoice({ sellerExtra: '<ram:GlobalID>3</ram:GlobalID>' }))).toEqual([
      'BR-FR-CO-10_BT-29-1',
    ]);
  });

  it('a non-EUR invoice without EUR VAT total fails BR-FR-CO-12', () => {
    expect(failedIds(invoice({ currency: 'USD' }))).toEqual(['BR-FR-CO-12_BT-5']);
  });

  it('a VAT total with 3 decimals fails BR-FR-DEC-01_BT-110 and never the shadowed BT-111 rule', () => {
    const totals =
      '<ram:LineTotalAmount>100.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">20.000</ram:TaxTotalAmount><ram:GrandTotalAmount>120.00</ram:GrandTotalAmount><ram:DuePayableAmount>120.00</ram:DuePayableAmount>';
    expect(failedIds(invoice({ totals }))).toEqual(['BR-FR-DEC-01_BT-110']);
  });

  it('a rate not used in France fails BR-FR-16 on the breakdown and the line', () => {
    const lines = SIMPLE_LINE.replace(
      '20.00</ram:RateApplicablePercent>',
      '19.00</ram:RateApplicablePercent>',
    );
    const headerTaxes = SIMPLE_TAX.replace(
      '20.00</ram:RateApplicablePercent>',
      '19.00</ram:RateApplicablePercent>',
    );
    expect(failedIds(invoice({ lines, headerTaxes }))).toEqual(['BR-FR-16_BT-119', 'BR-FR-16_BT-152']);
  });

  it('a due date before the invoice date fails BR-FR-CO-07, except for prepayment invoices', () => {
    const early = (xml: string): string =>
      xml.replace(
        '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
        '<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">20260901</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms><ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
      );
    expect(failedIds(early(invoice()))).toEqual(['BR-FR-CO-07_BT-9']);
    expect(failedIds(early(invoice({ typeCode: '386' })))).toEqual([]);
  });

  it('a B2B invoice routes to the buyer by SIREN (BR-FR-11, BR-FR-21)', () => {
    const bar = (value: string): string =>
      NOTES +
      `<ram:IncludedNote><ram:Content>${value}</ram:Content><ram:SubjectCode>BAR</ram:SubjectCode></ram:IncludedNote>`;
    expect(failedIds(invoice({ notes: bar('B2B') }))).toEqual([]);
    const noBuyerSiren = invoice({ notes: bar('B2B') }).replace(
      '<ram:ID schemeID="0002">200000008</ram:ID>',
      '',
    );
    expect(failedIds(noBuyerSiren)).toEqual(['BR-FR-11_BT-47']);
    expect(failedIds(invoice({ notes: bar('B2X') }))).toEqual(['BR-FR-20_BT-21']);
  });

  it('a SIREN that is not 9 digits fails BR-FR-32 wherever it is, and BR-FR-10 for the seller', () => {
    const xml = invoice().replace(
      '<ram:ID schemeID="0002">100000009</ram:ID>',
      '<ram:ID schemeID="0002">10000000</ram:ID>',
    );
    expect(failedIds(xml)).toEqual(['BR-FR-10_BT-30', 'BR-FR-32-LEGALID']);
  });

  it('an item attribute with both a text value and a measure fails BR-FR-28, one without name or code BR-FR-27', () => {
    const characteristic = (inner: string): string =>
      SIMPLE_LINE.replace(
        '<ram:Name>Article</ram:Name>',
        `<ram:Name>Article</ram:Name><ram:ApplicableProductCharacteristic>${inner}</ram:ApplicableProductCharacteristic>`,
      );
    const both = characteristic(
      '<ram:Description>Colour</ram:Description><ram:ValueMeasure unitCode="MTR">2</ram:ValueMeasure><ram:Value>red</ram:Value>',
    );
    expect(failedIds(invoice({ lines: both }))).toEqual(['BR-FR-28-Value']);
    expect(failedIds(invoice({ lines: characteristic('<ram:Value>red</ram:Value>') }))).toEqual([
      'BR-FR-27_BG-32',
    ]);
    expect(
      failedIds(
        invoice({
          lines: characteristic('<ram:Description>Colour</ram:Description><ram:Value>red</ram:Value>'),
        }),
      ),
    ).toEqual([]);
  });
});

/** A line of a multi-vendor or bidirectional invoice. */
function mvLine(l: {
  id: string;
  parent?: string;
  status: string;
  seller: string;
  afl: string;
  net: string;
  vat?: string;
  gross?: string;
  price?: string;
}): string {
  const detail = l.status === 'DETAIL';
  return `<ram:IncludedSupplyChainTradeLineItem>
  <ram:AssociatedDocumentLineDocument><ram:LineID>${l.id}</ram:LineID>${l.parent ? `<ram:ParentLineID>${l.parent}</ram:ParentLineID>` : ''}<ram:LineStatusReasonCode>${l.status}</ram:LineStatusReasonCode></ram:AssociatedDocumentLineDocument>
  <ram:SpecifiedTradeProduct><ram:Name>Article ${l.id}</ram:Name></ram:SpecifiedTradeProduct>
  <ram:SpecifiedLineTradeAgreement>
    <ram:ItemSellerTradeParty><ram:Name>Vendor ${l.seller}</ram:Name><ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${l.seller}</ram:ID></ram:SpecifiedLegalOrganization><ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:ItemSellerTradeParty>
    ${l.price ? `<ram:NetPriceProductTradePrice><ram:ChargeAmount>${l.price}</ram:ChargeAmount></ram:NetPriceProductTradePrice>` : ''}
  </ram:SpecifiedLineTradeAgreement>
  <ram:SpecifiedLineTradeSettlement>
    ${detail ? `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:ExemptionReason>#${l.afl}# sub-invoice</ram:ExemptionReason><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20.00</ram:RateApplicablePercent></ram:ApplicableTradeTax>` : ''}
    <ram:AdditionalReferencedDocument><ram:IssuerAssignedID>${l.afl}</ram:IssuerAssignedID><ram:TypeCode>130</ram:TypeCode><ram:ReferenceTypeCode>AFL</ram:ReferenceTypeCode></ram:AdditionalReferencedDocument>
    <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${l.net}</ram:LineTotalAmount>${l.vat ? `<ram:TaxTotalAmount currencyID="EUR">${l.vat}</ram:TaxTotalAmount>` : ''}${l.gross ? `<ram:GrandTotalAmount>${l.gross}</ram:GrandTotalAmount>` : ''}</ram:SpecifiedTradeSettlementLineMonetarySummation>
  </ram:SpecifiedLineTradeSettlement>
</ram:IncludedSupplyChainTradeLineItem>`;
}

const breakdown = (afl: string, vat: string, basis: string): string =>
  `<ram:ApplicableTradeTax><ram:CalculatedAmount>${vat}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:ExemptionReason>#${afl}# sub-invoice</ram:ExemptionReason><ram:BasisAmount>${basis}</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20.00</ram:RateApplicablePercent></ram:ApplicableTradeTax>`;

/** Two vendors: the invoice's seller (sub-invoice FA-1 = BT-1) and another (FA-1-B). */
function multiVendor(
  mode: string,
  second: string,
  overrides: { vat1?: string; child2Net?: string } = {},
): Parts {
  return {
    mode,
    lines: [
      mvLine({
        id: '1',
        status: 'GROUP',
        seller: '100000009',
        afl: 'FA-1',
        net: '150.00',
        vat: overrides.vat1 ?? '30.00',
        gross: '180.00',
      }),
      mvLine({
        id: '1.1',
        parent: '1',
        status: 'DETAIL',
        seller: '100000009',
        afl: 'FA-1',
        net: '100.00',
        price: '100.00',
      }),
      mvLine({
        id: '1.2',
        parent: '1',
        status: 'DETAIL',
        seller: '100000009',
        afl: 'FA-1',
        net: overrides.child2Net ?? '50.00',
        price: '50.00',
      }),
      mvLine({ id: '2', status: 'GROUP', seller: second, afl: 'FA-1-B', net: '10.00', vat: '2.00' }),
      mvLine({
        id: '2.1',
        parent: '2',
        status: 'DETAIL',
        seller: second,
        afl: 'FA-1-B',
        net: '10.00',
        price: '10.00',
      }),
    ].join('\n'),
    headerTaxes: breakdown('FA-1', '30.00', '150.00') + breakdown('FA-1-B', '2.00', '10.00'),
    totals:
      '<ram:LineTotalAmount>160.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>160.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">32.00</ram:TaxTotalAmount><ram:GrandTotalAmount>192.00</ram:GrandTotalAmount><ram:DuePayableAmount>192.00</ram:DuePayableAmount>',
  };
}

describe('multi-vendor (S8) and bidirectional (B9) invoices', () => {
  it('a consistent multi-vendor invoice passes', () => {
    expect(failedIds(invoice(multiVendor('S8', '300000007')))).toEqual([]);
  });

  it('a GROUP VAT total that disagrees with its VAT breakdowns fails BR-FR-MV-09 (and MV-10)', () => {
    expect(failedIds(invoice(multiVendor('S8', '300000007', { vat1: '31.00' })))).toEqual([
      'BR-FR-MV-09_EXT-FR-FE-181',
      'BR-FR-MV-10_EXT-FR-FE-184',
    ]);
  });

  it('a GROUP net amount that is not the sum of its sub-lines fails BR-FR-MV-05', () => {
    expect(failedIds(invoice(multiVendor('S8', '300000007', { child2Net: '49.00' })))).toEqual([
      'BR-FR-MV-05_EXT-FR-FE-BG-12',
    ]);
  });

  it('a sub-line whose vendor differs from its GROUP line fails BR-FR-MV-06', () => {
    const parts = multiVendor('S8', '300000007');
    const lines = parts.lines!.replace(
      /(<ram:LineID>2\.1<\/ram:LineID>[\s\S]*?<ram:ID schemeID="0002">)300000007/,
      '$1400000006',
    );
    expect(failedIds(invoice({ ...parts, lines }))).toEqual(['BR-FR-MV-06_EXT-FR-FE-167']);
  });

  it('a multi-vendor invoice cannot be self-billed (BR-FR-MV-13)', () => {
    expect(failedIds(invoice({ ...multiVendor('S8', '300000007'), typeCode: '389' }))).toEqual([
      'BR-FR-MV-13_BT-3',
    ]);
  });

  it('the same rules stay silent outside frames 8 and 9', () => {
    expect(failedIds(invoice({ ...multiVendor('S1', '300000007', { vat1: '31.00' }) }))).toEqual([]);
  });

  it('a bidirectional invoice needs a self-billing type, and one GROUP line each for seller and buyer', () => {
    const parts = multiVendor('B9', '200000008');
    expect(failedIds(invoice({ ...parts, typeCode: '389' }))).toEqual([]);
    expect(failedIds(invoice(parts))).toEqual(['BR-FR-BD-13_BT-3']);
    expect(failedIds(invoice({ ...multiVendor('B9', '300000007'), typeCode: '389' }))).toEqual([
      'BR-FR-BD-02_BT-47',
    ]);
  });

  it('a sub-line amount that is not a number is reported on that value, where the official XSLT stops', () => {
    const parts = multiVendor('S8', '300000007');
    const lines = parts.lines!.replace(
      '<ram:LineTotalAmount>50.00</ram:LineTotalAmount>',
      '<ram:LineTotalAmount>50,00</ram:LineTotalAmount>',
    );
    const parsed = parseXml(invoice({ ...parts, lines }));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const findings = runRuleSets(ruleInput(parsed.doc), [france2026Rules]);
    const mv05 = findings.filter((f) => f.rule.id === 'BR-FR-MV-05_EXT-FR-FE-BG-12');
    expect(mv05).toHaveLength(1);
    expect(mv05[0]!.at.local).toBe('LineTotalAmount');
    expect(isUncastableFinding(mv05[0]!)).toBe(true);
  });

  it('negative unit prices are allowed only on bidirectional invoices (BR-FR-DEC-03)', () => {
    const negative = (p: Parts): Parts => ({
      ...p,
      lines: p.lines!.replace(
        '<ram:ChargeAmount>10.00</ram:ChargeAmount>',
        '<ram:ChargeAmount>-10.00</ram:ChargeAmount>',
      ),
    });
    expect(failedIds(invoice({ ...negative(multiVendor('B9', '200000008')), typeCode: '389' }))).toEqual([]);
    expect(failedIds(invoice(negative(multiVendor('S8', '300000007'))))).toEqual(['BR-FR-DEC-03_BT-146']);
  });
});

describe('the rule set against the artefact', () => {
  const reference = referenceDir();
  it.skipIf(!reference)(
    'has exactly the assertions of BR-FR-Flux2-Schematron-CII.sch 1.4.0, with their flags',
    () => {
      const sch = readFileSync(
        path.join(reference!, 'br-fr-flux2-cii-1.4.0/BR-FR-Flux2-Schematron-CII.sch'),
        'utf8',
      ).replace(/<!--[\s\S]*?-->/g, '');
      const official = [...sch.matchAll(/<assert\b(?:[^>"]|"[^"]*")*>/g)].map((m) => {
        const id = /\bid="([^"]+)"/.exec(m[0])?.[1];
        const flag = /\bflag="([^"]+)"/.exec(m[0])?.[1];
        return `${id} ${flag}`;
      });
      const ours = france2026Rules.rules.map((r) => `${r.id} ${r.severity}`);
      expect(ours.length).toBe(171);
      expect(new Set(ours).size).toBe(ours.length);
      expect([...ours].sort()).toEqual([...official].sort());
    },
  );

  it('names advisories that are rules of the set', () => {
    const ids = new Set(france2026Rules.rules.map((r) => r.id));
    for (const a of france2026Advisories) expect(ids.has(a.ruleId)).toBe(true);
  });

  it('gives every rule a message in both languages and the business terms it concerns', () => {
    for (const r of france2026Rules.rules) {
      expect(r.message.en.length, r.id).toBeGreaterThan(20);
      expect(r.message.fr.length, r.id).toBeGreaterThan(20);
      expect(r.bt.length, r.id).toBeGreaterThan(0);
    }
  });
});
