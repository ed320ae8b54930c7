/**
 * The PDF-side checker: the PDF/A-3 requirements of ISO 19005-3 and the Factur-X 1.09 carrier
 * requirements, reported as findings for two validation stages, `pdfa` and `facturx_pdf`. Each check is a
 * row of `PDF_CHECKS` (stage, severity, clause); the table with the reasons is in README.md. It is a
 * structural check, not a full PDF/A validator (glyph widths, fonts beyond embedding and colour spaces
 * beyond device colour are not examined).
 */
import { CONFORMANCE_LEVEL, profileOfGuideline, type Profile } from '../cii/profile';
import { type Attachment, attachmentsOf } from './attachments';
import { INVOICE_FILE_NAMES, guidelineOfXml } from './facturx-read';
import { FACTURX_FILENAME } from './facturx-write';
import { inspect } from './inspect';
import { PdfDocument } from './reader/document';
import { PdfDict, type PdfObject, PdfRef, PdfStream, PdfString, nameOf } from './reader/objects';
import { bytesOf, lastIndexOf, matchAt } from './reader/parser';
import { type XmpPacket, facturxXmpOf, readXmp } from './xmp-read';

export type PdfStage = 'pdfa' | 'facturx_pdf';

export interface PdfFinding {
  readonly id: string;
  readonly stage: PdfStage;
  readonly severity: 'error' | 'warning';
  /**
   * The requirement checked: `ISO 19005-3 §6.1.3 [6.1.3-1]` (clause, and in brackets the test number of
   * veraPDF's PDF/A-3B rule for it) or `Factur-X 1.09 (…)`.
   */
  readonly clause: string;
  readonly message: { readonly en: string; readonly fr: string };
}

export interface PdfStageResult {
  readonly passed: boolean;
  readonly skipped: boolean;
  readonly skip_reason: string | null;
  readonly error_count: number;
  readonly warning_count: number;
  readonly findings: readonly PdfFinding[];
}

export type PdfCheckResult = Readonly<Record<PdfStage, PdfStageResult>>;

const PDFA = 'ISO 19005-3';
const FX = 'Factur-X 1.09';

interface PdfCheck {
  readonly stage: PdfStage;
  /** `error`: a PDF/A-3 validator fails the file or Factur-X requires it; `warning`: neither does. */
  readonly severity: PdfFinding['severity'];
  readonly clause: string;
}

const pdfa = (clause: string, severity: PdfFinding['severity'] = 'error'): PdfCheck => ({
  stage: 'pdfa',
  severity,
  clause,
});
const fx = (clause: string, severity: PdfFinding['severity'] = 'error'): PdfCheck => ({
  stage: 'facturx_pdf',
  severity,
  clause,
});

