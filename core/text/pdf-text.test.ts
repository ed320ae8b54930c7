import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderInvoice } from '../pdf/render/invoice-render';
import { sampleInvoice } from '../pdf/render/sample-invoice';
import { blankPdf, encryptedPdf } from '../pdf/test-pdfs';
import { describeCorpus } from '../testing/corpus';
import { hasTextLayer, readPdfText } from './pdf-text';

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

describeCorpus('text layer of the corpus PDFs', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  const files = readdirSync(dir).filter((f) => f.endsWith('.plain.pdf') || f.endsWith('.scan.pdf'));
  it.each(files)('%s', async (file) => {
    const r = await readPdfText(new Uint8Array(readFileSync(path.join(dir, file))));
    if (!r.ok) throw new Error(r.error.message);
    expect(hasTextLayer(r.text)).toBe(file.endsWith('.plain.pdf'));
  });
});
