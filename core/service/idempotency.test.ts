import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_RETENTION_MS, IDEMPOTENCY_STALE_MS, idempotent, payloadHash } from './idempotency';
import { localContext } from '.';
import type { ServiceRequest, ServiceResult } from './types';

const request = (over: Partial<ServiceRequest> = {}): ServiceRequest => ({
  fields: { validation_target: 'en16931' },
  files: { file: { filename: 'a.pdf', bytes: new Uint8Array([37, 80, 68, 70]) } },
  query: {},
  idempotencyKey: 'k-1',
  ...over,
});

describe('payloadHash', () => {
  it('changes with any field, file byte or the endpoint, not with field order', () => {
    const base = payloadHash('convert', request());
    expect(payloadHash('convert', request({ fields: { validation_target: 'france_2026' } }))).not.toBe(base);
    expect(
      payloadHash('convert', request({ fields: { validation_target: 'en16931', seller_context: '{}' } })),
    ).not.toBe(base);
    expect(
      payloadHash(
        'convert',
        request({ files: { file: { filename: 'a.pdf', bytes: new Uint8Array([37, 80, 68, 71]) } } }),
      ),
    ).not.toBe(base);
    expect(payloadHash('repair', request())).not.toBe(base);
    const xy = payloadHash('convert', request({ fields: { x: '1', y: '2' } }));
    expect(payloadHash('convert', request({ fields: { y: '2', x: '1' } }))).toBe(xy);
  });
});

describe('idempotent', () => {
  it('replays the first answer for the same key and payload, without running again', async () => {
    const ctx = localContext();
    let runs = 0;
    const work = async (): Promise<ServiceResult<{ n: number }>> => ({
      ok: true,
      status: 200,
      body: { n: (runs += 1) },
    });
    const first = await idempotent(ctx, 'convert', request(), 'en', work);
    const second = await idempotent(ctx, 'convert', request(), 'en', work);
    expect(second).toEqual(first);
    expect(runs).toBe(1);
  });

  it('answers 409 idempotency_conflict for the same key with another payload', async () => {
    const ctx = localContext();
    const work = async (): Promise<ServiceResult<string>> => ({ ok: true, status: 200, body: 'x' });
    await idempotent(ctx, 'convert', request(), 'en', work);
    const other = await idempotent(ctx, 'convert', request({ fields: { invoice_patch: '{}' } }), 'en', work);
    expect(other).toMatchObject({ ok: false, status: 409, body: { error: 'idempotency_conflict' } });
  });

  it('answers 409 idempotency_in_progress with processing_since while the first call runs', async () => {
    const ctx = localContext(() => new Date('2026-06-01T12:00:00.000Z'));
    let release = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    const first = idempotent(ctx, 'convert', request(), 'en', async (): Promise<ServiceResult<string>> => {
      await slow;
      return { ok: true, status: 200, body: 'x' };
    });
    const second = await idempotent(ctx, 'convert', request(), 'en', async () => ({
      ok: true,
      status: 200,
      body: 'y',
    }));
    expect(second).toMatchObject({
      status: 409,
      body: { error: 'idempotency_in_progress', processing_since: '2026-06-01T12:00:00.000Z' },
    });
    release();
    expect((await first).body).toBe('x');
  });

  it('forgets a key whose call failed on the server side, so that a retry runs', async () => {
    const ctx = localContext();
    let runs = 0;
    const work = async (): Promise<ServiceResult<string>> => {
      runs += 1;
      return {
        ok: false,
        status: 503,
        body: { error: 'ocr_service_unavailable', message: 'later', retry_after_seconds: 30 },
      };
    };
    await idempotent(ctx, 'validate', request(), 'en', work);
    await idempotent(ctx, 'validate', request(), 'en', work);
    expect(runs).toBe(2);
  });

  it('forgets answers after the retention time and calls that never finished', async () => {
    let now = new Date('2026-06-01T00:00:00.000Z');
    const ctx = localContext(() => now);
    let runs = 0;
    const work = async (): Promise<ServiceResult<number>> => ({ ok: true, status: 200, body: (runs += 1) });
    await idempotent(ctx, 'convert', request(), 'en', work);
    now = new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS - 1);
    expect((await idempotent(ctx, 'convert', request(), 'en', work)).body).toBe(1);
    now = new Date(now.getTime() + 2);
    expect((await idempotent(ctx, 'convert', request(), 'en', work)).body).toBe(2);

    await ctx.storage.beginIdempotent(
      {
        key: 'crashed',
        tenant: ctx.tenant,
        payloadHash: 'h',
        status: 'in_progress',
        response: null,
        since: now.toISOString(),
      },
      { inProgressBefore: '', doneBefore: '' },
    );
    now = new Date(now.getTime() + IDEMPOTENCY_STALE_MS + 1);
    expect((await idempotent(ctx, 'convert', request({ idempotencyKey: 'crashed' }), 'en', work)).body).toBe(
      3,
    );
  });

  it('runs every call without a key', async () => {
    const ctx = localContext();
    let runs = 0;
    const work = async (): Promise<ServiceResult<number>> => ({ ok: true, status: 200, body: (runs += 1) });
    await idempotent(ctx, 'convert', request({ idempotencyKey: undefined }), 'en', work);
    await idempotent(ctx, 'convert', request({ idempotencyKey: undefined }), 'en', work);
    expect(runs).toBe(2);
  });
});
