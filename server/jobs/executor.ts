/**
 * Where a job's work runs: on the calling thread (a worker process, which answers no requests), or in
 * a pool of threads (the server, so that a long OCR never holds up its answers). A thread that dies
 * with a task abandons that job: it is not finished, so its lease runs out and it is taken again.
 */
import { workerPool } from '../../core/pool/worker-pool';
import { JobAbandoned, type JobPayload, type JobService } from '../../core/service/jobs';
import { JOB_WORK } from '../../core/service/job-work';
import type { ServiceResult } from '../../core/service/types';
import { startThread } from '../threads';

export interface JobTask {
  readonly service: JobService;
  readonly payload: JobPayload;
  /** ISO 8601: the worker's clock when it took the job. */
  readonly now: string;
}

export type JobTaskResult =
  | { readonly ok: true; readonly result: ServiceResult<unknown> }
  | { readonly ok: false; readonly error: string };

export interface JobExecutor {
  run(service: JobService, payload: JobPayload, now: Date): Promise<ServiceResult<unknown>>;
  close(): Promise<void>;
}

export const inlineExecutor: JobExecutor = {
  run: (service, payload, now) => JOB_WORK[service].run(payload, now),
  close: async () => undefined,
};

/** Jobs worked on a pool of `size` threads (core/pool), started as jobs come. */
export function threadExecutor(size: number): JobExecutor {
  const pool = workerPool<JobTask, JobTaskResult>(size, () => startThread('jobs/job-thread'));
  let closed = false;
  const stopping = () => new JobAbandoned('the job threads are stopping');
  return {
    run: async (service, payload, now) => {
      if (closed) throw stopping();
      let reply: JobTaskResult;
      try {
        reply = await pool.run({ service, payload, now: now.toISOString() });
      } catch (error) {
        // The pool fails a call whose thread died, or that was still there when it closed.
        throw closed ? stopping() : new JobAbandoned(`job thread lost: ${(error as Error).message}`);
      }
      if (reply.ok) return reply.result;
      throw new Error(reply.error);
    },
    close: async () => {
      closed = true;
      await pool.close();
    },
  };
}
