/**
 * XPath 2.0 casting of untyped XML values, as Saxon applies it when the Schematron artefacts compare or
 * add element contents. A value the official XSLT cannot cast makes it stop with a dynamic error; we keep
 * going instead and report the value itself (see {@link UncastableValue}).
 */
import { Decimal } from '../../decimal/decimal';
import { textOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';

export type XsType = 'xs:double' | 'xs:decimal' | 'xs:boolean';

/** What the XPath needed where the official XSLT stopped: a value it can cast, or one item where a path gave more. */
export type StopType = XsType | 'one item';

/**
 * Raised while evaluating an assertion when a value is not in the lexical space the XPath needs. It is
 * caught by the pattern runner, which turns it into a finding on that element: the official artefact
 * would have aborted the whole validation at this point, so the rule's normal verdict does not exist.
 */
export class UncastableValue {
  constructor(
    readonly at: XmlElement,
    readonly value: string,
    readonly type: StopType,
  ) {}
}

const DOUBLE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const XML_SPACE = /^[ \t\r\n]+|[ \t\r\n]+$/g;

function collapse(text: string): string {
  return text.replace(XML_SPACE, '');
}

/** `xs:double(text)`, or null when the text is outside the xs:double lexical space. */
export function parseDouble(text: string): number | null {
  const t = collapse(text);
  if (t === 'INF' || t === '+INF') return Infinity;
  if (t === '-INF') return -Infinity;
  if (t === 'NaN') return NaN;
  return DOUBLE.test(t) ? Number(t) : null;
}

const INTEGER_LEXICAL = /^[ \t\r\n]*[+-]?\d+[ \t\r\n]*$/;

/** Java's `Double.compare`: -0 before +0, NaN equal to itself and after every other value. */
function javaDoubleCompare(x: number, y: number): number {
  if (x < y) return -1;
  if (x > y) return 1;
  if (x === y) return Object.is(x, y) ? 0 : Object.is(x, -0) ? -1 : 1;
  return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
}

/**
 * How the official artefacts' processor (Saxon-HE 9.9) orders an untyped value against a number in a
 * general comparison (`ram:RateApplicablePercent = 0`, `. >= 0`): `x` (the value `text` cast to
 * xs:double) and `y` ordered as Java's Double.compare orders them, so "-0.00" = 0 is false and
 * "-0.00" < 0 true; only an integer written as one (`-0`) against an xs:integer is compared as a number
 * (-0 = 0). Measured on Saxon: `'-0.00' = 0`, `'-0' = 0`, `'-0' = 0e0`, `'NaN' = number('NaN')` give
 * false, true, false, true. (`eq`, arithmetic and fn:number keep IEEE rules: -0 = 0 there.)
 */
export function compareUntypedWithNumber(text: string, x: number, y: number, yIsInteger: boolean): number {
  if (yIsInteger && INTEGER_LEXICAL.test(text)) return x < y ? -1 : x > y ? 1 : 0;
  return javaDoubleCompare(x, y);
}

/** An untyped element value against a number in a general comparison ({@link compareUntypedWithNumber}). */
export function untypedVersus(el: XmlElement, y: number, yIsInteger = false): number {
  return compareUntypedWithNumber(textOf(el), doubleOf(el), y, yIsInteger);
}

/** An untyped element value compared with or added to a number: cast to xs:double. */
export function doubleOf(el: XmlElement): number {
  const text = textOf(el);
  const d = parseDouble(text);
  if (d === null) throw new UncastableValue(el, text, 'xs:double');
  return d;
}

/** `xs:decimal(el)`. */
export function decimalOf(el: XmlElement): Decimal {
  const text = textOf(el);
  const d = /^[ \t\r\n]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)[ \t\r\n]*$/.test(text) ? Decimal.parse(text) : null;
  if (d === null) throw new UncastableValue(el, text, 'xs:decimal');
  return d;
}

/** An untyped `udt:Indicator` compared with `true()`/`false()`: cast to xs:boolean. */
export function booleanOf(el: XmlElement): boolean {
  const text = textOf(el);
  const t = collapse(text);
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  throw new UncastableValue(el, text, 'xs:boolean');
}

