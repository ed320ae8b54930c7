import { describe, expect, it } from 'vitest';
import { groupLines } from '../text/lines';
import type { TextPage } from '../text/page-text';
import { precision, recall, wordAccuracy } from './word-accuracy';

const page = (...texts: string[]): TextPage => ({
  number: 1,
  width: 595,
  height: 842,
  lines: groupLines(texts.map((text, i) => ({ text, x: 10, y: 20 * i, width: 100, height: 10 }))),
});

describe('wordAccuracy', () => {
  it('counts the words read exactly, each expected word once, in any order', () => {
    const a = wordAccuracy(
      page('Total TTC 1 234,56 €', 'Total HT'),
      page('Total HT', 'Total TTC 1 284,56 €', 'Total'),
    );
    expect(a).toEqual({ expected: 7, read: 8, matched: 6 });
    expect(recall(a)).toBeCloseTo(85.7, 1);
    expect(precision(a)).toBe(75);
  });
});
