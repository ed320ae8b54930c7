/**
 * `facturx worker`: works the jobs of the servers that share a PostgreSQL store, from any machine that
 * reaches it, until stopped. The work runs in this process (it answers no requests).
 */
import { JOB_LEASE_MS } from '../../core/service/jobs';
import { openStore, type StoreLocation } from '../store/open-store';
import { SqlJobStore } from '../store/sql-jobs';
import { inlineExecutor, type JobExecutor } from './executor';
import { bossQueue } from './pg-boss-queue';

export interface WorkerOptions {
  /** Jobs worked at once (default 1). */
  readonly concurrency?: number;
  readonly leaseMs?: number;
  readonly now?: () => Date;
  /** Runs the work instead of this thread (tests). */
  readonly executor?: JobExecutor;
}

export async function startWorker(
  location: StoreLocation & { readonly databaseUrl: string },
  options: WorkerOptions = {},
): Promise<{ stop(): Promise<void> }> {
  const storage = await openStore(location);
  try {
    const queue = await bossQueue({
      databaseUrl: location.databaseUrl,
      leaseMs: options.leaseMs ?? JOB_LEASE_MS,
    });
    await queue.work(
      new SqlJobStore(storage),
      options.executor ?? inlineExecutor,
      options.concurrency ?? 1,
      options.now ?? (() => new Date()),
    );
    return {
      stop: async () => {
        await queue.stop();
        await storage.close();
      },
    };
  } catch (error) {
    await storage.close();
    throw error;
  }
}
