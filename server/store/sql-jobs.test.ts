/**
 * Every job table operation, on SQLite and on PostgreSQL: taking a job (once, and again only after its
 * lease ran out), renewing a lease as the attempt that holds it, keeping the outcome once together with
 * the settling of the reservation, queueing again the jobs of dead workers, tenants apart.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { NewJob } from '../../core/service/jobs';
import { openStore } from './open-store';
import { SqlJobStore } from './sql-jobs';
import type { SqlStorage } from './sql-storage';
import { engineLocations, type TestEngine } from './testing/engine-location';
import { testPostgres } from './testing/test-postgres';

const opened: SqlStorage[] = [];
afterAll(async () => {
  for (const store of opened.splice(0)) await store.close();
});

const postgres = await testPostgres();
const location = engineLocations(postgres, 'facturx-jobs-');

async function fresh(engine: TestEngine): Promise<{ storage: SqlStorage; jobs: SqlJobStore }> {
  const storage = await openStore(await location(engine));
  opened.push(storage);
  return { storage, jobs: new SqlJobStore(storage) };
}

const T0 = '2026-05-04T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

const pdfBytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80]);

const newJob = (id: string, overrides: Partial<NewJob> = {}): NewJob => ({
  id,
  tenant: 'tn_1',
  service: 'convert',
  payload: {
    request: {
      fields: { output: 'xml_cii' },
      files: { file: { filename: 'facture.pdf', bytes: pdfBytes, mediaType: 'application/pdf' } },
      query: { lang: 'fr' },
    },
    profiles: [],
    remainingAfterCharge: 7,
  },
  reservationId: null,
  at: T0,
  leaseUntil: null,
  reservationExpiresAt: at(86_400),
  ...overrides,
});

const RESPONSE = { status: 200, body: { success: true } };

for (const engine of ['sqlite', 'postgres'] as const) {
  describe.skipIf(engine === 'postgres' && !postgres.ok)(`the job table on ${engine}`, () => {
    it('keeps a queued job with its payload, and shows it to its tenant only', async () => {
      const { jobs } = await fresh(engine);
      await jobs.createJob(newJob('job_a'));
      expect(await jobs.findJob('tn_1', 'job_a')).toEqual({
        id: 'job_a',
        tenant: 'tn_1',
        service: 'convert',
        status: 'queued',
        attempts: 0,
        reservationId: null,
        createdAt: T0,
        updatedAt: T0,
        response: null,
      });
      expect(await jobs.findJob('tn_2', 'job_a')).toBeNull();
      expect(await jobs.findJob('tn_1', 'job_b')).toBeNull();
      const claim = await jobs.claimJob('job_a', at(1), at(61));
      expect(claim.status).toBe('claimed');
      if (claim.status !== 'claimed') return;
      expect(claim.job).toMatchObject({ status: 'running', attempts: 1, leaseUntil: at(61) });
      expect(claim.job.payload).toEqual(newJob('job_a').payload);
      expect(claim.job.payload.request.files.file?.bytes).toBeInstanceOf(Uint8Array);
    });

    it('lets one worker hold a job until its lease runs out, then another takes it', async () => {
      const { jobs } = await fresh(engine);
      await jobs.createJob(newJob('job_a'));
      expect((await jobs.claimJob('job_a', at(1), at(61))).status).toBe('claimed');
      expect(await jobs.claimJob('job_a', at(30), at(90))).toEqual({ status: 'busy' });
      expect(await jobs.claimNextJob(at(30), at(90))).toBeNull();
      expect(await jobs.renewJobLease('job_a', 1, at(120))).toBe(true);
      expect(await jobs.claimJob('job_a', at(100), at(160))).toEqual({ status: 'busy' });
      const again = await jobs.claimJob('job_a', at(121), at(181));
      expect(again.status === 'claimed' && again.job.attempts).toBe(2);
      // The first attempt no longer holds it.
      expect(await jobs.renewJobLease('job_a', 1, at(300))).toBe(false);
      expect(await jobs.claimJob('job_none', at(1), at(61))).toEqual({ status: 'unknown' });
    });

    it('takes the oldest takeable job first, and one job once among concurrent takers', async () => {
      const { jobs } = await fresh(engine);
      await jobs.createJob(newJob('job_late', { at: at(5) }));
      await jobs.createJob(newJob('job_early', { at: at(1) }));
      await jobs.createJob(newJob('job_held', { at: at(0), leaseUntil: at(600) }));
      expect((await jobs.claimNextJob(at(10), at(70)))?.id).toBe('job_early');
      expect((await jobs.claimNextJob(at(10), at(70)))?.id).toBe('job_late');
      expect(await jobs.claimNextJob(at(10), at(70))).toBeNull();
      // The held job's lease ran out: it is the oldest takeable one now.
      expect(await jobs.claimNextJob(at(601), at(661))).toMatchObject({ id: 'job_held', attempts: 2 });
      await jobs.createJob(newJob('job_raced'));
      const claims = await Promise.all(
        Array.from({ length: 8 }, () => jobs.claimJob('job_raced', at(700), at(760))),
      );
      expect(claims.filter((c) => c.status === 'claimed')).toHaveLength(1);
      expect(claims.filter((c) => c.status === 'busy')).toHaveLength(7);
    });

    it('keeps the outcome once and settles the reservation with it, once', async () => {
      const { storage, jobs } = await fresh(engine);
      const reservation = { id: 'rsv_1', tenant: 'tn_1', periodStart: 'p', expiresAt: at(900) };
      expect(await storage.reserve(reservation, 10)).toBe(true);
      await jobs.createJob(newJob('job_a', { reservationId: 'rsv_1' }));
      // A job outlives a call: its reservation is held until the job's own limit.
      expect(await storage.releaseExpiredReservations(at(1000))).toBe(0);
      expect(await jobs.finishJob('job_a', RESPONSE, 'charge', at(20))).toBe(true);
      expect(await jobs.finishJob('job_a', { status: 500, body: {} }, 'refund', at(21))).toBe(false);
      expect(await storage.usage('tn_1', 'p')).toEqual({ used: 1, reserved: 0 });
      expect(await jobs.findJob('tn_1', 'job_a')).toMatchObject({
        status: 'done',
        response: RESPONSE,
        updatedAt: at(20),
      });
      expect(await jobs.claimJob('job_a', at(30), at(90))).toEqual({ status: 'done' });
      expect(await jobs.renewJobLease('job_a', 0, at(300))).toBe(false);

      expect(await storage.reserve({ ...reservation, id: 'rsv_2' }, 10)).toBe(true);
      await jobs.createJob(newJob('job_b', { reservationId: 'rsv_2' }));
      const finishes = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          jobs.finishJob('job_b', RESPONSE, i % 2 ? 'charge' : 'refund', at(40)),
        ),
      );
      expect(finishes.filter(Boolean)).toHaveLength(1);
      const usage = await storage.usage('tn_1', 'p');
      expect(usage.reserved).toBe(0);
      expect([1, 2]).toContain(usage.used);
    });

    it('starts a job running when its process already works on it', async () => {
      const { jobs } = await fresh(engine);
      await jobs.createJob(newJob('job_a', { leaseUntil: at(60) }));
      expect(await jobs.findJob('tn_1', 'job_a')).toMatchObject({ status: 'running', attempts: 1 });
      expect(await jobs.claimJob('job_a', at(10), at(70))).toEqual({ status: 'busy' });
      expect(await jobs.renewJobLease('job_a', 1, at(120))).toBe(true);
    });

    it('queues again the running jobs whose lease ran out, and only those', async () => {
      const { jobs } = await fresh(engine);
      await jobs.createJob(newJob('job_dead', { leaseUntil: at(60) }));
      await jobs.createJob(newJob('job_alive', { leaseUntil: at(600) }));
      await jobs.createJob(newJob('job_done', { leaseUntil: at(60) }));
      await jobs.finishJob('job_done', RESPONSE, 'refund', at(30));
      expect(await jobs.requeueStaleJobs(at(100))).toEqual(['job_dead']);
      expect(await jobs.findJob('tn_1', 'job_dead')).toMatchObject({ status: 'queued', attempts: 1 });
      expect(await jobs.requeueStaleJobs(at(100))).toEqual([]);
      const taken = await jobs.claimJob('job_dead', at(101), at(161));
      expect(taken.status === 'claimed' && taken.job.attempts).toBe(2);
    });
  });
}
