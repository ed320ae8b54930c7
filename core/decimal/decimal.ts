/**
 * Exact decimal numbers for amounts, quantities, prices and rates. A value is an integer count of
 * 10^-scale units (a bigint), so 0.1 + 0.2 is 0.3 and nothing is ever lost to binary floating point.
 */

export type Rounding =
  /** Half towards +∞: XPath `fn:round`, which the EN16931 Schematron uses (round(-2.5) = -2). */
  | 'half-up'
  /** Half away from zero: commercial rounding (−2.5 → −3). */
  | 'half-away'
  /** Half to even (banker's rounding). */
  | 'half-even';

/** The xs:decimal lexical space: optional sign, digits, optional fraction; no exponent, no comma. */
const LEXICAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

export class Decimal {
  private constructor(
    /** The value times 10^scale. */
    readonly units: bigint,
    /** How many fraction digits the value carries (never negative). */
    readonly scale: number,
  ) {}

  static readonly ZERO = new Decimal(0n, 0);

  /** Parses xs:decimal text (surrounding white space allowed, as xs:decimal collapses it); null if invalid. */
  static parse(text: string): Decimal | null {
    const m = LEXICAL.exec(text.trim());
    if (!m) return null;
    const whole = m[2] ?? '';
    const fraction = m[3] ?? '';
    if (whole === '' && fraction === '') return null;
    const units = BigInt((whole || '0') + fraction);
    return new Decimal(m[1] === '-' ? -units : units, fraction.length);
  }

  /** For literals in our own code: throws on text that is not a decimal (a programming error). */
  static of(value: string | number | bigint): Decimal {
    if (typeof value === 'bigint') return new Decimal(value, 0);
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      throw new RangeError(`Decimal.of(${value}): only safe integers; write fractions as strings`);
    }
    const d = Decimal.parse(String(value));
    if (!d) throw new RangeError(`Not a decimal: ${String(value)}`);
    return d;
  }

  static sum(values: Iterable<Decimal>): Decimal {
    let total = Decimal.ZERO;
    for (const v of values) total = total.plus(v);
    return total;
  }

  plus(other: Decimal): Decimal {
    const [a, b, scale] = align(this, other);
    return new Decimal(a + b, scale);
  }

  minus(other: Decimal): Decimal {
    const [a, b, scale] = align(this, other);
    return new Decimal(a - b, scale);
  }

  times(other: Decimal): Decimal {
    return new Decimal(this.units * other.units, this.scale + other.scale);
  }

  /** Division rounded to `scale` fraction digits. Division by zero is null: callers decide what it means. */
  dividedBy(other: Decimal, scale: number, rounding: Rounding = 'half-away'): Decimal | null {
    if (other.units === 0n) return null;
    // this / other = (this.units / 10^this.scale) / (other.units / 10^other.scale); computed with two
    // extra digits of scale first would still need rounding, so divide exactly as a fraction instead.
    const numerator = this.units * pow10(scale + other.scale);
    const denominator = other.units * pow10(this.scale);
    return new Decimal(divideRounded(numerator, denominator, rounding), scale);
  }

  negated(): Decimal {
    return new Decimal(-this.units, this.scale);
  }

  abs(): Decimal {
    return this.units < 0n ? this.negated() : this;
  }

  sign(): -1 | 0 | 1 {
    return this.units < 0n ? -1 : this.units > 0n ? 1 : 0;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  compare(other: Decimal): -1 | 0 | 1 {
    let a = this.units;
    let b = other.units;
    if (this.scale > other.scale) b *= pow10(this.scale - other.scale);
    else if (this.scale < other.scale) a *= pow10(other.scale - this.scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  equals(other: Decimal): boolean {
    return this.compare(other) === 0;
  }

  /** Rounds to `scale` fraction digits; the result carries exactly that scale. */
  round(scale: number, rounding: Rounding = 'half-away'): Decimal {
    if (scale >= this.scale) return new Decimal(this.units * pow10(scale - this.scale), scale);
    return new Decimal(divideRounded(this.units, pow10(this.scale - scale), rounding), scale);
  }

  /** The same value with trailing fraction zeros removed (scale as small as possible). */
  normalized(): Decimal {
    let { units, scale } = this;
    while (scale > 0 && units % 10n === 0n) {
      units /= 10n;
      scale -= 1;
    }
    return new Decimal(units, scale);
  }

  /** Plain notation with exactly `scale` fraction digits: `12.50`, `-0.5`, `3`. */
  toString(): string {
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString().padStart(this.scale + 1, '0');
    const whole = digits.slice(0, digits.length - this.scale);
    const fraction = digits.slice(digits.length - this.scale);
    return (negative ? '-' : '') + whole + (this.scale > 0 ? '.' + fraction : '');
  }

  /** Plain notation with exactly `scale` fraction digits, rounding if needed. */
  toFixed(scale: number, rounding: Rounding = 'half-away'): string {
    return this.round(scale, rounding).toString();
  }
}

/** Number of fraction digits as written, for the rules on decimals (BR-DEC-…): `12.50` has 2. */
export function fractionDigits(text: string): number {
  const t = text.trim();
  const dot = t.indexOf('.');
  return dot === -1 ? 0 : t.length - dot - 1;
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  if (a.scale === b.scale) return [a.units, b.units, a.scale];
  if (a.scale > b.scale) return [a.units, b.units * pow10(a.scale - b.scale), a.scale];
  return [a.units * pow10(b.scale - a.scale), b.units, b.scale];
}

/**
 * The powers of ten that amounts, rates and the rules' divisions scale by, made once: a bigint power is
 * computed anew at each call, and the rules compare and align decimals thousands of times per invoice.
 */
const POW10: readonly bigint[] = Array.from({ length: 40 }, (_, n) => 10n ** BigInt(n));
const pow10 = (n: number): bigint => POW10[n] ?? 10n ** BigInt(n);

function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator < 0n) return divideRounded(-numerator, -denominator, rounding);
  let q = numerator / denominator; // truncates towards zero
  const r = numerator % denominator;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  const negative = numerator < 0n;
  const awayFromZero = (): bigint => (negative ? q - 1n : q + 1n);
  if (twice > denominator) return awayFromZero();
  if (twice < denominator) {
    // XPath round and the others agree below the half; truncation already moved negatives towards zero.
    return q;
  }
  switch (rounding) {
    case 'half-away':
      return awayFromZero();
    case 'half-up':
      return negative ? q : q + 1n;
    case 'half-even':
      if (q % 2n !== 0n) q = awayFromZero();
      return q;
  }
}
