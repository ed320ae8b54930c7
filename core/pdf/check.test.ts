import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONFORMANCE_LEVEL, GUIDELINE_ID } from '../cii/profile';
import { describeCorpus } from '../testing/corpus';
import { technicalWordsIn } from '../testing/plain-words';
import { PDF_CHECKS, type PdfCheckId, type PdfFinding, checkFacturxPdf } from './check';
import {
  bytesOf,
  fixOffsets,
  hex,
  latin1,
  replaceLast,
  replaceStream,
  sameLength,
  streamData,
} from './check-defects';
import { pdfStageFindings } from './check-issues';
import { packageFacturx } from './facturx-write';
import { blankPdf, encryptedPdf, unembeddedFontPdf } from './test-pdfs';

const XML = Buffer.from(
  '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"><rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext></rsm:CrossIndustryInvoice>',
);
const all = (r: ReturnType<typeof checkFacturxPdf>): PdfFinding[] => [
  ...r.pdfa.findings,
  ...r.facturx_pdf.findings,
];
const ids = (r: ReturnType<typeof checkFacturxPdf>): string[] => all(r).map((f) => f.id);

function packaged(source: Uint8Array, xml = XML): string {
  const r = packageFacturx(source, xml, 'EN16931');
  if (!r.ok) throw new Error(r.error.message);
  return latin1(r.pdf);
}

/**
 * The findings of an edited file, as `id severity clause`; each one's words are plain (the PDF's own
 * names are in `where`, shown as a detail).
 */
const findings = (text: string): string[] =>
  all(checkFacturxPdf(bytesOf(text))).map((f) => {
    expect([...technicalWordsIn(f.message.en), ...technicalWordsIn(f.message.fr)], f.id).toEqual([]);
    return `${f.id} ${f.severity} ${f.clause}`;
  });
const row = (id: PdfCheckId, test?: string): string => {
  const c = PDF_CHECKS[id];
  return `${id} ${c.severity} ${test ? `${c.clause.replace(/ \[.*\]$/, '')} [${test}]` : c.clause}`;
};
/** Adds entries to the catalog of the last revision. */
const inCatalog = (text: string, entries: string): string =>
  fixOffsets(replaceLast(text, '<</Type /Catalog/Pages 1 0 R', `<</Type /Catalog/Pages 1 0 R${entries}`));
/** Edits the XMP packet of the last revision (its /Length and the offsets follow). */
const inXmp = (text: string, from: string, to: string): string => {
  const num = Number(/\/Metadata (\d+) 0 R/.exec(text.slice(text.lastIndexOf('/Type /Catalog')))![1]);
  const xmp = streamData(text, num).data.toString('latin1');
  if (!xmp.includes(from)) throw new Error(`fixture: ${from} not in the XMP`);
  return replaceStream(text, num, Buffer.from(xmp.replace(from, to), 'latin1'));
};
const refOf = (text: string, key: string): number =>
  Number(new RegExp(`/${key} \\[?(\\d+) 0 R`).exec(text.slice(text.lastIndexOf('/Type /Catalog')))![1]);

