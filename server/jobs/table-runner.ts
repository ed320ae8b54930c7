/**
 * The server's own job workers on SQLite: the job table is the queue. A dispatched job wakes the
 * runner, which takes jobs one by one (queued, or whose worker's lease ran out: after a restart, the
 * jobs of the process that died) while it has free threads. It also looks every `pollMs`, for leases
 * that ran out in the meantime.
 */
import { workClaimedJob, type ClaimedJob, type JobQueue, type JobStore } from '../../core/service/jobs';
import { JOB_WORK } from '../../core/service/job-work';
import type { JobExecutor } from './executor';

export interface JobRunner extends JobQueue {
  stop(): Promise<void>;
}

export interface RunnerOptions {
  readonly concurrency: number;
  readonly now: () => Date;
  readonly leaseMs: number;
  readonly pollMs: number;
}

/** Works one claimed job with `executor` to its end (or leaves it, abandoned, to be taken again). */
export function workWith(store: JobStore, executor: JobExecutor, now: () => Date, leaseMs: number) {
  return (job: ClaimedJob): Promise<boolean> =>
    workClaimedJob(
      store,
      job,
      {
        work: (claimed) => executor.run(claimed.service, claimed.payload, now()),
        delivered: JOB_WORK[job.service].delivered,
      },
      now,
      leaseMs,
    );
}

export function tableRunner(store: JobStore, executor: JobExecutor, options: RunnerOptions): JobRunner {
  let active = 0;
  let stopped = false;
  let wake: () => void = () => undefined;
  const working = new Set<Promise<void>>();
  const work = workWith(store, executor, options.now, options.leaseMs);

  const fill = async () => {
    while (!stopped && active < options.concurrency) {
      const at = options.now();
      const job = await store.claimNextJob(
        at.toISOString(),
        new Date(at.getTime() + options.leaseMs).toISOString(),
      );
      if (!job) return;
      active += 1;
      const running = work(job)
        .then(() => undefined)
        .catch((error: unknown) => console.error(`facturx serve: job ${job.id}: ${String(error)}`))
        .finally(() => {
          active -= 1;
          working.delete(running);
          wake();
        });
      working.add(running);
    }
  };

  const loop = (async () => {
    while (!stopped) {
      await fill().catch((error: unknown) => console.error(`facturx serve: jobs: ${String(error)}`));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return {
    dispatch: async () => wake(),
    stop: async () => {
      stopped = true;
      wake();
      await loop;
      await Promise.all(working);
    },
  };
}
