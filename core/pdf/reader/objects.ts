/**
 * The PDF object model of our own reader and writer (ISO 32000-1 §7.3). Streams keep only the position of
 * their raw data in the file, so nothing is decoded until someone asks for it.
 */

export class PdfName {
  private static readonly interned = new Map<string, PdfName>();
  private constructor(readonly name: string) {}
  /**
   * The first 10,000 names are interned, so that a long-running process keeps no unbounded table of the
   * names files bring: beyond them, two equal names may be two objects, so names compare by `name`
   * (isName), never by identity.
   */
  static of(name: string): PdfName {
    let n = PdfName.interned.get(name);
    if (!n) {
      n = new PdfName(name);
      if (PdfName.interned.size < 10_000) PdfName.interned.set(name, n);
    }
    return n;
  }
}

export class PdfString {
  constructor(
    readonly bytes: Uint8Array,
    readonly hex = false,
  ) {}
}

/** Links of a chain of references a reader follows before giving up on it. */
export const MAX_REF_CHAIN = 32;

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}

export class PdfDict {
  constructor(readonly map: Map<string, PdfObject> = new Map()) {}
  get(key: string): PdfObject | undefined {
    return this.map.get(key);
  }
  set(key: string, value: PdfObject): this {
    this.map.set(key, value);
    return this;
  }
}

export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    /** The raw (still encoded) data; a view into the file or freshly made bytes. */
    readonly raw: Uint8Array,
  ) {}
}

export type PdfArray = PdfObject[];
export type PdfObject =
  null | boolean | number | PdfName | PdfString | PdfRef | PdfDict | PdfStream | PdfArray;

export const isName = (o: PdfObject | undefined, name?: string): o is PdfName =>
  o instanceof PdfName && (name === undefined || o.name === name);

export const nameOf = (o: PdfObject | undefined): string | undefined =>
  o instanceof PdfName ? o.name : undefined;

/** A PDF text string (§7.9.2.2): UTF-16BE with BOM, UTF-8 with BOM, or PDFDocEncoding (≈ Latin-1 here). */
export function textOf(o: PdfObject | undefined): string | undefined {
  if (!(o instanceof PdfString)) return undefined;
  const b = o.bytes;
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
    let s = '';
    for (let i = 2; i + 1 < b.length; i += 2) s += String.fromCharCode((b[i]! << 8) | b[i + 1]!);
    return s;
  }
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
    return new TextDecoder().decode(b.subarray(3));
  }
  return latin1(b);
}

export function latin1(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 4096) {
    s += String.fromCharCode(...b.subarray(i, Math.min(b.length, i + 4096)));
  }
  return s;
}
