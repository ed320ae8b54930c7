import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeCorpus } from '../testing/corpus';
import { nestedForms } from '../testing/hostile-pdf';
import { PDFDocument } from 'pdf-lib';
import { useOcrEngines } from './engine-count';
import { endEngines, engineStarts } from './engine-pool';
import { ocrPdf, type OcrProgress } from './ocr-pdf';
import { PDFJS_BOUNDS } from '../text/pdfjs-bounded';
import { scanPdf } from './scan-fixture';
import { plainText, truthHits } from './truth-hits';

describe('ocrPdf', () => {
  it('reads a scanned page into lines of words in PDF points', { timeout: 60_000 }, async () => {
    const r = await ocrPdf(await scanPdf());
    if (!r.ok) throw new Error(r.error.message);
    expect(r.text.source).toBe('ocr');
    expect(r.text.pages).toHaveLength(1);
    const page = r.text.pages[0]!;
    expect(page.width).toBeCloseTo(595.28, 1);
    const lines = page.lines.map((l) => l.text);
    expect(lines[0]).toContain('FACTURE');
    expect(lines.join('\n')).toContain('1 234,56');
    const facture = page.lines[0]!.spans[0]!;
    // drawn at 150 px of a 200 dpi picture: 54 pt
    expect(facture.x).toBeGreaterThan(50);
    expect(facture.x).toBeLessThan(58);
    expect(facture.confidence).toBeGreaterThan(80);
    expect(r.text.confidence).toBeGreaterThan(70);
  });

  it('leaves the calling thread free while it reads', { timeout: 60_000 }, async () => {
    const pdf = await scanPdf();
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 20);
    const started = performance.now();
    const r = await ocrPdf(pdf);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(r.ok).toBe(true);
    // a blocked event loop would tick once or not at all
    expect(ticks).toBeGreaterThan(elapsed / 20 / 3);
  });

  it(
    'levels the words of a page scanned askew: rows and columns straight again',
    { timeout: 60_000 },
    async () => {
      const placed = [
        // the page's turn is read from its long lines
        { text: 'Facture N° F-2024-0042 du 15 mars 2024', x: 150, y: 300 },
        { text: 'Prestations de conseil, mars 2024', x: 150, y: 400 },
        { text: 'Total HT', x: 150, y: 600 },
        { text: '1 234,56', x: 1300, y: 600 },
        { text: 'Date', x: 150, y: 2000 },
      ];
      const r = await ocrPdf(await scanPdf(undefined, 'jpeg', { placed, turn: 0.7 }));
      if (!r.ok) throw new Error(r.error.message);
      const spans = r.text.pages[0]!.lines.flatMap((l) => l.spans);
      const at = (text: string) => spans.find((s) => s.text === text)!;
      const middle = (s: { y: number; height: number }) => s.y + s.height / 2;
      // turned 0.7°, the ends of the row lie 14 px (5 pt) apart in height, the column 17 px (6 pt) sideways
      expect(Math.abs(middle(at('Total')) - middle(at('234,56')))).toBeLessThan(1.5);
      expect(Math.abs(at('Total').x - at('Date').x)).toBeLessThan(1.5);
      const row = r.text.pages[0]!.lines.find((l) => l.text.startsWith('Total'))!;
      expect(row.text).toMatch(/1 234,56$/);
      // read again closer, the row comes back where the levelled page has it
      const strip = (await r.reread(1, row)).flatMap((l) => l.spans);
      const total = strip.find((s) => s.text === 'Total')!;
      expect(Math.abs(middle(total) - middle(at('Total')))).toBeLessThan(1.5);
      expect(Math.abs(total.x - at('Total').x)).toBeLessThan(1.5);
      expect(strip.map((s) => s.text).join(' ')).toContain('1 234,56');
    },
  );

  it(
    'keeps a figure standing alone in a table cell: a quantity of 1, or of 6',
    { timeout: 60_000 },
    async () => {
      // 9 pt type on a noisy 200 dpi scan, turned 0.3°, cells between rules: read as a page, the lone
      // quantities (and positions) were dropped
      const rows = [
        ['1', 'Grundpreis (Pauschale)', '1', '3,90', '7 %'],
        ['2', 'Stadtfahrt je km', '6', '2,00', '7 %'],
        ['3', 'Wartezeit', '1', '0,50', '19 %'],
      ];
      const xs = [160, 260, 1000, 1150, 1350];
      const placed = rows.flatMap((cells, k) =>
        cells.map((text, i) => ({ text, x: xs[i]!, y: 580 + k * 70, size: 25 })),
      );
      const rules = [130, 240, 980, 1130, 1330, 1500].map((x) => ({ x0: x, y0: 520, x1: x, y1: 800 }));
      const r = await ocrPdf(await scanPdf(undefined, 'jpeg', { placed, rules, noise: 12, turn: 0.3 }));
      if (!r.ok) throw new Error(r.error.message);
      const lines = r.text.pages[0]!.lines.map((l) => l.text.replace(/\s+/g, ' '));
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/\(Pauschale\) 1 3,90 7%$/);
      expect(lines[1]).toMatch(/km 6 2,00 7%$/);
      expect(lines[2]).toMatch(/Wartezeit 1 0,50 19%$/);
    },
  );

  it('answers unextractable_pdf for bytes that are not a PDF', async () => {
    const r = await ocrPdf(new TextEncoder().encode('not a pdf'));
    expect(r).toMatchObject({ ok: false, error: { code: 'unextractable_pdf' } });
  });

  it('reads a scan stored in another codec than JPEG by drawing its page', { timeout: 60_000 }, async () => {
    const r = await ocrPdf(await scanPdf(undefined, 'png'));
    if (!r.ok) throw new Error(r.error.message);
    const page = r.text.pages[0]!;
    expect(page.lines.map((l) => l.text).join('\n')).toContain('1 234,56');
    const facture = page.lines[0]!.spans[0]!;
    expect(facture.text).toBe('FACTURE');
    // drawn at 150 px of the 200 dpi scan, whatever resolution the page is drawn at: 54 pt
    expect(facture.x).toBeGreaterThan(50);
    expect(facture.x).toBeLessThan(58);
  });

  it('refuses a page whose drawing passes its time bound (3 KB of nested forms), saying so', async () => {
    // No text to read, so a scan to draw: a hundred thousand squares, within the PDF's bound on drawing
    // operations yet seconds of pdfjs's work, which our drawing thread stops at 1 s.
    const hostile = nestedForms(6, 10, '72 720 10 10 re f');
    const r = await ocrPdf(hostile, {
      drawing: { ...PDFJS_BOUNDS, timeMs: 1_000 },
    });
    expect(r).toMatchObject({
      ok: false,
      error: {
        code: 'unextractable_pdf',
        localized: {
          en: 'The PDF is refused: drawing one of its pages to read it takes longer than 1 s, the bound for one page.',
          fr: expect.stringContaining('prend plus de 1 s'),
        },
      },
    });
  });

  it('answers ocr_timeout when the time is up', async () => {
    const r = await ocrPdf(await scanPdf(), { timeoutMs: 1 });
    expect(r).toMatchObject({ ok: false, error: { code: 'ocr_timeout' } });
  });

  it('answers cancelled when cancelled before it starts', async () => {
    const r = await ocrPdf(await scanPdf(), { signal: AbortSignal.abort() });
    expect(r).toMatchObject({ ok: false, error: { code: 'cancelled', message: 'OCR was cancelled' } });
  });

  it(
    'reports each page drawn then recognised, and stops at once when cancelled while recognising',
    {
      timeout: 60_000,
    },
    async () => {
      const controller = new AbortController();
      const seen: OcrProgress[] = [];
      const r = await ocrPdf(await scanPdf(), {
        signal: controller.signal,
        onProgress: (p) => {
          seen.push(p);
          if (p.step === 'recognising') controller.abort();
        },
      });
      expect(seen).toEqual([
        { page: 1, pages: 1, step: 'drawing' },
        { page: 1, pages: 1, step: 'recognising' },
      ]);
      expect(r).toMatchObject({ ok: false, error: { code: 'cancelled' } });
      // the engine stopped mid-page was ended; the next document gets a fresh one and is read
      const again = await ocrPdf(await scanPdf());
      expect(again.ok).toBe(true);
    },
  );

  it('keeps its engine from one document to the next', { timeout: 60_000 }, async () => {
    await ocrPdf(await scanPdf());
    const before = engineStarts();
    for (let i = 0; i < 2; i++) expect((await ocrPdf(await scanPdf())).ok).toBe(true);
    expect(engineStarts()).toBe(before);
  });

  it(
    'reads the pages of a document side by side when the thread has two engines',
    { timeout: 90_000 },
    async () => {
      const doc = await PDFDocument.create();
      for (const lines of [
        ['FACTURE N° F-1', 'Page un'],
        ['Total TTC : 99,00 EUR', 'Page deux'],
      ]) {
        const [page] = await doc.copyPages(await PDFDocument.load(await scanPdf(lines)), [0]);
        doc.addPage(page!);
      }
      const pdf = await doc.save();
      await endEngines();
      const before = engineStarts();
      const seen: OcrProgress[] = [];
      useOcrEngines(2);
      try {
        const r = await ocrPdf(pdf, { onProgress: (p) => seen.push(p) });
        if (!r.ok) throw new Error(r.error.message);
        expect(r.text.pages.map((p) => p.lines.map((l) => l.text).join(' / '))).toEqual([
          'FACTURE N° F-1 / Page un',
          'Total TTC : 99,00 EUR / Page deux',
        ]);
      } finally {
        useOcrEngines(1);
      }
      // the second page was pictured before the first was read, and read by an engine of its own
      expect(seen.slice(0, 2)).toEqual([
        { page: 1, pages: 2, step: 'drawing' },
        { page: 2, pages: 2, step: 'drawing' },
      ]);
      expect(engineStarts() - before).toBe(2);
    },
  );

  it('reads German with its own trained data (umlauts, ß)', { timeout: 60_000 }, async () => {
    const r = await ocrPdf(
      await scanPdf(['RECHNUNG Nr. 2024-117', 'Müller Straße 12, Köln', 'Gesamtbetrag: 1.234,56 EUR']),
    );
    if (!r.ok) throw new Error(r.error.message);
    const text = plainText(r.text);
    expect(text).toContain('Müller');
    expect(text).toContain('Straße');
    expect(text).toContain('Köln');
    expect(text).toContain('1.234,56');
  });

  it('answers unextractable_pdf for an encrypted or a truncated scan', async () => {
    const whole = await scanPdf();
    const truncated = await ocrPdf(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(truncated).toMatchObject({ ok: false, error: { code: 'unextractable_pdf' } });
    const doc = await PDFDocument.load(whole);
    doc.context.trailerInfo.Encrypt = doc.context.obj({ Filter: 'Standard', V: 2, R: 3 });
    const encrypted = await ocrPdf(await doc.save());
    expect(encrypted).toMatchObject({ ok: false, error: { code: 'unextractable_pdf' } });
  });

  it('answers ocr_service_unavailable with a retry delay when the language data is missing', async () => {
    const r = await ocrPdf(await scanPdf(), { langs: 'ita' });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'ocr_service_unavailable', retry_after_seconds: 30 },
    });
  });
});

