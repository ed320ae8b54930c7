/**
 * Jobs through the interface, on a real server (SQLite, its own job threads): `Prefer: respond-async`
 * answers 202 with result.jobId and reserves the quota at once, GET /api/v1/jobs/{id} shows the outcome
 * once a thread finished it and the reservation is charged; a call still running after the configured
 * time answers 202 and finishes as a job; another tenant never sees a job. No step waits on time: a
 * job's end is polled for, with a generous limit.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { convertAcceptedSchema, convertResponseSchema } from '../../core/api/convert-response';
import { jobBodySchema } from '../../core/api/job';
import { createApiKey } from '../../core/service/auth';
import { engines } from '../../core/service/engines';
import { GOLDEN_EXAMPLES } from '../../core/invoice-data/examples';
import { startServer, type RunningServer, type ServerOptions } from '../start';
import { openStore } from '../store/open-store';
import { jobDone } from './testing/job-done';

const NOW = new Date('2026-06-15T10:00:00.000Z');
const PERIOD = '2026-06-01T00:00:00.000Z';

const folders: string[] = [];
const servers: RunningServer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) await server.close();
});
afterAll(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function serverWithKeys(jobs: ServerOptions['jobs'] = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'facturx-jobs-api-'));
  folders.push(dataDir);
  const store = await openStore({ dataDir });
  const acme = await createApiKey(store, { email: 'acme@example.com', plan: 'launch' }, NOW);
  const other = await createApiKey(store, { email: 'other@example.com', plan: 'launch' }, NOW);
  const server = await startServer({ port: 0, dataDir, rateLimitPerMinute: 0, now: () => NOW, jobs });
  servers.push(server);
  return { server, store, acme, other };
}

function convertForm(): FormData {
  const form = new FormData();
  form.append('invoice_data', JSON.stringify(GOLDEN_EXAMPLES[0]!.invoice_data));
  form.append('output', 'xml_cii');
  return form;
}

async function call(url: string, apiKey: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, headers: { 'X-API-Key': apiKey, ...init.headers } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('jobs on a server', () => {
  it('answers 202 for Prefer: respond-async, reserves at once, and charges when a thread finished it', async () => {
    const { server, store, acme, other } = await serverWithKeys();
    const accepted = await call(`${server.url}/api/v1/convert`, acme.apiKey, {
      method: 'POST',
      headers: { Prefer: 'respond-async' },
      body: convertForm(),
    });
    expect(accepted.status).toBe(202);
    const body = convertAcceptedSchema.parse(accepted.body);
    expect(body).toMatchObject({
      success: false,
      target: { status: 'not_run', executed: null, not_run_reason: 'async_processing_not_completed' },
      result: { status: 'processing' },
    });
    const usage = await store.usage(acme.record.tenant, PERIOD);
    expect(usage.used + usage.reserved).toBe(1);

    const job = await jobDone(server.url, acme.apiKey, body.result.jobId);
    expect(job).toMatchObject({ jobId: body.result.jobId, status: 'done', attempts: 1 });
    expect(job.outcome?.status).toBe(200);
    const outcome = convertResponseSchema.parse(job.outcome?.body);
    expect(outcome.result).toMatchObject({
      conversionSuccessful: true,
      processedInvoicesCharged: 1,
      remainingInvoices: 99,
    });
    expect(Buffer.from(outcome.result.xml ?? '', 'base64').toString('utf8')).toContain(
      GOLDEN_EXAMPLES[0]!.invoice_data.number,
    );
    expect(await store.usage(acme.record.tenant, PERIOD)).toEqual({ used: 1, reserved: 0 });

    // Another tenant's job is no job at all; neither is an id that was never given.
    for (const [apiKey, id] of [
      [other.apiKey, body.result.jobId],
      [acme.apiKey, 'job_000000000000000000000000'],
      [acme.apiKey, '..%2Fprofiles'],
    ] as const) {
      const missing = await call(`${server.url}/api/v1/jobs/${id}?lang=fr`, apiKey);
      expect(missing).toEqual({
        status: 404,
        body: { error: 'job_not_found', message: 'Aucune tâche avec cet identifiant.' },
      });
    }
    expect((await fetch(`${server.url}/api/v1/jobs/${body.result.jobId}`)).status).toBe(401);
    await store.close();
  });

  it('refunds the invoice reserved for a job whose convert ends without a deliverable', async () => {
    const { server, store, acme } = await serverWithKeys();
    const incomplete = new FormData();
    incomplete.append('invoice_data', JSON.stringify({ number: 'F-1' }));
    incomplete.append('output', 'xml_cii');
    const accepted = await call(`${server.url}/api/v1/convert`, acme.apiKey, {
      method: 'POST',
      headers: { Prefer: 'respond-async' },
      body: incomplete,
    });
    expect(accepted.status).toBe(202);
    const job = await jobDone(
      server.url,
      acme.apiKey,
      convertAcceptedSchema.parse(accepted.body).result.jobId,
    );
    expect(job.outcome).toMatchObject({ status: 422, body: { error: 'insufficient_data' } });
    expect(await store.usage(acme.record.tenant, PERIOD)).toEqual({ used: 0, reserved: 0 });
    await store.close();
  });

  it('replays the same 202 and job for a repeated Idempotency-Key, and refuses with 402 before any job when the quota is used', async () => {
    const { server, store, acme } = await serverWithKeys();
    const send = () =>
      call(`${server.url}/api/v1/convert`, acme.apiKey, {
        method: 'POST',
        headers: { Prefer: 'respond-async', 'Idempotency-Key': 'night-batch-12' },
        body: convertForm(),
      });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(202);
    expect(again).toEqual(first);
    await jobDone(server.url, acme.apiKey, convertAcceptedSchema.parse(first.body).result.jobId);
    expect(await store.usage(acme.record.tenant, PERIOD)).toEqual({ used: 1, reserved: 0 });

    for (let i = 0; i < 99; i += 1) {
      const id = `earlier_${i}`;
      await store.reserve(
        { id, tenant: acme.record.tenant, periodStart: PERIOD, expiresAt: '2026-06-15T11:00:00.000Z' },
        100,
      );
      await store.settle(id, 'charge');
    }
    const refused = await call(`${server.url}/api/v1/convert`, acme.apiKey, {
      method: 'POST',
      headers: { Prefer: 'respond-async' },
      body: convertForm(),
    });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('quota_exceeded');
    await store.close();
  });

  it('answers 202 for a call still running after the configured time, and finishes it as a job', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const real = engines.convert;
    vi.spyOn(engines, 'convert').mockImplementation(async (input) => {
      await released;
      return real(input);
    });
    const { server, store, acme } = await serverWithKeys({ asyncAfterMs: 0 });
    const accepted = await call(`${server.url}/api/v1/convert`, acme.apiKey, {
      method: 'POST',
      body: convertForm(),
    });
    expect(accepted.status).toBe(202);
    const { jobId } = convertAcceptedSchema.parse(accepted.body).result;
    const running = jobBodySchema.parse((await call(`${server.url}/api/v1/jobs/${jobId}`, acme.apiKey)).body);
    expect(running).toMatchObject({ status: 'processing', attempts: 1, outcome: null });
    expect(await store.usage(acme.record.tenant, PERIOD)).toEqual({ used: 0, reserved: 1 });
    release();
    const job = await jobDone(server.url, acme.apiKey, jobId);
    expect(job.outcome?.status).toBe(200);
    expect(convertResponseSchema.parse(job.outcome?.body).result.processedInvoicesCharged).toBe(1);
    expect(await store.usage(acme.record.tenant, PERIOD)).toEqual({ used: 1, reserved: 0 });
    expect(engines.convert).toHaveBeenCalledTimes(1);
    await store.close();
  });

  it('keeps a call that ends within the configured time synchronous', async () => {
    const { server, store, acme } = await serverWithKeys({ asyncAfterMs: 600_000 });
    const answer = await call(`${server.url}/api/v1/convert`, acme.apiKey, {
      method: 'POST',
      body: convertForm(),
    });
    expect(answer.status).toBe(200);
    expect(convertResponseSchema.parse(answer.body).result.processedInvoicesCharged).toBe(1);
    expect(await store.usage(acme.record.tenant, PERIOD)).toEqual({ used: 1, reserved: 0 });
    await store.close();
  });
});
