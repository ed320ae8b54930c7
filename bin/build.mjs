#!/usr/bin/env node
// Builds what runs outside the TypeScript toolchain: the CLI/server bundle, the Electron shell and the
// web build of the renderer. Run by `npm install` (prepare) and by `npm test`, so a fresh clone needs
// nothing else.
import { build as esbuild } from 'esbuild';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);
const only = new Set(process.argv.slice(2));
const wanted = (part) => only.size === 0 || only.has(part);

const node = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };

if (wanted('cli')) {
  // Split at dynamic imports, so that a command loads only what it uses (the store's query builder
  // and database drivers for serve, worker and keys; the PDF readers for convert).
  rmSync(at('dist/cli-chunks'), { recursive: true, force: true });
  await esbuild({
    ...node,
    entryPoints: { cli: at('bin/cli/main.ts') },
    outdir: at('dist'),
    splitting: true,
    chunkNames: 'cli-chunks/[name]-[hash]',
    format: 'esm',
    packages: 'external',
  });
  // The server's job and engine threads run the document work off the thread that answers requests.
  await esbuild({
    ...node,
    entryPoints: {
      'job-thread': at('server/jobs/job-thread.ts'),
      'engine-thread': at('server/engine-thread.ts'),
    },
    outdir: at('dist'),
    format: 'esm',
    packages: 'external',
  });
}

if (wanted('electron') && existsSync(at('electron/main.ts'))) {
  await esbuild({
    ...node,
    entryPoints: { main: at('electron/main.ts') },
    outdir: at('dist/electron'),
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    packages: 'external',
  });
  // The backend thread runs the core, which is ES modules (it finds assets/ through import.meta.url).
  await esbuild({
    ...node,
    entryPoints: { 'service-worker': at('electron/service-worker.ts') },
    outdir: at('dist/electron'),
    outExtension: { '.js': '.mjs' },
    format: 'esm',
    packages: 'external',
  });
  // A sandboxed preload may require nothing but 'electron': bundle everything else into it.
  await esbuild({
    ...node,
    entryPoints: { preload: at('electron/preload.ts') },
    outdir: at('dist/electron'),
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    external: ['electron'],
  });
}

if (wanted('renderer') && existsSync(at('renderer/index.html'))) {
  const { build: vite } = await import('vite');
  await vite({ configFile: at('renderer/vite.config.ts'), logLevel: 'warn' });
}
