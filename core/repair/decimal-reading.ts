/**
 * How R002 reads a number written with national separators, and when it refuses to.
 *
 * - The decimal separator is the last `,` or `.` of the text, when that character occurs only once
 *   and is followed by at least one digit. Every other separator (`.` `,` space, no-break space,
 *   narrow no-break space, apostrophe) is a thousands separator.
 * - Thousands separators must split the integer part into groups of exactly three digits after a
 *   first group of one to three digits (`1 234 567`, `1.234.567,89`). Anything else (`1 4000`,
 *   `12,34,56`) is not a number we can read for certain: refused.
 * - A lone `,` followed by exactly three digits (`1,234`) is ambiguous (one thousand two hundred and
 *   thirty-four in English usage, 1.234 in French): refused, unless the integer part is `0` or empty
 *   (`0,125` cannot be a thousands grouping). A lone `.` is already an xs:decimal and never touched.
 * - Only one kind of thousands separator per number, and none after the decimal separator.
 * - An optional leading sign is kept; the fraction digits are kept as written (`1125,00` → `1125.00`),
 *   so the value is exactly the number the text denotes.
 */

export type Reading =
  | { readonly kind: 'valid' }
  | { readonly kind: 'read'; readonly decimal: string }
  | { readonly kind: 'ambiguous' }
  | { readonly kind: 'unreadable' }
  /** Not made of digits, separators and a sign at all: not R002's business. */
  | { readonly kind: 'not_a_number' };

const XS_DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const CANDIDATE = /^[+-]?[\d.,' \u00A0\u202F]+$/;
const GROUPING = /[.,' \u00A0\u202F]/;

export function readNumber(text: string): Reading {
  if (XS_DECIMAL.test(text)) return { kind: 'valid' };
  if (!CANDIDATE.test(text) || !/\d/.test(text)) return { kind: 'not_a_number' };
  const sign = text[0] === '-' || text[0] === '+' ? text[0] : '';
  const body = text.slice(sign.length);

  const lastComma = body.lastIndexOf(',');
  const lastDot = body.lastIndexOf('.');
  const decimalAt = Math.max(lastComma, lastDot);
  let integer = body;
  let fraction: string | null = null;
  if (decimalAt !== -1) {
    const separator = body[decimalAt]!;
    const once = body.indexOf(separator) === decimalAt;
    const after = body.slice(decimalAt + 1);
    if (once && /^\d+$/.test(after)) {
      integer = body.slice(0, decimalAt);
      fraction = after;
      if (separator === ',' && after.length === 3 && /^\d{1,3}$/.test(integer) && !/^0?$/.test(integer)) {
        return { kind: 'ambiguous' };
      }
    }
  }
  const groups = integer.split(GROUPING);
  const separators = new Set(integer.replace(/\d/g, ''));
  if (separators.size > 1) return { kind: 'unreadable' };
  if (groups.length > 1) {
    const [first, ...rest] = groups;
    if (!/^\d{1,3}$/.test(first!) || rest.some((g) => !/^\d{3}$/.test(g))) return { kind: 'unreadable' };
  } else if (!/^\d*$/.test(integer) || (integer === '' && fraction === null)) {
    return { kind: 'unreadable' };
  }
  const decimal = sign + (groups.join('') || '0') + (fraction === null ? '' : '.' + fraction);
  return XS_DECIMAL.test(decimal) ? { kind: 'read', decimal } : { kind: 'unreadable' };
}
