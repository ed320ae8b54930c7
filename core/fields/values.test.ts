import { describe, expect, it } from 'vitest';
import { amountsIn, dateIn, isIban, isLuhn, parseAmount, vatIdOf } from './values';

describe('printed values', () => {
  it.each([
    ['1 234,56', '1234.56'],
    ['1.234,56 €', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1234.5', '1234.5'],
    ['-12,50', '-12.50'],
    ['EUR 90,00', '90.00'],
    ['1.234.567', '1234567'],
    ['1.234', '1234'],
    ['86,5500', '86.5500'],
    ['1.086,5500', '1086.5500'],
  ])('amount %s → %s', (printed, value) => {
    expect(parseAmount(printed)).toBe(value);
  });

  it('finds the amounts of a line, but not its percentages', () => {
    expect(amountsIn('Umsatzsteuer (S)  286,52   19 %   54,44')).toEqual(['286.52', '54.44']);
    expect(amountsIn('Total TTC :   1 234,56 EUR')).toEqual(['1234.56']);
  });

  it.each([
    ['Date : 31/01/2026', '2026-01-31'],
    ['vom 01.10.2018', '2018-10-01'],
    ['2024-11-15', '2024-11-15'],
    ['le 1er octobre 2018', '2018-10-01'],
    ['1. Oktober 2018', '2018-10-01'],
    ['October 1, 2018', '2018-10-01'],
  ])('date %s → %s', (printed, iso) => {
    expect(dateIn(printed)?.value).toBe(iso);
  });

  it('refuses dates that do not exist', () => {
    expect(dateIn('30.02.2026')).toBeNull();
  });

  it('checks identifiers by their check digits', () => {
    expect(isIban('FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(isIban('FR76 3000 6000 0112 3456 7890 188')).toBe(false);
    expect(isLuhn('732829320')).toBe(true);
    expect(isLuhn('732829321')).toBe(false);
    expect(vatIdOf('FR 44 732 829 320')).toBe('FR44732829320');
    expect(vatIdOf('FR 45 732 829 320')).toBeNull();
    expect(vatIdOf('DE136695976')).toBe('DE136695976');
  });
});
