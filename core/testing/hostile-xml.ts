/**
 * Hostile and malformed XML of each class the robustness tests and benchmarks need, made from the
 * project's own valid invoice (the first golden example written as CII), so that they run without the
 * shared corpus. Each generator is deterministic.
 */
import { GUIDELINE_ID } from '../cii/profile';
import { invoiceDataToCii } from '../invoice-data/convert';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import { invoiceWithLines } from './generated-invoice';

const utf8 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));

/** A valid EN 16931 invoice (three lines of XML). */
export function goldenCii(): string {
  const written = invoiceDataToCii(GOLDEN_EXAMPLES[0]!.invoice_data, 'EN16931');
  if (!written.ok) throw new Error(JSON.stringify(written.error));
  if (written.xml === null) throw new Error('the golden invoice lacks what its schema requires');
  return written.xml;
}

/** The seller's name, whose text the byte-level fixtures alter. */
const SELLER_NAME =
  /(<ram:SellerTradeParty>(?:(?!<\/ram:SellerTradeParty>)[\s\S])*?<ram:Name>)([^<]*)(<\/ram:Name>)/;

function withSellerName(xml: string, name: string): string {
  if (!SELLER_NAME.test(xml)) throw new Error('the golden invoice has no seller name');
  return xml.replace(SELLER_NAME, (_m, open: string, _name: string, close: string) => open + name + close);
}

/** A document declared UTF-8 whose seller name holds ISO-8859-1 bytes (`Société` with 0xE9). */
export function nonUtf8Bytes(): Uint8Array {
  const xml = withSellerName(goldenCii(), 'Soci\u00e9t\u00e9 Latin');
  const at = xml.indexOf('Soci\u00e9t\u00e9 Latin');
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(xml.slice(0, at), 'utf8'),
      Buffer.from('Soci\u00e9t\u00e9 Latin', 'latin1'),
      Buffer.from(xml.slice(at + 'Soci\u00e9t\u00e9 Latin'.length), 'utf8'),
    ]),
  );
}

/** The XML declaration naming an encoding that is not an encoding name. */
export function badEncodingName(): Uint8Array {
  return utf8(goldenCii().replace(/encoding="UTF-8"/i, 'encoding="UTF-8-W/O-BOM"'));
}

/** The invoice in UTF-16 (little- or big-endian) with its byte-order mark, as XML 1.0 allows. */
export function utf16Invoice(order: 'LE' | 'BE'): Uint8Array {
  const text = '\uFEFF' + goldenCii().replace(/encoding="UTF-8"/i, 'encoding="UTF-16"');
  const le = Buffer.from(text, 'utf16le');
  return new Uint8Array(order === 'LE' ? le : le.swap16());
}

/** Misused processing instructions and CDATA sections, each inside an otherwise valid invoice. */
export const MISUSED_MARKUP: Readonly<Record<string, () => string>> = {
  'a second XML declaration in the content': () => withSellerName(goldenCii(), '<?xml version="1.0"?>Seller'),
  'a processing instruction named XML': () => withSellerName(goldenCii(), '<?XML data?>Seller'),
  'a processing instruction target with a colon': () => withSellerName(goldenCii(), '<?a:b data?>Seller'),
  'a processing instruction without a target': () => withSellerName(goldenCii(), '<? data?>Seller'),
  "']]>' in text": () => withSellerName(goldenCii(), 'Seller ]]> Ltd'),
  'a CDATA section before the root': () => goldenCii().replace('<rsm:', '<![CDATA[x]]><rsm:'),
  'a CDATA section after the root': () => `${goldenCii()}<![CDATA[x]]>`,
  'an unterminated CDATA section': () => withSellerName(goldenCii(), '<![CDATA[Seller'),
  "'--' in a comment": () => withSellerName(goldenCii(), '<!-- a -- b -->Seller'),
  'a form feed in text': () => withSellerName(goldenCii(), 'Seller\fLtd'),
};

/** The invoice pretty-printed one element a line, with enough invoice lines to reach `lines` lines. */
export function manyLinesCii(lines: number): string {
  const pretty = (items: number): string => invoiceWithLines(goldenCii(), items).replace(/></g, '>\n<');
  const count = (text: string): number => text.split('\n').length;
  const one = count(pretty(1));
  const perItem = count(pretty(2)) - one;
  return pretty(Math.max(1, 1 + Math.ceil((lines - one) / perItem)));
}

/**
 * The namespace-declaration bomb: every element of an invoice with `items` lines declares a namespace of
 * its own (a fresh prefix each time), so a parser that copies the scope per element does quadratic work.
 */
export function namespaceBomb(items: number): string {
  let n = 0;
  return invoiceWithLines(goldenCii(), items).replace(/<([A-Za-z][\w.-]*:[\w.-]+)(?=[\s/>])/g, (m) => {
    n += 1;
    return `${m} xmlns:n${n}="urn:example:bomb:${n}"`;
  });
}

/**
 * A valid EXTENDED invoice of `items` lines: the profile's own rule BR-FXEXT-06 compares each line with
 * every other (`some $other in ../ram:IncludedSupplyChainTradeLineItem`), quadratic in the lines as the
 * official artefact writes it, linear as the evaluator answers it (core/rules/xpath/xpath-join.ts).
 */
export function extendedManyLines(items: number): string {
  return invoiceWithLines(goldenCii(), items).replace(
    `<ram:ID>${GUIDELINE_ID.EN16931}</ram:ID>`,
    `<ram:ID>${GUIDELINE_ID.EXTENDED}</ram:ID>`,
  );
}
