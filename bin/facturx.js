#!/usr/bin/env node
// The `facturx` command. The TypeScript sources are bundled into dist/cli.js by `npm install`
// (prepare) so that start-up does not pay for a compiler.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

// No V8 flag is set here through v8.setFlagsFromString (unpredictable once the VM runs, Node warns):
// --always-sparkplug was measured with no gain in processor time on the batch commands.

const bundle = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write('facturx: the build is missing; run `npm install` (or `npm run build`) first.\n');
  process.exit(2);
}
// A reader that stops early (`facturx … | head`) closes the pipe: that is the reader's choice, not a crash.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2));
