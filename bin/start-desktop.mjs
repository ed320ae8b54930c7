#!/usr/bin/env node
// `npm start`: builds the app, fetches the Electron binary on first start (npm install skips it, see
// "allowScripts" in package.json), then opens the desktop window on this folder.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const electronDir = path.join(root, 'node_modules', 'electron');

/** The binary electron/install.js unpacked, named in path.txt; null before the first download. */
function electronBinary() {
  const pathFile = path.join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

const built = spawnSync(process.execPath, [path.join(root, 'bin', 'build.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) {
  console.error('npm start: the build failed (see above); nothing to launch.');
  process.exit(built.status ?? 1);
}

let binary = electronBinary();
if (!binary) {
  console.log('npm start: first start, downloading the Electron binary (this needs internet access)…');
  spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { cwd: electronDir, stdio: 'inherit' });
  binary = electronBinary();
  if (!binary) {
    console.error(
      [
        'npm start: could not download the Electron binary, so the desktop app cannot start here.',
        'It comes from github.com/electron/electron/releases; this machine seems to have no access to it.',
        'Retry where the network allows (or set ELECTRON_MIRROR), with: node node_modules/electron/install.js',
        'Meanwhile the same interface runs in a browser: npx facturx serve',
      ].join('\n'),
    );
    process.exit(1);
  }
}

// Chromium refuses to start as root unless its own sandbox is off; the page stays isolated by
// contextIsolation and has no Node, but say so rather than do it silently.
const args = [root];
if (process.getuid?.() === 0) {
  console.warn('npm start: running as root, so Chromium runs with --no-sandbox. Prefer a normal user.');
  args.unshift('--no-sandbox');
}

const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;
const app = spawn(binary, args, { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
app.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