/** Every check, with the clause it holds the file to (README.md gives the reason for each severity). */
export const PDF_CHECKS = {
  'PDFA-READ': pdfa(`${PDFA} §6.1 (ISO 32000-1 §7.5)`),
  'PDFA-HEADER': pdfa(`${PDFA} §6.1.2 [6.1.2-1]`),
  'PDFA-BINARY-COMMENT': pdfa(`${PDFA} §6.1.2 [6.1.2-2]`),
  'PDFA-TRAILER-ID': pdfa(`${PDFA} §6.1.3 [6.1.3-1]`),
  'PDFA-ENCRYPT': pdfa(`${PDFA} §6.1.3 [6.1.3-2]`),
  'PDFA-EOF': pdfa(`${PDFA} §6.1.3 [6.1.3-3]`),
  // ISO 19005-3 has no test for cross-reference offsets and veraPDF, like our reader, finds the objects
  // anyway: the file breaks ISO 32000-1, but no PDF/A-3 validator refuses it for that.
  'PDFA-XREF': pdfa('ISO 32000-1 §7.5.4', 'warning'),
  'PDFA-STREAM-LENGTH': pdfa(`${PDFA} §6.1.7.1 [6.1.7.1-1]`),
  'PDFA-OUTPUTINTENT-ICC': pdfa(`${PDFA} §6.2.3 [6.2.3-1]`),
  // ISO 19005-3 asks for a PDF/A OutputIntent only where device colour is painted (the PDFA-DEVICE-*
  // errors); with none found it is a warning, because this checker does not follow every colour a page
  // can paint (shadings, the default colour of text).
  'PDFA-OUTPUTINTENT': pdfa(`${PDFA} §6.2.4.3`, 'warning'),
  'PDFA-DEVICE-RGB': pdfa(`${PDFA} §6.2.4.3 [6.2.4.3-2]`),
  'PDFA-DEVICE-CMYK': pdfa(`${PDFA} §6.2.4.3 [6.2.4.3-3]`),
  'PDFA-DEVICE-GRAY': pdfa(`${PDFA} §6.2.4.3 [6.2.4.3-4]`),
  'PDFA-FONT-EMBEDDED': pdfa(`${PDFA} §6.2.11.4.1 [6.2.11.4.1-1]`),
  'PDFA-ANNOT-TYPE': pdfa(`${PDFA} §6.3.1 [6.3.1-1]`),
  'PDFA-ANNOT-FLAGS': pdfa(`${PDFA} §6.3.2 [6.3.2-1, 6.3.2-2]`),
  'PDFA-XFA': pdfa(`${PDFA} §6.4.2 [6.4.2-1]`),
  'PDFA-ACTION': pdfa(`${PDFA} §6.5.1 [6.5.1-1]`),
  'PDFA-JAVASCRIPT': pdfa(`${PDFA} §6.5.1 [6.5.1-1]`),
  'PDFA-XMP-PRESENT': pdfa(`${PDFA} §6.6.2.1 [6.6.2.1-1]`),
  'PDFA-XMP-TYPE': pdfa(`${PDFA} §6.6.2.1 [6.6.2.1-1]`),
  'PDFA-XMP-PACKET': pdfa(`${PDFA} §6.6.2.1 [6.6.2.1-2, 6.6.2.1-3]`),
  'PDFA-XMP-WELLFORMED': pdfa(`${PDFA} §6.6.2.1 [6.6.2.1-4]`),
  'PDFA-PDFAID': pdfa(`${PDFA} §6.6.4 [6.6.4-1, 6.6.4-2, 6.6.4-3]`),
  'PDFA-EMBEDDED-FILE': pdfa(`${PDFA} §6.8`),
  'PDFA-EMBEDDED-AF': pdfa(`${PDFA} §6.8 [6.8-4]`),
  'FX-XML-PRESENT': fx(`${FX} (embedded invoice file)`),
  // Factur-X 1.09 names the invoice factur-x.xml (xrechnung.xml for the XRECHNUNG profile); the names
  // of ZUGFeRD 1 and 2.0 carriers are a warning, because every Factur-X and ZUGFeRD reader still finds
  // the invoice under them and they were that standard's requirement when the file was made.
  'FX-FILENAME': fx(`${FX} (embedded invoice file name)`, 'warning'),
  'FX-AF': fx(`${FX} (catalog /AF)`),
  'FX-AFRELATIONSHIP': fx(`${FX} (/AFRelationship per profile)`),
  'FX-SUBTYPE': fx(`${FX} (MIME type text/xml)`),
  'FX-PROFILE': fx(`${FX} (BT-24 profile identifier)`),
  'FX-XMP-PROPERTIES': fx(`${FX} (XMP extension schema)`),
  'FX-XMP-DOCUMENTTYPE': fx(`${FX} (fx:DocumentType)`),
  'FX-XMP-FILENAME': fx(`${FX} (fx:DocumentFileName)`),
  'FX-XMP-VERSION': fx(`${FX} (fx:Version)`),
  'FX-XMP-CONFORMANCE': fx(`${FX} (fx:ConformanceLevel)`),
  'FX-XMP-SCHEMA': fx(`${PDFA} §6.6.2.3.1 [6.6.2.3.1-1]`),
} as const satisfies Record<string, PdfCheck>;

export type PdfCheckId = keyof typeof PDF_CHECKS;

