import { describe, expect, it } from 'vitest';
import { handPage } from '../testing/text-page';
import { below, cellsOf, layoutOf, overlapX, rightOf, splitAtColumns } from './layout';
import type { TextLine } from './page-text';

describe('layout', () => {
  it('splits a line into cells at its column breaks, each with its place', () => {
    const { rows } = layoutOf(
      handPage([
        [
          100,
          [
            [40, 'Total HT'],
            [300, '1 234,56 €'],
          ],
        ],
      ]),
    );
    expect(rows[0]?.cells.map((c) => [c.text, c.x])).toEqual([
      ['Total HT', 40],
      ['1 234,56 €', 300],
    ]);
    expect(rightOf(rows[0]!, rows[0]!.cells[0]!)?.text).toBe('1 234,56 €');
  });

  it('cuts a cell again where a column starts, between words a space or more apart, never inside a word group', () => {
    // 5 points a character: one space is 5 points, a column break (two or more) 10 or more.
    const { rows } = layoutOf(
      handPage([
        [
          100,
          [
            [40, '4260331811362'],
            [110, 'Muster'],
          ],
        ],
        [
          120,
          [
            [40, '1'],
            [53, 'Toolbox 0815'],
            [121, 'Stahlcoil'],
          ],
        ],
        [
          140,
          [
            [97, '-'],
            [106, 'Garantie'],
          ],
        ],
      ]),
    );
    expect(rows.map((r) => r.cells.length)).toEqual([1, 1, 1]);
    const cut = rows.map((r) => splitAtColumns(r, [40, 108, 122]).cells.map((c) => c.text));
    expect(cut).toEqual([['4260331811362', 'Muster'], ['1 Toolbox 0815', 'Stahlcoil'], ['- Garantie']]);
    expect(splitAtColumns(rows[0]!, [40, 108]).cells[1]).toMatchObject({ x: 110, width: 30 });
    // No column starts between them: the cell stays whole.
    expect(splitAtColumns(rows[0]!, [40, 200])).toBe(rows[0]);
  });

  it('never cuts a number at its thousands group, drawn apart where a heading starts', () => {
    const [row] = layoutOf(
      handPage([
        [
          312.5,
          [
            [495, '1', 4.5],
            [504, '578,85', 27],
          ],
        ],
      ]),
    ).rows;
    expect(splitAtColumns(row!, [460.8, 499.5, 501]).cells.map((c) => c.text)).toEqual(['1 578,85']);
  });

  it('does not cut a figure from its unit at a heading whose ink starts a fraction of a point after the figure', () => {
    // OCR words: "3 day" aligned right under "QTY" (its box from 100.5), the name under "Item" from 125.
    const { rows } = layoutOf(
      handPage([
        [
          120,
          [
            [95, '3'],
            [104, 'day'],
            [125, 'Website'],
          ],
        ],
      ]),
    );
    expect(splitAtColumns(rows[0]!, [100.5, 125]).cells.map((c) => c.text)).toEqual(['3 day', 'Website']);
  });

  it('cuts a figure and its unit from the name at a heading whose ink starts a fraction of a point after the name', () => {
    // OCR words of a French invoice: "7 h" aligned right under "Quantité", the name under "Prestation"
    // (its box from 134), its first word boxed from 133.6.
    const { rows } = layoutOf(
      handPage([
        [
          405,
          [
            [113.5, '7', 5],
            [122, 'h', 6],
            [133.6, 'Nettoyage', 46],
            [183, 'des', 15],
          ],
        ],
      ]),
    );
    expect(splitAtColumns(rows[0]!, [47, 134, 358]).cells.map((c) => c.text)).toEqual([
      '7 h',
      'Nettoyage des',
    ]);
  });

  it('cuts a span drawn in one go over two columns closer than a word space where the column starts', () => {
    // As a text layer draws them: "34 pcs" aligned right under "QTY" and the code under "Code" (from
    // 126), one piece of text; a name whose word happens to start there stays whole, and so does a
    // price whose thousands group does.
    const { rows } = layoutOf(
      handPage([
        [342, [[95.5, '34 pcs 434373', 60.5, 9]]],
        [356, [[84.5, '16 month A-27745', 75.5, 9]]],
        [370, [[110, 'Oak worktop 3000 x 600 mm', 104, 9]]],
        [384, [[117.6, '1 122,70', 42.3, 9.5]]],
      ]),
    );
    const cut = rows.map((r) => splitAtColumns(r, [48, 126, 190]).cells);
    expect(cut.map((cells) => cells.map((c) => c.text))).toEqual([
      ['34 pcs', '434373'],
      ['16 month', 'A-27745'],
      ['Oak worktop 3000 x 600 mm'],
      ['1 122,70'],
    ]);
    expect(cut[0]![1]!.x).toBeCloseTo(125.8, 1);
  });

  it('cuts a span drawn in one go at its wide gap, sharing out its width', () => {
    const text = 'Total HT    120,00';
    const line: TextLine = {
      text,
      x: 40,
      y: 0,
      width: 180,
      height: 10,
      spans: [{ text, x: 40, y: 0, width: 180, height: 10 }],
    };
    const cells = cellsOf(line);
    expect(cells.map((c) => c.text)).toEqual(['Total HT', '120,00']);
    expect(cells[1]!.x).toBeGreaterThan(cells[0]!.x + cells[0]!.width);
  });

  it('finds what stands under a header in its column, not in another', () => {
    const layout = layoutOf(
      handPage([
        [
          100,
          [
            [40, 'Due Date'],
            [200, 'Payment Terms'],
          ],
        ],
        [
          112,
          [
            [200, 'Net 30'],
            [40, '2026-03-03'],
          ],
        ],
        [124, [[400, 'unrelated']]],
      ]),
    );
    const [header] = layout.rows;
    const under = below(layout, header!, header!.cells[0]!);
    expect(under.map((u) => u.cell.text)).toEqual(['2026-03-03']);
    expect(overlapX(header!.cells[0]!, header!.cells[1]!)).toBe(0);
  });

  it('carries the OCR confidence of the words into each cell', () => {
    const { rows } = layoutOf(handPage([[50, [[40, 'Rechnung']]]], { ocr: 80 }));
    expect(rows[0]?.cells[0]?.confidence).toBeCloseTo(0.8);
  });
});
