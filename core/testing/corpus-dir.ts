/**
 * Where the shared material lives (../shared beside the repository). Kept apart from the test helpers
 * so that benchmarks can find the corpus without loading the test runner.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Absolute path of ../shared/corpus, or null when this clone has no corpus beside it. */
export function corpusDir(): string | null {
  const dir = path.resolve(repoRoot, '../shared/corpus');
  return existsSync(dir) ? dir : null;
}

/** Absolute path of ../shared/reference, or null. */
export function referenceDir(): string | null {
  const dir = path.resolve(repoRoot, '../shared/reference');
  return existsSync(dir) ? dir : null;
}
