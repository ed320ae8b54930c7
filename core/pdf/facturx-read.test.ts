import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeCorpus } from '../testing/corpus';
import { extractFacturx } from './facturx-read';

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
