/**
 * Start-up cost of the command: `node bin/facturx.js --version`, spawned again and again (process
 * start, bundle load, argument parsing). Builds the bundle first so the figure is of the current sources.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMeasurement, measure } from '../../core/testing/bench';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default async function startup(): Promise<void> {
  execFileSync(process.execPath, [path.join(root, 'bin', 'build.mjs'), 'cli'], { cwd: root });
  const cli = path.join(root, 'bin', 'facturx.js');
  const bare = await measure(() => execFileSync(process.execPath, ['-e', '0']), {
    iterations: 20,
    warmup: 2,
  });
  const version = await measure(() => execFileSync(process.execPath, [cli, '--version']), {
    iterations: 20,
    warmup: 2,
  });
  console.log(formatMeasurement('node -e 0 (baseline)', bare));
  console.log(formatMeasurement('facturx --version', version));
  console.log(
    `facturx start-up over bare node: ${(version.medianMs - bare.medianMs).toFixed(1)} ms (median)`,
  );
}
