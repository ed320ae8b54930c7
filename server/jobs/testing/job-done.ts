/**
 * Test helper: polls `GET /api/v1/jobs/{id}` until the job is done. Generous (up to 4 minutes): the
 * tests check what happens, never how fast, and the machine may be busy.
 */
import { jobBodySchema, type JobBody } from '../../../core/api/job';

export async function jobDone(base: string, apiKey: string, jobId: string): Promise<JobBody> {
  for (let i = 0; i < 2400; i += 1) {
    const response = await fetch(`${base}/api/v1/jobs/${jobId}`, { headers: { 'X-API-Key': apiKey } });
    if (response.status !== 200) throw new Error(`job ${jobId}: ${response.status} ${await response.text()}`);
    const job = jobBodySchema.parse(await response.json());
    if (job.status === 'done') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} not done`);
}
