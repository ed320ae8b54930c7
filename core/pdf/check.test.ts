import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeCorpus } from '../testing/corpus';
import { checkFacturxPdf } from './check';
import { pdfStageFindings } from './check-issues';
import { packageFacturx } from './facturx-write';
import { blankPdf, encryptedPdf, unembeddedFontPdf } from './test-pdfs';

const XML = Buffer.from(
  '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"><rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext></rsm:CrossIndustryInvoice>',
);
const ids = (r: ReturnType<typeof checkFacturxPdf>): string[] =>
  [...r.pdfa.findings, ...r.facturx_pdf.findings].map((f) => f.id);

describe('checkFacturxPdf', () => {
  it('reports what a plain PDF lacks', async () => {
    const r = checkFacturxPdf(await blankPdf());
    expect(r.pdfa.passed).toBe(false);
    expect(ids(r)).toEqual(
      expect.arrayContaining(['PDFA-XMP-PRESENT', 'PDFA-OUTPUTINTENT', 'FX-XML-PRESENT']),
    );
    expect(
      r.pdfa.findings.every((f) => f.message.en && f.message.fr && f.clause.startsWith('ISO 19005-3')),
    ).toBe(true);
  });

  it('reports encryption, unembedded fonts, JavaScript and unreadable input', async () => {
    expect(ids(checkFacturxPdf(await encryptedPdf()))).toEqual(['PDFA-ENCRYPT']);
    expect(ids(checkFacturxPdf(await unembeddedFontPdf()))).toContain('PDFA-FONT-EMBEDDED');
    expect(ids(checkFacturxPdf(await blankPdf({ javascript: true })))).toContain('PDFA-JAVASCRIPT');
    const junk = checkFacturxPdf(Buffer.from('not a pdf'));
    expect(junk.facturx_pdf).toMatchObject({ skipped: true, skip_reason: 'pdf_unreadable' });
  });

  it('catches an XMP conformance level that contradicts the XML, and a wrong AFRelationship', async () => {
    const r = packageFacturx(await blankPdf(), XML, 'EN16931');
    if (!r.ok) throw new Error(r.error.message);
    const text = Buffer.from(r.pdf).toString('latin1');
    const tampered = Buffer.from(
      text
        .replace('<fx:ConformanceLevel>EN 16931<', '<fx:ConformanceLevel>BASIC   <')
        .replace('/AFRelationship /Alternative', '/AFRelationship /Unspecified'),
      'latin1',
    );
    const found = checkFacturxPdf(tampered).facturx_pdf.findings;
    expect(found.map((f) => [f.id, f.severity])).toEqual([
      ['FX-AFRELATIONSHIP', 'error'],
      ['FX-XMP-CONFORMANCE', 'error'],
    ]);
    expect(found[0]?.message.en).toBe(
      '/AFRelationship is Unspecified; Factur-X allows Data, Source, Alternative for EN 16931',
    );
  });

  it('accepts Data, Source or Alternative for an EN 16931 invoice, only Data for MINIMUM', async () => {
    const r = packageFacturx(await blankPdf(), XML, 'EN16931');
    if (!r.ok) throw new Error(r.error.message);
    const text = Buffer.from(r.pdf).toString('latin1');
    for (const relationship of ['/Data       ', '/Source     ']) {
      const other = Buffer.from(
        text.replace('/AFRelationship /Alternative', `/AFRelationship ${relationship}`),
        'latin1',
      );
      expect(ids(checkFacturxPdf(other))).not.toContain('FX-AFRELATIONSHIP');
    }
    const minimumXml = Buffer.from(
      XML.toString().replace('urn:cen.eu:en16931:2017', 'urn:factur-x.eu:1p0:minimum'),
    );
    const minimum = packageFacturx(await blankPdf(), minimumXml, 'MINIMUM');
    if (!minimum.ok) throw new Error(minimum.error.message);
    const asSource = Buffer.from(
      Buffer.from(minimum.pdf)
        .toString('latin1')
        .replace('/AFRelationship /Data', '/AFRelationship /Alternative'),
      'latin1',
    );
    const found = checkFacturxPdf(asSource).facturx_pdf.findings.filter((f) => f.id === 'FX-AFRELATIONSHIP');
    expect(found.map((f) => f.severity)).toEqual(['warning']);
  });

  it('holds the Info dictionary to nothing ISO 19005-3 does not: a /Producer unlike pdf:Producer is no finding', async () => {
    // Info–XMP equivalence is ISO 19005-1 §6.7.3 (PDF/A-1); ISO 19005-3 §6.6.2.1 asks for the
    // metadata stream and a well-formed XMP packet, not for the Info dictionary to repeat it.
    const r = packageFacturx(await blankPdf(), XML, 'EN16931');
    if (!r.ok) throw new Error(r.error.message);
    const text = Buffer.from(r.pdf).toString('latin1');
    const producer = Buffer.from('Factur-X Desk').toString('hex');
    expect(text).toContain(producer);
    const other = Buffer.from(text.replace(producer, Buffer.from('Factur-X Dusk').toString('hex')), 'latin1');
    expect(ids(checkFacturxPdf(other))).toEqual(ids(checkFacturxPdf(r.pdf)));
  });

  it('maps findings to validation issues (error → fatal)', async () => {
    const issues = pdfStageFindings(checkFacturxPdf(await blankPdf()), 'fr');
    expect(issues.pdfa.skipped).toBe(false);
    if (!issues.pdfa.skipped)
      expect(issues.pdfa.issues[0]).toMatchObject({ severity: 'fatal', stage: 'pdfa', location: 'PDF' });
  });
});

describeCorpus('checkFacturxPdf on the corpus originals', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  it('finds the invoice in every original and identifies PDF/A-3 in each', () => {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
      invoices: { files: { facturx: string } }[];
    };
    for (const inv of manifest.invoices) {
      const r = checkFacturxPdf(readFileSync(path.join(dir, inv.files.facturx)));
      expect(ids(r)).not.toContain('FX-XML-PRESENT');
      expect(ids(r)).not.toContain('PDFA-PDFAID');
      expect(ids(r)).not.toContain('FX-XMP-SCHEMA');
    }
  });

  it('does not hold FNFE’s own EN 16931 samples, related as Source, to Alternative', () => {
    for (const name of [
      'fnfe_Facture_F20260026-LE_FOURNISSEUR-POUR-LE_CLIENT_EN_16931.facturx.pdf',
      'fnfe_Facture_F20260027-LE_FOURNISSEUR-POUR-LE_CLIENT_EN_16931.facturx.pdf',
    ]) {
      expect(ids(checkFacturxPdf(readFileSync(path.join(dir, name))))).not.toContain('FX-AFRELATIONSHIP');
    }
  });
});
