/**
 * A job thread of the server: one of the pool's threads (core/pool), running the work of one job at a
 * time from its payload, off the thread that answers requests. Everything it needs comes with the call.
 */
import { isMainThread } from 'node:worker_threads';
import { answerCalls } from '../../core/pool/pool-worker';
import { JOB_WORK } from '../../core/service/job-work';
import type { JobTask, JobTaskResult } from './executor';

if (!isMainThread) {
  answerCalls<JobTask, JobTaskResult>((task) =>
    JOB_WORK[task.service].run(task.payload, new Date(task.now)).then(
      (result): JobTaskResult => ({ ok: true, result }),
      (error: unknown): JobTaskResult => ({ ok: false, error: String(error) }),
    ),
  );
}
