/**
 * Which heading of a table stands over which column of its body. A heading is not always over its
 * values: numbers are aligned right under a heading aligned left, a narrow heading stands at one end of
 * a wide column, a heading is centred over values that start left of it. So the columns are found in
 * the body itself first (bands: the spans across the page that its items' cells fill, cells of different
 * rows that overlap standing in one band), then paired with the headings in order, left to right, each
 * band with at most one heading and each heading with at most one band: the pairing that leaves the
 * least distance between each band and its heading, a band of figures under a heading of words (or the
 * other way round) counting as far, a band or a heading left alone costing about a column's width.
 */
import type { Box } from '../text/page-text';

export interface Band {
  readonly from: number;
  readonly to: number;
  /** Its cells are figures (amounts, quantities, rates), not words. */
  readonly figures: boolean;
}

export interface Heading extends Box {
  /** The heading names a column of figures (a quantity, a price, an amount…), or of words. */
  readonly figures: boolean;
}

/** What leaving a band without heading, or a heading without band, costs: about a column's width. */
const ALONE = 30;
/** What pairing a band of figures with a heading of words (or the reverse) adds. */
const UNLIKE = 40;

/**
 * The bands of a table's body: the cells' spans across the page, merged where they overlap. A band is
 * of figures when most of its cells are.
 */
export function bandsOf(cells: readonly { box: Box; figure: boolean }[]): Band[] {
  const sorted = [...cells].sort((a, b) => a.box.x - b.box.x);
  const bands: { from: number; to: number; figures: number; count: number }[] = [];
  for (const { box, figure } of sorted) {
    const last = bands[bands.length - 1];
    // Touching is not overlapping: two columns printed edge to edge stay two.
    if (last && box.x < last.to - 0.5) {
      last.to = Math.max(last.to, box.x + box.width);
      last.figures += figure ? 1 : 0;
      last.count += 1;
    } else bands.push({ from: box.x, to: box.x + box.width, figures: figure ? 1 : 0, count: 1 });
  }
  return bands.map((b) => ({ from: b.from, to: b.to, figures: b.figures * 2 > b.count }));
}

const distance = (band: Band, heading: Heading): number => {
  const gap = Math.max(0, Math.max(band.from, heading.x) - Math.min(band.to, heading.x + heading.width));
  return gap + (band.figures === heading.figures ? 0 : UNLIKE);
};

/**
 * For each band (in order), the index of its heading, or null: the order-keeping pairing of least cost.
 * Headings are given left to right.
 */
export function pairBands(bands: readonly Band[], headings: readonly Heading[]): (number | null)[] {
  const m = bands.length;
  const n = headings.length;
  // cost[i][j]: the least cost of pairing the first i bands with the first j headings.
  const cost = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(0));
  const step = Array.from({ length: m + 1 }, () =>
    new Array<'pair' | 'band' | 'heading'>(n + 1).fill('pair'),
  );
  for (let i = 0; i <= m; i++)
    for (let j = 0; j <= n; j++) {
      if (i === 0 && j === 0) continue;
      let best = Infinity;
      let how: 'pair' | 'band' | 'heading' = 'pair';
      if (i > 0 && j > 0) {
        best = cost[i - 1]![j - 1]! + distance(bands[i - 1]!, headings[j - 1]!);
      }
      if (i > 0 && cost[i - 1]![j]! + ALONE < best) {
        best = cost[i - 1]![j]! + ALONE;
        how = 'band';
      }
      if (j > 0 && cost[i]![j - 1]! + ALONE < best) {
        best = cost[i]![j - 1]! + ALONE;
        how = 'heading';
      }
      cost[i]![j] = best;
      step[i]![j] = how;
    }
  const paired: (number | null)[] = new Array<number | null>(m).fill(null);
  for (let i = m, j = n; i > 0 || j > 0;) {
    const how = step[i]![j]!;
    if (how === 'pair') {
      paired[i - 1] = j - 1;
      i -= 1;
      j -= 1;
    } else if (how === 'band') i -= 1;
    else j -= 1;
  }
  return paired;
}

/** The band a box stands in: the one it overlaps most, or -1 when it overlaps none. */
export function bandOf(bands: readonly Band[], box: Box): number {
  let best = -1;
  let score = 0;
  for (const [i, band] of bands.entries()) {
    const overlap = Math.min(band.to, box.x + box.width) - Math.max(band.from, box.x);
    if (overlap > score) {
      score = overlap;
      best = i;
    }
  }
  return best;
}
