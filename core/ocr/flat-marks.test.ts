import { describe, expect, it } from 'vitest';
import { groupLines } from '../text/lines';
import type { TextSpan } from '../text/page-text';
import { withMarksOnTheirRows } from './flat-marks';

const word = (text: string, x: number, y: number, height: number): TextSpan => ({
  text,
  x,
  y,
  width: text.length * 3,
  height,
  confidence: 95,
});

describe('withMarksOnTheirRows', () => {
  it('puts a dash boxed by its ink on the row of the words beside it, as one line', () => {
    // As OCR boxed them: the words 4-5.6 pt high, the dash 0.35 pt at its middle.
    const spans = [
      word('PRESTATION', 134, 430.8, 4.5),
      word('SUPPORT', 170, 431, 4.2),
      word('-', 198, 433.3, 0.35),
      word('Description', 202, 430.8, 5.6),
    ];
    const lines = (s: TextSpan[]) => groupLines(s).map((l) => l.text.replace(/\s+/g, ' '));
    expect(lines(spans)).not.toEqual(['PRESTATION SUPPORT - Description']);
    expect(lines(withMarksOnTheirRows(spans))).toEqual(['PRESTATION SUPPORT - Description']);
  });

  it('leaves a mark as high as its words, and one with no word beside it', () => {
    const spans = [word('Total', 10, 100, 6), word(':', 26, 101, 4), word('-', 300, 200, 0.4)];
    expect(withMarksOnTheirRows(spans)).toEqual(spans);
  });
});
