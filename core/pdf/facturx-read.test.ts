import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { describeCorpus } from '../testing/corpus';
import { goldenCii } from '../testing/hostile-xml';
import { guidelineOf } from '../cii/profile';
import { parseXmlBytes } from '../xml/parse-bytes';
import { extractFacturx, guidelineOfXml } from './facturx-read';
import { packageFacturx } from './facturx-write';
import { blankPdf } from './test-pdfs';
import * as xmpRead from './xmp-read';

vi.mock('./xmp-read', async (actual) => {
  const real = await actual<typeof xmpRead>();
  return { ...real, readXmp: vi.fn(real.readXmp) };
});

interface ManifestEntry {
  name: string;
  files: { facturx: string; xml: string; plain: string };
  profile: string;
  embeddedXmlName: string;
}

/** The corpus README names XRechnung as its own profile; for Factur-X it is a CIUS of EN 16931. */
const expectedProfile = (p: string): string => (p === 'XRECHNUNG' ? 'EN16931' : p);

describeCorpus('extractFacturx on the public PDF corpus', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    invoices: ManifestEntry[];
  };
  it.each(manifest.invoices.map((i) => [i.name, i] as const))('%s', (_name, inv) => {
    const r = extractFacturx(readFileSync(path.join(dir, inv.files.facturx)), inv.files.facturx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Buffer.from(r.xml).equals(readFileSync(path.join(dir, inv.files.xml)))).toBe(true);
    expect(r.profile).toBe(expectedProfile(inv.profile));
    expect(r.xmlFilename).toBe(inv.embeddedXmlName);
    expect(r.mismatches).toEqual([]);
  });

  it('plain variants have nothing to extract (422)', () => {
    const inv = manifest.invoices[0]!;
    const r = extractFacturx(readFileSync(path.join(dir, inv.files.plain)), 'plain.pdf');
    expect(r.ok ? null : r.error).toMatchObject({
      code: 'unextractable_pdf',
      status: 422,
      reason: 'no_embedded_xml',
    });
  });
});

describe('extractFacturx errors', () => {
  it('empty input is a 400', () => {
    const r = extractFacturx(new Uint8Array(0), 'empty.pdf');
    expect(r.ok ? null : r.error).toMatchObject({ code: 'empty_file', status: 400 });
  });
  it('a non-PDF is a 415', () => {
    const r = extractFacturx(Buffer.from('<?xml version="1.0"?><a/>'), 'a.xml');
    expect(r.ok ? null : r.error).toMatchObject({ code: 'unsupported_media_type', status: 415 });
  });
  it('a PDF header followed by garbage is a 422', () => {
    const r = extractFacturx(Buffer.from('%PDF-1.7\n' + 'x'.repeat(5000)), 'g.pdf');
    expect(r.ok ? null : r.error).toMatchObject({
      code: 'unextractable_pdf',
      status: 422,
      reason: 'unreadable',
    });
  });
});

describe('extractFacturx reads the XMP metadata only when asked', () => {
  it('extracting the invoice parses no XMP; its properties are read on demand, once', async () => {
    const pack = packageFacturx(await blankPdf(), new TextEncoder().encode(goldenCii()), 'EN16931');
    if (!pack.ok) throw new Error(pack.error.message);
    const readXmp = vi.mocked(xmpRead.readXmp);
    readXmp.mockClear();
    const r = extractFacturx(new Uint8Array(pack.pdf), 'invoice.pdf');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.profile).toBe('EN16931');
    expect(readXmp).not.toHaveBeenCalled();
    expect(r.xmp.conformanceLevel).toBe('EN 16931');
    expect(r.mismatches).toEqual([]);
    expect(readXmp).toHaveBeenCalledTimes(1);
  });
});

/** BT-24 as the whole document, parsed, gives it. */
function parsedGuideline(xml: Uint8Array): string | null {
  const parsed = parseXmlBytes(xml);
  return parsed.ok ? guidelineOf(parsed.doc.root) : null;
}

/** The same scan over the document decoded as UTF-8 text, the full parse as its fallback. */
function scannedAsText(xml: Uint8Array): string | null {
  const head = new TextDecoder().decode(xml.subarray(0, 8192));
  const m =
    /GuidelineSpecifiedDocumentContextParameter>\s*<(?:[A-Za-z_][\w.-]*:)?ID(?:\s[^>]*)?>([^<]*)</.exec(head);
  return m ? m[1]!.trim().replace(/&amp;/g, '&') : parsedGuideline(xml);
}

describeCorpus('guidelineOfXml scans the bytes as it would the decoded text', (corpus) => {
  it('on every CII XML of the corpus, valid and mutated', () => {
    let read = 0;
    for (const sub of ['valid', 'mutants']) {
      const dir = path.join(corpus, 'cii', sub);
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.xml'))) {
        const xml = new Uint8Array(readFileSync(path.join(dir, name)));
        expect([name, guidelineOfXml(xml)]).toEqual([name, scannedAsText(xml)]);
        read += 1;
      }
    }
    expect(read).toBeGreaterThan(100);
  });
});

describe('guidelineOfXml', () => {
  it('decodes a non-ASCII identifier as UTF-8, and its entities, from the start of the document alone', () => {
    const id = 'urn:cen.eu:en16931:2017#conformant#urn:région.fr:2026 &amp; ü';
    const xml = goldenCii().replace(
      /(GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>)[^<]*/,
      (_, open: string) => `${open}  ${id} `,
    );
    const bytes = new TextEncoder().encode(xml);
    expect(guidelineOfXml(bytes)).toBe('urn:cen.eu:en16931:2017#conformant#urn:région.fr:2026 & ü');
    expect(guidelineOfXml(bytes)).toBe(parsedGuideline(bytes));
  });

  it('as the scan of the whole head finds it: far from its tag, or after the tag met in a comment first', () => {
    const far = goldenCii().replace(
      /(GuidelineSpecifiedDocumentContextParameter>)\s*/,
      (_, open: string) => `${open}${' '.repeat(700)}`,
    );
    const commented = goldenCii().replace(
      /<rsm:ExchangedDocumentContext>/,
      (open) => `<!-- GuidelineSpecifiedDocumentContextParameter> ${'-'.repeat(600)} -->${open}`,
    );
    for (const xml of [far, commented]) {
      expect(xml).not.toBe(goldenCii());
      const bytes = new TextEncoder().encode(xml);
      expect(guidelineOfXml(bytes)).toBe('urn:cen.eu:en16931:2017');
      expect(guidelineOfXml(bytes)).toBe(scannedAsText(bytes));
    }
  });

  it('in UTF-16, through the full parse', () => {
    const xml = goldenCii().replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="UTF-16"?>');
    const bytes = new Uint8Array(Buffer.from(`\ufeff${xml}`, 'utf16le'));
    expect(guidelineOfXml(bytes)).toBe(parsedGuideline(new TextEncoder().encode(goldenCii())));
  });
});