/**
 * The relationships Factur-X allows for the invoice file: Data for MINIMUM and BASIC WL (their XML is
 * not a full invoice), Data, Source or Alternative for BASIC, EN 16931 and EXTENDED.
 */
const AF_RELATIONSHIPS_ALLOWED: Readonly<Record<Profile, readonly string[]>> = {
  MINIMUM: ['Data'],
  BASIC_WL: ['Data'],
  BASIC: ['Data', 'Source', 'Alternative'],
  EN16931: ['Data', 'Source', 'Alternative'],
  EXTENDED: ['Data', 'Source', 'Alternative'],
};

const EOF = bytesOf('%%EOF');
const ENDSTREAM = bytesOf('endstream');
/** Bounds of the walk over every object (stream lengths, associated files). */
const MAX_NESTING = 8;
const LISTED_OBJECTS = 5;

class Findings {
  readonly list: PdfFinding[] = [];
  /** `test` replaces the bracketed test numbers of the clause when the finding breaks only one of them. */
  add(id: PdfCheckId, en: string, fr: string, test?: string): void {
    const check = PDF_CHECKS[id];
    const clause = test ? `${check.clause.replace(/ \[.*\]$/, '')} [${test}]` : check.clause;
    this.list.push({ id, stage: check.stage, severity: check.severity, clause, message: { en, fr } });
  }
  /** A finding whose severity depends on the case (FX-AFRELATIONSHIP, FX-SUBTYPE). */
  addAs(id: PdfCheckId, severity: PdfFinding['severity'], en: string, fr: string): void {
    const check = PDF_CHECKS[id];
    this.list.push({ id, stage: check.stage, severity, clause: check.clause, message: { en, fr } });
  }
  stage(stage: PdfStage, skipReason: string | null = null): PdfStageResult {
    const findings = this.list.filter((f) => f.stage === stage);
    const errors = findings.filter((f) => f.severity === 'error').length;
    return {
      passed: skipReason === null && errors === 0,
      skipped: skipReason !== null,
      skip_reason: skipReason,
      error_count: errors,
      warning_count: findings.length - errors,
      findings,
    };
  }
}

export function checkFacturxPdf(bytes: Uint8Array): PdfCheckResult {
  const f = new Findings();
  const opened = bytes.length ? PdfDocument.open(bytes) : undefined;
  if (!opened?.ok) {
    if (opened?.error.code === 'encrypted') {
      f.add('PDFA-ENCRYPT', 'The file is encrypted', 'Le fichier est chiffré');
    } else {
      f.add('PDFA-READ', 'The file is not a readable PDF', "Le fichier n'est pas un PDF lisible");
    }
    return { pdfa: f.stage('pdfa'), facturx_pdf: f.stage('facturx_pdf', 'pdf_unreadable') };
  }
  const doc = opened.doc;
  checkFileStructure(doc, f);
  const objects = walkObjects(doc);
  checkStreamLengths(objects, f);
  const xmp = checkMetadata(doc, f);
  const attachments = attachmentsOf(doc);
  checkContent(doc, f);
  checkEmbeddedFiles(doc, f, attachments, objects.associated);
  checkFacturx(doc, f, attachments, xmp);
  return { pdfa: f.stage('pdfa'), facturx_pdf: f.stage('facturx_pdf') };
}

