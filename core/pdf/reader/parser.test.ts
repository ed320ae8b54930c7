/**
 * The parser's objects (parser.ts): numbers and names read the short way (whole numbers, names without
 * `#` escapes, names met before) give what the general way gives, and references are still told from
 * numbers.
 */
import { describe, expect, it } from 'vitest';
import { PdfDict, PdfName, PdfRef } from './objects';
import { Parser, bytesOf } from './parser';

const parse = (text: string) => new Parser(bytesOf(text)).object();

describe('the parser', () => {
  it('reads numbers whole, signed, with a point, long, and references', () => {
    expect(parse('[007 -0 +5 12.5 .5 -3.25 1234567890123456 5.]')).toEqual([
      7, -0, 5, 12.5, 0.5, -3.25, 1234567890123456, 5,
    ]);
    expect(parse('[3 0 R 4 1 R 5 0 6]')).toEqual([new PdfRef(3, 0), new PdfRef(4, 1), 5, 0, 6]);
    expect(parse('12 0 Rx')).toBe(12);
  });

  it('reads a number with a point as Number() reads its text, to the last bit', () => {
    // Widths and coordinates as writers put them, and 15-digit ones at random (a fixed seed): within 15
    // digits they are read the short way, beyond as text.
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
    const texts = ['294.921875', '0.1', '-0.3', '+.7', '000.000', '-0.0', '1.2.3', '9.', '.'];
    for (let i = 0; i < 2000; i++) {
      const point = Math.floor(random() * 16);
      texts.push(
        `${random() < 0.5 ? '-' : ''}${digits(point)}.${digits(Math.floor(random() * (17 - point)))}`,
      );
    }
    for (const text of texts) {
      const n = Number(text.match(/^[+-]?[\d.]*/)![0]);
      expect([text, parse(`[${text}]`)]).toEqual([text, [Number.isFinite(n) ? n : 0]]);
    }
  });

  it('reads names with and without escapes, up to the next delimiter', () => {
    const dict = parse('<</Type/Page/A#20B 1/Lang(en)/DejaVuSans-Bold-7098480789 5 0 R/#54ype3 2>>');
    expect(dict).toBeInstanceOf(PdfDict);
    const map = (dict as PdfDict).map;
    expect([...map.keys()]).toEqual(['Type', 'A B', 'Lang', 'DejaVuSans-Bold-7098480789', 'Type3']);
    expect(map.get('Type')).toBe(PdfName.of('Page'));
    expect(map.get('DejaVuSans-Bold-7098480789')).toEqual(new PdfRef(5, 0));
  });

  it('reads each name as its own bytes, met before or not, more of them than it keeps', () => {
    // 10,000 names of 1 to 40 characters, in more slots than the table of names met has, each read twice.
    const names = Array.from({ length: 10_000 }, (_, n) => `N${n.toString(36)}`.padEnd(1 + (n % 40), 'x'));
    const text = `[${names.map((n) => `/${n}`).join(' ')} ${names.map((n) => `/${n}`).join(' ')}]`;
    expect((parse(text) as PdfName[]).map((n) => n.name)).toEqual([...names, ...names]);
  });
});
