import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, describeCorpus, referenceDir } from '../testing/corpus';
import { libxml2Errors } from '../testing/libxml2-xsd';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import { invoiceDataToCii } from '../invoice-data/convert';
import { allNodes } from '../model/compiled';
import { withoutField } from '../invoice-data/readiness';
import { FACTURX_UNUSED_ELEMENTS } from '../rules/facturx/generated/unused';
import type { Invoice } from '../model/invoice';
import { PROFILES, type Profile } from './profile';
import { ciiToModel } from './read';
import { modelToCii } from './write';

/** ZUGFeRD 2.0 elements the model reads but no Factur-X 1.09 schema carries: dropped on write, by design. */
const NOT_IN_FACTURX = ['paymentMeans[].creditorGermanBankCode'];

/**
 * Model paths of the elements the profile's own rules report as not used (`FACTURX_UNUSED_ELEMENTS`):
 * a document that carries them anyway (a Factur-X 1.0 MINIMUM sample with the buyer's address) loses
 * them when written as its profile.
 */
function unusedIn(profile: Profile): Set<string> {
  const unused = new Set(FACTURX_UNUSED_ELEMENTS[profile]);
  return new Set(
    allNodes()
      .filter((n) => unused.has(n.xpath))
      .map((n) => n.path),
  );
}

function withoutNonFacturx(invoice: Invoice): Invoice {
  const paymentMeans = invoice.paymentMeans?.map(({ creditorGermanBankCode: _, ...rest }) => rest);
  return paymentMeans ? { ...invoice, paymentMeans } : invoice;
}

function corpusXmlFiles(corpus: string): string[] {
  const valid = path.join(corpus, 'cii/valid');
  const pdf = path.join(corpus, 'pdf');
  return [
    ...readdirSync(valid)
      .filter((f) => f.endsWith('.xml'))
      .map((f) => path.join(valid, f)),
    ...readdirSync(pdf)
      .filter((f) => f.endsWith('.xml'))
      .map((f) => path.join(pdf, f)),
  ];
}

/** Reads back what the writer wrote; no XML written (a gap of the schema) is a failure here. */
function read(xml: string | null): Invoice {
  if (xml === null) throw new Error('no XML written');
  const r = ciiToModel(xml);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.invoice;
}

async function xsdErrors(xml: string | null, profile: Profile): Promise<string[]> {
  return xml === null ? ['no XML written'] : libxml2Errors(xml, profile);
}

describeCorpus('CII read → write → read', (corpus) => {
  for (const file of corpusXmlFiles(corpus)) {
    it(path.basename(file), () => {
      const src = readFileSync(file, 'utf8');
      const first = ciiToModel(src);
      if (!first.ok) {
        // ZUGFeRD 1.0 (rsm:CrossIndustryDocument) is not CII.
        expect(first.error.code).toBe('not_cii');
        return;
      }
      expect(first.unmapped).toEqual([]);
      const profile = first.profile ?? 'EXTENDED';
      const written = modelToCii(first.invoice, profile);
      const unused = unusedIn(profile);
      const dropped = written.dropped.filter((p) => !NOT_IN_FACTURX.includes(p));
      expect(dropped.filter((p) => !unused.has(p))).toEqual([]);
      const again = read(written.xml);
      const kept = dropped.reduce<unknown>(
        (invoice, p) => withoutField(invoice, p),
        first.invoice,
      ) as Invoice;
      const { specification: _a, ...before } = withoutNonFacturx(kept);
      const { specification: _b, ...after } = again;
      expect(after).toEqual(before);
      if (first.profile) expect(again.specification).toBe(first.invoice.specification);
    });
  }
});

const hasXsd = referenceDir() !== null && corpusDir() !== null;

describe.skipIf(!hasXsd)('written XML is valid against each profile XSD (xmllint-wasm)', () => {
  const profiles: Profile[] = [...PROFILES];
  it.each(profiles)('corpus EXTENDED invoice written as %s', async (profile) => {
    const src = readFileSync(
      path.join(corpusDir()!, 'pdf/fnfe_Facture_F20260026-LE_FOURNISSEUR-POUR-LE_CLIENT_EXTENDED.xml'),
      'utf8',
    );
    const { xml, dropped } = modelToCii(read(src), profile);
    expect(await xsdErrors(xml, profile)).toEqual([]);
    if (profile === 'MINIMUM') expect(dropped).toContain('lines[]');
  });

  it.each(GOLDEN_EXAMPLES.map((e) => [e.name, e] as const))(
    'golden example %s as EN16931',
    async (_name, e) => {
      const r = invoiceDataToCii(e.invoice_data, 'EN16931');
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      expect(await xsdErrors(r.xml, 'EN16931')).toEqual([]);
    },
  );

  it('every corpus CII file written as its own profile stays XSD-valid when it was', async () => {
    const dir = path.join(corpusDir()!, 'cii/valid');
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.xml'))) {
      const r = ciiToModel(readFileSync(path.join(dir, f), 'utf8'));
      if (!r.ok) continue;
      const profile = r.profile ?? 'EN16931';
      expect([f, await xsdErrors(modelToCii(r.invoice, profile).xml, profile)]).toEqual([f, []]);
    }
    // Some thirty files through libxml2 compiled to WebAssembly: minutes on a busy machine, not a limit.
  }, 300_000);
});

