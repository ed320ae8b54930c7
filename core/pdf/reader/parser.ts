/**
 * Tokenizer and object parser for PDF syntax (ISO 32000-1 §7.2–7.3), working directly on the file's bytes.
 * It never throws on bad input: it raises a `PdfSyntaxError` that the reader turns into a value, and every
 * loop is bounded by the input length or a nesting limit.
 */
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfObject } from './objects';

export class PdfSyntaxError extends Error {}

const MAX_DEPTH = 64;
/** 10^0 to 10^15, each exact in binary. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * Names read before, by a hash of their bytes, one a slot: a file's names are mostly the same few dozen
 * keys and types (`/Type /Length /Filter /FlateDecode /Font`…) in every object, in every file, and one
 * compared with the bytes costs less than a new text (a call into Node, and garbage). A fixed table of
 * short names: whatever the input, it holds no more than 4096 of 32 characters.
 */
const NAMES: (string | undefined)[] = new Array<string | undefined>(4096).fill(undefined);
const MAX_KNOWN_NAME = 32;

/** Character classes of §7.2.2: 1 = white-space, 2 = delimiter, 0 = regular. */
export const CLASS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) CLASS[c] = 1;
for (const c of '()<>[]{}/%') CLASS[c.charCodeAt(0)] = 2;

export const isWhite = (c: number | undefined): boolean => c !== undefined && CLASS[c] === 1;
const isRegular = (c: number | undefined): boolean => c !== undefined && CLASS[c] === 0;
const isDigit = (c: number | undefined): boolean => c !== undefined && c >= 48 && c <= 57;

/** Resolves an indirect `/Length` while a stream is being parsed. */
export type LengthResolver = (ref: PdfRef) => number | undefined;

export class Parser {
  pos: number;
  /** The bytes as a Buffer, made on the first name read: Node turns a range of it into text natively. */
  private text: Buffer | undefined;

  constructor(
    readonly buf: Uint8Array,
    pos = 0,
    private readonly resolveLength?: LengthResolver,
  ) {
    this.pos = pos;
  }

  skipSpace(): void {
    const b = this.buf;
    while (this.pos < b.length) {
      const c = b[this.pos]!;
      if (CLASS[c] === 1) this.pos++;
      else if (c === 37) {
        while (this.pos < b.length && b[this.pos] !== 10 && b[this.pos] !== 13) this.pos++;
      } else break;
    }
  }

  /** The next bare keyword or number as text, without consuming it when `peek`. */
  word(peek = false): string {
    this.skipSpace();
    const start = this.pos;
    let end = start;
    while (end < this.buf.length && isRegular(this.buf[end])) end++;
    if (!peek) this.pos = end;
    let s = '';
    for (let i = start; i < end && i - start < 64; i++) s += String.fromCharCode(this.buf[i]!);
    return s;
  }

  /** Reads a non-negative integer, or returns undefined and leaves the position alone. */
  integer(): number | undefined {
    this.skipSpace();
    let p = this.pos;
    let n = 0;
    const b = this.buf;
    if (!isDigit(b[p])) return undefined;
    while (isDigit(b[p]) && p - this.pos < 15) n = n * 10 + (b[p++]! - 48);
    if (isRegular(b[p]) && b[p] !== 46 && !isDigit(b[p])) return undefined;
    if (b[p] === 46) return undefined;
    this.pos = p;
    return n;
  }

  /** Parses `num gen obj … endobj` at the current position. */
  indirect(): { num: number; gen: number; value: PdfObject } {
    const num = this.integer();
    const gen = this.integer();
    if (num === undefined || gen === undefined || this.word() !== 'obj') {
      throw new PdfSyntaxError(`no object header at ${this.pos}`);
    }
    const value = this.object(0);
    return { num, gen, value };
  }

  object(depth = 0): PdfObject {
    if (depth > MAX_DEPTH) throw new PdfSyntaxError('objects nested too deeply');
    this.skipSpace();
    const b = this.buf;
    const c = b[this.pos];
    if (c === undefined) throw new PdfSyntaxError('unexpected end of file');
    switch (c) {
      case 47:
        return this.name();
      case 40:
        return this.literalString();
      case 91: {
        this.pos++;
        const arr: PdfObject[] = [];
        for (;;) {
          this.skipSpace();
          if (this.pos >= b.length) throw new PdfSyntaxError('unterminated array');
          if (b[this.pos] === 93) {
            this.pos++;
            return arr;
          }
          arr.push(this.object(depth + 1));
        }
      }
      case 60:
        if (b[this.pos + 1] === 60) return this.dictOrStream(depth);
        return this.hexString();
      default:
        break;
    }
    if (isDigit(c) || c === 43 || c === 45 || c === 46) return this.numberOrRef();
    const w = this.word();
    if (w === 'true') return true;
    if (w === 'false') return false;
    if (w === 'null') return null;
    if (w === '') this.pos++;
    throw new PdfSyntaxError(`unexpected token '${w}' at ${this.pos}`);
  }

