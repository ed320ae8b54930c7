/**
 * How well OCR read a page, against the words the same page carries in its text layer (the corpus has,
 * for each scan, the `.plain.pdf` it was rasterised from). Words are compared as bags, exactly (after
 * Unicode NFKC), so that reading order and line grouping do not count, but every misread character does.
 * Used by the OCR benchmark and the corpus tests to show that a faster setting did not read worse.
 */
import type { TextPage } from '../text/page-text';

export interface WordAccuracy {
  /** Words of the text layer. */
  readonly expected: number;
  /** Words OCR produced. */
  readonly read: number;
  /** Words OCR produced that the text layer has (each text layer word matched once). */
  readonly matched: number;
}

export const pageWords = (page: TextPage): string[] =>
  page.lines.flatMap((l) => l.spans.flatMap((s) => s.text.normalize('NFKC').split(/\s+/).filter(Boolean)));

export function wordAccuracy(expected: TextPage, read: TextPage): WordAccuracy {
  const wanted = new Map<string, number>();
  const truth = pageWords(expected);
  for (const w of truth) wanted.set(w, (wanted.get(w) ?? 0) + 1);
  const got = pageWords(read);
  let matched = 0;
  for (const w of got) {
    const left = wanted.get(w) ?? 0;
    if (left > 0) {
      matched += 1;
      wanted.set(w, left - 1);
    }
  }
  return { expected: truth.length, read: got.length, matched };
}

/** Sum of several pages' counts. */
export const totalAccuracy = (all: readonly WordAccuracy[]): WordAccuracy =>
  all.reduce(
    (a, b) => ({ expected: a.expected + b.expected, read: a.read + b.read, matched: a.matched + b.matched }),
    {
      expected: 0,
      read: 0,
      matched: 0,
    },
  );

/** Share of the text layer's words read exactly (recall), in percent. */
export const recall = (a: WordAccuracy): number => (a.expected ? (100 * a.matched) / a.expected : 0);
/** Share of the words read that the text layer has (precision), in percent. */
export const precision = (a: WordAccuracy): number => (a.read ? (100 * a.matched) / a.read : 0);