describe('hostile and malformed input', () => {
  it.each([
    [
      'DOCTYPE with external entity',
      '<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
      'xml_doctype_forbidden',
    ],
    [
      'billion laughs',
      '<!DOCTYPE l [<!ENTITY a "a"><!ENTITY b "&a;&a;">]><l>&b;</l>',
      'xml_doctype_forbidden',
    ],
    ['not XML', '%PDF-1.7', 'xml_not_well_formed'],
    ['empty', '', 'xml_empty'],
    ['not CII', '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>', 'not_cii'],
  ])('%s', (_label, xml, code) => {
    const r = ciiToModel(xml);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  it('bounds the size', () => {
    const r = ciiToModel('<a>' + 'x'.repeat(200) + '</a>', { maxLength: 100 });
    expect(r.ok ? null : r.error.code).toBe('xml_too_large');
  });
});

describe('writer', () => {
  it('escapes text and attributes, removes characters XML cannot carry', () => {
    const invoice: Invoice = {
      number: 'A&B <1>',
      notes: [{ content: 'x\u0001y "q"' }],
      seller: { name: 'S', electronicAddress: { value: 'a"b', scheme: 'EM' } },
    };
    // A model this small lacks what the schema requires: the XML as far as it can be written.
    const { xml, draft } = modelToCii(invoice, 'EN16931');
    expect(xml).toBeNull();
    expect(draft).toContain('<ram:ID>A&amp;B &lt;1&gt;</ram:ID>');
    expect(draft).toContain('<ram:Content>xy "q"</ram:Content>');
    expect(draft).toContain('schemeID="EM">a"b<');
    const back = read(draft);
    expect(back.number).toBe('A&B <1>');
    expect(back.seller?.electronicAddress).toEqual({ value: 'a"b', scheme: 'EM' });
  });

  it('writes the golden domestic invoice exactly as the snapshot', () => {
    const r = invoiceDataToCii(GOLDEN_EXAMPLES[0]!.invoice_data, 'EN16931');
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.xml).toMatchSnapshot();
  });
});

describe('nothing of a file is lost', () => {
  it('declares only attributes some Factur-X 1.09 profile allows', () => {
    const unused: string[] = [];
    for (const node of allNodes()) {
      if (node.kind !== 'leaf' || Object.keys(node.particles).length === 0) continue;
      for (const [, xmlName, profiles] of node.attrs) {
        if (profiles.size === 0) unused.push(`${node.xpath}/@${xmlName}`);
      }
    }
    expect(unused).toEqual([]);
  });

  it('keeps attributes without a business term (schemeID, listID) and drops those a profile forbids', () => {
    const xml =
      `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ` +
      `xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">` +
      `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>` +
      `<ram:ID>urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended</ram:ID>` +
      `</ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
      `<rsm:ExchangedDocument><ram:ID schemeID="ERP-7">F-1</ram:ID><ram:TypeCode>380</ram:TypeCode>` +
      `<ram:LanguageID schemeID="ISO639">fr</ram:LanguageID>` +
      `<ram:IncludedNote><ram:Content>a</ram:Content></ram:IncludedNote>` +
      `<ram:IncludedNote><ram:Content>b</ram:Content><ram:SubjectCode listID="UNTDID4451">AAI</ram:SubjectCode>` +
      `</ram:IncludedNote></rsm:ExchangedDocument><rsm:SupplyChainTradeTransaction>` +
      `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID>` +
      `</ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>P</ram:Name>` +
      `<ram:BatchID>L1</ram:BatchID><ram:BatchID schemeID="LOT">L2</ram:BatchID></ram:SpecifiedTradeProduct>` +
      `</ram:IncludedSupplyChainTradeLineItem></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`;
    const first = ciiToModel(xml);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.unmapped).toEqual([]);
    expect(first.invoice.xmlAttributes).toEqual({
      number: { schemeID: 'ERP-7' },
      languageId: { schemeID: 'ISO639' },
    });
    expect(first.invoice.notes?.[1]?.xmlAttributes).toEqual({ subjectCode: { listID: 'UNTDID4451' } });
    expect(first.invoice.lines?.[0]?.product?.xmlAttributes).toEqual({ 'batchIds[1]': { schemeID: 'LOT' } });

    // Files this small lack what the schemas require: the XML as far as each profile can write it.
    const extended = modelToCii(first.invoice, 'EXTENDED');
    expect(extended.dropped).toEqual([]);
    expect(extended.draft).toContain('<ram:ID schemeID="ERP-7">F-1</ram:ID>');
    expect(extended.draft).toContain(
      '<ram:BatchID>L1</ram:BatchID><ram:BatchID schemeID="LOT">L2</ram:BatchID>',
    );
    expect(read(extended.draft)).toEqual(first.invoice);

    const en16931 = modelToCii(first.invoice, 'EN16931');
    expect(en16931.dropped).toEqual(expect.arrayContaining(['languageId', 'lines[].product.batchIds[]']));
    expect(en16931.draft).toContain('<ram:ID schemeID="ERP-7">F-1</ram:ID>');
    expect(en16931.draft).toContain('<ram:SubjectCode listID="UNTDID4451">AAI</ram:SubjectCode>');
    const minimum = modelToCii(first.invoice, 'MINIMUM');
    expect(minimum.draft).toContain('<ram:ID schemeID="ERP-7">F-1</ram:ID>');
  });

  it('reports an attribute no profile allows as unmapped', () => {
    const r = ciiToModel(
      `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ` +
        `xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">` +
        `<rsm:ExchangedDocument><ram:ID colour="red">F-1</ram:ID></rsm:ExchangedDocument></rsm:CrossIndustryInvoice>`,
    );
    expect(r.ok && r.unmapped).toEqual(['/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID/@colour']);
    expect(r.ok && r.invoice.xmlAttributes).toBeUndefined();
  });

  const invoiceWith = (settlement: string) =>
    `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ` +
    `xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">` +
    `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>` +
    `<ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>` +
    `</rsm:ExchangedDocumentContext><rsm:SupplyChainTradeTransaction>` +
    `<ram:ApplicableHeaderTradeSettlement>${settlement}</ram:ApplicableHeaderTradeSettlement>` +
    `</rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`;

  it('keeps the currencyID of any amount, not only of BT-110/BT-111', () => {
    const xml = invoiceWith(
      '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>' +
        '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>' +
        '<ram:TaxBasisTotalAmount currencyID="EUR">100.00</ram:TaxBasisTotalAmount>' +
        '<ram:TaxTotalAmount currencyID="EUR">20.00</ram:TaxTotalAmount>' +
        '<ram:GrandTotalAmount>120.00</ram:GrandTotalAmount>' +
        '<ram:DuePayableAmount currencyID="EUR">120.00</ram:DuePayableAmount>' +
        '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    );
    const first = ciiToModel(xml);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.unmapped).toEqual([]);
    expect(first.invoice.totals?.taxBasisTotal).toEqual({ value: '100.00', currency: 'EUR' });
    expect(first.invoice.totals?.grandTotal).toEqual({ value: '120.00' });
    for (const profile of PROFILES) {
      const written = modelToCii(first.invoice, profile);
      expect(written.draft).toContain(
        '<ram:TaxBasisTotalAmount currencyID="EUR">100.00</ram:TaxBasisTotalAmount>',
      );
      expect(written.draft).toContain('<ram:GrandTotalAmount>120.00</ram:GrandTotalAmount>');
      expect(read(written.draft).totals).toEqual(first.invoice.totals);
    }
  });

  it('reads a ZUGFeRD 2.0 German bank code and reports it dropped, since no 1.09 profile carries it', () => {
    const xml = invoiceWith(
      '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode>' +
        '<ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>COBADEFFXXX</ram:BICID>' +
        '<ram:GermanBankleitzahlID>41441604</ram:GermanBankleitzahlID>' +
        '</ram:PayeeSpecifiedCreditorFinancialInstitution></ram:SpecifiedTradeSettlementPaymentMeans>',
    );
    const first = ciiToModel(xml);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.unmapped).toEqual([]);
    expect(first.invoice.paymentMeans?.[0]).toMatchObject({
      creditorBic: 'COBADEFFXXX',
      creditorGermanBankCode: '41441604',
    });
    const written = modelToCii(first.invoice, 'EXTENDED');
    expect(written.dropped).toEqual(['paymentMeans[].creditorGermanBankCode']);
    expect(written.draft).not.toContain('GermanBankleitzahlID');
    expect(written.draft).toContain('<ram:BICID>COBADEFFXXX</ram:BICID>');
  });
});