  private numberOrRef(): PdfObject {
    const b = this.buf;
    const start = this.pos;
    let p = start;
    // Most numbers are whole, without sign or point (object numbers, lengths, widths): read without text.
    let whole = 0;
    while (isDigit(b[p]) && p - start < 15) whole = whole * 10 + (b[p++]! - 48);
    if (p > start && b[p] !== 46 && !isDigit(b[p])) {
      this.pos = p;
      return this.refOr(whole);
    }
    p = start;
    if (b[p] === 43 || b[p] === 45) p++;
    const decimal = this.decimalAt(p);
    if (decimal !== undefined) return b[start] === 45 ? -decimal : decimal;
    while (p < b.length && (isDigit(b[p]) || b[p] === 46)) p++;
    let text = '';
    for (let i = start; i < p && i - start < 40; i++) text += String.fromCharCode(b[i]!);
    this.pos = p;
    const n = Number(text);
    const value = Number.isFinite(n) ? n : 0;
    return Number.isInteger(value) && value >= 0 && !text.includes('.') ? this.refOr(value) : value;
  }

  /**
   * A number with a point and at most 15 digits (`294.921875`, the widths of a font) from `p` on, read
   * without text, or undefined (the position then left alone): its digits as a whole number over a power
   * of ten, both exact in binary, give the nearest double to it, as Number() of its text does.
   */
  private decimalAt(p: number): number | undefined {
    const b = this.buf;
    let digits = 0;
    let whole = 0;
    let point = -1;
    for (; p < b.length; p++) {
      const c = b[p]!;
      if (c >= 48 && c <= 57) {
        whole = whole * 10 + (c - 48);
        digits++;
      } else if (c === 46 && point < 0) point = digits;
      else break;
    }
    if (point < 0 || digits === 0 || digits > 15 || b[p] === 46) return undefined;
    this.pos = p;
    return whole / POWERS_OF_TEN[digits - point]!;
  }

  /** A whole number just read, or the reference it begins (`num gen R`): the position is left after it. */
  private refOr(value: number): PdfObject {
    const b = this.buf;
    const save = this.pos;
    const gen = this.integer();
    if (gen !== undefined) {
      this.skipSpace();
      if (b[this.pos] === 82 && !isRegular(b[this.pos + 1])) {
        this.pos++;
        return new PdfRef(value, gen);
      }
    }
    this.pos = save;
    return value;
  }

  private name(): PdfName {
    return PdfName.of(this.nameText());
  }

  /** The text of the name at the position (its `/` left out), escapes decoded. */
  private nameText(): string {
    const b = this.buf;
    const start = ++this.pos;
    // A name without `#` escapes (nearly all) is its bytes as they are.
    let p = start;
    let hash = 0;
    while (p < b.length && CLASS[b[p]!] === 0 && b[p] !== 35) hash = (hash * 31 + b[p++]!) | 0;
    if (b[p] !== 35) {
      this.pos = p;
      return this.knownName(start, p, hash);
    }
    let s = '';
    while (this.pos < b.length && isRegular(b[this.pos])) {
      const c = b[this.pos]!;
      if (c === 35 && this.pos + 2 < b.length) {
        const h = parseInt(String.fromCharCode(b[this.pos + 1]!, b[this.pos + 2]!), 16);
        if (!Number.isNaN(h)) {
          s += String.fromCharCode(h);
          this.pos += 3;
          continue;
        }
      }
      s += String.fromCharCode(c);
      this.pos++;
    }
    return s;
  }

  /**
   * The bytes from `start` to `end` as text, a character a byte: the text met last with the same hash and
   * bytes (NAMES), else made and noted.
   */
  private knownName(start: number, end: number, hash: number): string {
    const b = this.buf;
    const length = end - start;
    const slot = (hash ^ (length << 7)) & (NAMES.length - 1);
    const known = length <= MAX_KNOWN_NAME ? NAMES[slot] : undefined;
    if (known?.length === length) {
      let i = 0;
      while (i < length && known.charCodeAt(i) === b[start + i]) i++;
      if (i === length) return known;
    }
    const text = (this.text ??= Buffer.from(b.buffer, b.byteOffset, b.byteLength)).toString(
      'latin1',
      start,
      end,
    );
    if (length <= MAX_KNOWN_NAME) NAMES[slot] = text;
    return text;
  }

  private literalString(): PdfString {
    return this.string('unterminated string');
  }

  private hexString(): PdfString {
    return this.string('unterminated hex string');
  }

  private string(unterminated: string): PdfString {
    const out: number[] = [];
    const end = readString(this.buf, this.pos, (c) => out.push(c));
    if (end < 0) throw new PdfSyntaxError(unterminated);
    const hex = this.buf[this.pos] === 60;
    this.pos = end;
    return new PdfString(Uint8Array.from(out), hex);
  }

