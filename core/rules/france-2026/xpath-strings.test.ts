import { describe, expect, it } from 'vitest';
import { normalizeSpace, stringLength, xpathNumber } from './xpath-strings';

describe('XPath string functions', () => {
  it('normalize-space collapses only XML white space', () => {
    expect(normalizeSpace('  a \t\n b  ')).toBe('a b');
    expect(normalizeSpace('\u00a0a\u00a0')).toBe('\u00a0a\u00a0');
    expect(normalizeSpace('')).toBe('');
  });

  it('string-length counts code points', () => {
    expect(stringLength('abc')).toBe(3);
    expect(stringLength('€')).toBe(1);
    expect(stringLength('𝟘𝟙')).toBe(2);
  });

  it('number() gives NaN instead of failing', () => {
    expect(xpathNumber('12.50')).toBe(12.5);
    expect(xpathNumber(' 3 ')).toBe(3);
    expect(xpathNumber('12,50')).toBeNaN();
    expect(xpathNumber(undefined)).toBeNaN();
  });
});
