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
import { type DrawablePdf, PdfDocument } from './reader/document';
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
  /** What is wrong, in plain words, and what to do; the PDF's own names are in `where`. */
  readonly message: { readonly en: string; readonly fr: string };
  /** Where in the PDF, in its own terms (`trailer /ID`, `XMP fx:DocumentType`), for the detail line. */
  readonly where: string;
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
/** Where the carrier requirements are numbered in a public text (see PDF_CHECKS). */
const EMBED = 'ZUGFeRD 2.1.1 Technical Supplement A §2.2';
const XMP = 'ZUGFeRD 2.1.1 Technical Supplement A §2.3';

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
  // No public text of Factur-X 1.09 with its section numbers was found, so none is cited for it. The
  // carrier requirements are unchanged from the versions whose public texts number them: 'Data
  // relationship' (/AFRelationship per profile) is §6.2.2 of Factur-X 1.07.2 / ZUGFeRD 2.3.2
  // (2024-11-15); 'Embedding the XML file' (file name, /AF, MIME type) and 'The PDF/A extension schema'
  // (the fx: XMP properties) are §2.2 and §2.3 of the ZUGFeRD 2.1.1 Technical Supplement Part A
  // (2020-07-01). Each clause names the version its number comes from.
  'FX-XML-PRESENT': fx(`${FX} (embedded invoice file; ${EMBED})`),
  // Factur-X 1.09 names the invoice factur-x.xml (xrechnung.xml for the XRECHNUNG profile); the names
  // of ZUGFeRD 1 and 2.0 carriers are a warning, because every Factur-X and ZUGFeRD reader still finds
  // the invoice under them and they were that standard's requirement when the file was made.
  'FX-FILENAME': fx(`${FX} (embedded invoice file name; ${EMBED})`, 'warning'),
  'FX-AF': fx(`${FX} (catalog /AF; ${EMBED})`),
  'FX-AFRELATIONSHIP': fx(`${FX} (/AFRelationship per profile; Factur-X 1.07.2 §6.2.2)`),
  'FX-SUBTYPE': fx(`${FX} (MIME type text/xml; ${EMBED})`),
  'FX-PROFILE': fx(`${FX} (BT-24 profile identifier)`),
  'FX-XMP-PROPERTIES': fx(`${FX} (XMP extension schema; ${XMP})`),
  'FX-XMP-DOCUMENTTYPE': fx(`${FX} (fx:DocumentType; ${XMP})`),
  'FX-XMP-FILENAME': fx(`${FX} (fx:DocumentFileName; ${XMP})`),
  'FX-XMP-VERSION': fx(`${FX} (fx:Version; ${XMP})`),
  'FX-XMP-CONFORMANCE': fx(`${FX} (fx:ConformanceLevel; ${XMP})`),
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

type Words = PdfFinding['message'];

/** What to do about most PDF/A findings: the PDF is made again by software that writes PDF/A-3. */
const REMAKE: Words = {
  en: 'make the PDF again with software that writes PDF/A-3',
  fr: 'refaites le PDF avec un logiciel qui produit du PDF/A-3',
};

/** `problem: what to do.` in both languages. */
const say = (en: string, fr: string, todo: Words = REMAKE): Words => ({
  en: `${en}: ${todo.en}.`,
  fr: `${fr} : ${todo.fr}.`,
});

