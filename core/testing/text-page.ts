/**
 * Positioned text written by hand for the reader's tests: each row a y and its cells (x, text), each
 * cell one span 10 high and 5 points per character unless its width (and height: the type's size) is
 * given, grouped into lines the way the text layer's are.
 * `ocr` gives every word a confidence, as OCR words carry. `ocrPage` copies words as OCR boxed them on a
 * real page.
 */
import { groupLines } from '../text/lines';
import type { DocumentText, TextSpan } from '../text/page-text';

export type HandRow = readonly [
  y: number,
  cells: readonly (
    | readonly [x: number, text: string]
    | readonly [x: number, text: string, width: number]
    | readonly [x: number, text: string, width: number, height: number]
  )[],
];

export function handPage(
  rows: readonly HandRow[],
  options: { ocr?: number; page?: number } = {},
): DocumentText {
  const spans: TextSpan[] = rows.flatMap(([y, cells]) =>
    cells.map(([x, text, width, height]) => ({
      text,
      x,
      y,
      width: width ?? text.length * 5,
      height: height ?? 10,
      ...(options.ocr !== undefined ? { confidence: options.ocr } : {}),
    })),
  );
  return {
    source: options.ocr !== undefined ? 'ocr' : 'native_text',
    pages: [{ number: options.page ?? 1, width: 595, height: 842, lines: groupLines(spans) }],
    ...(options.ocr !== undefined ? { confidence: options.ocr } : {}),
  };
}

/** A cell aligned right: its text ending at `end`, 5 points per character as handPage draws it. */
export const right = (end: number, text: string): [number, string] => [end - text.length * 5, text];

/**
 * A page of words as OCR boxed them, a line of them per string, each written
 * "text@x,y,height,width[,confidence]" (confidence 95 when not given).
 */
export const ocrPage = (...lines: string[]): DocumentText => {
  const spans = lines.flatMap((line) =>
    line.split(' ').map((word): TextSpan => {
      const [text, place] = word.split('@') as [string, string];
      const [x, y, height, width, confidence = 95] = place.split(',').map(Number) as number[];
      return { text, x: x!, y: y!, width: width!, height: height!, confidence };
    }),
  );
  return { source: 'ocr', pages: [{ number: 1, width: 595, height: 842, lines: groupLines(spans) }] };
};
