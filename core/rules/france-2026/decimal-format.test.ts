import { describe, expect, it } from 'vitest';
import {
  isAmount19_2,
  isQuantity19_4,
  isRate4_2,
  isSignedPrice19_6,
  isUnsignedPrice19_6,
} from './decimal-format';

describe('BR-FR-DEC number shapes', () => {
  it('amounts: 2 decimals, "." separator, 19 characters without the separator, sign counted', () => {
    expect(isAmount19_2('1234.56')).toBe(true);
    expect(isAmount19_2('-1234.5')).toBe(true);
    expect(isAmount19_2('100')).toBe(true);
    expect(isAmount19_2('1234.567')).toBe(false);
    expect(isAmount19_2('12,50')).toBe(false);
    expect(isAmount19_2('1.')).toBe(false);
    expect(isAmount19_2('+5')).toBe(false);
    expect(isAmount19_2('1234567890123456789')).toBe(true);
    expect(isAmount19_2('-1234567890123456789')).toBe(false);
    expect(isAmount19_2('12345678901234567.89')).toBe(true);
    expect(isAmount19_2('123456789012345678.9')).toBe(true);
    expect(isAmount19_2('123456789012345678.91')).toBe(false);
  });

  it('quantities: 4 decimals', () => {
    expect(isQuantity19_4('2.1234')).toBe(true);
    expect(isQuantity19_4('2.12345')).toBe(false);
  });

  it('prices: 6 decimals, unsigned unless bidirectional', () => {
    expect(isUnsignedPrice19_6('0.123456')).toBe(true);
    expect(isUnsignedPrice19_6('-1.00')).toBe(false);
    expect(isSignedPrice19_6('-1.00')).toBe(true);
    expect(isSignedPrice19_6('1.1234567')).toBe(false);
  });

  it('VAT rates: unsigned, 2 decimals, 4 digits', () => {
    expect(isRate4_2('20')).toBe(true);
    expect(isRate4_2('5.50')).toBe(true);
    expect(isRate4_2('20.000')).toBe(false);
    expect(isRate4_2('100.25')).toBe(false);
    expect(isRate4_2('-20')).toBe(false);
    expect(isRate4_2('20%')).toBe(false);
  });
});
