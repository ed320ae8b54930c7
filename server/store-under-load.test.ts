/**
 * The store under real concurrent requests, on real servers: a quota is never passed nor under-counted
 * (one server on SQLite, two servers on one PostgreSQL), and calls with one Idempotency-Key run the work
 * once. Nothing here waits on time: every request is awaited, the clock is the tests' own.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApiKey } from '../core/service/auth';
import { engines } from '../core/service/engines';
import { GOLDEN_EXAMPLES } from '../core/invoice-data/examples';
import { startServer, type RunningServer } from './start';
import { openStore } from './store/open-store';
import type { SqlStorage } from './store/sql-storage';
import { engineLocations } from './store/testing/engine-location';
import { testPostgres } from './store/testing/test-postgres';

const NOW = new Date('2026-06-15T10:00:00.000Z');
const PERIOD = '2026-06-01T00:00:00.000Z';

const postgres = await testPostgres();
const location = engineLocations(postgres, 'facturx-load-');

/** `count` servers on one store, each with its own connections, and a launch key made before. */
async function servers(
  engine: 'sqlite' | 'postgres',
  count: number,
): Promise<{ urls: string[]; apiKey: string; tenant: string; store: SqlStorage; close(): Promise<void> }> {
  const where = await location(engine);
  const store = await openStore(where);
  const { apiKey, record } = await createApiKey(store, { email: 'load@example.com', plan: 'launch' }, NOW);
  const running: RunningServer[] = [];
  for (let i = 0; i < count; i += 1) {
    running.push(await startServer({ ...where, port: 0, rateLimitPerMinute: 0, now: () => NOW }));
  }
  return {
    urls: running.map((s) => s.url),
    apiKey,
    tenant: record.tenant,
    store,
    close: async () => {
      for (const server of running) await server.close();
      await store.close();
    },
  };
}

/** Charges `count` invoices of the tenant's quota, as earlier calls did. */
async function alreadyUsed(store: SqlStorage, tenant: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const id = `earlier_${i}`;
    await store.reserve({ id, tenant, periodStart: PERIOD, expiresAt: '2026-06-15T11:00:00.000Z' }, 100);
    await store.settle(id, 'charge');
  }
}

function convertForm(): FormData {
  const form = new FormData();
  form.append('invoice_data', JSON.stringify(GOLDEN_EXAMPLES[0]!.invoice_data));
  form.append('output', 'xml_cii');
  return form;
}

const SETUPS = [
  { engine: 'sqlite', servers: 1, label: 'one server on SQLite' },
  { engine: 'postgres', servers: 2, label: 'two servers on one PostgreSQL' },
] as const;

for (const setup of SETUPS) {
  const skip = setup.engine === 'postgres' && !postgres.ok;
  describe.skipIf(skip)(setup.label, () => {
    it('charges exactly 20 of 50 concurrent converts on a quota with 20 left, and refuses the rest with 402', async () => {
      const running = await servers(setup.engine, setup.servers);
      try {
        await alreadyUsed(running.store, running.tenant, 80);
        const answers = await Promise.all(
          Array.from({ length: 50 }, async (_, i) => {
            const response = await fetch(`${running.urls[i % running.urls.length]}/api/v1/convert`, {
              method: 'POST',
              headers: { 'X-API-Key': running.apiKey },
              body: convertForm(),
            });
            const body = (await response.json()) as {
              error?: string;
              result?: { processedInvoicesCharged?: number };
            };
            return { status: response.status, body };
          }),
        );
        const delivered = answers.filter((a) => a.status === 200);
        expect(delivered).toHaveLength(20);
        expect(delivered.every((a) => a.body.result?.processedInvoicesCharged === 1)).toBe(true);
        expect(answers.filter((a) => a.status === 402 && a.body.error === 'quota_exceeded')).toHaveLength(30);
        expect(await running.store.usage(running.tenant, PERIOD)).toEqual({ used: 100, reserved: 0 });
      } finally {
        await running.close();
      }
    });

    it('runs the work once for parallel requests with one Idempotency-Key, and charges once', async () => {
      const running = await servers(setup.engine, setup.servers);
      const validations = vi.spyOn(engines, 'validate');
      try {
        const xml = `<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>`;
        const answers = await Promise.all(
          Array.from({ length: 12 }, async (_, i) => {
            const form = new FormData();
            form.append('file', new Blob([xml], { type: 'application/xml' }), 'invoice.xml');
            const response = await fetch(`${running.urls[i % running.urls.length]}/api/v1/validate`, {
              method: 'POST',
              headers: { 'X-API-Key': running.apiKey, 'Idempotency-Key': 'one-batch-line-7' },
              body: form,
            });
            return { status: response.status, body: (await response.json()) as Record<string, unknown> };
          }),
        );
        expect(validations).toHaveBeenCalledTimes(1);
        const ran = answers.filter((a) => a.status === 200);
        const waiting = answers.filter((a) => a.status === 409);
        expect(ran.length).toBeGreaterThanOrEqual(1);
        expect(ran.length + waiting.length).toBe(12);
        expect(waiting.every((a) => a.body.error === 'idempotency_in_progress')).toBe(true);
        // The replays are the first answer itself.
        expect(new Set(ran.map((a) => JSON.stringify(a.body))).size).toBe(1);
        expect(await running.store.usage(running.tenant, PERIOD)).toEqual({ used: 1, reserved: 0 });
      } finally {
        validations.mockRestore();
        await running.close();
      }
    });
  });
}
