import { describe, expect, it } from 'vitest';
import { groupLines } from './lines';
import type { TextSpan } from './page-text';

/** Words of 6 pt per character, 10 pt high. */
const word = (text: string, x: number, y: number): TextSpan => ({
  text,
  x,
  y,
  width: text.length * 6,
  height: 10,
});

describe('groupLines', () => {
  it('reads lines top to bottom and words left to right, whatever order they came in', () => {
    const lines = groupLines([word('HT', 40, 100), word('Total', 0, 100), word('FACTURE', 0, 20)]);
    expect(lines.map((l) => l.text)).toEqual(['FACTURE', 'Total HT']);
    expect(lines[1]).toMatchObject({ x: 0, y: 100, width: 52, height: 10 });
  });

  it('keeps a column break as two or more spaces, and glues pieces of one word', () => {
    const [line] = groupLines([word('Total', 0, 50), word('1 234,5', 200, 50), word('6', 242, 50)]);
    expect(line?.text).toMatch(/^Total {2,8}1 234,56$/);
  });

  it('follows a line scanned askew (0.7°) across the page instead of splitting it', () => {
    const slope = Math.tan((0.7 * Math.PI) / 180);
    const spans = Array.from({ length: 40 }, (_, i) => word(`w${i}`, i * 18, 300 + i * 18 * slope));
    const below = Array.from({ length: 40 }, (_, i) => word(`v${i}`, i * 18, 314 + i * 18 * slope));
    const lines = groupLines([...below, ...spans]);
    expect(lines).toHaveLength(2);
    expect(lines[0]?.spans).toHaveLength(40);
    expect(lines[0]?.text.startsWith('w0 w1')).toBe(true);
  });

  it('ignores empty spans', () => {
    expect(groupLines([word(' ', 0, 0)])).toEqual([]);
  });

  it('joins a line of a million spans (a hostile page) without overflowing the call stack', () => {
    const spans = Array.from({ length: 1_000_000 }, (_, i) => word('ab', i * 18, 100));
    const [line, ...more] = groupLines(spans);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ x: 0, y: 100, width: 999_999 * 18 + 12, height: 10 });
    expect(line!.text.length).toBe(1_000_000 * 2 + 999_999);
  });
});