class Findings {
  readonly list: PdfFinding[] = [];
  /** `test` replaces the bracketed test numbers of the clause when the finding breaks only one of them. */
  add(id: PdfCheckId, message: Words, where: string, test?: string): void {
    const check = PDF_CHECKS[id];
    const clause = test ? `${check.clause.replace(/ \[.*\]$/, '')} [${test}]` : check.clause;
    this.list.push({ id, stage: check.stage, severity: check.severity, clause, message, where });
  }
  /** A finding whose severity depends on the case (FX-AFRELATIONSHIP, FX-SUBTYPE). */
  addAs(id: PdfCheckId, severity: PdfFinding['severity'], message: Words, where: string): void {
    const check = PDF_CHECKS[id];
    this.list.push({ id, stage: check.stage, severity, clause: check.clause, message, where });
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
  const opened = bytes.length ? PdfDocument.openToDraw(bytes) : undefined;
  if (!opened?.ok) {
    if (opened?.error.code === 'encrypted') {
      f.add(
        'PDFA-ENCRYPT',
        say(
          'The PDF is encrypted or password-protected, which an archivable invoice PDF (PDF/A-3) may not be',
          "Le PDF est chiffré ou protégé par mot de passe, ce qu'un PDF de facture archivable (PDF/A-3) ne peut pas être",
          { en: 'save it again without protection', fr: 'enregistrez-le à nouveau sans protection' },
        ),
        'trailer /Encrypt',
      );
    } else {
      f.add(
        'PDFA-READ',
        say('The file is not a readable PDF', "Le fichier n'est pas un PDF lisible", {
          en: 'export it again from the software that made it',
          fr: "exportez-le à nouveau depuis le logiciel qui l'a produit",
        }),
        'file structure',
      );
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
      say(
        'The file does not start the way a PDF must (with the PDF version, 1.0 to 1.7)',
        'Le fichier ne commence pas comme un PDF le doit (par la version PDF, 1.0 à 1.7)',
      ),
      'header line %PDF-1.n',
    );
  }
  // The comment comes right after the header line's single end-of-line marker.
  const eol = /\r\n|\r|\n/.exec(head);
  const comment = eol ? eol.index + eol[0].length : -1;
  const high = (i: number): boolean => (b[comment + i] ?? 0) > 127;
  if (comment < 0 || b[comment] !== 37 || ![1, 2, 3, 4].every(high)) {
    f.add(
      'PDFA-BINARY-COMMENT',
      say(
        'The start of the PDF lacks the mark that tells archiving tools it holds binary data',
        "Le début du PDF n'a pas la marque qui signale aux outils d'archivage qu'il contient des données binaires",
      ),
      'comment of four bytes above 127 after the header line',
    );
  }
  const id = doc.array(doc.trailer.get('ID'));
  if (!id || id.length !== 2 || !id.every((s) => doc.resolve(s) instanceof PdfString)) {
    f.add(
      'PDFA-TRAILER-ID',
      say(
        'The PDF has no file identifier, which PDF/A-3 requires',
        "Le PDF n'a pas d'identifiant de fichier, que le PDF/A-3 exige",
      ),
      'trailer /ID of two strings',
    );
  }
  const eof = lastIndexOf(b, EOF);
  const rest = eof < 0 ? null : Buffer.from(b.subarray(eof + EOF.length)).toString('latin1');
  if (rest === null || !['', '\n', '\r', '\r\n'].includes(rest)) {
    f.add(
      'PDFA-EOF',
      say(
        'Data follows the end of the PDF: the file was changed or added to after it was made',
        'Des données suivent la fin du PDF : le fichier a été modifié ou complété après sa création',
      ),
      'after the last %%EOF',
    );
  }
  if (doc.repaired) {
    f.add(
      'PDFA-XREF',
      say(
        'The index inside the PDF is damaged (its parts had to be found by reading the whole file); readers cope with it',
        "L'index interne du PDF est endommagé (ses parties ont dû être retrouvées en lisant tout le fichier) ; les lecteurs s'en accommodent",
        { en: 'the PDF should be made again', fr: 'le PDF devrait être refait' },
      ),
      'cross-reference table',
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
    say(
      `${n} part(s) of the PDF declare a wrong length`,
      `${n} partie(s) du PDF déclarent une longueur fausse`,
    ),
    `/Length of stream object ${listed}`,
  );
}

/** §6.6.2.1 and §6.6.4: the XMP metadata stream, its packet and the PDF/A identification. */
function checkMetadata(doc: PdfDocument, f: Findings): XmpPacket | null {
  const meta = doc.resolve(doc.catalog()?.get('Metadata'));
  if (!(meta instanceof PdfStream)) {
    f.add(
      'PDFA-XMP-PRESENT',
      say(
        'The PDF has no document metadata (XMP), which PDF/A-3 and Factur-X require',
        "Le PDF n'a pas de métadonnées de document (XMP), que le PDF/A-3 et Factur-X exigent",
      ),
      'catalog /Metadata',
    );
    return null;
  }
  if (
    nameOf(doc.resolve(meta.dict.get('Type'))) !== 'Metadata' ||
    nameOf(doc.resolve(meta.dict.get('Subtype'))) !== 'XML'
  ) {
    f.add(
      'PDFA-XMP-TYPE',
      say(
        'The document metadata of the PDF is not declared as metadata',
        'Les métadonnées de document du PDF ne sont pas déclarées comme telles',
      ),
      'metadata stream /Type /Metadata /Subtype /XML',
    );
  }
  const decoded = doc.decode(meta);
  const parsed = decoded.ok ? readXmp(decoded.bytes) : { ok: false as const, message: decoded.message };
  if (!parsed.ok) {
    f.add(
      'PDFA-XMP-WELLFORMED',
      say(
        'The document metadata of the PDF (XMP) cannot be read',
        'Les métadonnées de document du PDF (XMP) sont illisibles',
      ),
      `XMP metadata: ${parsed.message}`,
    );
    return null;
  }
  const xmp = parsed.xmp;
  const attribute = /\b(bytes|encoding)\s*=/.exec(xmp.packetHeader ?? '')?.[1];
  if (attribute) {
    f.add(
      'PDFA-XMP-PACKET',
      say(
        'The document metadata of the PDF is wrapped in a way PDF/A-3 forbids',
        'Les métadonnées de document du PDF sont enveloppées d’une façon que le PDF/A-3 interdit',
      ),
      `XMP packet header, ${attribute} attribute`,
      attribute === 'bytes' ? '6.6.2.1-2' : '6.6.2.1-3',
    );
  }
  const id = facturxXmpOf(xmp);
  if (id.pdfaPart !== 3 || !['A', 'B', 'U'].includes(id.pdfaConformance ?? '')) {
    f.add(
      'PDFA-PDFAID',
      say(
        `The PDF does not declare itself PDF/A-3 (it declares part ${id.pdfaPart ?? 'none'}, level ${id.pdfaConformance ?? 'none'}; PDF/A-3 needs part 3, level A, B or U)`,
        `Le PDF ne se déclare pas PDF/A-3 (il déclare la partie ${id.pdfaPart ?? 'aucune'}, le niveau ${id.pdfaConformance ?? 'aucun'} ; le PDF/A-3 demande la partie 3, niveau A, B ou U)`,
      ),
      'XMP pdfaid:part and pdfaid:conformance',
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
function checkContent(doc: DrawablePdf, f: Findings): void {
  const intents = (doc.array(doc.catalog()?.get('OutputIntents')) ?? []).map((o) => doc.dict(o));
  const profiles = new Set(intents.map((d) => d?.get('DestOutputProfile')).filter((p) => p !== undefined));
  const pdfaIntent = intents.find((d) => nameOf(doc.resolve(d?.get('S'))) === 'GTS_PDFA1');
  const icc = doc.resolve(pdfaIntent?.get('DestOutputProfile'));
  const { space, valid } = iccProfile(doc, icc);
  if (pdfaIntent && !valid) {
    f.add(
      'PDFA-OUTPUTINTENT-ICC',
      say(
        'The colour profile the PDF declares for its colours is missing or not usable',
        'Le profil de couleurs que le PDF déclare pour ses couleurs est absent ou inutilisable',
      ),
      'PDF/A OutputIntent /DestOutputProfile: an ICC output or monitor profile in GRAY, RGB or CMYK, version below 5',
    );
  }
  if (new Set([...profiles].map((p) => (p instanceof PdfRef ? p.num : p))).size > 1) {
    f.add(
      'PDFA-OUTPUTINTENT-ICC',
      say(
        'The PDF declares more than one colour profile for its colours',
        'Le PDF déclare plus d’un profil de couleurs pour ses couleurs',
      ),
      '/OutputIntents with different /DestOutputProfile objects',
      '6.2.3-2',
    );
  }
  const found = inspect(doc);
  const device = (
    used: boolean,
    allowed: boolean,
    id: 'PDFA-DEVICE-RGB' | 'PDFA-DEVICE-CMYK' | 'PDFA-DEVICE-GRAY',
    colours: Words,
    where: string,
  ): void => {
    if (used && !allowed)
      f.add(
        id,
        say(
          `The PDF paints ${colours.en} without declaring a matching colour profile, which PDF/A-3 forbids`,
          `Le PDF peint ${colours.fr} sans déclarer de profil de couleurs adapté, ce que le PDF/A-3 interdit`,
        ),
        where,
      );
  };
  device(
    found.deviceRgb,
    space === 'RGB',
    'PDFA-DEVICE-RGB',
    { en: 'RGB colours', fr: 'des couleurs RVB' },
    'DeviceRGB without an RGB PDF/A OutputIntent',
  );
  device(
    found.deviceCmyk,
    space === 'CMYK',
    'PDFA-DEVICE-CMYK',
    { en: 'CMYK colours', fr: 'des couleurs CMJN' },
    'DeviceCMYK without a CMYK PDF/A OutputIntent',
  );
  device(
    found.deviceGray,
    pdfaIntent !== undefined,
    'PDFA-DEVICE-GRAY',
    { en: 'grey levels', fr: 'des niveaux de gris' },
    'DeviceGray without a PDF/A OutputIntent',
  );
  if (!pdfaIntent && !found.deviceRgb && !found.deviceCmyk && !found.deviceGray) {
    f.add(
      'PDFA-OUTPUTINTENT',
      say(
        'The PDF declares no colour profile; PDF/A-3 requires one as soon as a page paints plain device colours',
        'Le PDF ne déclare aucun profil de couleurs ; le PDF/A-3 en exige un dès qu’une page peint des couleurs de périphérique',
        { en: 'declare one when the PDF is made again', fr: 'déclarez-en un quand le PDF sera refait' },
      ),
      'no PDF/A OutputIntent (/GTS_PDFA1)',
    );
  }
  for (const font of found.fonts.filter((x) => !x.embedded)) {
    f.add(
      'PDFA-FONT-EMBEDDED',
      say(
        `The font ${font.name} (page ${font.page}) is not embedded in the PDF, which PDF/A-3 requires`,
        `La police ${font.name} (page ${font.page}) n'est pas incorporée au PDF, ce que le PDF/A-3 exige`,
        {
          en: 'make the PDF again with its fonts embedded',
          fr: 'refaites le PDF en y incorporant ses polices',
        },
      ),
      `font /${font.name} on page ${font.page}, no /FontFile`,
    );
  }
  const withoutIt = { en: 'make the PDF again without it', fr: 'refaites le PDF sans cela' };
  for (const a of found.actions) {
    const script = a.kind === 'JavaScript';
    f.add(
      script ? 'PDFA-JAVASCRIPT' : 'PDFA-ACTION',
      say(
        script
          ? 'The PDF contains JavaScript, which PDF/A-3 forbids'
          : 'The PDF contains an action that runs when it is opened or clicked, which PDF/A-3 forbids',
        script
          ? 'Le PDF contient du JavaScript, ce que le PDF/A-3 interdit'
          : "Le PDF contient une action qui s'exécute à l'ouverture ou au clic, ce que le PDF/A-3 interdit",
        withoutIt,
      ),
      `${a.where}: ${a.kind === 'AA' ? '/AA' : a.kind === 'A' ? '/A' : a.kind}`,
      a.test,
    );
  }
  if (found.xfa)
    f.add(
      'PDFA-XFA',
      say(
        'The PDF holds an XFA form, which PDF/A-3 forbids',
        'Le PDF contient un formulaire XFA, ce que le PDF/A-3 interdit',
        withoutIt,
      ),
      'AcroForm /XFA',
    );
  for (const kind of new Set(found.forbiddenAnnotations)) {
    f.add(
      'PDFA-ANNOT-TYPE',
      say(
        `The PDF holds a kind of annotation PDF/A-3 forbids (${kind})`,
        `Le PDF contient un type d'annotation que le PDF/A-3 interdit (${kind})`,
        withoutIt,
      ),
      `annotation /Subtype /${kind}`,
    );
  }
  for (const a of found.badAnnotationFlags) {
    f.add(
      'PDFA-ANNOT-FLAGS',
      say(
        `An annotation on page ${a.page} is hidden or set not to print, which PDF/A-3 forbids`,
        `Une annotation de la page ${a.page} est masquée ou non imprimable, ce que le PDF/A-3 interdit`,
      ),
      `annotation /F flags on page ${a.page}`,
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
    const lacks = (what: Words, keys: string, test: string): void =>
      f.add(
        'PDFA-EMBEDDED-FILE',
        say(
          `The attached file ${a.name} does not state ${what.en}, which PDF/A-3 requires`,
          `Le fichier joint ${a.name} n'indique pas ${what.fr}, ce que le PDF/A-3 exige`,
        ),
        `embedded file ${a.name}: ${keys}`,
        test,
      );
    if (!/^[-\w.+]+\/[-\w.+]+$/.test(nameOf(doc.resolve(a.stream.dict.get('Subtype'))) ?? ''))
      lacks({ en: 'its file type', fr: 'son type de fichier' }, 'MIME type /Subtype', '6.8-1');
    if (a.spec.get('F') === undefined || a.spec.get('UF') === undefined)
      lacks(
        { en: 'its file name in both forms', fr: 'son nom de fichier sous ses deux formes' },
        '/F and /UF',
        '6.8-2',
      );
    if (a.relationship === undefined)
      lacks(
        { en: 'how it relates to the document', fr: 'son lien avec le document' },
        '/AFRelationship',
        '6.8-3',
      );
    if (!associated.has(a.spec)) {
      f.add(
        'PDFA-EMBEDDED-AF',
        say(
          `The attached file ${a.name} is not associated with the document or any part of it, which PDF/A-3 requires`,
          `Le fichier joint ${a.name} n'est associé ni au document ni à l'une de ses parties, ce que le PDF/A-3 exige`,
        ),
        `embedded file ${a.name}: listed in no /AF`,
      );
    }
  }
}

const FACTURX_TOOL: Words = {
  en: 'make the PDF again with a Factur-X tool',
  fr: 'refaites le PDF avec un outil Factur-X',
};

/** The Factur-X 1.09 carrier: the invoice file, its relationship and type, the fx: XMP properties. */
function checkFacturx(doc: PdfDocument, f: Findings, attachments: Attachment[], xmp: XmpPacket | null): void {
  const invoice =
    attachments.find((a) => a.stream && a.name === FACTURX_FILENAME) ??
    attachments.find(
      (a) => a.stream && INVOICE_FILE_NAMES.some((n) => n.toLowerCase() === a.name.toLowerCase()),
    );
  if (!invoice?.stream) {
    f.add(
      'FX-XML-PRESENT',
      say(
        'The PDF carries no Factur-X invoice data (no attached factur-x.xml): it is a plain PDF',
        "Le PDF ne porte pas de données de facture Factur-X (pas de factur-x.xml joint) : c'est un PDF simple",
        { en: 'convert it to Factur-X', fr: 'convertissez-le en Factur-X' },
      ),
      'embedded files',
    );
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
      say(
        `The invoice data is attached as ${invoice.name} (a ZUGFeRD name), not factur-x.xml; readers still find it`,
        `Les données de facture sont jointes sous le nom ${invoice.name} (nom ZUGFeRD), non factur-x.xml ; les lecteurs les trouvent quand même`,
        {
          en: 'name it factur-x.xml when the PDF is made again',
          fr: 'nommez-les factur-x.xml quand le PDF sera refait',
        },
      ),
      'embedded file name',
    );
  }
  const af = (doc.array(doc.catalog()?.get('AF')) ?? []).map((o) => doc.dict(o));
  if (!af.includes(invoice.spec)) {
    f.add(
      'FX-AF',
      say(
        'The attached invoice data is not declared as associated with the document, as Factur-X requires',
        "Les données de facture jointes ne sont pas déclarées associées au document, comme Factur-X l'exige",
        FACTURX_TOOL,
      ),
      'catalog /AF',
    );
  }
  if (!profile) {
    f.add(
      'FX-PROFILE',
      say(
        'The attached invoice data declares no known Factur-X profile (specification identifier, BT-24)',
        'Les données de facture jointes ne déclarent aucun profil Factur-X connu (identifiant de spécification, BT-24)',
        { en: 'correct the specification identifier', fr: "corrigez l'identifiant de spécification" },
      ),
      'factur-x.xml, specification identifier',
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
      say(
        `The attached invoice data is declared as ${invoice.relationship ?? 'nothing'} for the document, while Factur-X ${CONFORMANCE_LEVEL[profile]} allows ${allowed.join(', ')}`,
        `Les données de facture jointes sont déclarées ${invoice.relationship ?? 'sans lien'} pour le document, alors que Factur-X ${CONFORMANCE_LEVEL[profile]} admet ${allowed.join(', ')}`,
        FACTURX_TOOL,
      ),
      'embedded file /AFRelationship',
    );
  }
  const subtype = nameOf(doc.resolve(invoice.stream.dict.get('Subtype')));
  if (subtype !== 'text/xml') {
    // application/xml names the same content (RFC 7303) and every reader takes it: a deviation only.
    f.addAs(
      'FX-SUBTYPE',
      subtype === 'application/xml' ? 'warning' : 'error',
      say(
        `The attached invoice data has the file type ${subtype ?? 'none'}, not text/xml`,
        `Les données de facture jointes ont le type de fichier ${subtype ?? 'aucun'}, non text/xml`,
        FACTURX_TOOL,
      ),
      'embedded file /Subtype',
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
      say(
        'The document metadata of the PDF does not say it is a Factur-X invoice',
        'Les métadonnées de document du PDF ne disent pas que c’est une facture Factur-X',
        FACTURX_TOOL,
      ),
      'XMP Factur-X properties (fx:DocumentType …)',
    );
    return;
  }
  if (id.documentType !== 'INVOICE')
    f.add(
      'FX-XMP-DOCUMENTTYPE',
      say(
        `The document metadata of the PDF gives the document type ${id.documentType ?? 'none'}, not INVOICE`,
        `Les métadonnées de document du PDF donnent le type de document ${id.documentType ?? 'aucun'}, non INVOICE`,
        FACTURX_TOOL,
      ),
      'XMP fx:DocumentType',
    );
  if (id.documentFileName !== invoice.name)
    f.add(
      'FX-XMP-FILENAME',
      say(
        `The document metadata of the PDF names the invoice data file ${id.documentFileName ?? 'nothing'}, while it is attached as ${invoice.name}`,
        `Les métadonnées de document du PDF nomment le fichier des données de facture ${id.documentFileName ?? 'sans nom'}, alors qu'il est joint sous le nom ${invoice.name}`,
        FACTURX_TOOL,
      ),
      'XMP fx:DocumentFileName',
    );
  if (!id.version)
    f.add(
      'FX-XMP-VERSION',
      say(
        'The document metadata of the PDF does not give the Factur-X version',
        'Les métadonnées de document du PDF ne donnent pas la version de Factur-X',
        FACTURX_TOOL,
      ),
      'XMP fx:Version',
    );
  if (profile && id.conformanceLevel !== CONFORMANCE_LEVEL[profile]) {
    if (!(xrechnung && id.conformanceLevel === 'XRECHNUNG')) {
      f.add(
        'FX-XMP-CONFORMANCE',
        say(
          `The document metadata of the PDF declares the profile ${id.conformanceLevel ?? 'none'}, while the invoice data is ${CONFORMANCE_LEVEL[profile]}`,
          `Les métadonnées de document du PDF déclarent le profil ${id.conformanceLevel ?? 'aucun'}, alors que les données de facture sont en ${CONFORMANCE_LEVEL[profile]}`,
          FACTURX_TOOL,
        ),
        'XMP fx:ConformanceLevel',
      );
    }
  }
  const schema = xmp.schemas.find((s) => s.namespaceURI === id.namespace);
  const declared = new Set(schema?.properties ?? []);
  if (!['DocumentType', 'DocumentFileName', 'Version', 'ConformanceLevel'].every((p) => declared.has(p))) {
    f.add(
      'FX-XMP-SCHEMA',
      say(
        'The document metadata of the PDF uses the Factur-X properties without declaring them, as PDF/A-3 requires',
        "Les métadonnées de document du PDF utilisent les propriétés Factur-X sans les déclarer, comme le PDF/A-3 l'exige",
        FACTURX_TOOL,
      ),
      'XMP pdfaExtension:schemas, Factur-X extension schema',
    );
  }
}
