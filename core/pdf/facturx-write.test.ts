import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../cii/profile';
import { describeCorpus } from '../testing/corpus';
import { checkFacturxPdf } from './check';
import { extractFacturx } from './facturx-read';
import { packageFacturx } from './facturx-write';
import { pdfjsAttachments, pdfjsMetadata, pdfjsText } from './pdfjs-testing';
import { PdfDocument } from './reader/document';
import { type PdfObject, PdfStream, PdfString } from './reader/objects';
import { blankPdf, encryptedPdf, unembeddedFontPdf } from './test-pdfs';

interface ManifestEntry {
  name: string;
  files: { facturx: string; xml: string; plain: string };
  profile: string;
}

const XML = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"><rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext></rsm:CrossIndustryInvoice>',
);

describeCorpus('packageFacturx on the plain PDFs of the corpus', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    invoices: ManifestEntry[];
  };
  const now = new Date('2026-03-01T10:00:00Z');
  it.each(manifest.invoices.map((i) => [i.name, i] as const))('%s', async (_name, inv) => {
    const plain = readFileSync(path.join(dir, inv.files.plain));
    const xml = readFileSync(path.join(dir, inv.files.xml));
    const profile = (inv.profile === 'XRECHNUNG' ? 'EN16931' : inv.profile) as Profile;
    const r = packageFacturx(plain, xml, profile, { now });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const check = checkFacturxPdf(r.pdf);
    expect([...check.pdfa.findings, ...check.facturx_pdf.findings]).toEqual([]);
    expect(check.pdfa.passed && check.facturx_pdf.passed).toBe(true);
    const attachments = await pdfjsAttachments(r.pdf);
    expect(Object.keys(attachments)).toEqual(['factur-x.xml']);
    expect(Buffer.from(attachments['factur-x.xml']!).equals(xml)).toBe(true);
    const back = extractFacturx(r.pdf, 'out.pdf');
    expect(back.ok && Buffer.from(back.xml).equals(xml)).toBe(true);
    expect(back.ok && back.profile).toBe(profile);
    expect(back.ok && back.mismatches).toEqual([]);
    expect(await pdfjsText(r.pdf)).toEqual(await pdfjsText(plain));
    // The original bytes are untouched: the new revision is appended.
    expect(Buffer.from(r.pdf.subarray(0, plain.length)).equals(plain)).toBe(true);
  });
});

describeCorpus('packageFacturx on a plain PDF with a broken startxref', (corpus) => {
  it('rewrites the whole file from the scanned objects; the result checks clean and reads back', async () => {
    const dir = path.join(corpus, 'pdf');
    const plain = readFileSync(path.join(dir, 'ferd-zf22_BASIC_Taxifahrt.plain.pdf'));
    const xml = readFileSync(path.join(dir, 'ferd-zf22_BASIC_Taxifahrt.xml'));
    const text = plain.toString('latin1');
    const broken = Buffer.from(
      `${text.slice(0, text.lastIndexOf('startxref'))}startxref\n999\n%%EOF\n`,
      'latin1',
    );
    const r = packageFacturx(broken, xml, 'BASIC');
    if (!r.ok) throw new Error(r.error.message);
    const check = checkFacturxPdf(r.pdf);
    expect([...check.pdfa.findings, ...check.facturx_pdf.findings]).toEqual([]);
    expect(Buffer.from((await pdfjsAttachments(r.pdf))['factur-x.xml']!).equals(xml)).toBe(true);
    expect(await pdfjsText(r.pdf)).toEqual(await pdfjsText(plain));
  });
});

