/**
 * From bytes to the text of an XML document, by XML 1.0 §4.3.3 and Appendix F: a byte-order mark
 * decides first (UTF-8, UTF-16 either way), else the encoding the XML declaration names, else UTF-8.
 * Bytes that are not in the encoding are refused with their position (never read as replacement
 * characters), and so is a declaration that contradicts the byte-order mark or the bytes.
 *
 * Factur-X requires UTF-8; a document in another encoding is still read, and its encoding is returned so
 * that the validator can say so.
 */
import { xmlError } from './parse';
import type { XmlEncoding, XmlError, XmlErrorCode } from './tree';
import type { XmlReason } from './messages';

export type DecodeResult =
  | { readonly ok: true; readonly text: string; readonly encoding: XmlEncoding }
  | { readonly ok: false; readonly error: XmlError };

const UTF8: XmlEncoding = { name: 'UTF-8', bom: false };

/** The encoding pseudo-attribute of an XML declaration, read leniently (the parser checks its syntax). */
const DECLARED_ENCODING = /^<\?xml[\t\n\r ][^>]*?encoding[\t\n\r ]*=[\t\n\r ]*(["'])([^"'<>?]*)\1/;

/** EncName [81]. */
const ENCODING_NAME = /^[A-Za-z][A-Za-z0-9._-]*$/;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function decodeXml(bytes: Uint8Array): DecodeResult {
  const [b0, b1, b2, b3] = bytes;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return readUtf8(bytes, true);
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) {
    if (b0 === 0xff && b2 === 0 && b3 === 0)
      return refuse('', 'xml_unsupported_encoding', 'unsupported_encoding', 0, 'UTF-32');
    return readUtf16(bytes, b0 === 0xff ? 'UTF-16LE' : 'UTF-16BE');
  }
  if ((b0 === 0 && b1 === 0x3c) || (b0 === 0x3c && b1 === 0 && b2 !== 0)) {
    return refuse('', 'xml_not_well_formed', 'utf16_without_bom', 0);
  }
  if (b0 === 0 && b1 === 0)
    return refuse('', 'xml_unsupported_encoding', 'unsupported_encoding', 0, 'UTF-32');
  // The declaration ends at the first `>`: only that much is read here, the whole text once, below.
  const close = bytes.subarray(0, 1024).indexOf(0x3e);
  const head = latin1(bytes.subarray(0, close < 0 ? 1024 : close + 1));
  const declared = declaredEncoding(head, 0);
  if (declared && !ENCODING_NAME.test(declared.name)) return badName(head, declared);
  if (!declared || /^utf-?8$/i.test(declared.name)) return readUtf8(bytes, false);
  return readDeclared(bytes, declared.name, head, declared.at);
}

/** The encoding name a declaration at `start` of `text` gives, and its offset. */
function declaredEncoding(text: string, start: number): { name: string; at: number } | null {
  const found = DECLARED_ENCODING.exec(text.slice(start, start + 1024));
  if (!found) return null;
  const name = found[2]!;
  return { name, at: start + found.index + found[0].length - name.length - 1 };
}

const badName = (text: string, declared: { name: string; at: number }): DecodeResult =>
  refuse(text, 'xml_not_well_formed', 'declaration_encoding_value', declared.at, declared.name);

function readUtf8(bytes: Uint8Array, bom: boolean): DecodeResult {
  try {
    const text = utf8.decode(bytes);
    const declared = bom ? declaredEncoding(text, 1) : null;
    if (declared && !ENCODING_NAME.test(declared.name)) return badName(text, declared);
    if (declared && !/^utf-?8$/i.test(declared.name)) {
      return refuse(text, 'xml_not_well_formed', 'encoding_mismatch', declared.at, declared.name);
    }
    return { ok: true, text, encoding: bom ? { name: 'UTF-8', bom } : UTF8 };
  } catch {
    const bad = firstInvalidUtf8(bytes);
    const before = utf8.decode(bytes.subarray(0, bad));
    const shown = `0x${bytes[bad]!.toString(16).toUpperCase().padStart(2, '0')}`;
    return refuse(before, 'xml_not_well_formed', 'bad_utf8', before.length, shown);
  }
}

function readUtf16(bytes: Uint8Array, name: 'UTF-16LE' | 'UTF-16BE'): DecodeResult {
  const decoder = new TextDecoder(name === 'UTF-16LE' ? 'utf-16le' : 'utf-16be', {
    fatal: true,
    ignoreBOM: true,
  });
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    const lenient = new TextDecoder(name === 'UTF-16LE' ? 'utf-16le' : 'utf-16be', { ignoreBOM: true });
    const partial = lenient.decode(bytes);
    const bad = Math.max(0, partial.indexOf('\uFFFD'));
    return refuse(partial, 'xml_not_well_formed', 'bad_bytes', bad, 'UTF-16');
  }
  const declared = declaredEncoding(text, 1);
  if (declared && !ENCODING_NAME.test(declared.name)) return badName(text, declared);
  if (declared && !/^utf-?16(?:le|be)?$/i.test(declared.name)) {
    return refuse(text, 'xml_not_well_formed', 'encoding_mismatch', declared.at, declared.name);
  }
  return { ok: true, text, encoding: { name, bom: true } };
}

