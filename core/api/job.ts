/**
 * `GET /api/v1/jobs/{id}`: where work accepted with 202 stands, and once it is done the answer the call
 * would have had (its HTTP status and body). Jobs belong to a tenant: another tenant's job is 404.
 */
import { z } from 'zod';
import { convertResponseSchema } from './convert-response';
import { apiErrorBodySchema } from './errors';

/** `processing` as in the 202 answer (`result.status`); `done` once the outcome is kept. */
export const JOB_STATUSES = ['processing', 'done'] as const;

export const jobIdSchema = z.string().regex(/^job_[0-9a-f]{24}$/);

export const jobBodySchema = z.object({
  jobId: jobIdSchema,
  status: z.enum(JOB_STATUSES),
  /** How many times a worker took it: more than one when a worker died and another took it again. */
  attempts: z.int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Once done: what the call would have answered synchronously; null while processing. */
  outcome: z
    .object({
      status: z.int().min(200).max(599),
      body: z.union([convertResponseSchema, apiErrorBodySchema]),
    })
    .nullable(),
});
export type JobBody = z.infer<typeof jobBodySchema>;
