import { describe, expect, it } from 'vitest';
import { pageImages } from './page-images';
import { scanPdf, textPdf } from './scan-fixture';

describe('pageImages', () => {
  it('takes the JPEG of a scanned page out with its pixel and page size', async () => {
    const r = pageImages(await scanPdf());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.pages).toHaveLength(1);
    const page = r.pages[0]!;
    expect([...page.jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(page.pixelWidth).toBe(1654);
    expect(page.width).toBeCloseTo(595.28, 1);
  });

  it('refuses a PDF whose page holds no picture', async () => {
    const r = pageImages(await textPdf());
    expect(r).toMatchObject({ ok: false, error: { code: 'no_page_image' } });
  });

  it('refuses bytes that are not a PDF', () => {
    const r = pageImages(new TextEncoder().encode('hello'));
    expect(r).toMatchObject({ ok: false, error: { code: 'not_pdf' } });
  });
});