  private dictOrStream(depth: number): PdfDict | PdfStream {
    const b = this.buf;
    this.pos += 2;
    const dict = new PdfDict();
    for (;;) {
      this.skipSpace();
      if (this.pos >= b.length) throw new PdfSyntaxError('unterminated dictionary');
      if (b[this.pos] === 62 && b[this.pos + 1] === 62) {
        this.pos += 2;
        break;
      }
      // A key is only ever text: it is not interned as a name object.
      if (b[this.pos] !== 47) throw new PdfSyntaxError(`dictionary key is not a name at ${this.pos}`);
      const key = this.nameText();
      dict.set(key, this.object(depth + 1));
    }
    const save = this.pos;
    if (this.word() !== 'stream') {
      this.pos = save;
      return dict;
    }
    // The keyword is followed by CRLF or LF (§7.3.8.1); tolerate a lone CR.
    if (b[this.pos] === 13) this.pos++;
    if (b[this.pos] === 10) this.pos++;
    const start = this.pos;
    const declared = this.streamLength(dict.get('Length'));
    let end = declared === undefined ? -1 : start + declared;
    if (end < start || end > b.length || !this.endstreamNear(end)) end = this.findEndstream(start);
    this.pos = end;
    this.skipSpace();
    if (this.word(true) === 'endstream') this.word();
    return new PdfStream(dict, b.subarray(start, end));
  }

  private streamLength(len: PdfObject | undefined): number | undefined {
    if (typeof len === 'number' && Number.isInteger(len) && len >= 0) return len;
    if (len instanceof PdfRef && this.resolveLength) return this.resolveLength(len);
    return undefined;
  }

  private endstreamNear(end: number): boolean {
    let p = end;
    while (p < this.buf.length && p < end + 4 && isWhite(this.buf[p])) p++;
    return matchAt(this.buf, p, ENDSTREAM);
  }

  /** When `/Length` lies, the data ends before the next `endstream` (minus its end-of-line marker). */
  private findEndstream(start: number): number {
    const at = indexOf(this.buf, ENDSTREAM, start);
    if (at < 0) throw new PdfSyntaxError('stream without endstream');
    let end = at;
    if (this.buf[end - 1] === 10) end--;
    if (this.buf[end - 1] === 13) end--;
    return Math.max(start, end);
  }
}

const ENDSTREAM = bytesOf('endstream');
/** `\n \r \t \b \f \( \) \\` of §7.3.4.2. */
const ESCAPES: Readonly<Record<number, number>> = {
  110: 10,
  114: 13,
  116: 9,
  98: 8,
  102: 12,
  40: 40,
  41: 41,
  92: 92,
};

/**
 * The bytes of the string beginning at `from` (its `(` or `<`, ISO 32000-1 §7.3.4), each given to `each`
 * as it is read, its escapes or hexadecimal digits decoded: where the string ends (past its closing
 * delimiter), or -1 when it does not. Bytes are given one by one, never held: a string may be megabytes.
 */
export function readString(b: Uint8Array, from: number, each: (byte: number) => void): number {
  let pos = from + 1;
  if (b[from] === 60) {
    let hi = -1;
    while (pos < b.length) {
      const c = b[pos++]!;
      if (c === 62) {
        if (hi >= 0) each(hi << 4);
        return pos;
      }
      const v = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;
      if (v < 0) continue;
      if (hi < 0) hi = v;
      else {
        each((hi << 4) | v);
        hi = -1;
      }
    }
    return -1;
  }
  let depth = 1;
  while (pos < b.length) {
    const c = b[pos++]!;
    if (c === 40) depth++;
    else if (c === 41 && --depth === 0) return pos;
    if (c !== 92) {
      each(c);
      continue;
    }
    const e = b[pos++];
    if (e === undefined) break;
    const simple = ESCAPES[e];
    if (simple !== undefined) each(simple);
    else if (e >= 48 && e <= 55) {
      let v = e - 48;
      for (let k = 0; k < 2 && (b[pos] ?? 0) >= 48 && (b[pos] ?? 0) <= 55; k++) v = v * 8 + (b[pos++]! - 48);
      each(v & 0xff);
    } else if (e === 13) {
      if (b[pos] === 10) pos++;
    } else if (e !== 10) each(e);
  }
  return -1;
}

export function bytesOf(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

export function matchAt(buf: Uint8Array, at: number, needle: Uint8Array): boolean {
  if (at < 0 || at + needle.length > buf.length) return false;
  for (let i = 0; i < needle.length; i++) if (buf[at + i] !== needle[i]) return false;
  return true;
}

/** Forward search; Buffer's native indexOf is far faster than a JS loop on large files. */
export function indexOf(buf: Uint8Array, needle: Uint8Array, from = 0): number {
  return Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).indexOf(needle, from);
}

export function lastIndexOf(buf: Uint8Array, needle: Uint8Array, from = buf.length): number {
  return Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).lastIndexOf(needle, from);
}
