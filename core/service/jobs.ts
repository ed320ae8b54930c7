/**
 * Jobs: work answered with 202 and finished later, by a worker that may be another thread, another
 * process or another machine. A job keeps what its service needs to run it again anywhere (the
 * request, the saved profiles it reuses as they were when it was accepted); its quota reservation was
 * taken when it was accepted. A worker takes a job for a lease that it renews while it works; a job
 * whose worker died (its lease ran out) is taken again. The outcome is kept once, in the same
 * transaction as the reservation is charged or refunded: a job run twice counts once.
 */
import type { ConvertAccepted } from '../api/convert-response';
import { apiError } from '../api/errors';
import type { JobBody } from '../api/job';
import type { Lang } from '../api/lang';
import type { TargetRequest } from '../api/targets';
import type { ProfileRecord } from './storage';
import type { ServiceRequest, ServiceResult } from './types';

/** The services whose work may become a job. */
export type JobService = 'convert';

/** What a worker needs to run the job, wherever it runs. */
export interface JobPayload {
  readonly request: ServiceRequest;
  /** The saved profiles the call reuses, as they were when it was accepted. */
  readonly profiles: readonly ProfileRecord[];
  /** The invoices left once this one is charged, as known when it was accepted; null when unlimited. */
  readonly remainingAfterCharge: number | null;
}

export type JobStatus = 'queued' | 'running' | 'done';

export interface JobRecord {
  readonly id: string;
  readonly tenant: string;
  readonly service: JobService;
  readonly status: JobStatus;
  /** How many times a worker took it. */
  readonly attempts: number;
  readonly reservationId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly response: { readonly status: number; readonly body: unknown } | null;
}

/** A job as a worker holds it: with its payload, until `leaseUntil` unless renewed. */
export interface ClaimedJob extends JobRecord {
  readonly payload: JobPayload;
  readonly leaseUntil: string;
}

export interface NewJob {
  readonly id: string;
  readonly tenant: string;
  readonly service: JobService;
  readonly payload: JobPayload;
  readonly reservationId: string | null;
  readonly at: string;
  /** Set when the accepting process already works on it: the job starts `running`, attempt 1. */
  readonly leaseUntil: string | null;
  /** The reservation is held until then (a job outlives a call). */
  readonly reservationExpiresAt: string;
}

/** What taking a job found: the job, or why not (`busy`: another worker's lease still runs). */
export type Claim =
  { readonly status: 'claimed'; readonly job: ClaimedJob } | { readonly status: 'done' | 'busy' | 'unknown' };

export interface JobStore {
  createJob(job: NewJob): Promise<void>;
  /** The tenant's job (without its payload); null for another tenant's. */
  findJob(tenant: string, id: string): Promise<JobRecord | null>;
  /** Takes the job until `leaseUntil` if it is queued, or running on a lease that ran out before `at`. */
  claimJob(id: string, at: string, leaseUntil: string): Promise<Claim>;
  /** Takes the oldest job that `claimJob` would take; null when there is none. */
  claimNextJob(at: string, leaseUntil: string): Promise<ClaimedJob | null>;
  /** Extends the lease of attempt `attempt`; false when the job was taken again or is done. */
  renewJobLease(id: string, attempt: number, leaseUntil: string): Promise<boolean>;
  /**
   * Keeps the outcome and settles the reservation, in one transaction, unless the job is done already;
   * false then.
   */
  finishJob(
    id: string,
    response: NonNullable<JobRecord['response']>,
    outcome: 'charge' | 'refund',
    at: string,
  ): Promise<boolean>;
  /** Queues again the running jobs whose lease ran out before `at`; their ids. */
  requeueStaleJobs(at: string): Promise<readonly string[]>;
}

/** Hands queued jobs to the workers: a wake-up for the server's own threads, a queue message for others. */
export interface JobQueue {
  dispatch(jobId: string): Promise<void>;
}

/** What a service needs to accept jobs; absent where everything runs in the call (CLI, desktop). */
export interface Jobs {
  readonly store: JobStore;
  readonly queue: JobQueue;
  /** A call still working after this long answers 202 and finishes as a job; null: never. */
  readonly asyncAfterMs: number | null;
  readonly leaseMs: number;
}

/** How long a worker holds a job without renewing; it renews every third of it. */
export const JOB_LEASE_MS = 60_000;
/** A job's reservation is held this long at most: long enough for any worker to have taken it again. */
export const JOB_RESERVATION_TTL_MS = 24 * 3_600_000;
/** A job that took down its worker this many times is ended with an error, its reservation refunded. */
export const MAX_JOB_ATTEMPTS = 5;

/** Web Crypto (global in Node and browsers), so that this module's types reach any TypeScript project. */
export const newJobId = (): string =>
  `job_${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/** The 202 body of convert. */
export function convertAccepted(jobId: string, target: TargetRequest): ConvertAccepted {
  return {
    success: false,
    target: {
      requested: target.kind === 'auto' ? 'auto' : target.target,
      executed: null,
      status: 'not_run',
      missing_inputs: [],
      not_run_reason: 'async_processing_not_completed',
    },
    result: { status: 'processing', jobId },
  };
}

export function jobBody(job: JobRecord): JobBody {
  return {
    jobId: job.id,
    status: job.status === 'done' ? 'done' : 'processing',
    attempts: job.attempts,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    outcome: job.response as JobBody['outcome'],
  };
}

/**
 * Thrown by a job's work that could not run to its end where it was (its thread died, its worker is
 * stopping): the job is not finished, so that its lease runs out and another worker takes it.
 */
export class JobAbandoned extends Error {}

/** Runs `work` in the job's place; how it turned out is charged or refunded by `delivered`. */
export interface JobRun {
  readonly work: (job: ClaimedJob) => Promise<ServiceResult<unknown>>;
  readonly delivered: (result: ServiceResult<unknown>) => boolean;
}

/** The answer kept for a job whose work threw, or that took its worker down too often. */
function failedOutcome(reason: string, lang: Lang): ServiceResult<unknown> {
  return {
    ok: false,
    ...apiError('internal_error', undefined, {
      lang,
      message: {
        en: `The job could not be completed: ${reason}`,
        fr: `La tâche n’a pas pu aboutir : ${reason}`,
      },
    }),
  };
}

/**
 * Works a claimed job to its end: renews the lease while `run.work` runs, then keeps the outcome and
 * settles the reservation. Returns whether this attempt's outcome was the one kept (false also when
 * the work was abandoned).
 */
export async function workClaimedJob(
  store: JobStore,
  job: ClaimedJob,
  run: JobRun,
  now: () => Date,
  leaseMs: number,
  lang: Lang = 'en',
): Promise<boolean> {
  let result: ServiceResult<unknown>;
  if (job.attempts > MAX_JOB_ATTEMPTS) {
    result = failedOutcome(`it stopped its worker ${MAX_JOB_ATTEMPTS} times.`, lang);
  } else {
    const renew = setInterval(() => {
      const at = now().getTime();
      store.renewJobLease(job.id, job.attempts, new Date(at + leaseMs).toISOString()).catch(() => undefined);
    }, leaseMs / 3);
    try {
      result = await run.work(job);
    } catch (error) {
      if (error instanceof JobAbandoned) return false;
      result = failedOutcome(String(error), lang);
    } finally {
      clearInterval(renew);
    }
  }
  return store.finishJob(
    job.id,
    { status: result.status, body: result.body },
    run.delivered(result) ? 'charge' : 'refund',
    now().toISOString(),
  );
}
