/**
 * What a server does for the store besides answering: at start, and then every few minutes, it queues
 * again the jobs whose worker died (their lease ran out), gives back the quota reservations of calls
 * that died with their process (its own before a restart, or another server's) and forgets idempotency
 * records past their time. Any number of servers may do it
 * at once: each step is one atomic statement.
 */
import { IDEMPOTENCY_RETENTION_MS, IDEMPOTENCY_STALE_MS } from '../../core/service/idempotency';
import type { Jobs } from '../../core/service/jobs';
import type { SqlStorage } from './sql-storage';

export const MAINTENANCE_INTERVAL_MS = 5 * 60_000;

export async function sweep(storage: SqlStorage, now: Date, jobs?: Jobs): Promise<void> {
  if (jobs) {
    for (const id of await jobs.store.requeueStaleJobs(now.toISOString())) await jobs.queue.dispatch(id);
  }
  await storage.releaseExpiredReservations(now.toISOString());
  await storage.forgetExpiredIdempotency({
    inProgressBefore: new Date(now.getTime() - IDEMPOTENCY_STALE_MS).toISOString(),
    doneBefore: new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS).toISOString(),
  });
}

/** Sweeps now (before the server answers anything), then on an interval until `stop()`. */
export async function startMaintenance(
  storage: SqlStorage,
  now: () => Date,
  jobs?: Jobs,
): Promise<{ stop(): Promise<void> }> {
  await sweep(storage, now(), jobs);
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => sweep(storage, now(), jobs))
      .catch((error: unknown) => console.error(`facturx serve: store maintenance: ${String(error)}`));
  }, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
