/**
 * An XML document read from bytes: decoded by its byte-order mark or declared encoding (decode.ts), then
 * parsed strictly (parse.ts). Every document the application receives is read this way; the encoding it
 * was read in stays on the tree (`doc.encoding`: Factur-X requires UTF-8, the validator says so otherwise).
 */
import { decodeXml } from './decode';
import { parseXml, xmlError, type ParseOptions, type ParseResult } from './parse';

export function parseXmlBytes(bytes: Uint8Array, options: ParseOptions = {}): ParseResult {
  const decoded = decodeXml(bytes);
  if (!decoded.ok) return decoded;
  const parsed = parseXml(decoded.text, { ...options, encoding: decoded.encoding });
  if (!parsed.ok) return parsed;
  const declared = parsed.doc.declaration;
  if (declared?.encoding && !sameEncoding(declared.encoding, decoded.encoding.name)) {
    const error = xmlError(
      decoded.text,
      'xml_not_well_formed',
      'encoding_mismatch',
      declared.encodingAt,
      declared.encoding,
    );
    return { ok: false, error };
  }
  return parsed;
}

/** Whether a declared encoding name stands for the encoding the bytes were read in. */
function sameEncoding(declared: string, read: string): boolean {
  const name = declared.toUpperCase();
  if (read === 'UTF-8') return /^UTF-?8$/.test(name);
  if (read === 'UTF-16LE' || read === 'UTF-16BE') return /^UTF-?16(?:LE|BE)?$/.test(name);
  if (read === 'ISO-8859-1') return ['ISO-8859-1', 'LATIN1', 'ISO_8859-1', 'L1'].includes(name);
  if (read === 'US-ASCII') return name === 'US-ASCII' || name === 'ASCII';
  return name === read;
}

/** A document given as bytes (read by their encoding) or as text already decoded. */
export function readXml(input: string | Uint8Array, options: ParseOptions = {}): ParseResult {
  return typeof input === 'string' ? parseXml(input, options) : parseXmlBytes(input, options);
}
