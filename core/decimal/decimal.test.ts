import { describe, expect, it } from 'vitest';
import { Decimal, fractionDigits } from './decimal';

const d = (s: string) => Decimal.of(s);

describe('Decimal', () => {
  it('parses the xs:decimal lexical space only', () => {
    expect(Decimal.parse(' 12.50 ')?.toString()).toBe('12.50');
    expect(Decimal.parse('-.5')?.toString()).toBe('-0.5');
    expect(Decimal.parse('+7.')?.toString()).toBe('7');
    for (const bad of ['12,50', '1e3', '', '.', '1 000', 'abc', '--1', 'NaN'])
      expect(Decimal.parse(bad)).toBeNull();
  });

  it('adds, subtracts and multiplies exactly', () => {
    expect(d('0.1').plus(d('0.2')).toString()).toBe('0.3');
    expect(d('10').minus(d('0.01')).toString()).toBe('9.99');
    expect(d('19.99').times(d('3')).toString()).toBe('59.97');
    expect(d('1.5').times(d('0.25')).toString()).toBe('0.375');
    expect(Decimal.sum([d('1.10'), d('2.205'), d('-0.005')]).toString()).toBe('3.300');
  });

  it('compares across scales', () => {
    expect(d('1.50').equals(d('1.5'))).toBe(true);
    expect(d('-2').compare(d('1'))).toBe(-1);
    expect(d('0.00').isZero()).toBe(true);
  });

  it('rounds halves as each mode says', () => {
    expect(d('2.345').round(2).toString()).toBe('2.35');
    expect(d('-2.345').round(2).toString()).toBe('-2.35');
    expect(d('-2.345').round(2, 'half-up').toString()).toBe('-2.34');
    expect(d('2.345').round(2, 'half-up').toString()).toBe('2.35');
    expect(d('2.345').round(2, 'half-even').toString()).toBe('2.34');
    expect(d('2.355').round(2, 'half-even').toString()).toBe('2.36');
    expect(d('-2.3449').round(2, 'half-up').toString()).toBe('-2.34');
    expect(d('-2.3461').round(2, 'half-up').toString()).toBe('-2.35');
    expect(d('7').round(2).toString()).toBe('7.00');
  });

  it('divides with rounding and refuses division by zero', () => {
    expect(d('10').dividedBy(d('3'), 2)?.toString()).toBe('3.33');
    expect(d('-20').dividedBy(d('3'), 2)?.toString()).toBe('-6.67');
    expect(d('1').dividedBy(d('8'), 2, 'half-even')?.toString()).toBe('0.12');
    expect(d('1.5').dividedBy(d('0.5'), 0)?.toString()).toBe('3');
    expect(d('1').dividedBy(d('0'), 2)).toBeNull();
  });

  it('normalizes and counts written fraction digits', () => {
    expect(d('12.500').normalized().toString()).toBe('12.5');
    expect(fractionDigits('12.500')).toBe(3);
    expect(fractionDigits('12')).toBe(0);
  });

  it('refuses binary floats as input', () => {
    expect(() => Decimal.of(0.1)).toThrow(RangeError);
  });
});
