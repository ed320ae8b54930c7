/**
 * `facturx worker` whose work never finishes (see stalling-executor), started by a test that kills it in
 * the middle of a job: `node --import tsx stalling-worker.ts DATA_DIR DATABASE_URL LEASE_SECONDS`.
 */
import { startWorker } from '../worker';
import { stallingExecutor } from './stalling-executor';

const [dataDir, databaseUrl, leaseSeconds] = process.argv.slice(2);
if (!dataDir || !databaseUrl || !leaseSeconds) {
  throw new Error('usage: stalling-worker.ts DATA_DIR DATABASE_URL LEASE_SECONDS');
}
await startWorker(
  { dataDir, databaseUrl },
  { leaseMs: Number(leaseSeconds) * 1000, executor: stallingExecutor },
);
process.stdout.write('working jobs\n');
