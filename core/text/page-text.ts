/**
 * The text of a document as positioned words and lines, whether it comes from the PDF's own text layer
 * or from OCR of a scanned page: the one input field extraction (core/fields) reads. Coordinates are PDF
 * points (1/72 inch) with the origin at the TOP-LEFT of the page and y growing downwards, so that reading
 * order is "by y, then by x" for both sources (OCR pixel boxes are scaled by 72 / dpi).
 */

/** How the text was obtained (`result.extraction.sourceType` of convert). */
export type TextSource = 'native_text' | 'ocr';

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The union of boxes. */
export function boxOf(boxes: readonly Box[]): Box {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** A word (OCR) or a run of text drawn in one go (PDF text layer), never spanning two lines. */
export interface TextSpan extends Box {
  readonly text: string;
  /** OCR word confidence, 0–100; absent for the PDF text layer (certain by construction). */
  readonly confidence?: number;
}

/** Spans sharing a baseline, left to right. */
export interface TextLine extends Box {
  readonly spans: readonly TextSpan[];
  /** The spans joined by one space, or by two or more where the gap is wide (a column break). */
  readonly text: string;
}

export interface TextPage {
  /** 1-based page number. */
  readonly number: number;
  readonly width: number;
  readonly height: number;
  /** Top to bottom. */
  readonly lines: readonly TextLine[];
  /**
   * OCR of a page scanned askew: the radians its words were turned by to bring the printed lines level
   * (core/ocr/level.ts). Its boxes are on the levelled page; `pictureBox` maps one back onto the page.
   */
  readonly levelled?: number;
}

export interface DocumentText {
  readonly source: TextSource;
  readonly pages: readonly TextPage[];
  /** OCR only: mean word confidence over the document, 0–100. */
  readonly confidence?: number;
}
