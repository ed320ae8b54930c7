import { describe, expect, it } from 'vitest';
import type { ConvertProgress } from '../api/convert-progress';
import { scanPdf } from '../ocr/scan-fixture';
import { localContext, services } from '../service';
import type { ServiceRequest } from '../service/types';

const scanRequest = async (more: Partial<ServiceRequest> = {}): Promise<ServiceRequest> => ({
  fields: { dry_run: 'true' },
  files: { file: { filename: 'scan.pdf', bytes: await scanPdf() } },
  query: {},
  ...more,
});

describe('convert progress and cancel', () => {
  it('reports reading, each OCR step of each page, then validating', { timeout: 60_000 }, async () => {
    const seen: ConvertProgress[] = [];
    const result = await services.convert(await scanRequest(), localContext(), {
      onProgress: (p) => seen.push(p),
    });
    expect(result.status).toBe(200);
    expect(seen).toEqual([
      { stage: 'reading' },
      { stage: 'ocr', page: 1, pages: 1, step: 'drawing' },
      { stage: 'ocr', page: 1, pages: 1, step: 'recognising' },
      { stage: 'validating' },
    ]);
  });

  it(
    'cancelled while OCR reads a page: a clear refusal, in the caller’s language',
    { timeout: 60_000 },
    async () => {
      const controller = new AbortController();
      const result = await services.convert(await scanRequest({ query: { lang: 'fr' } }), localContext(), {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.stage === 'ocr' && p.step === 'recognising') controller.abort();
        },
      });
      expect(result).toMatchObject({ ok: false, status: 499, body: { error: 'cancelled' } });
      expect(result.ok ? '' : 'message' in result.body ? result.body.message : '').toMatch(/annulée/);
    },
  );

  it(
    'a cancelled convert is not kept under its Idempotency-Key: sent again, it runs',
    { timeout: 60_000 },
    async () => {
      const ctx = localContext();
      const request = await scanRequest({ idempotencyKey: 'scan-1' });
      const cancelled = await services.convert(request, ctx, { signal: AbortSignal.abort() });
      expect(cancelled).toMatchObject({ ok: false, body: { error: 'cancelled' } });
      const again = await services.convert(request, ctx);
      expect(again.status).toBe(200);
    },
  );
});
