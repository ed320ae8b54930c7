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
        .replace('/AFRelationship /Alternative', '/AFRelationship /Data       '),
      'latin1',
    );
    expect(ids(checkFacturxPdf(tampered))).toEqual(['FX-AFRELATIONSHIP', 'FX-XMP-CONFORMANCE']);
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
});
