import { expect, it } from 'vitest';
import { parseXml } from '../../xml/parse';
import {
  booleanOf,
  decimalOf,
  decimalsAtMost,
  normalizeSpace,
  normalizeSpaceOf,
  parseDouble,
  roundDouble,
  UncastableValue,
  untypedVersus,
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

it('orders an untyped value against a number as Saxon-HE does in a general comparison: -0 before 0', () => {
  // Saxon-HE 9.9.1.5: '-0.00' = 0 false and < 0 true; '-0' = 0 true but = 0e0 false; 'NaN' = NaN true.
  expect(untypedVersus(el('-0.00'), 0, true)).toBe(-1);
  expect(untypedVersus(el(' -0.00 '), 0)).toBe(-1);
  expect(untypedVersus(el('0.00'), -0)).toBe(1);
  expect(untypedVersus(el('-0'), 0, true)).toBe(0);
  expect(untypedVersus(el('-0'), 0)).toBe(-1);
  expect(untypedVersus(el('-0'), -0)).toBe(0);
  expect(untypedVersus(el('NaN'), NaN)).toBe(0);
  expect(untypedVersus(el('NaN'), 1)).toBe(1);
  expect(untypedVersus(el('12.5'), 12.5)).toBe(0);
  expect(() => untypedVersus(el('x'), 0)).toThrow(UncastableValue);
});

it('normalize-space gives back a text it leaves unchanged as it is, and every other as the definition says', () => {
  // Every string of up to five of these characters: XML white space, letters, and a no-break space (content).
  const definition = (t: string) => t.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
  let texts = [''];
  for (let length = 1; length <= 5; length++) {
    texts = texts.flatMap((t) =>
      t.length === length - 1 ? [' ', '\t', '\n', '\r', 'a', '\u00a0'].map((c) => t + c) : [],
    );
    for (const t of texts) expect(normalizeSpaceOf(t)).toBe(definition(t));
  }
  expect(normalizeSpaceOf('  Article  1 ')).toBe('Article 1');
});
