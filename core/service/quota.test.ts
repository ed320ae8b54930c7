import { describe, expect, it } from 'vitest';
import { ERROR_EXTRAS } from '../api/errors';
import { emptyState, MemoryStorage } from './memory-storage';
import { metered, quotaPeriod } from './quota';
import type { Plan, TenantRecord } from './storage';
import type { ServiceContext, ServiceResult } from './types';

const tenant = (plan: Plan, createdAt = '2026-03-10T09:00:00.000Z'): TenantRecord => ({
  id: 'tn_1',
  email: 't@example.com',
  plan,
  createdAt,
});

function context(record: TenantRecord, now: string): ServiceContext {
  return {
    tenant: record.id,
    storage: new MemoryStorage({ ...emptyState(), tenants: { [record.id]: record } }),
    now: () => new Date(now),
  };
}

const delivered = async (): Promise<ServiceResult<string>> => ({ ok: true, status: 200, body: 'done' });
const refused = async (): Promise<ServiceResult<string>> => ({
  ok: false,
  status: 422,
  body: { error: 'unextractable_pdf', message: 'no', reason: 'unreadable' },
});

describe('quotaPeriod', () => {
  it('gives the sandbox 100 credits for its first 14 days, then 10 per calendar month', () => {
    const sandbox = tenant('sandbox');
    expect(quotaPeriod(sandbox, new Date('2026-03-23T23:59:00Z'))).toEqual({
      start: sandbox.createdAt,
      limit: 100,
    });
    expect(quotaPeriod(sandbox, new Date('2026-03-24T09:00:00Z'))).toEqual({
      start: '2026-03-01T00:00:00.000Z',
      limit: 10,
    });
    expect(quotaPeriod(sandbox, new Date('2026-04-02T00:00:00Z'))).toEqual({
      start: '2026-04-01T00:00:00.000Z',
      limit: 10,
    });
  });

  it('gives the paid plans their monthly quota and the local plan none', () => {
    const now = new Date('2026-05-31T23:00:00Z');
    expect(quotaPeriod(tenant('launch'), now)?.limit).toBe(100);
    expect(quotaPeriod(tenant('scale'), now)?.limit).toBe(500);
    expect(quotaPeriod(tenant('business'), now)).toEqual({ start: '2026-05-01T00:00:00.000Z', limit: 2000 });
    expect(quotaPeriod(tenant('local'), now)).toBeNull();
  });
});

describe('metered', () => {
  it('charges what delivers, refunds what does not, and answers 402 when the quota is used up', async () => {
    const ctx = context(tenant('sandbox', '2026-01-01T00:00:00.000Z'), '2026-03-15T10:00:00Z');
    const period = '2026-03-01T00:00:00.000Z';
    const remaining: (number | null)[] = [];
    for (let i = 0; i < 10; i += 1) {
      await metered(ctx, '/api/v1/validate', 'en', async (ticket) => {
        remaining.push(ticket.remainingAfterCharge);
        return i % 2 === 0 ? delivered() : refused();
      });
    }
    expect(await ctx.storage.usage('tn_1', period)).toEqual({ used: 5, reserved: 0 });
    expect(remaining.slice(0, 3)).toEqual([9, 8, 8]);
    for (let i = 0; i < 5; i += 1) await metered(ctx, '/api/v1/validate', 'en', delivered);
    let ran = false;
    const blocked = await metered(ctx, '/api/v1/convert', 'fr', async () => {
      ran = true;
      return delivered();
    });
    expect(ran).toBe(false);
    expect(blocked.status).toBe(402);
    const body = blocked.body as Record<string, unknown>;
    expect(ERROR_EXTRAS.quota_exceeded.parse(body)).toMatchObject({
      plan: 'sandbox',
      quota: 10,
      period_start: period,
      checkout_context: {
        payload: { plan_code: 'launch', trigger_event: 'quota_exceeded', from_endpoint: '/api/v1/convert' },
      },
    });
    expect((body.next_steps as { action: string }[]).map((s) => s.action)).toEqual([
      'upgrade_launch',
      'upgrade_scale',
      'upgrade_business',
      'view_docs',
    ]);
    expect(body.message).toMatch(/quota/);
  });

  it('refunds the reservation when the work throws', async () => {
    const ctx = context(tenant('launch'), '2026-03-15T10:00:00Z');
    await expect(
      metered(ctx, '/api/v1/repair', 'en', async () => {
        throw new Error('engine bug');
      }),
    ).rejects.toThrow('engine bug');
    expect(await ctx.storage.usage('tn_1', '2026-03-01T00:00:00.000Z')).toEqual({ used: 0, reserved: 0 });
  });

  it('keeps no account for the local plan', async () => {
    const ctx = context(tenant('local'), '2026-03-15T10:00:00Z');
    const result = await metered(ctx, '/api/v1/validate', 'en', async (ticket) => {
      expect(ticket.remainingAfterCharge).toBeNull();
      return delivered();
    });
    expect(result.ok).toBe(true);
    expect(await ctx.storage.usage('tn_1', '2026-03-01T00:00:00.000Z')).toEqual({ used: 0, reserved: 0 });
  });

  it('counts concurrent calls so that the limit is never passed', async () => {
    const ctx = context(tenant('sandbox', '2025-01-01T00:00:00.000Z'), '2026-03-15T10:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 15 }, () => metered(ctx, '/api/v1/validate', 'en', delivered)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => r.status === 402)).toHaveLength(5);
  });
});
