/**
 * Where the shared corpus lives (../shared/corpus beside the repository) and how a test suite says
 * plainly that it did not run when the corpus is absent.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

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

/** A describe block that runs only with the corpus, and otherwise leaves one skipped test saying so. */
export function describeCorpus(name: string, fn: (corpus: string) => void): void {
  const dir = corpusDir();
  if (dir) {
    describe(name, () => fn(dir));
  } else {
    describe(name, () => {
      it.skip('corpus not found at ../shared/corpus: suite did not run', () => {});
    });
  }
}
