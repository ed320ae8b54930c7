#!/usr/bin/env node
// The `facturx` command. The TypeScript sources are bundled into dist/cli.js by `npm install`
// (prepare) so that start-up does not pay for a compiler.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write('facturx: the build is missing; run `npm install` (or `npm run build`) first.\n');
  process.exit(2);
}
const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2));