describe('packageFacturx', () => {
  it('writes the Info dictionary and the XMP in agreement (pdfjs reads both)', async () => {
    const r = packageFacturx(await blankPdf(), XML, 'MINIMUM', {
      now: new Date('2026-01-02T03:04:05Z'),
      title: 'Facture F-1',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const meta = await pdfjsMetadata(r.pdf);
    expect(meta.info).toMatchObject({
      Title: 'Facture F-1',
      Producer: 'Factur-X Desk',
      ModDate: "D:20260102030405+00'00'",
    });
    expect(meta.xmp).toContain('<fx:ConformanceLevel>MINIMUM</fx:ConformanceLevel>');
    expect(meta.xmp).toContain('<xmp:ModifyDate>2026-01-02T03:04:05+00:00</xmp:ModifyDate>');
    const check = checkFacturxPdf(r.pdf);
    expect(check.pdfa.findings).toEqual([]);
    expect(check.facturx_pdf.findings).toEqual([]);
  });

  it('sets AFRelationship Data for MINIMUM and writes a byte-counted, unfiltered XMP stream', async () => {
    const r = packageFacturx(await blankPdf({ objectStreams: false }), XML, 'MINIMUM');
    if (!r.ok) throw new Error(r.error.message);
    const opened = PdfDocument.open(r.pdf);
    if (!opened.ok) throw new Error('unreadable');
    const doc = opened.doc;
    const text = Buffer.from(r.pdf).toString('latin1');
    expect(text).toContain('/AFRelationship /Data');
    expect(text).toContain('/Subtype /text#2Fxml');
    const meta = doc.resolve(doc.catalog()?.get('Metadata'));
    expect(meta).toBeInstanceOf(PdfStream);
    if (!(meta instanceof PdfStream)) return;
    expect(meta.dict.get('Filter')).toBeUndefined();
    expect(meta.dict.get('Length')).toBe(meta.raw.length);
  });

  it('identifies each packaging apart, the same file at the same time as well, and checksums the XML', async () => {
    const source = await blankPdf();
    const now = new Date('2026-03-01T10:00:00Z');
    const hex = (o: PdfObject | undefined): string =>
      o instanceof PdfString ? Buffer.from(o.bytes).toString('hex') : '';
    const ids = [1, 2].map(() => {
      const r = packageFacturx(source, XML, 'MINIMUM', { now });
      if (!r.ok) throw new Error(r.error.message);
      const opened = PdfDocument.open(r.pdf);
      if (!opened.ok) throw new Error('unreadable');
      const { doc } = opened;
      const spec = doc.dict(doc.array(doc.catalog()?.get('AF'))?.[0]);
      const file = doc.dict(doc.dict(spec?.get('EF'))?.get('F'));
      expect(hex(doc.dict(file?.get('Params'))?.get('CheckSum'))).toBe(
        createHash('md5').update(XML).digest('hex'),
      );
      return (doc.array(doc.trailer.get('ID')) ?? []).map(hex);
    });
    expect(ids[0]![1]).toHaveLength(32);
    expect(ids[1]![1]).not.toBe(ids[0]![1]);
  });

  it('keeps a PDF/A-3u claim of the source at level U', async () => {
    const first = packageFacturx(await blankPdf(), XML, 'MINIMUM');
    if (!first.ok) throw new Error(first.error.message);
    const asU = Buffer.from(
      Buffer.from(first.pdf).toString('latin1').replace('<pdfaid:conformance>B<', '<pdfaid:conformance>U<'),
      'latin1',
    );
    const again = packageFacturx(asU, XML, 'MINIMUM');
    expect(again.ok && again.pdfaConformance).toBe('U');
  });

  it('refuses encrypted (422), JavaScript (503), unsubstitutable fonts (503), garbage (415) and empty (400) sources', async () => {
    const codeOf = (r: ReturnType<typeof packageFacturx>): unknown =>
      r.ok ? 'ok' : [r.error.status, r.error.code];
    expect(codeOf(packageFacturx(await encryptedPdf(), XML, 'MINIMUM'))).toEqual([422, 'unextractable_pdf']);
    expect(codeOf(packageFacturx(await blankPdf({ javascript: true }), XML, 'MINIMUM'))).toEqual([
      503,
      'requested_output_unavailable',
    ]);
    expect(codeOf(packageFacturx(await unembeddedFontPdf(StandardFonts.Symbol), XML, 'MINIMUM'))).toEqual([
      503,
      'requested_output_unavailable',
    ]);
    expect(codeOf(packageFacturx(Buffer.from('hello'), XML, 'MINIMUM'))).toEqual([
      415,
      'unsupported_media_type',
    ]);
    expect(codeOf(packageFacturx(new Uint8Array(0), XML, 'MINIMUM'))).toEqual([400, 'empty_file']);
    expect(codeOf(packageFacturx(await blankPdf(), XML, 'EN16931'))).toEqual([422, 'invalid_data_format']);
  });

  it('refuses sources PDF/A-3 forbids: trigger events, named actions other than page moves, unknown annotations', async () => {
    const sources = [
      await blankPdf({ triggers: 'catalog' }),
      await blankPdf({ triggers: 'page' }),
      await blankPdf({ namedAction: 'Print' }),
      await blankPdf({ annotation: 'Sound' }),
    ];
    for (const source of sources) {
      const r = packageFacturx(source, XML, 'MINIMUM');
      expect(r.ok ? 'ok' : [r.error.status, r.error.code]).toEqual([503, 'requested_output_unavailable']);
    }
    const pageMove = packageFacturx(await blankPdf({ namedAction: 'NextPage' }), XML, 'MINIMUM');
    if (!pageMove.ok) throw new Error(pageMove.error.message);
    expect(checkFacturxPdf(pageMove.pdf).pdfa.findings).toEqual([]);
  });

  it('embeds Liberation in place of a non-embedded standard font, keeping the text', async () => {
    const source = await unembeddedFontPdf();
    expect(checkFacturxPdf(source).pdfa.findings.map((f) => f.id)).toContain('PDFA-FONT-EMBEDDED');
    const r = packageFacturx(source, XML, 'MINIMUM');
    if (!r.ok) throw new Error(r.error.message);
    expect(checkFacturxPdf(r.pdf).pdfa.findings).toEqual([]);
    expect(await pdfjsText(r.pdf)).toEqual(await pdfjsText(source));
    expect(Buffer.from(r.pdf).toString('latin1')).toContain('/FontFile2');
  });

  it('sets the print flag of annotations, and refuses DeviceCMYK content without a CMYK intent', async () => {
    const linked = packageFacturx(await blankPdf({ hiddenLink: true }), XML, 'MINIMUM');
    if (!linked.ok) throw new Error(linked.error.message);
    expect(checkFacturxPdf(await blankPdf({ hiddenLink: true })).pdfa.findings.map((f) => f.id)).toContain(
      'PDFA-ANNOT-FLAGS',
    );
    expect(checkFacturxPdf(linked.pdf).pdfa.findings).toEqual([]);
    const cmyk = packageFacturx(await blankPdf({ cmyk: true }), XML, 'MINIMUM');
    expect(cmyk.ok ? 'ok' : cmyk.error.code).toBe('requested_output_unavailable');
    expect(checkFacturxPdf(await blankPdf({ cmyk: true })).pdfa.findings.map((f) => f.id)).toContain(
      'PDFA-DEVICE-CMYK',
    );
  });

  it('rewrites a source whose header lacks the binary comment, and the result still checks clean', async () => {
    const src = Buffer.from(await blankPdf({ objectStreams: false })).toString('latin1');
    const noComment = src.replace(
      /^%PDF-1\.7\n%[^\n]*\n/,
      (m) => '%PDF-1.7\n%abcd' + ' '.repeat(m.length - 15) + '\n',
    );
    const r = packageFacturx(Buffer.from(noComment, 'latin1'), XML, 'MINIMUM');
    if (!r.ok) throw new Error(r.error.message);
    expect(checkFacturxPdf(r.pdf).pdfa.findings).toEqual([]);
    expect(Object.keys(await pdfjsAttachments(r.pdf))).toEqual(['factur-x.xml']);
  });
});
