/**
 * Text back to bytes in the encoding a document was read in, so that an edited document keeps its
 * encoding (and an unedited one its bytes). Null when the text cannot be written in that encoding.
 */
import type { XmlEncoding } from './tree';

export function encodeXml(text: string, encoding: XmlEncoding): Uint8Array | null {
  switch (encoding.name) {
    case 'UTF-8':
      return new Uint8Array(Buffer.from(text, 'utf8'));
    case 'UTF-16LE':
      return new Uint8Array(Buffer.from(text, 'utf16le'));
    case 'UTF-16BE':
      return new Uint8Array(Buffer.from(text, 'utf16le').swap16());
    case 'ISO-8859-1':
      return singleByte(text, 0xff);
    case 'US-ASCII':
      return singleByte(text, 0x7f);
    default:
      return null;
  }
}

function singleByte(text: string, max: number): Uint8Array | null {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > max) return null;
  return new Uint8Array(Buffer.from(text, 'latin1'));
}
