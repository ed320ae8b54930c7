/**
 * Test stand-in for the job threads: says on stdout that it took a job, then never finishes it, so that
 * a test can kill its process in the middle of the job.
 */
import type { JobExecutor } from '../executor';

export const STALLED_LINE = 'working on a job';

export const stallingExecutor: JobExecutor = {
  run: () => {
    process.stdout.write(`${STALLED_LINE}\n`);
    return new Promise(() => undefined);
  },
  close: async () => undefined,
};
