#!/usr/bin/env node
// `npm run bench [-- FILTER…]`: runs every `*.bench.ts` under core/, server/, bin/ and e2e/ (sorted by path,
// optionally only those whose path contains a FILTER), each exporting a default function that prints its
// own figures. TypeScript is loaded through tsx, so benches measure the sources as they are.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const filters = process.argv.slice(2);

async function benches(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await benches(full)));
    else if (entry.name.endsWith('.bench.ts')) found.push(full);
  }
  return found;
}

const files = (await Promise.all(['core', 'server', 'bin', 'e2e'].map((d) => benches(path.join(root, d)))))
  .flat()
  .map((file) => path.relative(root, file))
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort();

if (files.length === 0) {
  console.error(`bench: no *.bench.ts${filters.length ? ` matching ${filters.join(', ')}` : ''}`);
  process.exit(1);
}

let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const started = performance.now();
  try {
    const module = await tsImport(pathToFileURL(path.join(root, file)).href, import.meta.url);
    if (typeof module.default !== 'function') throw new Error('no default export function');
    await module.default();
    console.log(`== ${file}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    failed += 1;
    console.error(
      `== ${file}: FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
}
process.exit(failed > 0 ? 1 : 0);
