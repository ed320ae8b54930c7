/**
 * Vitest global setup: the command line bundle (dist/cli.js and its chunks) built once for the run, from
 * the sources as they are, before any test starts `facturx`. Tests that each built it for themselves
 * deleted its chunks under one another's running processes.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export default function setup(): void {
  execFileSync(process.execPath, [path.join(root, 'bin', 'build.mjs'), 'cli'], {
    cwd: root,
    stdio: 'inherit',
  });
}
