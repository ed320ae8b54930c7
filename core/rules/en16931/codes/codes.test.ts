import { describe, expect, it } from 'vitest';
import { CII_PREFIXES } from '../../../cii/namespaces';
import { describeCorpus } from '../../../testing/corpus';
import { familyAgreement } from '../../../testing/family-agreement';
import { parseXml } from '../../../xml/parse';
import { xpathOf } from '../../../xml/query';
import { ruleInput, runRuleSets } from '../../run';
import { en16931CodeRules } from './index';

const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const UDT = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';

function invoice(body: string): string {
  return `<rsm:CrossIndustryInvoice xmlns:rsm="${RSM}" xmlns:ram="${RAM}" xmlns:udt="${UDT}">${body}</rsm:CrossIndustryInvoice>`;
}

function findings(body: string): string[] {
  const parsed = parseXml(invoice(body));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return runRuleSets(ruleInput(parsed.doc), [en16931CodeRules]).map(
    (f) => `${f.rule.id} ${xpathOf(f.at, CII_PREFIXES)}`,
  );
}

describe('BR-CL code-list rules', () => {
  it('has one rule per official id, every one fatal', () => {
    const ids = en16931CodeRules.rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(23);
    expect(en16931CodeRules.rules.every((r) => r.severity === 'fatal')).toBe(true);
  });

  it('accepts padded codes and refuses empty, lower-case or multi-token values', () => {
    const doc = (code: string) =>
      `<rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>${code}</ram:InvoiceCurrencyCode></ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction>`;
    expect(findings(doc('EUR'))).toEqual([]);
    expect(findings(doc('\n  EUR  '))).toEqual([]);
    expect(findings(doc('eur'))).toHaveLength(1);
    expect(findings(doc(''))).toHaveLength(1);
    expect(findings(doc('EUR USD'))).toHaveLength(1);
    expect(findings(doc('EU'))).toHaveLength(1);
  });

  it('matches VATEX codes in any case, MIME codes exactly', () => {
    const vatex = (c: string) =>
      `<rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeSettlement><ram:ApplicableTradeTax><ram:ExemptionReasonCode>${c}</ram:ExemptionReasonCode></ram:ApplicableTradeTax></ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction>`;
    expect(findings(vatex('vatex-eu-ic'))).toEqual([]);
    expect(findings(vatex('VATEX-EU-XX'))).toHaveLength(1);
    const mime = (m: string) =>
      `<ram:AttachmentBinaryObject mimeCode="${m}">AA==</ram:AttachmentBinaryObject>`;
    expect(findings(mime('application/pdf'))).toEqual([]);
    expect(findings(mime(' application/pdf'))).toEqual([
      'BR-CL-24 /rsm:CrossIndustryInvoice/ram:AttachmentBinaryObject',
    ]);
  });

  it('checks a reason code against 5189 or 7161 by the charge indicator, the first context winning', () => {
    const ac = (indicator: string, reason: string) =>
      `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${indicator}</udt:Indicator></ram:ChargeIndicator><ram:ReasonCode>${reason}</ram:ReasonCode></ram:SpecifiedTradeAllowanceCharge>`;
    expect(findings(ac('false', '95'))).toEqual([]);
    expect(findings(ac('false', 'FC'))).toEqual([expect.stringMatching(/^BR-CL-19 /)]);
    expect(findings(ac('true', 'FC'))).toEqual([]);
    expect(findings(ac('true', '95'))).toEqual([expect.stringMatching(/^BR-CL-20 /)]);
    // An indicator that is no boolean makes the context not match (Saxon's recovery in patterns).
    expect(findings(ac('yes', 'nonsense'))).toEqual([]);
  });

  it('leaves an origin country with a schemeID to BR-CL-11 (first matching context)', () => {
    const origin = `<ram:OriginTradeCountry><ram:ID schemeID="XX">ZZ</ram:ID></ram:OriginTradeCountry>`;
    expect(findings(origin)).toEqual(['BR-CL-11 /rsm:CrossIndustryInvoice/ram:OriginTradeCountry/ram:ID']);
  });

  it('checks both quantities of BR-CL-23', () => {
    const q = `<ram:BilledQuantity unitCode="pieces">1</ram:BilledQuantity><ram:BasisQuantity unitCode="ABCD">1</ram:BasisQuantity>`;
    expect(findings(q)).toHaveLength(2);
  });
});

describeCorpus('BR-CL agreement with the official artefact on the CII corpus', (corpus) => {
  it('reports exactly the BR-CL ids of every expected verdict', () => {
    const result = familyAgreement(corpus, 'BR-CL', [en16931CodeRules], (id) => id.startsWith('BR-CL-'));
    console.log(result.summary);
    expect(result.disagreements).toEqual([]);
  });
});
