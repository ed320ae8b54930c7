/**
 * What field extraction produces from a document's text (core/text/page-text.ts): the invoice in the
 * model's terms (core/model/invoice.ts, every field optional) and, for each business term it filled, the
 * evidence on the page, so that the user sees where each value came from (convert's `fieldProvenance`).
 */
import type { Invoice } from '../model/invoice';
import type { Box, TextSource } from '../text/page-text';

export interface FieldEvidence {
  /** 1-based page. */
  readonly page: number;
  readonly box: Box;
  /** The text the value was read from, as it stands on the page. */
  readonly text: string;
  /** 0–1: how sure the reader is (label match, checksum, cross-check with totals, OCR confidence). */
  readonly confidence: number;
  readonly source: TextSource;
}

export interface FieldExtraction {
  readonly invoice: Invoice;
  /** By business term id (`BT-1`, `BT-112`, `BG-23`…). */
  readonly evidence: Readonly<Record<string, FieldEvidence>>;
  /**
   * Per invoice line, in the order of `invoice.lines`: the evidence of that line's own terms by id
   * (`BT-131`, `BT-153`…), where the reader locates them. Convert reports them as `BG-25[n]/BT-…`.
   */
  readonly lineEvidence?: readonly Readonly<Record<string, FieldEvidence>>[];
  /** Per VAT breakdown entry, in the order of `invoice.vatBreakdown`, likewise (`BG-23[n]/BT-…`). */
  readonly vatBreakdownEvidence?: readonly Readonly<Record<string, FieldEvidence>>[];
  /** Read with a seller's remembered layout: the terms whose value it gave. */
  readonly sellerLayoutTerms?: readonly string[];
  /** The document language the labels matched, when one did. */
  readonly language: 'fr' | 'de' | 'en' | null;
}
