import { describe, expect, it } from 'vitest';
import { inkGaps, type GreyPicture } from './ink-gaps';

/** A white picture with the dark pixels `ink` gives. */
function picture(width: number, height: number, ink: (x: number, y: number) => boolean): GreyPicture {
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (ink(x, y)) data[y * width + x] = 20;
  return { data, width, height };
}

describe('inkGaps', () => {
  // One row of text, 20 px high at y 40–60, on a 300 × 120 picture:
  // a word the page read at x 100–160, a lone "1" it missed at x 40–44 (16 px high), a table rule
  // at x 200 running from the top of the picture to its bottom, and a speck at x 250.
  const row = { x: 30, y: 40, width: 240, height: 20 };
  const word = { x: 100, y: 42, width: 60, height: 16 };
  const ink = (x: number, y: number) =>
    (x >= 100 && x < 160 && y >= 44 && y < 56) ||
    (x >= 40 && x < 44 && y >= 42 && y < 58) ||
    x === 200 ||
    (x === 250 && y === 50);

  it('finds the ink of a row that no word covers, and neither a rule nor a speck', () => {
    const gaps = inkGaps(picture(300, 120, ink), [row], [word], { x0: 0, x1: 300 });
    expect(gaps).toEqual([{ x: 40, y: 42, width: 4, height: 16 }]);
  });

  it('finds nothing where every mark of the row is a word’s', () => {
    const read = [word, { x: 38, y: 42, width: 8, height: 16 }];
    expect(inkGaps(picture(300, 120, ink), [row], read, { x0: 0, x1: 300 })).toEqual([]);
  });
});
