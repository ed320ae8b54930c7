/**
 * A content stream's tokens as the readers of drawing need them (ISO 32000-1 §7.8.2): names and
 * operators, each operator with the count of numbers just before it and of the objects within the arrays
 * and dictionaries among its operands, in one linear scan that skips comments, strings and inline image
 * data (`ID` … `EI`). What a reader asks of a page (the device colours it paints, the forms it draws, the
 * work it takes) is a visitor of these tokens.
 */
import { CLASS } from './parser';

export interface ContentVisitor {
  /** A name (`/F1`): its bytes, the slash left out, from `from` to `to`. */
  name(b: Uint8Array, from: number, to: number): void;
  /** A string, literal or hexadecimal, beginning at `from` (its `(` or `<`; parser.ts's readString reads it). */
  string?(b: Uint8Array, from: number): void;
  /**
   * An operator (`Do`, `rg`, `BI`), with the numbers just before it (since the last other token) and the
   * objects within the arrays and dictionaries among its operands (`[(a) 120 (b)] TJ`: 3), each of which a
   * reader parses and holds until the operator. Returning true stops the scan.
   */
  operator(b: Uint8Array, from: number, to: number, numbers: number, elements: number): boolean | void;
}

const white = (c: number): boolean => CLASS[c] === 1;
const delimiter = (c: number): boolean => CLASS[c] === 2;

/** Whether the bytes of an operator from `from` to `to` are `op` (one or two ASCII letters). */
export const isOperator = (b: Uint8Array, from: number, to: number, op: string): boolean =>
  to - from === op.length &&
  b[from] === op.charCodeAt(0) &&
  (op.length === 1 || b[from + 1] === op.charCodeAt(1));

export function scanContent(b: Uint8Array, visit: ContentVisitor): void {
  let numbers = 0;
  // Arrays and dictionaries open, and the objects read within them since the last operator: inside one,
  // a keyword is an object of it (`true`, `null`), not an operator.
  let depth = 0;
  let elements = 0;
  let i = 0;
  const n = b.length;
  while (i < n) {
    const c = b[i]!;
    if (white(c)) {
      i++;
      continue;
    }
    if (c === 37) {
      while (i < n && b[i] !== 10 && b[i] !== 13) i++;
      continue;
    }
    if (c === 40) {
      const start = i;
      let nesting = 0;
      for (; i < n; i++) {
        if (b[i] === 92) i++;
        else if (b[i] === 40) nesting++;
        else if (b[i] === 41 && --nesting === 0) break;
      }
      visit.string?.(b, start);
      i++;
      numbers = 0;
      if (depth > 0) elements++;
      continue;
    }
    if (c === 60 && b[i + 1] !== 60) {
      // A hexadecimal string, to its `>`.
      visit.string?.(b, i);
      const end = b.indexOf(62, i);
      i = end < 0 ? n + 1 : end + 1;
      numbers = 0;
      if (depth > 0) elements++;
      continue;
    }
    if (delimiter(c)) {
      numbers = 0;
      // `<<` and `>>` are one token each (a lone `<` began a string above).
      const pair = (c === 60 || c === 62) && b[i + 1] === c;
      if (c === 91 || (pair && c === 60)) {
        if (depth > 0) elements++;
        depth++;
      }
      if (c === 93 || (pair && c === 62)) depth = Math.max(0, depth - 1);
      i += pair ? 2 : 1;
      if (c === 47) {
        const start = i;
        while (i < n && !white(b[i]!) && !delimiter(b[i]!)) i++;
        visit.name(b, start, i);
        if (depth > 0) elements++;
      }
      continue;
    }
    const start = i;
    // A regular token, to the next white-space or delimiter: a number when made of digits, signs and points.
    let numeric = true;
    for (let ch = c; CLASS[ch] === 0; ch = b[i]!) {
      numeric &&= (ch >= 48 && ch <= 57) || ch === 46 || ch === 45 || ch === 43;
      if (++i >= n) break;
    }
    if (depth > 0) {
      elements++;
      continue;
    }
    if (numeric) {
      numbers++;
      continue;
    }
    if (visit.operator(b, start, i, numbers, elements) === true) return;
    if (isOperator(b, start, i, 'ID')) {
      // Inline image data runs from `ID` to `EI`.
      while (
        i + 2 < n &&
        !(b[i] === 69 && b[i + 1] === 73 && white(b[i - 1]!) && (white(b[i + 2]!) || i + 2 === n))
      )
        i++;
      i += 2;
    }
    numbers = 0;
    elements = 0;
  }
}
