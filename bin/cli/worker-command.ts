/** `facturx worker`: works the jobs of servers sharing a PostgreSQL store until SIGINT or SIGTERM. */
import { startWorker } from '../../server/jobs/worker';
import { badInput, err, EXIT, out, wholeOption, type ExitCode, type Values } from './io';
import { storeLocation } from './store-location';
import { untilStopped } from './until-stopped';

export async function runWorker(values: Values): Promise<ExitCode> {
  const where = storeLocation(values);
  if (!where.ok) return badInput(where.message, false);
  const { databaseUrl } = where.location;
  if (databaseUrl === undefined) {
    return badInput(
      'facturx worker works the jobs of a PostgreSQL store: give --database postgres://… (or DATABASE_URL); on SQLite, facturx serve works its jobs itself',
      false,
    );
  }
  const concurrency = wholeOption(values, 'concurrency', 1, 1);
  if (concurrency === null) return badInput('--concurrency must be a whole number of jobs, 1 or more', false);
  const leaseSeconds = wholeOption(values, 'lease-seconds', 60, 1);
  if (leaseSeconds === null)
    return badInput('--lease-seconds must be a whole number of seconds, 1 or more', false);
  let worker: Awaited<ReturnType<typeof startWorker>>;
  try {
    worker = await startWorker(
      { ...where.location, databaseUrl },
      { concurrency, leaseMs: leaseSeconds * 1000 },
    );
  } catch (error) {
    return badInput(`cannot work the jobs of ${where.shown}: ${String(error)}`, false);
  }
  out(`working jobs from ${where.shown}`);
  err('stop with Ctrl+C');
  await untilStopped('stopping; a job in progress is taken again by another worker');
  await worker.stop();
  return EXIT.ok;
}