describeCorpus('ocrPdf on corpus scans', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  for (const name of [
    'fnfe_Facture_F20260025-LE_FOURNISSEUR-POUR-LE_CLIENT_BASIC',
    'ferd-zf22_BASIC_Taxifahrt',
    'zfcorpus_MustangGnuaccountingBeispielRE-20190610_507',
  ]) {
    it(`${name}: invoice number and grand total are in the OCR text`, { timeout: 120_000 }, async () => {
      const truth = JSON.parse(readFileSync(path.join(dir, `${name}.truth.json`), 'utf8')) as {
        invoiceNumber: string;
        totals: { taxInclusive: string };
      };
      const r = await ocrPdf(readFileSync(path.join(dir, `${name}.scan.pdf`)));
      if (!r.ok) throw new Error(r.error.message);
      expect(truthHits(plainText(r.text), truth.invoiceNumber, truth.totals.taxInclusive)).toEqual({
        invoiceNumber: true,
        grandTotal: true,
      });
      expect(r.text.confidence).toBeGreaterThan(70);
    });
  }

  it('stops a page in the middle of recognition when the time is up', { timeout: 30_000 }, async () => {
    // this scan takes about 5 s to read
    const pdf = readFileSync(
      path.join(dir, 'fnfe_Facture_F20260023-LE_FOURNISSEUR-POUR-LE_CLIENT_BASIC_WL.scan.pdf'),
    );
    const started = performance.now();
    const r = await ocrPdf(pdf, { timeoutMs: 1500 });
    expect(r).toMatchObject({ ok: false, error: { code: 'ocr_timeout' } });
    expect(performance.now() - started).toBeLessThan(2500);
  });
});
