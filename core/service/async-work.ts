/**
 * Metered work that may answer 202: at once when the client prefers it (`Prefer: respond-async`), the
 * work then queued for the workers; or when it is still running after the configured time, the work
 * then finishing here as a job that another worker takes again should this process die. Either way the
 * quota is reserved before anything runs, and the job's end charges or refunds it.
 */
import type { Lang } from '../api/lang';
import {
  JOB_RESERVATION_TTL_MS,
  newJobId,
  workClaimedJob,
  type ClaimedJob,
  type JobPayload,
  type Jobs,
  type JobService,
} from './jobs';
import { metered, RESERVATION_TTL_MS, reserveInvoice, type QuotaTicket } from './quota';
import type { ProfileRecord } from './storage';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

export interface AsyncWork<Body, Accepted> {
  readonly service: JobService;
  readonly endpoint: string;
  readonly lang: Lang;
  /** The request as received, and the saved profiles it reuses: the job's payload. */
  readonly request: ServiceRequest;
  readonly profiles: readonly ProfileRecord[];
  readonly work: (ticket: QuotaTicket) => Promise<ServiceResult<Body>>;
  readonly delivered: (result: ServiceResult<Body>) => boolean;
  /** The 202 body naming the job. */
  readonly accepted: (jobId: string) => Accepted;
}

/** `Prefer: respond-async` (RFC 7240), among other preferences. */
export const prefersAsync = (prefer: string | undefined): boolean =>
  (prefer ?? '').split(',').some((p) => p.split(';')[0]?.trim().toLowerCase() === 'respond-async');

const later = (from: Date, ms: number): string => new Date(from.getTime() + ms).toISOString();

/** Resolves with the outcome if `running` settles within `ms`, else with null. */
function within<T>(running: Promise<T>, ms: number): Promise<{ readonly value: T } | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(null), ms);
    running.then(
      (value) => {
        clearTimeout(timer);
        resolve({ value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export async function meteredOrJob<Body, Accepted>(
  ctx: ServiceContext,
  jobs: Jobs | undefined,
  spec: AsyncWork<Body, Accepted>,
): Promise<ServiceResult<Body | Accepted>> {
  const asked = prefersAsync(spec.request.prefer);
  if (!jobs || (!asked && jobs.asyncAfterMs === null)) {
    return metered(ctx, spec.endpoint, spec.lang, spec.work, spec.delivered);
  }
  const accepted = ctx.now();
  const held = await reserveInvoice(
    ctx,
    spec.endpoint,
    spec.lang,
    new Date(accepted.getTime() + (asked ? JOB_RESERVATION_TTL_MS : RESERVATION_TTL_MS)),
  );
  if (!held.ok) return { ok: false, ...held.error };
  const id = newJobId();
  const payload: JobPayload = {
    request: spec.request,
    profiles: spec.profiles,
    remainingAfterCharge: held.ticket.remainingAfterCharge,
  };
  const job = {
    id,
    tenant: ctx.tenant,
    service: spec.service,
    payload,
    reservationId: held.reservation?.id ?? null,
    at: accepted.toISOString(),
    reservationExpiresAt: later(accepted, JOB_RESERVATION_TTL_MS),
  };
  if (asked) {
    await jobs.store.createJob({ ...job, leaseUntil: null });
    await jobs.queue.dispatch(id);
    return { ok: true, status: 202, body: spec.accepted(id) };
  }

  const running = spec.work(held.ticket);
  let finished: { readonly value: ServiceResult<Body> } | null;
  try {
    finished = await within(running, jobs.asyncAfterMs ?? 0);
  } catch (error) {
    if (held.reservation) await ctx.storage.settle(held.reservation.id, 'refund');
    throw error;
  }
  if (finished) {
    const result = finished.value;
    if (held.reservation) {
      await ctx.storage.settle(held.reservation.id, spec.delivered(result) ? 'charge' : 'refund');
    }
    return result;
  }
  // Too long for one call: from now on a job, which this process finishes unless it dies first.
  const now = ctx.now();
  const leaseUntil = later(now, jobs.leaseMs);
  await jobs.store.createJob({ ...job, leaseUntil });
  const claimed: ClaimedJob = {
    id,
    tenant: ctx.tenant,
    service: spec.service,
    status: 'running',
    attempts: 1,
    reservationId: job.reservationId,
    createdAt: job.at,
    updatedAt: job.at,
    response: null,
    payload,
    leaseUntil,
  };
  void workClaimedJob(
    jobs.store,
    claimed,
    {
      work: () => running as Promise<ServiceResult<unknown>>,
      delivered: (result) => spec.delivered(result as ServiceResult<Body>),
    },
    ctx.now,
    jobs.leaseMs,
    spec.lang,
  ).catch((error: unknown) => console.error(`job ${id}: ${String(error)}`));
  return { ok: true, status: 202, body: spec.accepted(id) };
}
