import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { longStringsArray, nestedForms } from '../testing/hostile-pdf';
import { PDFJS_BOUNDS } from '../text/pdfjs-bounded';
import { pageImages, pagePictures } from './page-images';
import { scanOfPdf, scanPdf, textPdf } from './scan-fixture';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47];

describe('pageImages', () => {
  it('takes the JPEG of a scanned page out as is, with its pixel and page size', async () => {
    const r = await pageImages(await scanPdf());
    if (!r.ok) throw new Error(r.error.message);
    expect(r.pages).toHaveLength(1);
    const page = r.pages[0]!;
    expect(page.from).toBe('scan');
    expect([...page.picture.subarray(0, 3)]).toEqual(JPEG);
    expect(page.pixelWidth).toBe(1654);
    expect(page.width).toBeCloseTo(595.28, 1);
  });

  it('takes out the page of any PDF scanned as the corpus scans were: one grey 200 dpi JPEG', async () => {
    const r = await pageImages(await scanOfPdf(await textPdf()));
    if (!r.ok) throw new Error(r.error.message);
    const page = r.pages[0]!;
    expect(page.from).toBe('scan');
    expect([...page.picture.subarray(0, 3)]).toEqual(JPEG);
    expect(page.pixelWidth).toBe(Math.ceil((595.28 * 200) / 72));
  });

  it('draws a page whose scan is not a JPEG (Flate), at 300 dpi', async () => {
    const r = await pageImages(await scanPdf(undefined, 'png'));
    if (!r.ok) throw new Error(r.error.message);
    const page = r.pages[0]!;
    expect(page.from).toBe('rendered');
    expect([...page.picture.subarray(0, 4)]).toEqual(PNG);
    expect(page.pixelWidth).toBe(Math.ceil((595.28 * 300) / 72));
    expect(page.height).toBeCloseTo(841.89, 1);
  });

  it('draws a page that holds no picture at all', async () => {
    const r = await pageImages(await textPdf());
    expect(r).toMatchObject({ ok: true, pages: [{ number: 1, from: 'rendered' }] });
  });

  it('draws a page whose only JPEG is a logo, not a scan of the page', async () => {
    const doc = await PDFDocument.create();
    const logo = await doc.embedJpg(createCanvas(300, 120).toBuffer('image/jpeg', 85));
    doc.addPage([595.28, 841.89]).drawImage(logo, { x: 40, y: 760, width: 150, height: 60 });
    const r = await pageImages(await doc.save());
    expect(r).toMatchObject({ ok: true, pages: [{ from: 'rendered' }] });
  });

  it('does not hand over a scan beyond the pixel bound as is: such a page is drawn, bounded', async () => {
    const doc = await PDFDocument.create();
    const huge = await doc.embedJpg(createCanvas(4100, 5800).toBuffer('image/jpeg', 50));
    doc.addPage([595.28, 841.89]).drawImage(huge, { x: 0, y: 0, width: 595.28, height: 841.89 });
    const opened = pagePictures(await doc.save());
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.pages.count).toBe(1);
    expect(opened.pages.scan(1)).toBeNull();
    expect(opened.pages.size(1).width).toBeCloseTo(595.28, 1);
  });

  it('draws a page in a thread of its own, stopped at its time or heap bound', async () => {
    const bounded = (pdf: Uint8Array, bounds: Partial<typeof PDFJS_BOUNDS>) => {
      const opened = pagePictures(pdf, { ...PDFJS_BOUNDS, ...bounds });
      if (!opened.ok) throw new Error(opened.error.message);
      return opened.pages.picture(1);
    };
    // A hundred thousand squares in nested forms: within the PDF's bounds, seconds of drawing.
    const squares = nestedForms(6, 10, '72 720 10 10 re f');
    await expect(bounded(squares, { timeMs: 1_000 })).rejects.toMatchObject({ bound: 'time', limit: 1 });
    await expect(bounded(longStringsArray(60), { heapMb: 48 })).rejects.toMatchObject({
      bound: 'memory',
      limit: 48,
    });
    // The threads stopped were ended: the next page is drawn in a new one.
    expect(await bounded(await textPdf(), {})).toMatchObject({ from: 'rendered', number: 1 });
  });

  it('refuses bytes that are not a PDF', async () => {
    const r = await pageImages(new TextEncoder().encode('hello'));
    expect(r).toMatchObject({ ok: false, error: { code: 'not_pdf' } });
  });
});
