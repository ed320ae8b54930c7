import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderInvoice } from '../pdf/render/invoice-render';
import { sampleInvoice } from '../pdf/render/sample-invoice';
import { blankPdf, encryptedPdf } from '../pdf/test-pdfs';
import { describeCorpus } from '../testing/corpus';
import { PdfDocument } from '../pdf/reader/document';
import { longStringsArray, manyTextPieces, nestedForms, plainPdf } from '../testing/hostile-pdf';
import { hasTextLayer, readPdfText, TEXT_READING_LIMITS } from './pdf-text';

describe('readPdfText', () => {
  it('reads the lines of a rendered invoice, top to bottom, with their place on the page', async () => {
    const rendered = await renderInvoice(sampleInvoice(3), 'fr');
    if (!rendered.ok) throw new Error(rendered.error.message);
    const r = await readPdfText(rendered.pdf);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.text.source).toBe('native_text');
    const page = r.text.pages[0]!;
    const texts = page.lines.map((l) => l.text);
    expect(texts.some((t) => t.includes('FA-2026-0042'))).toBe(true);
    expect(texts.some((t) => t.includes('Atelier Dupont SARL'))).toBe(true);
    const ys = page.lines.map((l) => l.y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    for (const l of page.lines) {
      expect(l.x).toBeGreaterThanOrEqual(0);
      expect(l.y).toBeGreaterThanOrEqual(0);
      expect(l.y + l.height).toBeLessThanOrEqual(page.height + 1);
    }
    expect(hasTextLayer(r.text)).toBe(true);
  });

  it('says a page without text has no text layer, and refuses what is not a readable PDF', async () => {
    const blank = await readPdfText(await blankPdf());
    expect(blank.ok && hasTextLayer(blank.text)).toBe(false);
    const garbage = await readPdfText(new TextEncoder().encode('%PDF-1.7 nothing here'));
    expect(garbage.ok ? null : garbage.error).toMatchObject({
      code: 'unextractable_pdf',
      reason: 'unreadable',
    });
    const locked = await readPdfText(await encryptedPdf());
    expect(locked.ok && hasTextLayer(locked.text)).toBe(false);
  });
});

describe('readPdfText within the bounds of one document', () => {
  const refusal = async (pdf: Uint8Array, limits: Partial<typeof TEXT_READING_LIMITS>) => {
    const r = await readPdfText(pdf, { ...TEXT_READING_LIMITS, ...limits });
    return r.ok ? 'read' : r.error;
  };

  it('stops pdfjs at the time bound on a page of nested forms (seconds of work in 3 KB)', async () => {
    // Within the bound on the operations a page expands to (944,441 of 1 million, pdf/reader/drawing.ts):
    // pdfjs is given it, and reads it whole in 15 s (load 10), far past the bound of 1 s given here.
    const hostile = nestedForms(6, 10);
    expect(hostile.length).toBeLessThan(4_000);
    // Its hundred thousand words would pass the bounds on pieces of text first: only time is bounded here.
    const onlyTime = { timeMs: 1_000, maxItems: Infinity, maxPageItems: Infinity };
    expect(await refusal(hostile, onlyTime)).toMatchObject({
      code: 'unextractable_pdf',
      reason: 'unreadable',
      localized: {
        en: 'The PDF is refused: reading the text of its pages takes longer than 1 s, the bound for one document.',
        fr: expect.stringContaining('prend plus de 1 s'),
      },
    });
    // Its thread was ended, not left reading: the next document is read in a new one.
    const next = await readPdfText(plainPdf());
    expect(next.ok && next.text.pages[0]!.lines.map((l) => l.text)).toEqual(['Facture']);
  });

  it('stops pdfjs at the heap bound on a page that makes it hold 60 MB of strings', async () => {
    expect(await refusal(await blankPdf(), { heapMb: 48 })).toBe('read');
    // Within the bounds of a PDF (a stream, a page's operations): pdfjs is given it.
    const hostile = longStringsArray(60);
    expect(PdfDocument.open(hostile).ok).toBe(true);
    expect(await refusal(hostile, { heapMb: 48 })).toMatchObject({
      reason: 'unreadable',
      message: expect.stringContaining('needs more than 48 MB of memory'),
    });
  });

  it('refuses more pieces of text than a page or a document may give, before holding them all', async () => {
    expect(await refusal(manyTextPieces(300, 2), { maxPageItems: 300, maxItems: 600 })).toBe('read');
    expect(await refusal(manyTextPieces(301), { maxPageItems: 300 })).toMatchObject({
      message: 'The PDF is refused: a page holds more than 300 pieces of text, the bound for one page.',
    });
    expect(await refusal(manyTextPieces(300, 2), { maxItems: 599 })).toMatchObject({
      message: 'The PDF is refused: its pages hold more than 599 pieces of text, the bound for one document.',
    });
  });
});

describeCorpus('text layer of the corpus PDFs', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  const files = readdirSync(dir).filter((f) => f.endsWith('.plain.pdf') || f.endsWith('.scan.pdf'));
  it.each(files)('%s', async (file) => {
    const r = await readPdfText(new Uint8Array(readFileSync(path.join(dir, file))));
    if (!r.ok) throw new Error(r.error.message);
    expect(hasTextLayer(r.text)).toBe(file.endsWith('.plain.pdf'));
  });
});
