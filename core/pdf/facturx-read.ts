/**
 * Extraction of the invoice XML from a Factur-X 1.0, ZUGFeRD 2.x or XRechnung PDF, with the Factur-X XMP
 * properties and the profile of the XML, and the disagreements between the two.
 */
import type { LocalizedText } from '../api/lang';
import { CONFORMANCE_LEVEL, type Profile, guidelineOf, profileOfGuideline } from '../cii/profile';
import { parseXmlBytes } from '../xml/parse-bytes';
import { type Attachment, attachmentsOf } from './attachments';
import { type PdfError, openFailure, pdfError, unextractable } from './errors';
import { PdfDocument } from './reader/document';
import { PdfStream } from './reader/objects';
import { type FacturxXmp, type XmpPacket, facturxXmpOf, readXmp } from './xmp-read';

/** The names Factur-X 1.0, ZUGFeRD 2.0 and XRechnung carriers give the invoice, in order of preference. */
export const INVOICE_FILE_NAMES = [
  'factur-x.xml',
  'zugferd-invoice.xml',
  'ZUGFeRD-invoice.xml',
  'xrechnung.xml',
];

export interface XmpMismatch {
  readonly field: 'ConformanceLevel' | 'DocumentFileName' | 'DocumentType' | 'metadata';
  readonly xmp: string | null;
  readonly expected: string;
  readonly message: { readonly en: string; readonly fr: string };
}

export interface ExtractSuccess {
  readonly ok: true;
  /** The embedded invoice, byte for byte. */
  readonly xml: Uint8Array;
  /** Name of the embedded file (`factur-x.xml`, …). */
  readonly xmlFilename: string;
  /** Where the file was found: through the catalog `/AF` or the `/EmbeddedFiles` name tree only. */
  readonly foundBy: Attachment['source'];
  /** BT-24 of the XML and the profile it declares (a CIUS such as XRechnung counts as EN16931). */
  readonly guidelineId: string | null;
  readonly profile: Profile | null;
  readonly xmp: FacturxXmp;
  readonly mismatches: readonly XmpMismatch[];
  readonly filename: string;
  readonly pageCount: number;
}

export type ExtractResult = ExtractSuccess | { readonly ok: false; readonly error: PdfError };

const EMPTY_UPLOAD: LocalizedText = { en: 'The uploaded file is empty.', fr: 'Le fichier envoyé est vide.' };

const NO_EMBEDDED_XML: LocalizedText = {
  en: 'The PDF has no embedded Factur-X / ZUGFeRD / XRechnung XML.',
  fr: 'Le PDF ne contient aucun XML Factur-X / ZUGFeRD / XRechnung intégré.',
};

export function extractFacturx(bytes: Uint8Array, filename: string): ExtractResult {
  if (bytes.length === 0) return { ok: false, error: pdfError('empty_file', EMPTY_UPLOAD) };
  const opened = PdfDocument.open(bytes);
  if (!opened.ok) return { ok: false, error: openFailure(opened.error) };
  const doc = opened.doc;
  const chosen = pickInvoice(doc, attachmentsOf(doc));
  if (!chosen) {
    return {
      ok: false,
      error: unextractable('no_embedded_xml', NO_EMBEDDED_XML),
    };
  }
  const { attachment, xml } = chosen;
  const guidelineId = guidelineOfXml(xml);
  const profile = guidelineId === null ? null : profileOfGuideline(guidelineId);
  const pages = doc.dict(doc.catalog()?.get('Pages'));
  const count = doc.resolve(pages?.get('Count'));
  // The XMP is read only by those who ask for it: extracting the invoice does not need it.
  let xmp: FacturxXmp | undefined;
  const xmpOf = (): FacturxXmp => (xmp ??= facturxXmpOf(metadataOf(doc)));
  return {
    ok: true,
    xml,
    xmlFilename: attachment.name,
    foundBy: attachment.source,
    guidelineId,
    profile,
    get xmp() {
      return xmpOf();
    },
    get mismatches() {
      return mismatches(xmpOf(), profile, guidelineId, attachment.name);
    },
    filename,
    pageCount: typeof count === 'number' && count >= 0 ? count : 0,
  };
}

function pickInvoice(
  doc: PdfDocument,
  all: Attachment[],
): { attachment: Attachment; xml: Uint8Array } | undefined {
  const withData = all.filter((a) => a.stream);
  const standard = (a: Attachment): number => {
    const i = INVOICE_FILE_NAMES.findIndex((n) => n.toLowerCase() === a.name.toLowerCase());
    return i < 0 ? INVOICE_FILE_NAMES.length : i;
  };
  const byName = [
    ...withData.filter((a) => a.source === 'AF'),
    ...withData.filter((a) => a.source === 'EmbeddedFiles'),
  ]
    .filter((a) => standard(a) < INVOICE_FILE_NAMES.length)
    .sort((a, b) => (a.source === b.source ? standard(a) - standard(b) : 0));
  for (const a of byName) {
    const xml = data(doc, a);
    if (xml) return { attachment: a, xml };
  }
  // Some producers use another name: accept any embedded XML whose root is a CII invoice.
  for (const a of withData) {
    if (!a.name.toLowerCase().endsWith('.xml')) continue;
    const xml = data(doc, a);
    if (xml && looksLikeCii(xml)) return { attachment: a, xml };
  }
  return undefined;
}

function data(doc: PdfDocument, a: Attachment): Uint8Array | undefined {
  if (!a.stream) return undefined;
  const d = doc.decode(a.stream);
  return d.ok ? d.bytes : undefined;
}

