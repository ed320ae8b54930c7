/**
 * The work of each job service, as a worker runs it from the job's payload, and which of its outcomes
 * are charged. Pure: a worker thread, a worker process and the accepting server all run the same.
 */
import type { JobPayload, JobService } from './jobs';
import { convertDelivered, convertJobWork } from './convert';
import type { ServiceResult } from './types';

export interface JobWork {
  run(payload: JobPayload, now: Date): Promise<ServiceResult<unknown>>;
  delivered(result: ServiceResult<unknown>): boolean;
}

export const JOB_WORK: Readonly<Record<JobService, JobWork>> = {
  convert: {
    run: convertJobWork,
    delivered: (result) => convertDelivered(result as Parameters<typeof convertDelivered>[0]),
  },
};