/** §6.1.2 and §6.1.3: header line, binary comment, trailer ID, end of file; ISO 32000-1 cross-references. */
function checkFileStructure(doc: PdfDocument, f: Findings): void {
  const b = doc.bytes;
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, 1024)).toString('latin1');
  const header = /^%PDF-1\.[0-7](\r\n|\r|\n)/.exec(head);
  if (!header) {
    f.add(
      'PDFA-HEADER',
      'The file does not start with a %PDF-1.n header line (n from 0 to 7)',
      'Le fichier ne commence pas par une ligne d’en-tête %PDF-1.n (n de 0 à 7)',
    );
  }
  // The comment comes right after the header line's single end-of-line marker.
  const eol = /\r\n|\r|\n/.exec(head);
  const comment = eol ? eol.index + eol[0].length : -1;
  const high = (i: number): boolean => (b[comment + i] ?? 0) > 127;
  if (comment < 0 || b[comment] !== 37 || ![1, 2, 3, 4].every(high)) {
    f.add(
      'PDFA-BINARY-COMMENT',
      'The header line is not followed by a comment of at least four bytes above 127',
      "La ligne d'en-tête n'est pas suivie d'un commentaire d'au moins quatre octets supérieurs à 127",
    );
  }
  const id = doc.array(doc.trailer.get('ID'));
  if (!id || id.length !== 2 || !id.every((s) => doc.resolve(s) instanceof PdfString)) {
    f.add(
      'PDFA-TRAILER-ID',
      'The trailer has no /ID of two strings',
      "Le trailer n'a pas d'/ID de deux chaînes",
    );
  }
  const eof = lastIndexOf(b, EOF);
  const rest = eof < 0 ? null : Buffer.from(b.subarray(eof + EOF.length)).toString('latin1');
  if (rest === null || !['', '\n', '\r', '\r\n'].includes(rest)) {
    f.add(
      'PDFA-EOF',
      'Data follows the last %%EOF (only one end-of-line marker may)',
      'Des données suivent le dernier %%EOF (seule une fin de ligne le peut)',
    );
  }
  if (doc.repaired) {
    f.add(
      'PDFA-XREF',
      'The cross-reference data is broken (objects had to be found by scanning)',
      'Les tables de références croisées sont défectueuses (objets retrouvés par balayage)',
    );
  }
}

interface ObjectWalk {
  /** Numbers of the stream objects whose /Length does not count their bytes. */
  readonly badLengths: readonly number[];
  /** The dictionaries some `/AF` array of the document lists (§6.8: files associated with a part of it). */
  readonly associated: ReadonlySet<PdfDict>;
}

/** One pass over every object in use: stream lengths (§6.1.7.1) and `/AF` arrays anywhere (§6.8). */
function walkObjects(doc: PdfDocument): ObjectWalk {
  const badLengths: number[] = [];
  const associated = new Set<PdfDict>();
  const visit = (o: PdfObject | undefined, depth: number): void => {
    if (depth > MAX_NESTING || o instanceof PdfRef) return;
    if (Array.isArray(o)) {
      for (const item of o) visit(item, depth + 1);
      return;
    }
    const dict = o instanceof PdfStream ? o.dict : o instanceof PdfDict ? o : undefined;
    if (!dict) return;
    for (const item of doc.array(dict.get('AF')) ?? []) {
      const spec = doc.dict(item);
      if (spec) associated.add(spec);
    }
    for (const value of dict.map.values()) visit(value, depth + 1);
  };
  for (const num of doc.objectNumbers()) {
    const o = doc.get(num);
    if (o instanceof PdfStream && !lengthCounts(doc, o)) badLengths.push(num);
    visit(o ?? undefined, 0);
  }
  return { badLengths, associated };
}

/**
 * Whether `/Length` counts the bytes from the end-of-line after `stream` to the end-of-line before
 * `endstream`, or to `endstream` where no end-of-line precedes it (§6.1.7.1 [6.1.7.1-1]): the reader
 * tolerates a length a few blank bytes off, the clause does not.
 */
function lengthCounts(doc: PdfDocument, s: PdfStream): boolean {
  const declared = doc.resolve(s.dict.get('Length'));
  if (typeof declared !== 'number') return false;
  const b = doc.bytes;
  if (s.raw.buffer !== b.buffer) return declared === s.raw.length;
  const end = s.raw.byteOffset - b.byteOffset + declared;
  let p = end;
  if (b[p] === 13) p++;
  // Data may itself end in a CR byte: a LF after it is then the end-of-line, not half of one.
  if (b[p] === 10) p++;
  // Straight at `endstream` is a length that took in the end-of-line, or a stream written without one
  // whose data ends in a CR or LF byte: the bytes cannot tell, so it is not reported.
  return matchAt(b, p, ENDSTREAM);
}

