/**
 * What a term's confidence means (issue 10): 0.9 or more only when the label and the invoice's own
 * arithmetic, or a passing check key, confirm the value; below when one reading among several was
 * chosen or nothing confirms it; under ABSTAIN the reader gives nothing. The OCR's word confidence then
 * lowers it: a value the arithmetic or a check key confirmed keeps most of its confidence (its digits
 * were proven), any other loses as much as the words are uncertain.
 */
import { boxOf, type TextSource } from '../text/page-text';
import type { Cell, Row } from '../text/layout';
import type { FieldEvidence } from './extraction';

/** Levels, from proven to guessed. */
export const CONFIRMED = 0.95;
/** Label and arithmetic agree, but the label is generic ("Total", "Date"). */
export const CONFIRMED_WEAK_LABEL = 0.9;
/** A specific label, nothing to cross-check it with. */
export const LABELLED = 0.8;
/** One reading chosen among several that disagree, or a generic label alone. */
export const CHOSEN = 0.6;
/** A value inferred from the layout alone (a name by its place). */
export const PLACED = 0.5;
/** Below this, the reader abstains. */
export const ABSTAIN = 0.4;

/** `confidence` (0–1) lowered by the OCR confidence of the words it was read from (0–1; 1 for text). */
export function withOcr(confidence: number, ocr: number, proven: boolean): number {
  const factor = proven ? Math.min(1, 0.55 + 0.5 * ocr) : Math.min(1, ocr + 0.05);
  return Math.round(confidence * factor * 100) / 100;
}

/** A place a value was read from: its row, and the cells holding the label and the value. */
export interface Place {
  readonly row: Row;
  readonly cells: readonly Cell[];
}

/** The evidence of a value read at `place`, its confidence lowered by the OCR of its cells. */
export function evidenceAt(
  place: Place,
  confidence: number,
  source: TextSource,
  proven: boolean,
  text?: string,
): FieldEvidence {
  const ocr = Math.min(...place.cells.map((c) => c.confidence), 1);
  return {
    page: place.row.page,
    box: boxOf(place.cells.length ? place.cells : [place.row]),
    text: text ?? place.cells.map((c) => c.text).join('  '),
    confidence: withOcr(confidence, ocr, proven),
    source,
  };
}
