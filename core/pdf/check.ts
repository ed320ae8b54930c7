/**
 * The PDF-side checker: the PDF/A-3 clauses (ISO 19005-3) and the Factur-X 1.0 carrier clauses that our
 * packaging promises, reported as findings for two validation stages, `pdfa` and `facturx_pdf`. It is a
 * structural check of the clauses we produce and read, not a full PDF/A validator (content streams,
 * colour spaces and glyph widths are not examined).
 */
import { CONFORMANCE_LEVEL, profileOfGuideline, type Profile } from '../cii/profile';
import { type Attachment, attachmentsOf } from './attachments';
import { INVOICE_FILE_NAMES, guidelineOfXml } from './facturx-read';
import { FACTURX_FILENAME } from './facturx-write';
import { inspect } from './inspect';
import { PdfDocument } from './reader/document';
import { PdfStream, nameOf } from './reader/objects';
import { bytesOf, lastIndexOf } from './reader/parser';
import { type XmpPacket, facturxXmpOf, readXmp } from './xmp-read';

export type PdfStage = 'pdfa' | 'facturx_pdf';

export interface PdfFinding {
  readonly id: string;
  readonly stage: PdfStage;
  readonly severity: 'error' | 'warning';
  /** The clause checked, e.g. `ISO 19005-3 §6.1.3` or `Factur-X 1.0 §6.2.2`. */
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

const PDFA = 'ISO 19005-3';
const FX = 'Factur-X 1.0';
const EOF = bytesOf('%%EOF');

class Findings {
  readonly list: PdfFinding[] = [];
  add(
    stage: PdfStage,
    severity: PdfFinding['severity'],
    id: string,
    clause: string,
    en: string,
    fr: string,
  ): void {
    this.list.push({ id, stage, severity, clause, message: { en, fr } });
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
    const code = opened?.error.code;
    if (code === 'encrypted') {
      f.add(
        'pdfa',
        'error',
        'PDFA-ENCRYPT',
        `${PDFA} §6.1.3`,
        'The file is encrypted',
        'Le fichier est chiffré',
      );
    } else {
      f.add(
        'pdfa',
        'error',
        'PDFA-READ',
        `${PDFA} §6.1`,
        'The file is not a readable PDF',
        "Le fichier n'est pas un PDF lisible",
      );
    }
    return { pdfa: f.stage('pdfa'), facturx_pdf: f.stage('facturx_pdf', 'pdf_unreadable') };
  }
  const doc = opened.doc;
  const xmp = checkStructure(doc, f);
  const attachments = attachmentsOf(doc);
  checkContent(doc, f, attachments);
  checkFacturx(doc, f, attachments, xmp);
  return { pdfa: f.stage('pdfa'), facturx_pdf: f.stage('facturx_pdf') };
}

function checkStructure(doc: PdfDocument, f: Findings): XmpPacket | null {
  if (doc.headerOffset !== 0 || !/^1\.[0-7]$/.test(doc.version)) {
    f.add(
      'pdfa',
      'error',
      'PDFA-HEADER',
      `${PDFA} §6.1.2`,
      'The header is not %PDF-1.n at byte 0',
      "L'en-tête n'est pas %PDF-1.n à l'octet 0",
    );
  }
  if (!doc.binaryComment) {
    f.add(
      'pdfa',
      'error',
      'PDFA-BINARY-COMMENT',
      `${PDFA} §6.1.2`,
      'No comment with four bytes above 127 follows the header',
      "Aucun commentaire d'au moins quatre octets supérieurs à 127 ne suit l'en-tête",
    );
  }
  const id = doc.array(doc.trailer.get('ID'));
  if (!id || id.length !== 2) {
    f.add(
      'pdfa',
      'error',
      'PDFA-TRAILER-ID',
      `${PDFA} §6.1.3`,
      'The trailer has no /ID',
      "Le trailer n'a pas d'/ID",
    );
  }
  const eof = lastIndexOf(doc.bytes, EOF);
  const rest = eof < 0 ? null : doc.bytes.subarray(eof + EOF.length);
  if (rest === null || rest.length > 2 || rest.some((c) => c !== 10 && c !== 13)) {
    f.add(
      'pdfa',
      'error',
      'PDFA-EOF',
      `${PDFA} §6.1.3`,
      'Data follows the last %%EOF',
      'Des données suivent le dernier %%EOF',
    );
  }
  if (doc.repaired) {
    f.add(
      'pdfa',
      'error',
      'PDFA-XREF',
      `${PDFA} §6.1.4`,
      'The cross-reference data is broken (objects had to be found by scanning)',
      'Les tables de références croisées sont défectueuses (objets retrouvés par balayage)',
    );
  }
  const catalog = doc.catalog()!;
  checkOutputIntent(doc, f);
  const meta = doc.resolve(catalog.get('Metadata'));
  if (!(meta instanceof PdfStream)) {
    f.add(
      'pdfa',
      'error',
      'PDFA-XMP-PRESENT',
      `${PDFA} §6.6.2.1`,
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
      'pdfa',
      'error',
      'PDFA-XMP-TYPE',
      `${PDFA} §6.6.2.1`,
      'The metadata stream lacks /Type /Metadata /Subtype /XML',
      'Le flux de métadonnées n’a pas /Type /Metadata /Subtype /XML',
    );
  }
  const declared = doc.resolve(meta.dict.get('Length'));
  if (declared !== meta.raw.length) {
    f.add(
      'pdfa',
      'error',
      'PDFA-STREAM-LENGTH',
      `${PDFA} §6.1.7.1`,
      'The XMP stream /Length does not count its bytes',
      'La /Length du flux XMP ne compte pas ses octets',
    );
  }
  const decoded = doc.decode(meta);
  const parsed = decoded.ok ? readXmp(decoded.bytes) : { ok: false as const, message: decoded.message };
  if (!parsed.ok) {
    f.add(
      'pdfa',
      'error',
      'PDFA-XMP-WELLFORMED',
      `${PDFA} §6.6.2.1`,
      `The XMP is not readable: ${parsed.message}`,
      `Le XMP est illisible : ${parsed.message}`,
    );
    return null;
  }
  const xmp = parsed.xmp;
  if (!xmp.wrapped) {
    f.add(
      'pdfa',
      'warning',
      'PDFA-XMP-PACKET',
      `${PDFA} §6.6.2.1`,
      'The XMP is not wrapped in an xpacket header and trailer',
      "Le XMP n'est pas encadré par les instructions xpacket",
    );
  }
  const fx = facturxXmpOf(xmp);
  if (fx.pdfaPart !== 3 || !['A', 'B', 'U'].includes((fx.pdfaConformance ?? '').toUpperCase())) {
    f.add(
      'pdfa',
      'error',
      'PDFA-PDFAID',
      `${PDFA} §6.6.4`,
      `The XMP does not identify PDF/A-3 (pdfaid:part ${fx.pdfaPart ?? 'missing'}, conformance ${fx.pdfaConformance ?? 'missing'})`,
      `Le XMP n'identifie pas un PDF/A-3 (pdfaid:part ${fx.pdfaPart ?? 'absent'}, conformance ${fx.pdfaConformance ?? 'absente'})`,
    );
  }
  return xmp;
}

function checkOutputIntent(doc: PdfDocument, f: Findings): void {
  const catalog = doc.catalog()!;
  const intents = (doc.array(catalog.get('OutputIntents')) ?? []).map((o) => doc.dict(o));
  const pdfa = intents.find((d) => nameOf(doc.resolve(d?.get('S'))) === 'GTS_PDFA1');
  const icc = doc.resolve(pdfa?.get('DestOutputProfile'));
  const n = icc instanceof PdfStream ? doc.resolve(icc.dict.get('N')) : undefined;
  // Without any OutputIntent a file may still conform if it uses no device colour space (§6.2.4.3), which
  // this checker does not examine: a missing intent is a warning, a broken one an error.
  if (!pdfa) {
    f.add(
      'pdfa',
      'warning',
      'PDFA-OUTPUTINTENT',
      `${PDFA} §6.2.3`,
      'No /GTS_PDFA1 OutputIntent: device colour spaces would be forbidden',
      'Aucun OutputIntent /GTS_PDFA1 : les espaces colorimétriques dépendants du périphérique seraient interdits',
    );
  } else if (!(icc instanceof PdfStream) || (n !== 1 && n !== 3 && n !== 4)) {
    f.add(
      'pdfa',
      'error',
      'PDFA-OUTPUTINTENT-ICC',
      `${PDFA} §6.2.3`,
      'The /GTS_PDFA1 OutputIntent has no valid embedded ICC profile',
      "L'OutputIntent /GTS_PDFA1 n'a pas de profil ICC incorporé valide",
    );
  }
}

function checkContent(doc: PdfDocument, f: Findings, attachments: Attachment[]): void {
  const found = inspect(doc);
  for (const font of found.fonts.filter((x) => !x.embedded)) {
    f.add(
      'pdfa',
      'error',
      'PDFA-FONT-EMBEDDED',
      `${PDFA} §6.2.11.4.1`,
      `Font ${font.name} (page ${font.page}) is not embedded`,
      `La police ${font.name} (page ${font.page}) n'est pas incorporée`,
    );
  }
  for (const a of found.actions) {
    const id = a.kind === 'JavaScript' ? 'PDFA-JAVASCRIPT' : 'PDFA-ACTION';
    f.add(
      'pdfa',
      'error',
      id,
      `${PDFA} §6.6.1`,
      `Forbidden ${a.kind} action (${a.where})`,
      `Action ${a.kind} interdite (${a.where})`,
    );
  }
  if (found.xfa)
    f.add('pdfa', 'error', 'PDFA-XFA', `${PDFA} §6.4.2`, 'The form uses XFA', 'Le formulaire utilise XFA');
  for (const kind of new Set(found.forbiddenAnnotations)) {
    f.add(
      'pdfa',
      'error',
      'PDFA-ANNOT-TYPE',
      `${PDFA} §6.3.1`,
      `Forbidden ${kind} annotation`,
      `Annotation ${kind} interdite`,
    );
  }
  for (const a of found.badAnnotationFlags) {
    f.add(
      'pdfa',
      'error',
      'PDFA-ANNOT-FLAGS',
      `${PDFA} §6.3.2`,
      `An annotation on page ${a.page} is hidden or not printed`,
      `Une annotation de la page ${a.page} est masquée ou non imprimée`,
    );
  }
  if (found.deviceCmyk) {
    const intent = (doc.array(doc.catalog()?.get('OutputIntents')) ?? [])
      .map((o) => doc.dict(o))
      .find((d) => nameOf(doc.resolve(d?.get('S'))) === 'GTS_PDFA1');
    const icc = doc.resolve(intent?.get('DestOutputProfile'));
    if (!(icc instanceof PdfStream) || doc.resolve(icc.dict.get('N')) !== 4) {
      f.add(
        'pdfa',
        'error',
        'PDFA-DEVICE-CMYK',
        `${PDFA} §6.2.4.3`,
        'DeviceCMYK is used without a CMYK OutputIntent',
        'DeviceCMYK est utilisé sans OutputIntent CMYK',
      );
    }
  }
  const af = new Set((doc.array(doc.catalog()?.get('AF')) ?? []).map((o) => doc.dict(o)));
  const seen = new Set<unknown>();
  for (const a of attachments) {
    if (seen.has(a.spec)) continue;
    seen.add(a.spec);
    if (!a.stream) continue;
    const params = doc.dict(a.stream.dict.get('Params'));
    const missing = [
      nameOf(doc.resolve(a.stream.dict.get('Subtype'))) === undefined ? '/Subtype' : '',
      params?.get('ModDate') === undefined ? '/Params /ModDate' : '',
      a.spec.get('F') === undefined ? '/F' : '',
      a.spec.get('UF') === undefined ? '/UF' : '',
      a.relationship === undefined ? '/AFRelationship' : '',
    ].filter(Boolean);
    if (missing.length) {
      f.add(
        'pdfa',
        'error',
        'PDFA-EMBEDDED-FILE',
        `${PDFA} §6.8`,
        `Embedded file ${a.name} lacks ${missing.join(', ')}`,
        `Le fichier joint ${a.name} n'a pas ${missing.join(', ')}`,
      );
    }
    if (!af.has(a.spec)) {
      f.add(
        'pdfa',
        'warning',
        'PDFA-EMBEDDED-AF',
        `${PDFA} §6.8`,
        `Embedded file ${a.name} is not listed in the catalog /AF`,
        `Le fichier joint ${a.name} n'est pas listé dans /AF du catalogue`,
      );
    }
  }
}

function checkFacturx(doc: PdfDocument, f: Findings, attachments: Attachment[], xmp: XmpPacket | null): void {
  const invoice =
    attachments.find((a) => a.stream && a.name === FACTURX_FILENAME) ??
    attachments.find(
      (a) => a.stream && INVOICE_FILE_NAMES.some((n) => n.toLowerCase() === a.name.toLowerCase()),
    );
  if (!invoice?.stream) {
    f.add(
      'facturx_pdf',
      'error',
      'FX-XML-PRESENT',
      `${FX} §6.2.2`,
      'No embedded factur-x.xml',
      'Aucun fichier factur-x.xml incorporé',
    );
    return;
  }
  if (invoice.name !== FACTURX_FILENAME) {
    f.add(
      'facturx_pdf',
      'warning',
      'FX-FILENAME',
      `${FX} §6.2.2`,
      `The invoice is embedded as ${invoice.name} (ZUGFeRD/XRechnung name), not factur-x.xml`,
      `La facture est jointe sous le nom ${invoice.name} (nom ZUGFeRD/XRechnung), non factur-x.xml`,
    );
  }
  const af = (doc.array(doc.catalog()?.get('AF')) ?? []).map((o) => doc.dict(o));
  if (!af.includes(invoice.spec)) {
    f.add(
      'facturx_pdf',
      'error',
      'FX-AF',
      `${FX} §6.2.2`,
      'The invoice file specification is not in the catalog /AF',
      "La spécification du fichier facture n'est pas dans /AF du catalogue",
    );
  }
  const decoded = doc.decode(invoice.stream);
  const guideline = decoded.ok ? guidelineOfXml(decoded.bytes) : null;
  const profile = guideline === null ? null : profileOfGuideline(guideline);
  if (!profile) {
    f.add(
      'facturx_pdf',
      'error',
      'FX-PROFILE',
      `${FX} §7.2`,
      'The embedded XML declares no known Factur-X profile (BT-24)',
      'Le XML joint ne déclare aucun profil Factur-X connu (BT-24)',
    );
  } else if (!AF_RELATIONSHIPS_ALLOWED[profile].includes(invoice.relationship ?? '')) {
    // Another of the relationships Factur-X names for the invoice (Source or Alternative on a MINIMUM
    // or BASIC WL file) is a deviation to report, not a file a platform would refuse; a missing or
    // foreign one is.
    const named = ['Data', 'Source', 'Alternative'].includes(invoice.relationship ?? '');
    const allowed = AF_RELATIONSHIPS_ALLOWED[profile];
    f.add(
      'facturx_pdf',
      named ? 'warning' : 'error',
      'FX-AFRELATIONSHIP',
      `${FX} §6.2.2`,
      `/AFRelationship is ${invoice.relationship ?? 'missing'}; Factur-X allows ${allowed.join(', ')} for ${CONFORMANCE_LEVEL[profile]}`,
      `/AFRelationship vaut ${invoice.relationship ?? 'absent'} ; Factur-X admet ${allowed.join(', ')} pour ${CONFORMANCE_LEVEL[profile]}`,
    );
  }
  const subtype = nameOf(doc.resolve(invoice.stream.dict.get('Subtype')));
  if (subtype !== 'text/xml') {
    f.add(
      'facturx_pdf',
      subtype === 'application/xml' ? 'warning' : 'error',
      'FX-SUBTYPE',
      `${FX} §6.2.2`,
      `The embedded file /Subtype is ${subtype ?? 'missing'}, not text/xml`,
      `Le /Subtype du fichier joint est ${subtype ?? 'absent'}, non text/xml`,
    );
  }
  const params = doc.dict(invoice.stream.dict.get('Params'));
  if (params?.get('Size') === undefined) {
    f.add(
      'facturx_pdf',
      'warning',
      'FX-PARAMS-SIZE',
      `${FX} §6.2.2`,
      'The embedded file /Params has no /Size',
      "Les /Params du fichier joint n'ont pas de /Size",
    );
  }
  if (invoice.spec.get('Desc') === undefined) {
    f.add(
      'facturx_pdf',
      'warning',
      'FX-DESC',
      `${FX} §6.2.2`,
      'The file specification has no /Desc',
      "La spécification de fichier n'a pas de /Desc",
    );
  }
  if (!xmp) return;
  const fx = facturxXmpOf(xmp);
  const bad = (id: string, en: string, fr: string): void =>
    f.add('facturx_pdf', 'error', id, `${FX} §6.2.3`, en, fr);
  if (!fx.namespace) {
    bad(
      'FX-XMP-PROPERTIES',
      'The XMP has no Factur-X properties (fx:DocumentType …)',
      "Le XMP n'a pas de propriétés Factur-X (fx:DocumentType …)",
    );
    return;
  }
  if ((fx.documentType ?? '').toUpperCase() !== 'INVOICE')
    bad('FX-XMP-DOCUMENTTYPE', 'fx:DocumentType is not INVOICE', "fx:DocumentType n'est pas INVOICE");
  if (fx.documentFileName !== invoice.name)
    bad(
      'FX-XMP-FILENAME',
      `fx:DocumentFileName ${fx.documentFileName ?? '(missing)'} is not ${invoice.name}`,
      `fx:DocumentFileName ${fx.documentFileName ?? '(absent)'} n'est pas ${invoice.name}`,
    );
  if (!fx.version) bad('FX-XMP-VERSION', 'fx:Version is missing', 'fx:Version est absent');
  if (profile) {
    const level = (fx.conformanceLevel ?? '').replace(/\s/g, '').toUpperCase();
    const ok =
      level === CONFORMANCE_LEVEL[profile].replace(/\s/g, '') ||
      (level === 'XRECHNUNG' && (guideline ?? '').includes('xrechnung'));
    if (!ok) {
      bad(
        'FX-XMP-CONFORMANCE',
        `fx:ConformanceLevel ${fx.conformanceLevel ?? '(missing)'} does not match the XML profile ${CONFORMANCE_LEVEL[profile]}`,
        `fx:ConformanceLevel ${fx.conformanceLevel ?? '(absent)'} ne correspond pas au profil du XML ${CONFORMANCE_LEVEL[profile]}`,
      );
    }
  }
  const schema = xmp.schemas.find((s) => s.namespaceURI === fx.namespace);
  const declared = new Set(schema?.properties ?? []);
  if (
    !schema ||
    !['DocumentType', 'DocumentFileName', 'Version', 'ConformanceLevel'].every((p) => declared.has(p))
  ) {
    f.add(
      'facturx_pdf',
      'error',
      'FX-XMP-SCHEMA',
      `${PDFA} §6.6.2.3`,
      'The Factur-X extension schema is not declared in pdfaExtension:schemas',
      "Le schéma d'extension Factur-X n'est pas déclaré dans pdfaExtension:schemas",
    );
  }
}
