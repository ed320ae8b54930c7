/**
 * The `facturx` command run from the TypeScript sources (`node --import tsx bin/cli/from-sources.ts …`):
 * what tests start as a separate process, so that they never depend on a build being current.
 */
import { main } from './main';

process.exitCode = await main(process.argv.slice(2));
