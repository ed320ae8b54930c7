/** The official verdicts recorded for the CII corpus (../shared/corpus/cii/expected.jsonl). */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface OfficialVerdict {
  /** Path relative to corpus/cii, e.g. `valid/CII_example1.xml`. */
  readonly file: string;
  readonly mutation: {
    readonly base: string;
    readonly op: string;
    readonly kind: string;
    readonly intended: string[];
  } | null;
  readonly en16931: ArtefactVerdict;
  readonly brfr: ArtefactVerdict;
  readonly xsd: { readonly profile: string; readonly valid: boolean; readonly errors: string[] };
}

export interface ArtefactVerdict {
  readonly version: string;
  readonly failed: readonly { readonly id: string; readonly flag: 'fatal' | 'warning' }[];
  /** Present when the official artefact could not process the file (counts as a rejection). */
  readonly error?: string;
}

export function readVerdicts(corpus: string): OfficialVerdict[] {
  return readFileSync(path.join(corpus, 'cii/expected.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OfficialVerdict);
}
