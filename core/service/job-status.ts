/** `GET /api/v1/jobs/{id}`: a job of the caller's tenant as it stands; any other id is 404. */
import { apiError } from '../api/errors';
import { jobIdSchema, type JobBody } from '../api/job';
import { jobBody } from './jobs';
import { requestLang } from './request';
import { fail } from './result';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

export async function jobStatus(req: ServiceRequest, ctx: ServiceContext): Promise<ServiceResult<JobBody>> {
  const lang = requestLang(req);
  const id = req.fields.id ?? '';
  const job =
    ctx.jobs && jobIdSchema.safeParse(id).success ? await ctx.jobs.store.findJob(ctx.tenant, id) : null;
  if (!job) return fail(apiError('job_not_found', undefined, { lang }));
  return { ok: true, status: 200, body: jobBody(job) };
}
