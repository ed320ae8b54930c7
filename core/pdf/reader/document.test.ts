import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeCorpus } from '../../testing/corpus';
import { extractFacturx } from '../facturx-read';
import { blankPdf, encryptedPdf } from '../test-pdfs';
import { PdfDocument } from './document';
import { PdfDict, PdfName, PdfStream } from './objects';
import { Parser } from './parser';

describe('Parser', () => {
  it('reads the object syntax of ISO 32000-1 §7.3', () => {
    const src = Buffer.from('<< /A#20B [1 -2.5 (a\\(b\\)\\101) <48 49> true null 3 0 R] /S /x >>', 'latin1');
    const d = new Parser(src).object();
    expect(d).toBeInstanceOf(PdfDict);
    const arr = (d as PdfDict).get('A B') as unknown[];
    expect(arr.slice(0, 2)).toEqual([1, -2.5]);
    expect(Buffer.from((arr[2] as { bytes: Uint8Array }).bytes).toString('latin1')).toBe('a(b)A');
    expect(Buffer.from((arr[3] as { bytes: Uint8Array }).bytes).toString('latin1')).toBe('HI');
    expect(arr.slice(4, 6)).toEqual([true, null]);
    expect(arr[6]).toMatchObject({ num: 3, gen: 0 });
    expect((d as PdfDict).get('S')).toBe(PdfName.of('x'));
  });

  it('finds the end of a stream whose /Length lies', () => {
    const src = Buffer.from('1 0 obj << /Length 999 >> stream\nabcdef\nendstream endobj', 'latin1');
    const { value } = new Parser(src).indirect();
    expect(value).toBeInstanceOf(PdfStream);
    expect(Buffer.from((value as PdfStream).raw).toString('latin1')).toBe('abcdef');
  });

  it('refuses absurd nesting without overflowing the stack', () => {
    expect(() => new Parser(Buffer.from('['.repeat(100_000))).object()).toThrow();
  });
});

describe('PdfDocument', () => {
  it('reads classic tables and xref streams with object streams alike', async () => {
    for (const objectStreams of [false, true]) {
      const r = PdfDocument.open(await blankPdf({ objectStreams }));
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.doc.lastXrefIsStream).toBe(objectStreams);
    }
  });
});

/** A small deterministic PRNG, so a failing mutation can be replayed. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describeCorpus('reader robustness on damaged corpus files', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  const name = 'fnfe_Facture_DOM_BASIC';
  const original = readFileSync(path.join(dir, `${name}.facturx.pdf`));
  const xml = readFileSync(path.join(dir, `${name}.xml`));

  it('recovers the XML when startxref points to the wrong place (scan fallback)', () => {
    const text = original.toString('latin1');
    const at = text.lastIndexOf('startxref');
    const broken = Buffer.from(
      text.slice(0, at) + text.slice(at).replace(/startxref\s+\d+/, 'startxref\n123'),
      'latin1',
    );
    const r = extractFacturx(broken, 'x.pdf');
    expect(r.ok && Buffer.from(r.xml).equals(xml)).toBe(true);
  });

  it('recovers the XML when the xref table is destroyed', () => {
    const text = original.toString('latin1');
    const broken = Buffer.from(text.replace(/\d{10} \d{5} n/g, '0000000001 00000 n'), 'latin1');
    const r = extractFacturx(broken, 'x.pdf');
    expect(r.ok && Buffer.from(r.xml).equals(xml)).toBe(true);
  });

  it('never throws or hangs on truncated files', () => {
    for (let i = 1; i < 40; i++) {
      const cut = original.subarray(0, Math.floor((original.length * i) / 40));
      const started = performance.now();
      const r = extractFacturx(cut, 'cut.pdf');
      expect(performance.now() - started).toBeLessThan(2000);
      if (!r.ok) expect(r.error.status).toBe(422);
    }
  });

  it('never throws or hangs on randomly corrupted files', () => {
    const rnd = prng(42);
    for (let i = 0; i < 150; i++) {
      const copy = Buffer.from(original);
      for (let k = 0; k < 20; k++) copy[Math.floor(rnd() * copy.length)] = Math.floor(rnd() * 256);
      const started = performance.now();
      const r = extractFacturx(copy, 'noise.pdf');
      expect(performance.now() - started).toBeLessThan(2000);
      expect(typeof r.ok).toBe('boolean');
    }
  });
});

describe('PdfDocument.open failures', () => {
  it('name the reason in both languages', async () => {
    const cases = [
      [Buffer.from('hello'), 'not_pdf', /%PDF-/, /en-tête %PDF-/],
      [Buffer.from('%PDF-1.7\n%%EOF\n'), 'corrupt', /corrupt/, /corrompu/],
      [await encryptedPdf(), 'encrypted', /encrypted/, /chiffré/],
    ] as const;
    for (const [bytes, code, en, fr] of cases) {
      const opened = PdfDocument.open(bytes);
      expect(opened.ok).toBe(false);
      if (opened.ok) continue;
      expect(opened.error.code).toBe(code);
      expect(opened.error.localized.en).toMatch(en);
      expect(opened.error.localized.fr).toMatch(fr);
      expect(opened.error.message).toBe(opened.error.localized.en);
    }
  });
});
