/**
 * `facturx serve` on SQLite whose job threads never finish (see stalling-executor), started by a test
 * that kills it in the middle of a job: `node --import tsx stalling-server.ts DATA_DIR`.
 */
import { startServer } from '../../start';
import { stallingExecutor } from './stalling-executor';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: stalling-server.ts DATA_DIR');
const server = await startServer({
  port: 0,
  dataDir,
  rateLimitPerMinute: 0,
  jobs: { executor: stallingExecutor },
});
process.stdout.write(`listening on ${server.url}\n`);
