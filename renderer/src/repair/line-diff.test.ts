import { describe, expect, it } from 'vitest';
import { sideBySide } from './line-diff';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

describe('sideBySide', () => {
  it('pairs a changed line with its new form, with context around it', () => {
    const before = lines(10);
    const after = [...before];
    after[4] = 'line 5 changed';
    const hunks = sideBySide(before.join('\n'), after.join('\n'));
    expect(hunks).toHaveLength(1);
    expect(hunks[0]?.rows.map((row) => [row.beforeLine, row.afterLine, row.changed])).toEqual([
      [3, 3, false],
      [4, 4, false],
      [5, 5, true],
      [6, 6, false],
      [7, 7, false],
    ]);
    expect(hunks[0]?.rows[2]).toMatchObject({ before: 'line 5', after: 'line 5 changed' });
  });

  it('shows inserted and removed lines on their side only, and far apart changes as separate hunks', () => {
    const before = lines(20);
    const after = [...before.slice(0, 2), 'inserted', ...before.slice(2, 17), ...before.slice(18)];
    const hunks = sideBySide(before.join('\n'), after.join('\n'));
    expect(hunks).toHaveLength(2);
    const inserted = hunks[0]?.rows.find((row) => row.changed);
    expect(inserted).toEqual({ afterLine: 3, after: 'inserted', changed: true });
    const removed = hunks[1]?.rows.find((row) => row.changed);
    expect(removed).toEqual({ beforeLine: 18, before: 'line 18', changed: true });
  });

  it('finds nothing to show for equal texts', () => {
    expect(sideBySide('a\nb', 'a\nb')).toEqual([]);
  });
});
