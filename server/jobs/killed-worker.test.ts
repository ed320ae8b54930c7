/**
 * A job survives its worker killed with SIGKILL in the middle of it, and runs once in effect: on SQLite
 * the server whose thread held it is killed and a restart takes it again once its lease ran out; on
 * PostgreSQL a `facturx worker` process is killed and another one takes it again. The worker that is
 * killed says when it took the job (its work never ends), so the kill always lands in the middle; the
 * end is polled for with generous limits.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertAcceptedSchema, convertResponseSchema } from '../../core/api/convert-response';
import type { JobBody } from '../../core/api/job';
import { createApiKey } from '../../core/service/auth';
import { GOLDEN_EXAMPLES } from '../../core/invoice-data/examples';
import { JOB_LEASE_MS } from '../../core/service/jobs';
import { quotaPeriod } from '../../core/service/quota';
import { startServer } from '../start';
import { openStore, type StoreLocation } from '../store/open-store';
import { startCli, startScript } from '../store/testing/cli-process';
import { testPostgres } from '../store/testing/test-postgres';
import { jobDone } from './testing/job-done';
import { STALLED_LINE } from './testing/stalling-executor';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const postgres = await testPostgres();

async function prepared(databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'facturx-killed-worker-'));
  folders.push(dataDir);
  const where: StoreLocation = databaseUrl ? { dataDir, databaseUrl } : { dataDir };
  const store = await openStore(where);
  const { apiKey, record } = await createApiKey(
    store,
    { email: 'jobs@example.com', plan: 'launch' },
    new Date(),
  );
  await store.close();
  return { where, apiKey, tenant: record.tenant };
}

async function acceptJob(base: string, apiKey: string): Promise<string> {
  const form = new FormData();
  form.append('invoice_data', JSON.stringify(GOLDEN_EXAMPLES[0]!.invoice_data));
  form.append('output', 'xml_cii');
  const response = await fetch(`${base}/api/v1/convert`, {
    method: 'POST',
    headers: { 'X-API-Key': apiKey, Prefer: 'respond-async' },
    body: form,
  });
  expect(response.status).toBe(202);
  return convertAcceptedSchema.parse(await response.json()).result.jobId;
}

/** The job's outcome was kept once, and its one invoice charged once: nothing held any more. */
async function chargedOnce(where: StoreLocation, tenant: string, job: JobBody): Promise<void> {
  expect(job.attempts).toBeGreaterThanOrEqual(2);
  expect(job.outcome?.status).toBe(200);
  expect(convertResponseSchema.parse(job.outcome?.body).result.processedInvoicesCharged).toBe(1);
  const store = await openStore(where);
  try {
    const period = quotaPeriod((await store.getTenant(tenant))!, new Date(job.createdAt))!.start;
    expect(await store.usage(tenant, period)).toEqual({ used: 1, reserved: 0 });
  } finally {
    await store.close();
  }
}

describe('a job whose worker is killed in the middle', () => {
  it('on SQLite: the server holding it is killed, and a restart takes it again once the lease ran out', async () => {
    const { where, apiKey, tenant } = await prepared();
    const stalled = await startScript(
      'server/jobs/testing/stalling-server.ts',
      [where.dataDir],
      /^listening on (\S+)$/,
    );
    const jobId = await acceptJob(stalled.match[1]!, apiKey);
    await stalled.line(new RegExp(`^${STALLED_LINE}$`));
    await stalled.kill();

    const later = Date.now() + 2 * JOB_LEASE_MS;
    const restarted = await startServer({
      ...where,
      port: 0,
      rateLimitPerMinute: 0,
      now: () => new Date(later),
    });
    try {
      const job = await jobDone(restarted.url, apiKey, jobId);
      await chargedOnce(where, tenant, job);
    } finally {
      await restarted.close();
    }
  });

  it.skipIf(!postgres.ok)(
    'on PostgreSQL: a facturx worker is killed, and another worker takes the job again',
    async () => {
      if (!postgres.ok) return;
      const { where, apiKey, tenant } = await prepared(await postgres.newDatabase());
      const databaseUrl = where.databaseUrl!;
      const leaseSeconds = 3;
      // This server only accepts jobs: its threads leave them to the workers.
      const server = await startServer({
        ...where,
        port: 0,
        rateLimitPerMinute: 0,
        jobs: { threads: 0, leaseMs: leaseSeconds * 1000 },
      });
      try {
        const stalled = await startScript(
          'server/jobs/testing/stalling-worker.ts',
          [where.dataDir, databaseUrl, String(leaseSeconds)],
          /^working jobs$/,
        );
        const jobId = await acceptJob(server.url, apiKey);
        await stalled.line(new RegExp(`^${STALLED_LINE}$`));
        await stalled.kill();

        const worker = await startCli(
          [
            'worker',
            '--database',
            databaseUrl,
            '--data-dir',
            where.dataDir,
            '--lease-seconds',
            String(leaseSeconds),
          ],
          /^working jobs from postgres:\/\//,
        );
        try {
          const job = await jobDone(server.url, apiKey, jobId);
          await chargedOnce(where, tenant, job);
        } finally {
          await worker.stop();
        }
      } finally {
        await server.close();
      }
    },
  );
});
