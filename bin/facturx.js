#!/usr/bin/env node
// The `facturx` command. The TypeScript sources are bundled into dist/cli.js by `npm install`
// (prepare) so that start-up does not pay for a compiler.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// Every function of the bundle goes straight to V8's baseline code instead of starting interpreted: a
// batch's documents run the same thousands of rule functions, and the first hundred or so documents
// otherwise pay for interpreting them until the optimising compiler has caught up (callgrind, validate
// DIR --jobs 1: 24 % fewer instructions per file between 20 and 120 files). Set before the bundle loads,
// so that it holds for all of it (and for the worker threads, which share the process's flags).
setFlagsFromString('--always-sparkplug');

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
