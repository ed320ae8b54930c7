/**
 * Serialisation of PDF objects (ISO 32000-1 §7.3) for the objects we add to a file. Output is built as a
 * list of byte chunks: strings in Latin-1, stream data as it is.
 */
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfObject } from '../reader/objects';

export class ByteSink {
  private readonly chunks: Uint8Array[] = [];
  /**
   * The text written since the last bytes, encoded at once when bytes follow or at the end: an object is
   * written as a few hundred tokens, each a buffer of its own otherwise. Latin-1 is a byte a character,
   * so the text's length is its bytes' and encoding it whole gives the bytes of its parts end to end.
   */
  private pending = '';
  length = 0;

  text(s: string): this {
    this.pending += s;
    this.length += s.length;
    return this;
  }

  bytes(b: Uint8Array): this {
    this.flush();
    this.chunks.push(b);
    this.length += b.length;
    return this;
  }

  concat(): Uint8Array {
    this.flush();
    return Buffer.concat(this.chunks, this.length);
  }

  private flush(): void {
    if (this.pending === '') return;
    this.chunks.push(Buffer.from(this.pending, 'latin1'));
    this.pending = '';
  }
}

const NAME_ESCAPE = /[^!-~]|[#()<>[\]{}/%]/g;

export function nameText(name: string): string {
  return (
    '/' + name.replace(NAME_ESCAPE, (c) => '#' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'))
  );
}

export function numberText(n: number): string {
  if (Number.isInteger(n)) return String(n);
  if (!Number.isFinite(n)) return '0';
  const s = n.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

/** Writes `o`; streams are written with a `/Length` that counts their raw bytes. */
export function writeObject(sink: ByteSink, o: PdfObject): void {
  if (o === null) sink.text('null');
  else if (typeof o === 'boolean') sink.text(o ? 'true' : 'false');
  else if (typeof o === 'number') sink.text(numberText(o));
  else if (o instanceof PdfName) sink.text(nameText(o.name));
  else if (o instanceof PdfRef) sink.text(`${o.num} ${o.gen} R`);
  else if (o instanceof PdfString) sink.text('<' + Buffer.from(o.bytes).toString('hex') + '>');
  else if (Array.isArray(o)) {
    sink.text('[');
    o.forEach((item, i) => {
      if (i > 0) sink.text(' ');
      writeObject(sink, item);
    });
    sink.text(']');
  } else if (o instanceof PdfDict) writeDict(sink, o);
  else if (o instanceof PdfStream) {
    const dict = new PdfDict(new Map(o.dict.map)).set('Length', o.raw.length);
    writeDict(sink, dict);
    // PDF/A §6.1.7.1: EOL after `stream` and before `endstream`.
    sink.text('\nstream\n').bytes(o.raw).text('\nendstream');
  }
}

function writeDict(sink: ByteSink, d: PdfDict): void {
  sink.text('<<');
  for (const [k, v] of d.map) {
    if (v === undefined) continue;
    sink.text(nameText(k)).text(' ');
    writeObject(sink, v);
  }
  sink.text('>>');
}

/** A text string (§7.9.2.2): PDFDocEncoding-safe ASCII as is, anything else UTF-16BE with a BOM. */
export function textString(s: string): PdfString {
  if (/^[\x20-\x7e]*$/.test(s)) return new PdfString(Buffer.from(s, 'latin1'));
  const out = Buffer.alloc(2 + s.length * 2);
  out[0] = 0xfe;
  out[1] = 0xff;
  for (let i = 0; i < s.length; i++) out.writeUInt16BE(s.charCodeAt(i), 2 + i * 2);
  return new PdfString(out);
}

export const name = (n: string): PdfName => PdfName.of(n);
export const dict = (entries: Record<string, PdfObject | undefined>): PdfDict => {
  const d = new PdfDict();
  for (const [k, v] of Object.entries(entries)) if (v !== undefined) d.set(k, v);
  return d;
};
