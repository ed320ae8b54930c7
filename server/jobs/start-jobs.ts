/**
 * The jobs of a server (or of `facturx worker`): the job table of its store, and who works it. On
 * SQLite the server's own threads work the table; on PostgreSQL, pg-boss carries the jobs to the
 * workers, which may be this process's threads, other servers', or `facturx worker` processes.
 */
import { JOB_LEASE_MS, type Jobs } from '../../core/service/jobs';
import type { SqlStorage } from '../store/sql-storage';
import { SqlJobStore } from '../store/sql-jobs';
import { threadExecutor, type JobExecutor } from './executor';
import { bossQueue } from './pg-boss-queue';
import { tableRunner } from './table-runner';

export interface JobOptions {
  /** Threads working jobs in this process (default 1; on PostgreSQL 0 leaves them to other workers). */
  readonly threads?: number;
  /** A call still working after this long answers 202 and finishes as a job; null (default): never. */
  readonly asyncAfterMs?: number | null;
  /** How long a job stays with a worker that stopped renewing (default 60 s). */
  readonly leaseMs?: number;
  /** How often the SQLite runner looks for jobs it was not told about (default 5 s). */
  readonly pollMs?: number;
  /** Runs the work instead of the threads (tests). */
  readonly executor?: JobExecutor;
}

export interface RunningJobs {
  readonly jobs: Jobs;
  /** Stops taking jobs; work in the threads is abandoned, to be taken again after a restart. */
  stop(): Promise<void>;
}

export const DEFAULT_POLL_MS = 5_000;

export async function startJobs(
  storage: SqlStorage,
  databaseUrl: string | undefined,
  now: () => Date,
  options: JobOptions = {},
): Promise<RunningJobs> {
  const store = new SqlJobStore(storage);
  const threads = options.threads ?? 1;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const executor = options.executor ?? threadExecutor(Math.max(1, threads));
  const settings = { store, asyncAfterMs: options.asyncAfterMs ?? null, leaseMs };
  if (storage.engine === 'sqlite' || databaseUrl === undefined) {
    const runner = tableRunner(store, executor, {
      concurrency: Math.max(1, threads),
      now,
      leaseMs,
      pollMs: options.pollMs ?? DEFAULT_POLL_MS,
    });
    return {
      jobs: { ...settings, queue: runner },
      stop: async () => {
        const stopping = runner.stop();
        await executor.close();
        await stopping;
      },
    };
  }
  const queue = await bossQueue({ databaseUrl, leaseMs });
  if (threads > 0) await queue.work(store, executor, threads, now);
  return {
    jobs: { ...settings, queue },
    stop: async () => {
      const stopping = queue.stop();
      await executor.close();
      await stopping;
    },
  };
}
