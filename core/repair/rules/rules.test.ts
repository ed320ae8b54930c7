import { describe, expect, it } from 'vitest';
import { QDT, RAM, RSM, UDT } from '../../cii/namespaces';
import { parseXml } from '../../xml/parse';
import { applyEdits } from '../apply-edits';
import type { RuleOutput } from '../change';
import type { RepairRule } from '../rule';
import { hasValidGs1CheckDigit, isEmailAddress, isGln } from './identifier-checks';
import { compactDate } from './r001-dates';
import { r001Dates } from './r001-dates';
import { ciiUriVariant, r005Namespaces } from './r005-namespaces';
import { r006SchemeIds } from './r006-scheme-ids';
import { r007CurrencyCase } from './r007-currency-case';
import { r008MissingElements } from './r008-missing-elements';
import { r009UnitCodes } from './r009-unit-codes';

const DECLARATIONS = `xmlns:rsm="${RSM}" xmlns:ram="${RAM}" xmlns:udt="${UDT}" xmlns:qdt="${QDT}"`;

/** A CII skeleton around `body` (placed in SupplyChainTradeTransaction). */
function cii(body: string, declarations = DECLARATIONS): string {
  return `<rsm:CrossIndustryInvoice ${declarations}><rsm:ExchangedDocument><ram:ID>1</ram:ID></rsm:ExchangedDocument><rsm:SupplyChainTradeTransaction>${body}</rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`;
}

function run(rule: RepairRule, source: string): RuleOutput & { text: string } {
  const parsed = parseXml(source);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const out = rule.run({ doc: parsed.doc, source, requestedProfile: null });
  return {
    ...out,
    text: applyEdits(
      source,
      out.changes.flatMap((c) => c.edits),
    ),
  };
}

describe('R001 dates', () => {
  it.each([
    ['2026-09-15', '20260915'],
    ['2026/9/5', '20260905'],
    ['2024.02.29', '20240229'],
    ['2026 01 31', '20260131'],
  ])('%s → %s', (value, compact) => expect(compactDate(value)).toBe(compact));

  it.each(['15/09/2026', '09/15/2026', '2026-02-30', '2023-02-29', '2026-09/15', '20260915'])(
    '%s is not rewritten',
    (v) => expect(compactDate(v)).toBeNull(),
  );

  it('rewrites format 102 only, and adds a missing format to a CCYYMMDD date', () => {
    const source = cii(
      '<ram:A><udt:DateTimeString format="102"> 2026-09-15 </udt:DateTimeString></ram:A>' +
        '<ram:B><udt:DateTimeString format="203">2026-09-15</udt:DateTimeString></ram:B>' +
        '<ram:C><qdt:DateTimeString>20260931</qdt:DateTimeString></ram:C>' +
        '<ram:D><udt:DateTimeString>2026-09-30</udt:DateTimeString></ram:D>',
    );
    const out = run(r001Dates, source);
    expect(out.text).toContain('<udt:DateTimeString format="102"> 20260915 </udt:DateTimeString>');
    expect(out.text).toContain('<udt:DateTimeString format="203">2026-09-15<');
    expect(out.text).toContain('<qdt:DateTimeString>20260931<');
    expect(out.text).toContain('<udt:DateTimeString format="102">20260930<');
    expect(out.changes.map((c) => c.code)).toEqual([
      'format_corrected',
      'format_corrected',
      'format_attribute_added',
    ]);
  });
});

describe('R005 namespaces', () => {
  it.each([
    [RAM.replace('Reusable', 'reusable'), RAM],
    [RSM.replace(':100', ':99'), RSM],
    [` ${UDT} `, UDT],
    [QDT.toUpperCase(), QDT],
    [RAM, null],
    ['urn:ferd:CrossIndustryDocument:invoice:1p0', null],
    ['http://example.com/ns', null],
  ])('%s stands for %s', (uri, right) => expect(ciiUriVariant(uri)).toBe(right));

  it('uses the prefix the document binds, even the default namespace', () => {
    const source = `<CrossIndustryInvoice xmlns="${RSM}" xmlns:ram="${RAM}"><ram:ExchangedDocument/><rsm:SupplyChainTradeTransaction xmlns:rsm="${RSM}"><rsm:Y/></rsm:SupplyChainTradeTransaction></CrossIndustryInvoice>`;
    const out = run(r005Namespaces, source);
    expect(out.text).toBe(
      `<CrossIndustryInvoice xmlns="${RSM}" xmlns:ram="${RAM}"><ExchangedDocument/><rsm:SupplyChainTradeTransaction xmlns:rsm="${RSM}"><ram:Y/></rsm:SupplyChainTradeTransaction></CrossIndustryInvoice>`,
    );
  });

  it('declares an undeclared prefix when the right namespace has no prefix in scope', () => {
    const source = `<rsm:CrossIndustryInvoice xmlns:rsm="${RSM}"><rsm:SupplyChainTradeTransaction><cii:Note>x</cii:Note></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`;
    const out = run(r005Namespaces, source);
    expect(out.text).toContain(`<cii:Note xmlns:cii="${RAM}">x</cii:Note>`);
  });

  it('does not guess udt or qdt for a misplaced data-type leaf', () => {
    const out = run(r005Namespaces, cii('<ram:A><ram:DateTimeString>20260101</ram:DateTimeString></ram:A>'));
    expect(out.changes).toEqual([]);
    expect(out.declined).toHaveLength(1);
  });

  it('leaves a ZUGFeRD 1.0 CrossIndustryDocument alone', () => {
    const source = `<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" xmlns:ram="${RAM.replace(':100', ':12')}"/>`;
    expect(run(r005Namespaces, source).changes).toEqual([]);
  });
});

