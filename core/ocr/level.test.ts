import { describe, expect, it } from 'vitest';
import { baselineSlope, levelling, levelSpan, pictureBox, turning } from './level';

const line = (x0: number, y0: number, run: number, slope: number) => ({
  x0,
  y0,
  x1: x0 + run,
  y1: y0 + run * slope,
});

describe('baselineSlope', () => {
  it('is the length-weighted median slope of the long baselines', () => {
    const slope = 0.01;
    const baselines = [
      line(100, 200, 1200, slope),
      line(100, 300, 800, slope * 1.1),
      line(100, 400, 900, slope * 0.9),
      // a short word and a diagonal stamp say nothing of the page
      line(100, 500, 40, 0.2),
      line(300, 600, 600, 0.3),
    ];
    expect(baselineSlope(baselines, 1654)).toBeCloseTo(slope, 5);
  });

  it('is 0 when too few lines tell', () => {
    expect(baselineSlope([line(100, 200, 1200, 0.01), line(100, 300, 1000, 0.01)], 1654)).toBe(0);
  });
});

describe('levelling', () => {
  const level = levelling(0.01, 595, 842);

  it('brings the points of one printed line to one height, and back onto the picture', () => {
    const a = level.toLevel(50, 100);
    const b = level.toLevel(550, 100 + 500 * 0.01);
    expect(a.y).toBeCloseTo(b.y, 6);
    const back = level.toPicture(a.x, a.y);
    expect(back.x).toBeCloseTo(50, 6);
    expect(back.y).toBeCloseTo(100, 6);
  });

  it('turns a word’s box about its centre and takes off the height the turn added', () => {
    const span = { text: 'Total', x: 500, y: 700, width: 100, height: 11 };
    const levelled = levelSpan(span, level);
    expect(levelled.height).toBeCloseTo(10, 6);
    expect(levelled.width).toBeCloseTo(100 - 11 * 0.01, 6);
    const centre = level.toLevel(550, 705.5);
    expect(levelled.x + levelled.width / 2).toBeCloseTo(centre.x, 6);
    expect(levelled.y + levelled.height / 2).toBeCloseTo(centre.y, 6);
    expect(levelSpan(span, levelling(0, 595, 842))).toBe(span);
  });

  it('is the turn a page keeps as its angle (a page’s `levelled`)', () => {
    const again = turning(level.angle, 595, 842);
    expect(again.toPicture(100, 200)).toEqual(level.toPicture(100, 200));
    expect(level.angle).toBeCloseTo(-Math.atan(0.01), 12);
  });

  it('maps a box of the levelled page to the box of the picture that holds it', () => {
    const box = { x: 100, y: 400, width: 400, height: 14 };
    const onPicture = pictureBox(box, level);
    // a 400 pt wide box leans 4 pt over its width
    expect(onPicture.height).toBeCloseTo(14 + 4, 0);
    for (const [x, y] of [
      [100, 400],
      [500, 414],
    ] as const) {
      const p = level.toPicture(x, y);
      expect(p.x).toBeGreaterThanOrEqual(onPicture.x - 1e-9);
      expect(p.y).toBeLessThanOrEqual(onPicture.y + onPicture.height + 1e-9);
    }
  });
});
