import { expect, it } from 'vitest';
import { parseXml } from '../../xml/parse';
import {
  booleanOf,
  decimalOf,
  decimalsAtMost,
  normalizeSpace,
  parseDouble,
  roundDouble,
  UncastableValue,
} from './cast';

const el = (text: string) => {
  const parsed = parseXml(`<a>${text}</a>`);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.doc.root;
};

it('casts to xs:double as XPath does: exponents, INF and surrounding spaces, but no comma', () => {
  expect(parseDouble(' 1.5e2 ')).toBe(150);
  expect(parseDouble('-INF')).toBe(-Infinity);
  expect(parseDouble('12,50')).toBeNull();
  expect(parseDouble('0x10')).toBeNull();
  expect(parseDouble('')).toBeNull();
});

it('casts to xs:decimal without exponent, and reports the value it cannot cast', () => {
  expect(decimalOf(el(' 12.50 ')).toString()).toBe('12.50');
  expect(() => decimalOf(el('1e3'))).toThrow(UncastableValue);
  expect(() => decimalOf(el('1 000'))).toThrow(UncastableValue);
});

it('reads udt:Indicator as xs:boolean', () => {
  expect(booleanOf(el(' true '))).toBe(true);
  expect(booleanOf(el('0'))).toBe(false);
  expect(() => booleanOf(el('yes'))).toThrow(UncastableValue);
});

it('rounds half towards +infinity and counts decimals as written', () => {
  expect(roundDouble(-2.5)).toBe(-2);
  expect(roundDouble(2.5)).toBe(3);
  expect(decimalsAtMost(el('1.00'), 2)).toBe(true);
  expect(decimalsAtMost(el('1.00 '), 2)).toBe(false);
  expect(normalizeSpace(el('  a \n b  '))).toBe('a b');
});