function checkStreamLengths(objects: ObjectWalk, f: Findings): void {
  const n = objects.badLengths.length;
  if (!n) return;
  const listed = objects.badLengths.slice(0, LISTED_OBJECTS).join(', ') + (n > LISTED_OBJECTS ? ' …' : '');
  f.add(
    'PDFA-STREAM-LENGTH',
    `The /Length of ${n} stream(s) does not count their bytes (object ${listed})`,
    `La /Length de ${n} flux ne compte pas leurs octets (objet ${listed})`,
  );
}

/** §6.6.2.1 and §6.6.4: the XMP metadata stream, its packet and the PDF/A identification. */
function checkMetadata(doc: PdfDocument, f: Findings): XmpPacket | null {
  const meta = doc.resolve(doc.catalog()?.get('Metadata'));
  if (!(meta instanceof PdfStream)) {
    f.add(
      'PDFA-XMP-PRESENT',
      'The catalog has no XMP /Metadata stream',
      "Le catalogue n'a pas de flux /Metadata XMP",
    );
    return null;
  }
  if (
    nameOf(doc.resolve(meta.dict.get('Type'))) !== 'Metadata' ||
    nameOf(doc.resolve(meta.dict.get('Subtype'))) !== 'XML'
  ) {
    f.add(
      'PDFA-XMP-TYPE',
      'The metadata stream lacks /Type /Metadata /Subtype /XML',
      'Le flux de métadonnées n’a pas /Type /Metadata /Subtype /XML',
    );
  }
  const decoded = doc.decode(meta);
  const parsed = decoded.ok ? readXmp(decoded.bytes) : { ok: false as const, message: decoded.message };
  if (!parsed.ok) {
    f.add(
      'PDFA-XMP-WELLFORMED',
      `The XMP is not readable: ${parsed.message}`,
      `Le XMP est illisible : ${parsed.message}`,
    );
    return null;
  }
  const xmp = parsed.xmp;
  const attribute = /\b(bytes|encoding)\s*=/.exec(xmp.packetHeader ?? '')?.[1];
  if (attribute) {
    f.add(
      'PDFA-XMP-PACKET',
      `The xpacket header uses the ${attribute} attribute`,
      `L'en-tête xpacket utilise l'attribut ${attribute}`,
      attribute === 'bytes' ? '6.6.2.1-2' : '6.6.2.1-3',
    );
  }
  const id = facturxXmpOf(xmp);
  if (id.pdfaPart !== 3 || !['A', 'B', 'U'].includes(id.pdfaConformance ?? '')) {
    f.add(
      'PDFA-PDFAID',
      `The XMP does not identify PDF/A-3 (pdfaid:part ${id.pdfaPart ?? 'missing'}, conformance ${id.pdfaConformance ?? 'missing'}; A, B or U in capitals)`,
      `Le XMP n'identifie pas un PDF/A-3 (pdfaid:part ${id.pdfaPart ?? 'absent'}, conformance ${id.pdfaConformance ?? 'absente'} ; A, B ou U en majuscule)`,
    );
  }
  return xmp;
}

type IccSpace = 'GRAY' | 'RGB' | 'CMYK';

/**
 * An OutputIntent's ICC profile: its colour space, and whether §6.2.3 accepts it — an output (`prtr`) or
 * monitor (`mntr`) profile of version below 5, in GRAY, RGB or CMYK (veraPDF 6.2.3-1).
 */
function iccProfile(doc: PdfDocument, icc: PdfObject | undefined): { space?: IccSpace; valid: boolean } {
  const d = icc instanceof PdfStream ? doc.decode(icc) : undefined;
  if (!d?.ok || d.bytes.length < 128) return { valid: false };
  const ascii = (from: number): string => String.fromCharCode(...d.bytes.subarray(from, from + 4));
  const header = ascii(16).trim();
  const space = header === 'GRAY' || header === 'RGB' || header === 'CMYK' ? header : undefined;
  return { space, valid: !!space && ['prtr', 'mntr'].includes(ascii(12)) && d.bytes[8]! < 5 };
}

