import { describe, expect, it } from 'vitest';
import { clearBeyondRules } from './strip-rules';

/** A white RGBA strip with the dark pixels `ink` gives. */
function strip(width: number, height: number, ink: (x: number, y: number) => boolean) {
  const rgba = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if (ink(x, y)) rgba.fill(0, 4 * (y * width + x), 4 * (y * width + x) + 3);
  const dark = (x: number, y: number) => rgba[4 * (y * width + x)]! < 128;
  return { rgba, dark };
}

describe('clearBeyondRules', () => {
  const inner = { x: 8, y: 5, width: 28, height: 10 };
  // 40 × 20 px: a rule at x = 3 in the left margin, the stroke of a "1" inside the box at
  // x = 12 (8 px high), a rule at x = 22 inside the box, a word of another cell at x = 1, and a rule
  // across the top margin at y = 1
  const ink = (x: number, y: number) =>
    x === 3 || (x === 12 && y >= 6 && y < 14) || x === 22 || (x === 1 && y >= 8 && y < 12) || y === 1;

  it('paints out a margin rule and what lies beyond it, never the box’s own ink', () => {
    const { rgba, dark } = strip(40, 20, ink);
    expect(clearBeyondRules(rgba, 40, 20, inner)).toBe(true);
    expect(dark(3, 10)).toBe(false);
    expect(dark(1, 10)).toBe(false);
    expect(dark(10, 1)).toBe(false);
    expect(dark(12, 10)).toBe(true);
    // a rule within the box is left to the reader, who drops the bar it reads
    expect(dark(22, 10)).toBe(true);
  });

  it('leaves a strip without rules in its margins untouched', () => {
    const { rgba } = strip(40, 20, (x, y) => x === 12 && y >= 6 && y < 14);
    const before = Uint8ClampedArray.from(rgba);
    expect(clearBeyondRules(rgba, 40, 20, inner)).toBe(false);
    expect(rgba).toEqual(before);
  });
});
