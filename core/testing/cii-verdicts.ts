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

/**
 * The values an official error message quotes: the one it could not cast (`Cannot convert string
 * "49,50" to double`), or the items of a sequence where one was allowed (`A sequence of more than one
 * item is not allowed as the first argument of fn:normalize-space() ("XXX AG", "XXX AG")`).
 */
export function errorValues(error: string): string[] {
  const cast = /string "([^"]*)"/.exec(error);
  if (cast) return [cast[1]!];
  const items = /\(("[^"]*"(?:, "[^"]*")*)\)\s*$/.exec(error);
  return items ? [...items[1]!.matchAll(/"([^"]*)"/g)].map((m) => m[1]!) : [];
}
