import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeCorpus } from '../testing/corpus';
import { ocrPdf, OCR_LANGS } from './ocr-pdf';
import { rereadBox, stripBox, withoutRules } from './reread';
import { scanPdf } from './scan-fixture';

describe('rereadBox', () => {
  it(
    'reads the words of one box again, in the page’s coordinates, with confidence',
    { timeout: 60_000 },
    async () => {
      // third fixture line, drawn at x = 150 px, baseline 430 px of a 200 dpi page: from 54 pt, about 145 pt down
      const box = { x: 40, y: 140, width: 400, height: 20 };
      const r = await rereadBox(await scanPdf(), 1, box, { langs: OCR_LANGS });
      if (!r.ok) throw new Error(r.error.message);
      expect(r.lines.map((l) => l.text).join('\n')).toContain('1 234,56');
      const total = r.lines.flatMap((l) => l.spans).find((s) => s.text === 'Total')!;
      expect(total.x).toBeGreaterThan(50);
      expect(total.x).toBeLessThan(58);
      expect(total.y).toBeGreaterThan(box.y - 3);
      expect(total.y + total.height).toBeLessThan(box.y + box.height + 3);
      expect(total.confidence).toBeGreaterThan(80);
    },
  );

  it(
    'reads a drawn page (no JPEG scan) by drawing the box again at the strip resolution',
    { timeout: 60_000 },
    async () => {
      const r = await rereadBox(
        await scanPdf(undefined, 'png'),
        1,
        { x: 40, y: 140, width: 400, height: 20 },
        {
          langs: OCR_LANGS,
        },
      );
      if (!r.ok) throw new Error(r.error.message);
      expect(r.lines.map((l) => l.text).join('\n')).toContain('1 234,56');
    },
  );

  it(
    'takes no table rule in its margin for a figure: "0.79 €" beside a rule is not read "10.79"',
    { timeout: 60_000 },
    async () => {
      // a price cell whose left rule stands 10 px (3.6 pt) before it, inside the strip's 6 pt margin
      const placed = [
        { text: 'Ballons', x: 150, y: 600 },
        { text: '0.79 €', x: 1000, y: 600 },
        { text: '316.00 €', x: 1300, y: 600 },
      ];
      const rules = [
        { x0: 990, y0: 520, x1: 990, y1: 740 },
        { x0: 1280, y0: 520, x1: 1280, y1: 740 },
      ];
      const pdf = await scanPdf(undefined, 'jpeg', { placed, rules });
      // the cell's box as readers give it ("0.79 €" at x = 1000 px, 40 px type on baseline 600 px): read
      // with the rule, each of these came back "10.79 €"
      for (const box of [
        { x: 361, y: 205, width: 30, height: 10 },
        { x: 361, y: 206, width: 38, height: 10 },
        { x: 360, y: 205, width: 40, height: 11 },
      ]) {
        const r = await rereadBox(pdf, 1, box, { langs: OCR_LANGS });
        if (!r.ok) throw new Error(r.error.message);
        expect(r.lines.map((l) => l.text).join(' ')).toMatch(/^0\.79 ?€$/);
      }
    },
  );

  it('refuses a page the PDF does not have, and a box that is no strip of the page', async () => {
    const pdf = await scanPdf();
    expect(
      await rereadBox(pdf, 2, { x: 0, y: 0, width: 10, height: 10 }, { langs: OCR_LANGS }),
    ).toMatchObject({
      ok: false,
      error: { code: 'unextractable_pdf' },
    });
    const page = await rereadBox(pdf, 1, { x: 0, y: 0, width: 595, height: 842 }, { langs: OCR_LANGS });
    expect(page).toMatchObject({ ok: false, error: { code: 'unextractable_pdf' } });
  });

  it('answers cancelled when its signal is aborted', async () => {
    const r = await rereadBox(
      await scanPdf(),
      1,
      { x: 40, y: 140, width: 400, height: 20 },
      {
        langs: OCR_LANGS,
        signal: AbortSignal.abort(),
      },
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });

  it('keeps the strip inside the page and drops the table rules read as bars', () => {
    expect(stripBox({ x: 2, y: 1, width: 100, height: 10 }, { width: 50, height: 800 })).toEqual({
      x: 0,
      y: 0,
      width: 50,
      height: 14,
    });
    expect(withoutRules('5,00|')).toBe('5,00');
    expect(withoutRules('|')).toBe('');
    expect(withoutRules('a|b')).toBe('a|b');
  });
});

describeCorpus('rereadBox on corpus scans', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  it('a net total the page left uncertain comes back sure from the strip', { timeout: 120_000 }, async () => {
    // "Total HT 530,75 €" in the totals table; the box is where the text layer of the .plain.pdf has it
    const pdf = readFileSync(path.join(dir, 'fnfe_Facture_DOM_BASIC.scan.pdf'));
    const box = { x: 86.8, y: 430.1, width: 477, height: 14 };
    const inBox = (s: { x: number; y: number; width: number; height: number }) =>
      s.x + s.width / 2 >= box.x &&
      s.x + s.width / 2 <= box.x + box.width &&
      s.y + s.height / 2 >= box.y &&
      s.y + s.height / 2 <= box.y + box.height;
    const page = await ocrPdf(pdf);
    if (!page.ok) throw new Error(page.error.message);
    const first = page.text.pages[0]!.lines.flatMap((l) => l.spans).filter(inBox);
    const firstTotal = first.find((s) => s.text === '530,75');
    const strip = await page.reread(1, box);
    const second = strip.flatMap((l) => l.spans).filter(inBox);
    const secondTotal = second.find((s) => s.text === '530,75');
    expect(secondTotal?.confidence).toBeGreaterThanOrEqual(85);
    // first read wrong, or less sure
    expect(firstTotal?.confidence ?? 0).toBeLessThan(secondTotal!.confidence!);
  });
});
