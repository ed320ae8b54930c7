import { describe, expect, it } from 'vitest';
import { readNumber } from './decimal-reading';

describe('readNumber', () => {
  it.each([
    ['12,50', '12.50'],
    ['1125,00', '1125.00'],
    ['-3,5', '-3.5'],
    [',5', '0.5'],
    ['0,125', '0.125'],
    ['1.234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1 234,56', '1234.56'],
    ['1\u00A0234\u00A0567,8', '1234567.8'],
    ['1\u202F234.5', '1234.5'],
    ["1'234.50", '1234.50'],
    ['1.234.567', '1234567'],
    ['1,234,567', '1234567'],
    ['1 234', '1234'],
    ['1,0', '1.0'],
  ])('reads %j as %s', (text, decimal) => {
    expect(readNumber(text)).toEqual({ kind: 'read', decimal });
  });

  it.each(['12.50', '1.234', '-0.5', '42', '.5'])('leaves the xs:decimal %j alone', (text) => {
    expect(readNumber(text)).toEqual({ kind: 'valid' });
  });

  it.each(['1,234', '12,345', '999,999'])('refuses the ambiguous %j', (text) => {
    expect(readNumber(text)).toEqual({ kind: 'ambiguous' });
  });

  it.each(['1 4000', '12,34,56', '1.234,567.8', '1.5.5', '1 234.567,8', '1,', '1 ,5', '1..5'])(
    'refuses %j, which no grouping rule makes a number',
    (text) => {
      expect(readNumber(text)).toEqual({ kind: 'unreadable' });
    },
  );

  it.each(['abc', '12 EUR', '', '1e5', ','])('%j is not a number at all', (text) => {
    expect(readNumber(text)).toEqual({ kind: 'not_a_number' });
  });
});