describe('checkFacturxPdf: one fixture per check, each a Factur-X of ours with exactly that defect', () => {
  /** A page with a black rectangle (DeviceRGB) and a link, packaged as EN 16931. */
  let base: string;
  /** A page that paints nothing, packaged likewise. */
  let empty: string;
  /** A page of Helvetica text: our packaging embeds a substitute font. */
  let font: string;
  /** A page with a DeviceGray colour space among its resources. */
  let gray: string;

  beforeAll(async () => {
    base = packaged(await blankPdf({ objectStreams: false, hiddenLink: true }));
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    empty = packaged(await doc.save({ useObjectStreams: false }));
    font = packaged(await unembeddedFontPdf());
    const grayDoc = await PDFDocument.create();
    grayDoc
      .addPage([595, 842])
      .node.Resources()!
      .set(PDFName.of('ColorSpace'), grayDoc.context.obj({ C: 'DeviceGray' }));
    gray = packaged(await grayDoc.save({ useObjectStreams: false }));
  });

  it('finds nothing in our own output', () => {
    expect(findings(base)).toEqual([]);
    expect(findings(empty)).toEqual([]);
    expect(findings(font)).toEqual([]);
    expect(findings(gray)).toEqual([]);
  });

  it('file structure: unreadable, header, binary comment, trailer ID, encryption, end of file, cross-references', () => {
    // Cut before the first object: no catalog to be found, even by scanning.
    expect(findings(base.slice(0, base.indexOf('1 0 obj')))).toEqual([row('PDFA-READ')]);
    expect(findings(sameLength(base, '%PDF-1.7', '%PDF-1.8'))).toEqual([row('PDFA-HEADER')]);
    const comment = base.indexOf('\n') + 2;
    expect(findings(base.slice(0, comment) + 'abcd' + base.slice(comment + 4))).toEqual([
      row('PDFA-BINARY-COMMENT'),
    ]);
    expect(findings(replaceLast(base, '/ID [', '/IX ['))).toEqual([row('PDFA-TRAILER-ID')]);
    expect(
      findings(replaceLast(base, '/Root 2 0 R', '/Root 2 0 R/Encrypt <</Filter /Standard /V 1 /R 2>>')),
    ).toEqual([row('PDFA-ENCRYPT')]);
    expect(findings(base + 'junk\n')).toEqual([row('PDFA-EOF')]);
    // One end-of-line marker may follow %%EOF, not two.
    expect(findings(base + '\n')).toEqual([row('PDFA-EOF')]);
    expect(findings(base.replace(/\n$/, '\r\n'))).toEqual([]);
    const startxref = /startxref\r?\n(\d+)/.exec(base.slice(base.lastIndexOf('startxref')))![1]!;
    expect(findings(replaceLast(base, startxref, String(Number(startxref) - 7)))).toEqual([row('PDFA-XREF')]);
  });

  it('stream length: any stream whose /Length does not end at the end-of-line before endstream', () => {
    const num = refOf(base, 'Metadata');
    const { dict } = streamData(base, num);
    const length = Number(/\/Length (\d+)/.exec(dict)![1]);
    const short = replaceLast(base, `/Length ${length}>>`, `/Length ${length - 1}>>`);
    expect(findings(fixOffsets(short))).toEqual([row('PDFA-STREAM-LENGTH')]);
    const icc = Number(/\/DestOutputProfile (\d+) 0 R/.exec(base)![1]);
    const iccLength = Number(/\/Length (\d+)/.exec(streamData(base, icc).dict)![1]);
    expect(
      findings(fixOffsets(replaceLast(base, `/Length ${iccLength}>>`, `/Length ${iccLength + 4}>>`))),
    ).toEqual([row('PDFA-STREAM-LENGTH')]);
  });

  it('OutputIntent: its ICC profile, its absence, and device colour painted without it', () => {
    const icc = Number(/\/DestOutputProfile (\d+) 0 R/.exec(base)![1]);
    const profile = Buffer.from(streamData(base, icc).data);
    profile.write('scnr', 12, 'latin1');
    expect(findings(replaceStream(base, icc, profile))).toEqual([row('PDFA-OUTPUTINTENT-ICC')]);
    const noIntent = (t: string): string => sameLength(t, '/OutputIntents [', '/OutputIntentX [');
    expect(findings(noIntent(empty))).toEqual([row('PDFA-OUTPUTINTENT')]);
    expect(findings(noIntent(base))).toEqual([row('PDFA-DEVICE-RGB')]);
    expect(findings(noIntent(gray))).toEqual([row('PDFA-DEVICE-GRAY')]);
    // An sRGB OutputIntent allows DeviceGray and DeviceRGB, not DeviceCMYK.
    const cmyk = '/Resources <<\n/Font <<\n>>\n/XObject <<\n>>\n/ExtGState <<\n>>\n>>';
    expect(findings(sameLength(base, cmyk, '/Resources <</ColorSpace <</C /DeviceCMYK>>>>'))).toEqual([
      row('PDFA-DEVICE-CMYK'),
    ]);
    expect(findings(sameLength(base, cmyk, '/Resources <</ColorSpace <</C /DeviceGray>>>>'))).toEqual([]);
  });

  it('fonts, annotations, forms and actions', () => {
    expect(findings(replaceLast(font, '/FontFile2 ', '/FontFileX '))).toEqual([row('PDFA-FONT-EMBEDDED')]);
    expect(findings(sameLength(base, '/Subtype /Link', '/Subtype /3D'))).toEqual([row('PDFA-ANNOT-TYPE')]);
    expect(findings(sameLength(base, '/Subtype /Link', '/Subtype /Foo'))).toEqual([row('PDFA-ANNOT-TYPE')]);
    expect(findings(replaceLast(base, '/F 4>>', '/F 6>>'))).toEqual([row('PDFA-ANNOT-FLAGS')]);
    expect(findings(inCatalog(base, '/AcroForm <</Fields []/XFA (x)>>'))).toEqual([row('PDFA-XFA')]);
    expect(findings(inCatalog(base, '/OpenAction <</S /Launch/F (calc.exe)>>'))).toEqual([
      row('PDFA-ACTION', '6.5.1-1'),
    ]);
    expect(findings(inCatalog(base, '/OpenAction <</S /Named/N /Print>>'))).toEqual([
      row('PDFA-ACTION', '6.5.1-2'),
    ]);
    expect(findings(inCatalog(base, '/OpenAction <</S /Named/N /NextPage>>'))).toEqual([]);
    expect(findings(inCatalog(base, '/AA <</WC <</S /URI/URI (https://example.org)>>>>'))).toEqual([
      row('PDFA-ACTION', '6.5.2-1'),
    ]);
    expect(findings(inCatalog(base, '/OpenAction <</S /JavaScript/JS (app.alert(1))>>'))).toEqual([
      row('PDFA-JAVASCRIPT', '6.5.1-1'),
    ]);
  });

  it('XMP: presence, type, packet header, well-formedness, PDF/A identification', () => {
    expect(findings(sameLength(base, '/Metadata ', '/Metadatx '))).toEqual([row('PDFA-XMP-PRESENT')]);
    expect(findings(replaceLast(base, '/Subtype /XML', '/Subtype /XMX'))).toEqual([row('PDFA-XMP-TYPE')]);
    expect(findings(inXmp(base, 'id="W5M0MpCehiHzreSzNTczkc9d"', 'bytes="4096"'))).toEqual([
      row('PDFA-XMP-PACKET', '6.6.2.1-2'),
    ]);
    expect(findings(inXmp(base, 'id="W5M0MpCehiHzreSzNTczkc9d"', 'encoding="UTF-8"'))).toEqual([
      row('PDFA-XMP-PACKET', '6.6.2.1-3'),
    ]);
    expect(findings(inXmp(base, '<rdf:RDF xmlns', '<rdf:RDX xmlns'))).toEqual([row('PDFA-XMP-WELLFORMED')]);
    expect(findings(inXmp(base, '<pdfaid:part>3<', '<pdfaid:part>2<'))).toEqual([row('PDFA-PDFAID')]);
    // veraPDF's test 6.6.4-3 compares the letter as written: a lower-case level is no level.
    expect(findings(inXmp(base, '<pdfaid:conformance>B<', '<pdfaid:conformance>b<'))).toEqual([
      row('PDFA-PDFAID'),
    ]);
  });

  it('embedded files: MIME type, names, relationship, association', () => {
    expect(findings(replaceLast(base, '/Subtype /text#2Fxml', '/Subtype /textxxxxxx'))).toEqual([
      row('PDFA-EMBEDDED-FILE', '6.8-1'),
      row('FX-SUBTYPE'),
    ]);
    expect(findings(replaceLast(base, '/UF <', '/UX <'))).toEqual([row('PDFA-EMBEDDED-FILE', '6.8-2')]);
    expect(findings(replaceLast(base, '/AFRelationship /', '/AFRelationshiX /'))).toEqual([
      row('PDFA-EMBEDDED-FILE', '6.8-3'),
      row('FX-AFRELATIONSHIP'),
    ]);
    // Listed in no /AF: not associated with the document (PDF/A-3) nor with its catalog (Factur-X).
    expect(findings(sameLength(base, '/AF [', '/AX ['))).toEqual([row('PDFA-EMBEDDED-AF'), row('FX-AF')]);
  });

  it('Factur-X: the invoice file, its name, relationship, MIME type and profile', () => {
    expect(findings(base.split(hex('factur-x.xml')).join(hex('factur-x.txt')))).toEqual([
      row('FX-XML-PRESENT'),
    ]);
    const renamed = (t: string, name: string): string =>
      inXmp(fixOffsets(t.split(hex('factur-x.xml')).join(hex(name))), '>factur-x.xml<', `>${name}<`);
    expect(findings(renamed(base, 'zugferd-invoice.xml'))).toEqual([row('FX-FILENAME')]);
    // xrechnung.xml is the name Factur-X gives an XRECHNUNG invoice, and that one only.
    expect(findings(renamed(base, 'xrechnung.xml'))).toEqual([row('FX-FILENAME')]);
    const xrechnung = inXmp(renamed(base, 'xrechnung.xml'), '>EN 16931<', '>XRECHNUNG<');
    expect(findings(xrechnung)).toEqual([]);
    expect(findings(sameLength(base, '/AFRelationship /Alternative', '/AFRelationship /Supplement'))).toEqual(
      [row('FX-AFRELATIONSHIP')],
    );
    const subtype = (to: string): string =>
      fixOffsets(replaceLast(base, '/Subtype /text#2Fxml', `/Subtype /${to}`));
    expect(findings(subtype('text#2Fhtml'))).toEqual([row('FX-SUBTYPE')]);
    expect(all(checkFacturxPdf(bytesOf(subtype('application#2Fxml')))).map((f) => f.severity)).toEqual([
      'warning',
    ]);
    const xml = Number(/\/EF <<\/F (\d+) 0 R/.exec(base)![1]);
    const other = Buffer.from(XML.toString().replace('urn:cen.eu:en16931:2017', 'urn:example:unknown'));
    expect(findings(replaceStream(base, xml, other))).toEqual([row('FX-PROFILE')]);
  });

  it('Factur-X XMP: properties, document type, file name, version, conformance level, extension schema', () => {
    expect(
      findings(
        inXmp(
          base,
          'xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"',
          'xmlns:fx="urn:example:other#"',
        ),
      ),
    ).toEqual([row('FX-XMP-PROPERTIES')]);
    expect(findings(inXmp(base, '>INVOICE<', '>invoice<'))).toEqual([row('FX-XMP-DOCUMENTTYPE')]);
    expect(
      findings(inXmp(base, '<fx:DocumentFileName>factur-x.xml<', '<fx:DocumentFileName>invoice.xml<')),
    ).toEqual([row('FX-XMP-FILENAME')]);
    expect(findings(inXmp(base, '<fx:Version>1.0</fx:Version>', ''))).toEqual([row('FX-XMP-VERSION')]);
    // The level is written as Factur-X spells it: "EN 16931", not "EN16931".
    expect(findings(inXmp(base, '>EN 16931<', '>EN16931<'))).toEqual([row('FX-XMP-CONFORMANCE')]);
    expect(findings(inXmp(base, '<pdfaProperty:name>Version<', '<pdfaProperty:name>Edition<'))).toEqual([
      row('FX-XMP-SCHEMA'),
    ]);
  });

  it('gives every check a clause, and every finding both languages', () => {
    for (const [id, check] of Object.entries(PDF_CHECKS)) {
      expect(check.clause, id).toMatch(/^(ISO 19005-3 §6\.[\d.]+|ISO 32000-1 §|Factur-X 1\.09 \()/);
      expect(check.stage, id).toBe(id.startsWith('FX-') ? 'facturx_pdf' : 'pdfa');
    }
    const r = checkFacturxPdf(bytesOf(inCatalog(base, '/OpenAction <</S /Launch/F (calc.exe)>>')));
    expect(all(r).every((f) => f.message.en && f.message.fr && f.message.en !== f.message.fr)).toBe(true);
  });
});

describe('checkFacturxPdf on other inputs', () => {
  it('reports what a plain PDF lacks', async () => {
    const r = checkFacturxPdf(await blankPdf());
    expect(r.pdfa.passed).toBe(false);
    expect(ids(r)).toEqual(['PDFA-TRAILER-ID', 'PDFA-XMP-PRESENT', 'PDFA-DEVICE-RGB', 'FX-XML-PRESENT']);
  });

  it('reports encryption, unembedded fonts, JavaScript and unreadable input', async () => {
    expect(ids(checkFacturxPdf(await encryptedPdf()))).toEqual(['PDFA-ENCRYPT']);
    expect(ids(checkFacturxPdf(await unembeddedFontPdf()))).toContain('PDFA-FONT-EMBEDDED');
    expect(ids(checkFacturxPdf(await blankPdf({ javascript: true })))).toContain('PDFA-JAVASCRIPT');
    const junk = checkFacturxPdf(Buffer.from('not a pdf'));
    expect(junk.facturx_pdf).toMatchObject({ skipped: true, skip_reason: 'pdf_unreadable' });
  });

  it('accepts Data, Source or Alternative for an EN 16931 invoice, only Data for MINIMUM and BASIC WL', async () => {
    const text = packaged(await blankPdf());
    for (const relationship of ['/Data       ', '/Source     ']) {
      const other = bytesOf(text.replace('/AFRelationship /Alternative', `/AFRelationship ${relationship}`));
      expect(ids(checkFacturxPdf(other))).not.toContain('FX-AFRELATIONSHIP');
    }
    for (const profile of ['MINIMUM', 'BASIC_WL'] as const) {
      const xml = Buffer.from(XML.toString().replace('urn:cen.eu:en16931:2017', GUIDELINE_ID[profile]));
      const made = packageFacturx(await blankPdf(), xml, profile);
      if (!made.ok) throw new Error(made.error.message);
      expect(ids(checkFacturxPdf(made.pdf))).not.toContain('FX-AFRELATIONSHIP');
      for (const relationship of ['Source', 'Alternative']) {
        const other = bytesOf(
          latin1(made.pdf).replace('/AFRelationship /Data', `/AFRelationship /${relationship}`),
        );
        const found = checkFacturxPdf(other).facturx_pdf.findings.filter((f) => f.id === 'FX-AFRELATIONSHIP');
        expect(found.map((f) => [f.severity, f.message.en])).toEqual([
          [
            'warning',
            `The attached invoice data is declared as ${relationship} for the document, while Factur-X ${CONFORMANCE_LEVEL[profile]} allows Data: make the PDF again with a Factur-X tool.`,
          ],
        ]);
      }
    }
  });

  it('holds the Info dictionary to nothing ISO 19005-3 does not: a /Producer unlike pdf:Producer is no finding', async () => {
    // Info–XMP equivalence is ISO 19005-1 §6.7.3 (PDF/A-1); ISO 19005-3 §6.6.2.1 asks for the
    // metadata stream and a well-formed XMP packet, not for the Info dictionary to repeat it.
    const text = packaged(await blankPdf());
    const producer = hex('Factur-X Desk');
    expect(text).toContain(producer);
    const other = bytesOf(text.replace(producer, hex('Factur-X Dusk')));
    expect(ids(checkFacturxPdf(other))).toEqual([]);
  });

  it('maps findings to validation issues (error → fatal), the PDF terms and the clause in the location', async () => {
    const issues = pdfStageFindings(checkFacturxPdf(await blankPdf()), 'fr');
    expect(issues.pdfa.skipped).toBe(false);
    if (!issues.pdfa.skipped)
      expect(issues.pdfa.issues[0]).toMatchObject({
        ruleId: 'PDFA-TRAILER-ID',
        severity: 'fatal',
        stage: 'pdfa',
        location: 'PDF: trailer /ID of two strings (ISO 19005-3 §6.1.3 [6.1.3-1])',
        message:
          "Le PDF n'a pas d'identifiant de fichier, que le PDF/A-3 exige : refaites le PDF avec un logiciel qui produit du PDF/A-3.",
      });
  });
});

describeCorpus('checkFacturxPdf on the corpus originals', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  const manifest = (): { files: { facturx: string } }[] =>
    (
      JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
        invoices: { files: { facturx: string } }[];
      }
    ).invoices;

  it('finds the invoice in every original; the findings, by check, over the 40 files', () => {
    const tally: Record<string, number> = {};
    let withErrors = 0;
    for (const inv of manifest()) {
      const found = all(checkFacturxPdf(readFileSync(path.join(dir, inv.files.facturx))));
      expect(found.map((f) => f.id)).not.toContain('FX-XML-PRESENT');
      if (found.some((f) => f.severity === 'error')) withErrors++;
      for (const f of found) tally[`${f.id} ${f.severity}`] = (tally[`${f.id} ${f.severity}`] ?? 0) + 1;
    }
    // DeviceRGB without an OutputIntent: the ZUGFeRD 2.0–2.2 samples (veraPDF 6.2.4.3-2); a lower-case
    // pdfaid:conformance; fonts not embedded; ZUGFeRD 2.0 file names; one Mustang sample's relationship
    // and MIME type.
    expect(tally).toEqual({
      'PDFA-DEVICE-RGB error': 13,
      'PDFA-DEVICE-GRAY error': 1,
      'PDFA-PDFAID error': 1,
      'PDFA-FONT-EMBEDDED error': 4,
      'FX-FILENAME warning': 10,
      'FX-AFRELATIONSHIP error': 1,
      'FX-SUBTYPE error': 1,
    });
    expect(withErrors).toBe(14);
  });

  it('does not hold FNFE’s own EN 16931 samples, related as Source, to Alternative', () => {
    for (const name of [
      'fnfe_Facture_F20260026-LE_FOURNISSEUR-POUR-LE_CLIENT_EN_16931.facturx.pdf',
      'fnfe_Facture_F20260027-LE_FOURNISSEUR-POUR-LE_CLIENT_EN_16931.facturx.pdf',
    ]) {
      expect(ids(checkFacturxPdf(readFileSync(path.join(dir, name))))).toEqual([]);
    }
  });
});