function looksLikeCii(xml: Uint8Array): boolean {
  const head = new TextDecoder().decode(xml.subarray(0, 2048));
  return /<([A-Za-z_][\w.-]*:)?CrossIndustryInvoice[\s>]/.test(head);
}

/** The markup BT-24's identifier follows, and the identifier: its text is group 1. */
const GUIDELINE =
  /GuidelineSpecifiedDocumentContextParameter>\s*<(?:[A-Za-z_][\w.-]*:)?ID(?:\s[^>]*)?>([^<]*)</;
const GUIDELINE_TAG = Buffer.from('GuidelineSpecifiedDocumentContextParameter>', 'latin1');
/** The scan's reach, and the bytes after the tag read first (an identifier is some dozens of bytes). */
const HEAD = 8192;
const NEAR = 512;
const utf8 = new TextDecoder();

/**
 * BT-24 from the start of the document: the context comes first in every CII invoice, so a short scan
 * avoids parsing a whole (sometimes megabyte-sized) XML; the full parse is the fallback. The scan reads
 * the bytes as Latin-1, one character a byte (the markup it looks for is ASCII, and no byte of a UTF-8
 * sequence is `<` or `>`), and decodes only the identifier as UTF-8. No match begins before the tag's first
 * place: the bytes are made text from there, the few hundred after it first (this runs three times for
 * each file converted), the rest of the head when no match begins there and ends within them.
 */
export function guidelineOfXml(xml: Uint8Array): string | null {
  const head = Buffer.from(xml.buffer, xml.byteOffset, Math.min(xml.length, HEAD));
  const at = head.indexOf(GUIDELINE_TAG);
  const id = at < 0 ? null : (identifierAt(head, at, at + NEAR, true) ?? identifierAt(head, at, HEAD, false));
  if (id !== null) return id;
  const parsed = parseXmlBytes(xml);
  return parsed.ok ? guidelineOf(parsed.doc.root) : null;
}

/**
 * The identifier of the first match in the head's bytes from `at` to `end`, decoded; when `first`, only of
 * a match at `at` itself (a later one within the bytes read may come after one that ends beyond them).
 */
function identifierAt(head: Buffer, at: number, end: number, first: boolean): string | null {
  const m = GUIDELINE.exec(head.toString('latin1', at, Math.min(end, head.length)));
  if (!m || (first && m.index > 0)) return null;
  const stop = at + m.index + m[0].length - 1;
  return decodeEntities(utf8.decode(head.subarray(stop - m[1]!.length, stop)).trim());
}

function decodeEntities(s: string): string {
  return s.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? '',
  );
}

function metadataOf(doc: PdfDocument): XmpPacket | null {
  const m = doc.resolve(doc.catalog()?.get('Metadata'));
  if (!(m instanceof PdfStream)) return null;
  const d = doc.decode(m);
  if (!d.ok) return null;
  const r = readXmp(d.bytes);
  return r.ok ? r.xmp : null;
}

function mismatches(
  xmp: FacturxXmp,
  profile: Profile | null,
  guidelineId: string | null,
  xmlName: string,
): XmpMismatch[] {
  const out: XmpMismatch[] = [];
  if (!xmp.namespace) {
    out.push({
      field: 'metadata',
      xmp: null,
      expected: 'Factur-X XMP properties',
      message: {
        en: 'The PDF metadata carries no Factur-X / ZUGFeRD properties',
        fr: 'Les métadonnées du PDF ne portent aucune propriété Factur-X / ZUGFeRD',
      },
    });
    return out;
  }
  if (profile) {
    const xrechnung = guidelineId?.toLowerCase().includes('xrechnung') ?? false;
    const accepted = [CONFORMANCE_LEVEL[profile], ...(xrechnung ? ['XRECHNUNG'] : [])];
    // ZUGFeRD 2.0 wrote "EN 16931" as "COMFORT" and kept case loosely; compare without spaces and case.
    const norm = (s: string): string => s.replace(/[\s_]/g, '').toUpperCase();
    const level = xmp.conformanceLevel;
    const ok =
      level !== null &&
      (accepted.some((a) => norm(a) === norm(level)) || (profile === 'EN16931' && norm(level) === 'COMFORT'));
    if (!ok) {
      out.push({
        field: 'ConformanceLevel',
        xmp: level,
        expected: CONFORMANCE_LEVEL[profile],
        message: {
          en: `XMP ConformanceLevel ${level ?? '(missing)'} does not match the XML profile ${CONFORMANCE_LEVEL[profile]}`,
          fr: `Le ConformanceLevel XMP ${level ?? '(absent)'} ne correspond pas au profil du XML ${CONFORMANCE_LEVEL[profile]}`,
        },
      });
    }
  }
  if (xmp.documentFileName !== null && xmp.documentFileName !== xmlName) {
    out.push({
      field: 'DocumentFileName',
      xmp: xmp.documentFileName,
      expected: xmlName,
      message: {
        en: `XMP DocumentFileName ${xmp.documentFileName} differs from the embedded file ${xmlName}`,
        fr: `Le DocumentFileName XMP ${xmp.documentFileName} diffère du fichier joint ${xmlName}`,
      },
    });
  }
  if (xmp.documentType !== null && xmp.documentType.toUpperCase() !== 'INVOICE') {
    out.push({
      field: 'DocumentType',
      xmp: xmp.documentType,
      expected: 'INVOICE',
      message: {
        en: `XMP DocumentType ${xmp.documentType} is not INVOICE`,
        fr: `Le DocumentType XMP ${xmp.documentType} n'est pas INVOICE`,
      },
    });
  }
  return out;
}
