/**
 * Jobs on PostgreSQL: pg-boss carries job ids from the servers that accept jobs to the workers
 * (`facturx worker` processes, anywhere, and servers that work jobs too). The job table stays the
 * truth: a worker takes the job there for its lease; when another worker's lease still runs the
 * message fails and pg-boss brings it back later, and once the job is done a message is dropped.
 * pg-boss also brings back the message of a worker that died (after `expireInSeconds`).
 */
import PgBoss from 'pg-boss';
import type { JobQueue, JobStore } from '../../core/service/jobs';
import type { JobExecutor } from './executor';
import { workWith } from './table-runner';

export const JOB_QUEUE_NAME = 'facturx-jobs';

export interface BossOptions {
  readonly databaseUrl: string;
  /** The job lease; pg-boss brings back a dead worker's message after as long, and looks as often. */
  readonly leaseMs: number;
}

export interface BossQueue extends JobQueue {
  /** Works messages with `concurrency` workers in this process until `stop()`. */
  work(store: JobStore, executor: JobExecutor, concurrency: number, now: () => Date): Promise<void>;
  stop(): Promise<void>;
}

/** Fails a message so that pg-boss brings it back after `retryDelay`. */
class NotHere extends Error {}

/**
 * Creates the queue unless there is one. Servers starting together on a fresh database may both try:
 * PostgreSQL then ends one creation as a deadlock (or a duplicate), and that one finds the queue made.
 */
async function ensureQueue(boss: PgBoss): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(JOB_QUEUE_NAME)) return;
    try {
      await boss.createQueue(JOB_QUEUE_NAME);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
    }
  }
}

export async function bossQueue(options: BossOptions): Promise<BossQueue> {
  const leaseSeconds = Math.max(1, Math.ceil(options.leaseMs / 1000));
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: 'pgboss',
    max: 4,
    maintenanceIntervalSeconds: leaseSeconds,
  });
  boss.on('error', (error: Error) => console.error(`facturx jobs: ${error.message}`));
  await boss.start();
  await ensureQueue(boss);
  return {
    dispatch: async (jobId) => {
      await boss.send(
        JOB_QUEUE_NAME,
        { jobId },
        {
          expireInSeconds: leaseSeconds,
          retryLimit: 10_000,
          retryDelay: Math.max(1, Math.floor(leaseSeconds / 2)),
        },
      );
    },
    work: async (store, executor, concurrency, now) => {
      const work = workWith(store, executor, now, options.leaseMs);
      for (let i = 0; i < concurrency; i += 1) {
        await boss.work<{ jobId: string }>(
          JOB_QUEUE_NAME,
          { pollingIntervalSeconds: Math.min(2, Math.max(0.5, leaseSeconds / 4)) },
          async ([message]) => {
            if (!message) return;
            const at = now();
            const claim = await store.claimJob(
              message.data.jobId,
              at.toISOString(),
              new Date(at.getTime() + options.leaseMs).toISOString(),
            );
            if (claim.status === 'busy') throw new NotHere('another worker holds this job');
            // Abandoned (or finished by another): brought back, it is taken again or dropped as done.
            if (claim.status === 'claimed' && !(await work(claim.job)))
              throw new NotHere('not finished here');
          },
        );
      }
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 30_000 }),
  };
}
