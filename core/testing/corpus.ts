/** How a test suite that needs the shared corpus says plainly that it did not run when it is absent. */
import { describe, it } from 'vitest';
import { corpusDir } from './corpus-dir';

export { corpusDir, referenceDir } from './corpus-dir';

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