describe('R006 scheme identifiers', () => {
  const party = (inner: string, country = 'FR'): string =>
    cii(
      `<ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty>${inner}<ram:PostalTradeAddress><ram:CountryID>${country}</ram:CountryID></ram:PostalTradeAddress></ram:SellerTradeParty></ram:ApplicableHeaderTradeAgreement>`,
    );

  it('adds VA to a VAT identifier, and nothing to a tax number it cannot tell', () => {
    const out = run(
      r006SchemeIds,
      party(
        '<ram:SpecifiedTaxRegistration><ram:ID>FR32100000009</ram:ID></ram:SpecifiedTaxRegistration><ram:SpecifiedTaxRegistration><ram:ID>201/113/40209</ram:ID></ram:SpecifiedTaxRegistration>',
      ),
    );
    expect(out.changes.map((c) => c.after)).toEqual(['VA']);
    expect(out.declined).toHaveLength(1);
  });

  it('adds 0088 to a GLN only when its check digit is right', () => {
    expect(
      run(r006SchemeIds, party('<ram:GlobalID>4000001000005</ram:GlobalID>')).changes.map((c) => c.after),
    ).toEqual(['0088']);
    expect(run(r006SchemeIds, party('<ram:GlobalID>4000001000006</ram:GlobalID>')).changes).toEqual([]);
  });

  it('adds 0002 to a SIREN of a French party only', () => {
    const legal =
      '<ram:SpecifiedLegalOrganization><ram:ID>100000009</ram:ID></ram:SpecifiedLegalOrganization>';
    expect(run(r006SchemeIds, party(legal)).changes.map((c) => c.after)).toEqual(['0002']);
    expect(run(r006SchemeIds, party(legal, 'BE')).changes).toEqual([]);
    expect(run(r006SchemeIds, party(legal.replace('100000009', '100000008'))).changes).toEqual([]);
  });

  it('adds EM to an e-mail address, and does not guess the scheme of a SIREN-shaped address', () => {
    const address = (v: string): string =>
      `<ram:URIUniversalCommunication><ram:URIID>${v}</ram:URIID></ram:URIUniversalCommunication>`;
    expect(run(r006SchemeIds, party(address('factures@example.fr'))).changes.map((c) => c.after)).toEqual([
      'EM',
    ]);
    expect(run(r006SchemeIds, party(address('100000009'))).changes).toEqual([]);
  });
});

describe('R007 currency case', () => {
  it('upper-cases known codes only, in elements and currencyID', () => {
    const out = run(
      r007CurrencyCase,
      cii(
        '<ram:InvoiceCurrencyCode>Eur</ram:InvoiceCurrencyCode><ram:TaxCurrencyCode>euro</ram:TaxCurrencyCode><ram:TaxTotalAmount currencyID="chf">1</ram:TaxTotalAmount><ram:TaxTotalAmount currencyID="xyz">1</ram:TaxTotalAmount>',
      ),
    );
    expect(out.changes.map((c) => [c.before, c.after, c.touchesAmount])).toEqual([
      ['Eur', 'EUR', false],
      ['chf', 'CHF', true],
    ]);
    expect(out.changes.every((c) => !c.altersAmountValue)).toBe(true);
  });
});

describe('R009 unit codes', () => {
  const quantity = (code: string): string =>
    cii(`<ram:BilledQuantity unitCode="${code}">1</ram:BilledQuantity>`);
  it.each(['PCE', 'pcs', 'Stk', 'Stück', 'unité', 'Unités', 'pieces', 'pc.'])('%s becomes C62', (code) => {
    expect(run(r009UnitCodes, quantity(code)).changes.map((c) => c.after)).toEqual(['C62']);
  });
  it.each(['C62', 'EA', 'H87', 'KGM', 'MON'])('the Rec 20 code %s is left alone', (code) => {
    expect(run(r009UnitCodes, quantity(code))).toMatchObject({ changes: [], declined: [] });
  });
  it('an unknown code that does not mean a piece is reported, not changed', () => {
    expect(run(r009UnitCodes, quantity('boxes'))).toMatchObject({
      changes: [],
      declined: [{ before: 'boxes' }],
    });
  });
});

describe('R008 missing elements', () => {
  it("adds the VAT type code after the calculated amount, in the document's indentation", () => {
    const source = cii(
      '<ram:ApplicableTradeTax>\n  <ram:CalculatedAmount>2.00</ram:CalculatedAmount>\n  <ram:BasisAmount>10.00</ram:BasisAmount>\n</ram:ApplicableTradeTax>',
    );
    const out = run(r008MissingElements, source);
    expect(out.text).toContain(
      '<ram:CalculatedAmount>2.00</ram:CalculatedAmount>\n  <ram:TypeCode>VAT</ram:TypeCode>\n  <ram:BasisAmount>',
    );
  });
});

describe('identifier checks', () => {
  it('GS1 check digits', () => {
    expect(hasValidGs1CheckDigit('4012345678901')).toBe(true);
    expect(hasValidGs1CheckDigit('4012345678902')).toBe(false);
    expect(isGln('4000001000005')).toBe(true);
    expect(isGln('96385074')).toBe(false);
    expect(isEmailAddress('a.b@example.org')).toBe(true);
    expect(isEmailAddress('not an address@x')).toBe(false);
  });
});