/** `fn:sum` of untyped values: each is cast to xs:double and added in document order. */
export function doubleSum(els: Iterable<XmlElement>): number {
  let total = 0;
  for (const el of els) total += doubleOf(el);
  return total;
}

/** `fn:round` on an xs:double: half towards +∞ (Java's and JavaScript's Math.round agree). */
export function roundDouble(x: number): number {
  return Number.isFinite(x) ? Math.round(x) : x;
}

/**
 * `xs:decimal` of an xs:double, exactly: Saxon converts through `new BigDecimal(double)`, so the binary
 * value is kept digit for digit (0.1 + 0.2 becomes 0.3000000000000000444…), not its shortest spelling.
 */
export function decimalOfDouble(x: number): Decimal {
  if (!Number.isFinite(x)) throw new RangeError(`xs:decimal(${x})`);
  if (Number.isInteger(x)) return Decimal.of(BigInt(x));
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponent === 0 ? fraction : fraction | (1n << 52n);
  // x = mantissa × 2^-k with k > 0 (x is not an integer) = mantissa × 5^k / 10^k.
  const k = 1075 - (exponent === 0 ? 1 : exponent);
  const digits = (mantissa * 5n ** BigInt(k)).toString().padStart(k + 1, '0');
  const text = `${negative ? '-' : ''}${digits.slice(0, digits.length - k)}.${digits.slice(digits.length - k)}`;
  return Decimal.of(text).normalized();
}

/** `fn:string-length`: the number of characters (code points), not of UTF-16 units. */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A surrogate pair is one character; a lone surrogate counts as one too.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** `fn:substring-after`: what follows the first occurrence of `part` ('' where there is none). */
export function substringAfter(text: string, part: string): string {
  const i = text.indexOf(part);
  return i < 0 ? '' : text.slice(i + part.length);
}

/** `fn:substring-before`: what precedes the first occurrence of `part` ('' where there is none). */
export function substringBefore(text: string, part: string): string {
  const i = text.indexOf(part);
  return i < 0 ? '' : text.slice(0, i);
}

/**
 * `normalize-space` of a string: runs of XML whitespace (space, tab, CR, LF) made one space, and those at
 * either end dropped. Only those four: a no-break space is content (`trim()` would drop it too).
 */
export const normalizeSpaceOf = (text: string): string =>
  isSpaceNormalized(text) ? text : text.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');

/**
 * Whether normalize-space leaves the text as it is (no tab, CR or LF, no space at either end nor two in a
 * row): most values, given back without the two regular expressions' passes and copies.
 */
function isSpaceNormalized(text: string): boolean {
  const last = text.length - 1;
  if (last < 0) return true;
  if (text.charCodeAt(0) === 0x20 || text.charCodeAt(last) === 0x20) return false;
  let space = false;
  for (let i = 0; i <= last; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d || (c === 0x20 && space)) return false;
    space = c === 0x20;
  }
  return true;
}

/**
 * The node a path gives to an XPath 2.0 argument that takes at most one item (`normalize-space(ram:a)`,
 * `xs:decimal(ram:a)`): none, or the only one. A second node is a type error (XPTY0004), on which the official XSLT stops;
 * `valueOf` names the value it stops on (an attribute's, for `ram:a/@name`).
 */
export function atMostOne(
  els: readonly XmlElement[],
  valueOf: (el: XmlElement) => string = textOf,
): XmlElement | undefined {
  const second = els[1];
  if (second) throw new UncastableValue(second, valueOf(second), 'one item');
  return els[0];
}

/** `normalize-space(el)` ('' for an absent element, as for the empty sequence). */
export function normalizeSpace(el: XmlElement | undefined): string {
  return el ? normalizeSpaceOf(textOf(el)) : '';
}

/** `string-length(substring-after(el, '.')) <= max` as the BR-DEC rules write it (no trimming). */
export function decimalsAtMost(el: XmlElement | undefined, max: number): boolean {
  if (!el) return true;
  const text = textOf(el);
  const dot = text.indexOf('.');
  return dot === -1 || [...text.slice(dot + 1)].length <= max;
}