/** A document in an ASCII-compatible encoding its declaration names (other than UTF-8). */
function readDeclared(bytes: Uint8Array, name: string, head: string, at: number): DecodeResult {
  const upper = name.toUpperCase();
  if (/^(?:UTF-?16|UTF-?32|UCS-?[24]|ISO-10646-UCS-[24])(?:LE|BE)?$/.test(upper)) {
    return refuse(head, 'xml_not_well_formed', 'encoding_mismatch', at, name);
  }
  if (upper === 'US-ASCII' || upper === 'ASCII') {
    const bad = bytes.findIndex((b) => b >= 0x80);
    if (bad !== -1)
      return refuse(latin1(bytes.subarray(0, bad)), 'xml_not_well_formed', 'bad_bytes', bad, name);
    return { ok: true, text: latin1(bytes), encoding: { name: 'US-ASCII', bom: false } };
  }
  // The Encoding Standard reads ISO-8859-1 as windows-1252; XML means ISO-8859-1 itself.
  if (upper === 'ISO-8859-1' || upper === 'LATIN1' || upper === 'ISO_8859-1' || upper === 'L1') {
    return { ok: true, text: latin1(bytes), encoding: { name: 'ISO-8859-1', bom: false } };
  }
  const decoder = decoderFor(name);
  // Labels the Encoding Standard maps to no real decoder (`replacement`, `x-user-defined`) read nothing.
  if (!decoder || decoder.encoding === 'replacement' || decoder.encoding === 'x-user-defined') {
    return refuse(head, 'xml_unsupported_encoding', 'unsupported_encoding', at, name);
  }
  try {
    return { ok: true, text: decoder.decode(bytes), encoding: { name: upper, bom: false } };
  } catch {
    const partial = new TextDecoder(name).decode(bytes);
    const bad = Math.max(0, partial.indexOf('\uFFFD'));
    return refuse(partial, 'xml_not_well_formed', 'bad_bytes', bad, name);
  }
}

function decoderFor(label: string) {
  try {
    return new TextDecoder(label, { fatal: true });
  } catch {
    return null;
  }
}

function refuse(
  text: string,
  code: XmlErrorCode,
  reason: XmlReason,
  at: number,
  detail?: string,
): DecodeResult {
  return { ok: false, error: xmlError(text, code, reason, at, detail) };
}

/**
 * ISO-8859-1 is the first 256 code points, byte for byte (without Node's Buffer: the page reads XML too).
 * The bytes are passed as the arguments' array itself: spread, they would go one by one through an
 * iterator (five to eight times slower; the head of every document is read so).
 */
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    text += Reflect.apply(String.fromCharCode, null, bytes.subarray(at, at + 0x8000)) as string;
  return text;
}

/** Length of the UTF-8 sequence a lead byte starts (0 for a byte that cannot start one). */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** Offset of the first byte that does not begin a well-formed UTF-8 sequence (Unicode table 3-7). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    const length = sequenceLength(lead);
    if (length === 1) {
      i += 1;
      continue;
    }
    if (length === 0 || i + length > bytes.length) return i;
    const second = bytes[i + 1]!;
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    if (second < low || second > high) return i;
    for (let k = 2; k < length; k++) {
      const b = bytes[i + k]!;
      if (b < 0x80 || b > 0xbf) return i;
    }
    i += length;
  }
  return bytes.length;
}
