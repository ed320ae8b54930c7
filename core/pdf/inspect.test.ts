import { describe, expect, it } from 'vitest';
import { devicePaint } from './inspect';

const scan = (s: string): string[] => [...devicePaint(Buffer.from(s, 'latin1'))].sort();

describe('devicePaint', () => {
  it('finds k/K with four operands, and nothing in strings, names or inline images', () => {
    expect(scan('0 0 1 0 k 10 10 m')).toEqual(['DeviceCMYK']);
    expect(scan('q 0.1 .2 0 1 K Q')).toEqual(['DeviceCMYK']);
    expect(scan('(0 0 0 0 k) Tj')).toEqual([]);
    expect(scan('/F1 12 Tf 1 2 3 k')).toEqual([]);
    expect(scan('BI /W 1 ID 0 0 0 0 k EI Q')).toEqual([]);
  });

  it('finds g/G and rg/RG by their operand counts, and device spaces selected by name', () => {
    expect(scan('0.5 g 1 0 0 RG')).toEqual(['DeviceGray', 'DeviceRGB']);
    expect(scan('/DeviceRGB cs 1 0 0 sc')).toEqual(['DeviceRGB']);
    expect(scan('/CS0 cs 1 sc /G gs')).toEqual([]);
    expect(scan('BI /W 1 /H 1 /CS /G /BPC 8 ID x EI')).toEqual(['DeviceGray']);
  });

  it('reads a 4 MB run of digits as one number', () => {
    expect(devicePaint(Buffer.alloc(4_000_000, 0x31)).size).toBe(0);
  });
});