/** §6.2.3 OutputIntent, §6.2.4.3 device colour, fonts, annotations, forms and actions. */
function checkContent(doc: PdfDocument, f: Findings): void {
  const intents = (doc.array(doc.catalog()?.get('OutputIntents')) ?? []).map((o) => doc.dict(o));
  const profiles = new Set(intents.map((d) => d?.get('DestOutputProfile')).filter((p) => p !== undefined));
  const pdfaIntent = intents.find((d) => nameOf(doc.resolve(d?.get('S'))) === 'GTS_PDFA1');
  const icc = doc.resolve(pdfaIntent?.get('DestOutputProfile'));
  const { space, valid } = iccProfile(doc, icc);
  if (pdfaIntent && !valid) {
    f.add(
      'PDFA-OUTPUTINTENT-ICC',
      'The PDF/A OutputIntent has no valid ICC profile (an output or monitor profile in GRAY, RGB or CMYK, version below 5)',
      "L'OutputIntent PDF/A n'a pas de profil ICC valide (profil de sortie ou d'écran en GRAY, RGB ou CMYK, de version inférieure à 5)",
    );
  }
  if (new Set([...profiles].map((p) => (p instanceof PdfRef ? p.num : p))).size > 1) {
    f.add(
      'PDFA-OUTPUTINTENT-ICC',
      'The OutputIntents do not all refer to the same ICC profile object',
      'Les OutputIntents ne désignent pas tous le même objet profil ICC',
      '6.2.3-2',
    );
  }
  const found = inspect(doc);
  const device = (
    used: boolean,
    allowed: boolean,
    id: 'PDFA-DEVICE-RGB' | 'PDFA-DEVICE-CMYK' | 'PDFA-DEVICE-GRAY',
    en: string,
    fr: string,
  ): void => {
    if (used && !allowed) f.add(id, en, fr);
  };
  device(
    found.deviceRgb,
    space === 'RGB',
    'PDFA-DEVICE-RGB',
    'DeviceRGB is painted without an RGB PDF/A OutputIntent',
    'DeviceRGB est utilisé sans OutputIntent PDF/A RGB',
  );
  device(
    found.deviceCmyk,
    space === 'CMYK',
    'PDFA-DEVICE-CMYK',
    'DeviceCMYK is painted without a CMYK PDF/A OutputIntent',
    'DeviceCMYK est utilisé sans OutputIntent PDF/A CMYK',
  );
  device(
    found.deviceGray,
    pdfaIntent !== undefined,
    'PDFA-DEVICE-GRAY',
    'DeviceGray is painted without a PDF/A OutputIntent',
    'DeviceGray est utilisé sans OutputIntent PDF/A',
  );
  if (!pdfaIntent && !found.deviceRgb && !found.deviceCmyk && !found.deviceGray) {
    f.add(
      'PDFA-OUTPUTINTENT',
      'No PDF/A OutputIntent (/GTS_PDFA1): device colour spaces would be forbidden',
      'Aucun OutputIntent PDF/A (/GTS_PDFA1) : les espaces colorimétriques dépendants du périphérique seraient interdits',
    );
  }
  for (const font of found.fonts.filter((x) => !x.embedded)) {
    f.add(
      'PDFA-FONT-EMBEDDED',
      `Font ${font.name} (page ${font.page}) is not embedded`,
      `La police ${font.name} (page ${font.page}) n'est pas incorporée`,
    );
  }
  for (const a of found.actions) {
    const what = a.kind === 'AA' ? 'additional actions (/AA)' : a.kind === 'A' ? 'an action (/A)' : a.kind;
    const quoi =
      a.kind === 'AA' ? 'actions additionnelles (/AA)' : a.kind === 'A' ? 'une action (/A)' : a.kind;
    f.add(
      a.kind === 'JavaScript' ? 'PDFA-JAVASCRIPT' : 'PDFA-ACTION',
      `Forbidden: ${what} (${a.where})`,
      `Interdit : ${quoi} (${a.where})`,
      a.test,
    );
  }
  if (found.xfa) f.add('PDFA-XFA', 'The form uses XFA', 'Le formulaire utilise XFA');
  for (const kind of new Set(found.forbiddenAnnotations)) {
    f.add('PDFA-ANNOT-TYPE', `Forbidden ${kind} annotation`, `Annotation ${kind} interdite`);
  }
  for (const a of found.badAnnotationFlags) {
    f.add(
      'PDFA-ANNOT-FLAGS',
      `An annotation on page ${a.page} is hidden or not set to print`,
      `Une annotation de la page ${a.page} est masquée ou non imprimable`,
    );
  }
}

