import { describe, expect, it } from 'vitest';
import { paintsCmyk } from './inspect';

const scan = (s: string): boolean => paintsCmyk(Buffer.from(s, 'latin1'));

describe('paintsCmyk', () => {
  it('finds k/K with four operands, and nothing in strings, names or inline images', () => {
    expect(scan('0 0 1 0 k 10 10 m')).toBe(true);
    expect(scan('q 0.1 .2 0 1 K Q')).toBe(true);
    expect(scan('1 0 0 rg (0 0 0 0 k) Tj')).toBe(false);
    expect(scan('/F1 12 Tf 1 2 3 k')).toBe(false);
    expect(scan('BI /W 1 ID 0 0 0 0 k EI Q')).toBe(false);
  });

  it('stays linear on long runs of digits', () => {
    const started = performance.now();
    expect(paintsCmyk(Buffer.alloc(4_000_000, 0x31))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