/** §6.8: every embedded file's MIME type, names, relationship and association with the document. */
function checkEmbeddedFiles(
  doc: PdfDocument,
  f: Findings,
  attachments: Attachment[],
  associated: ReadonlySet<PdfDict>,
): void {
  const seen = new Set<PdfDict>();
  for (const a of attachments) {
    if (seen.has(a.spec) || !a.stream) continue;
    seen.add(a.spec);
    const lacks = (keys: string, test: string): void =>
      f.add(
        'PDFA-EMBEDDED-FILE',
        `Embedded file ${a.name} lacks ${keys}`,
        `Le fichier joint ${a.name} n'a pas ${keys}`,
        test,
      );
    if (!/^[-\w.+]+\/[-\w.+]+$/.test(nameOf(doc.resolve(a.stream.dict.get('Subtype'))) ?? ''))
      lacks('a MIME type /Subtype', '6.8-1');
    if (a.spec.get('F') === undefined || a.spec.get('UF') === undefined) lacks('/F and /UF', '6.8-2');
    if (a.relationship === undefined) lacks('/AFRelationship', '6.8-3');
    if (!associated.has(a.spec)) {
      f.add(
        'PDFA-EMBEDDED-AF',
        `Embedded file ${a.name} is associated with no part of the document (no /AF lists it)`,
        `Le fichier joint ${a.name} n'est associé à aucune partie du document (aucun /AF ne le liste)`,
      );
    }
  }
}

/** The Factur-X 1.09 carrier: the invoice file, its relationship and type, the fx: XMP properties. */
function checkFacturx(doc: PdfDocument, f: Findings, attachments: Attachment[], xmp: XmpPacket | null): void {
  const invoice =
    attachments.find((a) => a.stream && a.name === FACTURX_FILENAME) ??
    attachments.find(
      (a) => a.stream && INVOICE_FILE_NAMES.some((n) => n.toLowerCase() === a.name.toLowerCase()),
    );
  if (!invoice?.stream) {
    f.add('FX-XML-PRESENT', 'No embedded factur-x.xml', 'Aucun fichier factur-x.xml incorporé');
    return;
  }
  const decoded = doc.decode(invoice.stream);
  const guideline = decoded.ok ? guidelineOfXml(decoded.bytes) : null;
  const profile = guideline === null ? null : profileOfGuideline(guideline);
  const id = facturxXmpOf(xmp);
  const xrechnung =
    (guideline ?? '').includes('xrechnung') || (id.conformanceLevel ?? '').toUpperCase() === 'XRECHNUNG';
  if (invoice.name !== FACTURX_FILENAME && !(xrechnung && invoice.name === 'xrechnung.xml')) {
    f.add(
      'FX-FILENAME',
      `The invoice is embedded as ${invoice.name} (a ZUGFeRD name), not factur-x.xml`,
      `La facture est jointe sous le nom ${invoice.name} (nom ZUGFeRD), non factur-x.xml`,
    );
  }
  const af = (doc.array(doc.catalog()?.get('AF')) ?? []).map((o) => doc.dict(o));
  if (!af.includes(invoice.spec)) {
    f.add(
      'FX-AF',
      'The invoice file specification is not in the catalog /AF',
      "La spécification du fichier facture n'est pas dans /AF du catalogue",
    );
  }
  if (!profile) {
    f.add(
      'FX-PROFILE',
      'The embedded XML declares no known Factur-X profile (BT-24)',
      'Le XML joint ne déclare aucun profil Factur-X connu (BT-24)',
    );
  } else if (!AF_RELATIONSHIPS_ALLOWED[profile].includes(invoice.relationship ?? '')) {
    // Another of the relationships Factur-X names for the invoice (Source or Alternative on a MINIMUM
    // or BASIC WL file) is a deviation to report, not a file a platform would refuse; a missing or
    // foreign one is.
    const named = ['Data', 'Source', 'Alternative'].includes(invoice.relationship ?? '');
    const allowed = AF_RELATIONSHIPS_ALLOWED[profile];
    f.addAs(
      'FX-AFRELATIONSHIP',
      named ? 'warning' : 'error',
      `/AFRelationship is ${invoice.relationship ?? 'missing'}; Factur-X allows ${allowed.join(', ')} for ${CONFORMANCE_LEVEL[profile]}`,
      `/AFRelationship vaut ${invoice.relationship ?? 'absent'} ; Factur-X admet ${allowed.join(', ')} pour ${CONFORMANCE_LEVEL[profile]}`,
    );
  }
  const subtype = nameOf(doc.resolve(invoice.stream.dict.get('Subtype')));
  if (subtype !== 'text/xml') {
    // application/xml names the same content (RFC 7303) and every reader takes it: a deviation only.
    f.addAs(
      'FX-SUBTYPE',
      subtype === 'application/xml' ? 'warning' : 'error',
      `The embedded file /Subtype is ${subtype ?? 'missing'}, not text/xml`,
      `Le /Subtype du fichier joint est ${subtype ?? 'absent'}, non text/xml`,
    );
  }
  if (xmp) checkFacturxXmp(f, xmp, invoice, profile, xrechnung);
}

function checkFacturxXmp(
  f: Findings,
  xmp: XmpPacket,
  invoice: Attachment,
  profile: Profile | null,
  xrechnung: boolean,
): void {
  const id = facturxXmpOf(xmp);
  if (!id.namespace) {
    f.add(
      'FX-XMP-PROPERTIES',
      'The XMP has no Factur-X properties (fx:DocumentType …)',
      "Le XMP n'a pas de propriétés Factur-X (fx:DocumentType …)",
    );
    return;
  }
  if (id.documentType !== 'INVOICE')
    f.add(
      'FX-XMP-DOCUMENTTYPE',
      `fx:DocumentType is ${id.documentType ?? 'missing'}, not INVOICE`,
      `fx:DocumentType vaut ${id.documentType ?? 'absent'}, non INVOICE`,
    );
  if (id.documentFileName !== invoice.name)
    f.add(
      'FX-XMP-FILENAME',
      `fx:DocumentFileName ${id.documentFileName ?? '(missing)'} is not ${invoice.name}`,
      `fx:DocumentFileName ${id.documentFileName ?? '(absent)'} n'est pas ${invoice.name}`,
    );
  if (!id.version) f.add('FX-XMP-VERSION', 'fx:Version is missing', 'fx:Version est absent');
  if (profile && id.conformanceLevel !== CONFORMANCE_LEVEL[profile]) {
    if (!(xrechnung && id.conformanceLevel === 'XRECHNUNG')) {
      f.add(
        'FX-XMP-CONFORMANCE',
        `fx:ConformanceLevel ${id.conformanceLevel ?? '(missing)'} is not ${CONFORMANCE_LEVEL[profile]}, the profile of the XML`,
        `fx:ConformanceLevel ${id.conformanceLevel ?? '(absent)'} n'est pas ${CONFORMANCE_LEVEL[profile]}, le profil du XML`,
      );
    }
  }
  const schema = xmp.schemas.find((s) => s.namespaceURI === id.namespace);
  const declared = new Set(schema?.properties ?? []);
  if (!['DocumentType', 'DocumentFileName', 'Version', 'ConformanceLevel'].every((p) => declared.has(p))) {
    f.add(
      'FX-XMP-SCHEMA',
      'The Factur-X extension schema is not declared in pdfaExtension:schemas',
      "Le schéma d'extension Factur-X n'est pas déclaré dans pdfaExtension:schemas",
    );
  }
}
