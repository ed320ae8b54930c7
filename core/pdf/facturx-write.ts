/**
 * Packaging: a visual PDF plus a CII XML become a Factur-X PDF/A-3 (ISO 19005-3, Factur-X 1.0 §5). The
 * source is checked first (readable, not encrypted, fonts embedded, no JavaScript or other forbidden
 * actions, no XFA, no PDF/A claim we cannot honour), then a new revision is appended that adds the
 * embedded `factur-x.xml`, the XMP metadata, the sRGB OutputIntent, a consistent Info dictionary and a
 * trailer `/ID`. A source we cannot turn into a conforming file is refused, never passed off as PDF/A.
 *
 * PDF/A claims of the source: PDF/A-1 and PDF/A-2 are restrictions of PDF/A-3 at the same conformance
 * level (PDF/A-3 only adds the freedom to embed any file), so their level letter (A, B, U) is kept and the
 * part becomes 3; a PDF/A-3 claim keeps its level; PDF/A-4 (PDF 2.0 based) or an unknown part cannot be
 * reached by this route and is refused.
 */
import { hash } from 'node:crypto';
import { CONFORMANCE_LEVEL, type Profile, profileOfGuideline } from '../cii/profile';
import { readAsset } from './assets';
import { type Attachment, attachmentsOf, nameTreeEntries } from './attachments';
import { type PdfError, openFailure, pdfError, unextractable } from './errors';
import { packagingText, type PackagingRefusal } from './packaging-messages';
import { INVOICE_FILE_NAMES, guidelineOfXml } from './facturx-read';
import { ANNOT_HIDING, ANNOT_PRINT, inspect } from './inspect';
import { substituteFonts } from './font-substitute';
import { freshBytes } from './fresh-bytes';
import { parsePdfDate, pdfDate, xmpDate } from './pdf-date';
import { PdfDocument } from './reader/document';
import { PdfDict, PdfRef, PdfStream, PdfString, type PdfObject, nameOf, textOf } from './reader/objects';
import { deflated, noteDeflated } from './reader/written-flate';
import { writeRevision } from './writer/revision';
import { dict, name, textString } from './writer/serialize';
import { writtenXmp } from './xmp-write';
import { facturxXmpOf, readXmp } from './xmp-read';

/** AFRelationship Factur-X 1.0 prescribes for each profile (MINIMUM and BASIC WL are not full invoices). */
export const AF_RELATIONSHIP: Readonly<Record<Profile, 'Data' | 'Alternative'>> = {
  MINIMUM: 'Data',
  BASIC_WL: 'Data',
  BASIC: 'Alternative',
  EN16931: 'Alternative',
  EXTENDED: 'Alternative',
};

export const FACTURX_FILENAME = 'factur-x.xml';
export const PRODUCER = 'Factur-X Desk';

export interface PackageOptions {
  /** Clock of the packaging (ModDate, MetadataDate, Params/ModDate). */
  readonly now?: Date;
  /** Info/XMP fields; default: the source's values. */
  readonly title?: string;
  readonly author?: string;
  readonly subject?: string;
  readonly keywords?: string;
  readonly creator?: string;
}

export type PackageResult =
  | { readonly ok: true; readonly pdf: Uint8Array; readonly pdfaPart: 3; readonly pdfaConformance: string }
  | { readonly ok: false; readonly error: PdfError };

const refuse = (reason: PackagingRefusal, detail?: string): PackageResult => ({
  ok: false,
  error: pdfError('requested_output_unavailable', packagingText(reason, detail)),
});

let icc: { readonly raw: Uint8Array; readonly compressed: Uint8Array } | null | undefined;
/** The sRGB profile deflated once, noted again for each file written (written-flate.ts). */
function iccProfile(): Uint8Array | null {
  if (icc === undefined) {
    const raw = readAsset('icc/sRGB.icc');
    icc = raw ? { raw, compressed: deflated(raw) } : null;
  }
  if (icc) noteDeflated(icc.compressed, icc.raw);
  return icc?.compressed ?? null;
}

export function packageFacturx(
  pdfBytes: Uint8Array,
  xmlBytes: Uint8Array,
  profile: Profile,
  opts: PackageOptions = {},
): PackageResult {
  if (pdfBytes.length === 0) return { ok: false, error: pdfError('empty_file', packagingText('empty_pdf')) };
  if (xmlBytes.length === 0) return { ok: false, error: pdfError('empty_file', packagingText('empty_xml')) };
  // The XMP and the AFRelationship follow `profile`: it must be the profile the XML declares (BT-24).
  const guideline = guidelineOfXml(xmlBytes);
  const declared = guideline === null ? null : profileOfGuideline(guideline);
  if (declared !== profile) {
    const detail = `${declared ?? '—'} (BT-24 ${guideline ?? '—'}) ≠ ${profile}`;
    return {
      ok: false,
      error: pdfError('invalid_data_format', packagingText('profile_mismatch', detail), 'xml'),
    };
  }
  const opened = PdfDocument.openToDraw(pdfBytes);
  if (!opened.ok) return { ok: false, error: openFailure(opened.error) };
  const doc = opened.doc;
  const catalog = doc.catalog()!;

  const found = inspect(doc);
  if (found.pageCount === 0)
    return { ok: false, error: unextractable('unreadable', packagingText('no_pages')) };
  if (found.actions.length) {
    const a = found.actions[0]!;
    return refuse('action', `${a.kind}, ${a.where}`);
  }
  if (found.xfa) return refuse('xfa');
  if (found.forbiddenAnnotations.length) {
    return refuse('annotation', found.forbiddenAnnotations[0]);
  }
  if (found.badAnnotationFlags.some((a) => !a.ref)) return refuse('hidden_annotation');

  const oldMeta = doc.resolve(catalog.get('Metadata'));
  const decodedMeta = oldMeta instanceof PdfStream ? doc.decode(oldMeta) : undefined;
  const oldXmp = decodedMeta?.ok ? readXmp(decodedMeta.bytes) : undefined;
  const claim = facturxXmpOf(oldXmp?.ok ? oldXmp.xmp : null);
  let conformance = 'B';
  if (claim.pdfaPart !== null) {
    const level = (claim.pdfaConformance ?? '').trim().toUpperCase();
    if (claim.pdfaPart < 1 || claim.pdfaPart > 3 || !['A', 'B', 'U'].includes(level)) {
      return refuse('pdfa_claim', `PDF/A-${claim.pdfaPart}${level.toLowerCase()}`);
    }
    conformance = level;
  }

  const kept = attachmentsOf(doc).filter(
    (a) => !INVOICE_FILE_NAMES.some((n) => n.toLowerCase() === a.name.toLowerCase()),
  );
  const unfit = kept.find((a) => !conformingAttachment(doc, a));
  if (unfit) return refuse('attachment', unfit.name);

  const iccData = iccProfile();
  if (!iccData) return refuse('missing_icc');

  const now = opts.now ?? new Date();
  const info = doc.dict(doc.trailer.get('Info'));
  const infoText = (key: string): string | undefined => {
    const t = textOf(doc.resolve(info?.get(key)));
    return t && t.trim() ? t : undefined;
  };
  const created = parsePdfDate(infoText('CreationDate') ?? '') ?? now;
  const fields = {
    title: opts.title ?? infoText('Title'),
    author: opts.author ?? infoText('Author'),
    subject: opts.subject ?? infoText('Subject'),
    keywords: opts.keywords ?? infoText('Keywords'),
    creatorTool: opts.creator ?? infoText('Creator'),
  };

  let next = doc.size();
  const alloc = (): PdfRef => new PdfRef(next++, 0);
  const objects = new Map<number, PdfObject>();
  const put = (ref: PdfRef, o: PdfObject): PdfRef => {
    objects.set(ref.num, o);
    return ref;
  };

  const modDate = new PdfString(Buffer.from(pdfDate(now), 'latin1'));
  // One-shot: a Hash object (createHash) costs as much again as the digest of an invoice XML.
  const checksum = new PdfString(hash('md5', xmlBytes, 'buffer'), true);
  const efRef = put(
    alloc(),
    new PdfStream(
      dict({
        Type: name('EmbeddedFile'),
        Subtype: name('text/xml'),
        Filter: name('FlateDecode'),
        Params: dict({ Size: xmlBytes.length, ModDate: modDate, CheckSum: checksum }),
      }),
      deflated(xmlBytes),
    ),
  );
  const specRef = put(
    alloc(),
    dict({
      Type: name('Filespec'),
      F: textString(FACTURX_FILENAME),
      UF: textString(FACTURX_FILENAME),
      Desc: textString(`Factur-X ${CONFORMANCE_LEVEL[profile]} invoice`),
      AFRelationship: name(AF_RELATIONSHIP[profile]),
      EF: dict({ F: efRef, UF: efRef }),
    }),
  );

  // Lists here are array literals filled by push (pdfaOutputIntent a loop), never a map() result used
  // again: optimised, map() makes its array in another shape than unoptimised, and the push or find on it
  // threw packageFacturx out of its optimised code on the next file, not to return (node --trace-deopt).
  const entries: [string, PdfObject][] = [];
  for (const a of kept)
    if (a.source === 'EmbeddedFiles') entries.push([a.name, findSpecRef(doc, a) ?? a.spec]);
  entries.push([FACTURX_FILENAME, specRef]);
  entries.sort((a, b) =>
    Buffer.compare(Buffer.from(textString(a[0]).bytes), Buffer.from(textString(b[0]).bytes)),
  );
  const treeRef = put(alloc(), dict({ Names: entries.flatMap(([k, v]) => [textString(k), v]) }));
  const names = new PdfDict(new Map(doc.dict(catalog.get('Names'))?.map ?? [])).set('EmbeddedFiles', treeRef);
  const namesRef = put(alloc(), names);

  const xmp = writtenXmp({
    pdfaPart: 3,
    pdfaConformance: conformance,
    ...fields,
    producer: PRODUCER,
    createDate: xmpDate(created),
    modifyDate: xmpDate(now),
    conformanceLevel: CONFORMANCE_LEVEL[profile],
    documentFileName: FACTURX_FILENAME,
  });
  const metaRef = put(alloc(), new PdfStream(dict({ Type: name('Metadata'), Subtype: name('XML') }), xmp));

  let outputIntents = doc.array(catalog.get('OutputIntents'));
  const pdfaIntent = pdfaOutputIntent(doc, outputIntents);
  const intentProfile = doc.resolve(pdfaIntent?.get('DestOutputProfile'));
  const cmykIntent = intentProfile instanceof PdfStream && doc.resolve(intentProfile.dict.get('N')) === 4;
  if (found.deviceCmyk && !cmykIntent) {
    return refuse('device_cmyk');
  }
  const substituted = substituteFonts(doc, found.fonts, objects, alloc);
  if (!substituted.ok) return refuse(substituted.reason, substituted.name);
  // PDF/A-3 §6.3.2: every annotation printed and visible; fixed in the new revision.
  for (const a of found.badAnnotationFlags) {
    if (a.ref)
      objects.set(
        a.ref.num,
        new PdfDict(new Map(a.annot.map)).set('F', (a.flags | ANNOT_PRINT) & ~ANNOT_HIDING),
      );
  }
  if (!pdfaIntent) {
    const iccRef = put(alloc(), new PdfStream(dict({ N: 3, Filter: name('FlateDecode') }), iccData));
    const srgb = textString('sRGB IEC61966-2.1');
    const intentRef = put(
      alloc(),
      dict({
        Type: name('OutputIntent'),
        S: name('GTS_PDFA1'),
        OutputConditionIdentifier: srgb,
        RegistryName: textString('http://www.color.org'),
        Info: srgb,
        DestOutputProfile: iccRef,
      }),
    );
    outputIntents = [intentRef];
  }

  const infoRef = put(
    alloc(),
    dict({
      Title: fields.title === undefined ? undefined : textString(fields.title),
      Author: fields.author === undefined ? undefined : textString(fields.author),
      Subject: fields.subject === undefined ? undefined : textString(fields.subject),
      Keywords: fields.keywords === undefined ? undefined : textString(fields.keywords),
      Creator: fields.creatorTool === undefined ? undefined : textString(fields.creatorTool),
      Producer: textString(PRODUCER),
      CreationDate: new PdfString(Buffer.from(pdfDate(created), 'latin1')),
      ModDate: modDate,
    }),
  );

  const af: PdfObject[] = [];
  for (const a of kept) af.push(findSpecRef(doc, a) ?? a.spec);
  af.push(specRef);
  const rootRef = doc.trailer.get('Root');
  if (!(rootRef instanceof PdfRef))
    return { ok: false, error: unextractable('unreadable', packagingText('no_catalog_reference')) };
  const newCatalog = new PdfDict(new Map(catalog.map))
    .set('Metadata', metaRef)
    .set('OutputIntents', outputIntents ?? [])
    .set('AF', af)
    .set('Names', namesRef);
  objects.set(rootRef.num, newCatalog);

  const oldId = doc.array(doc.trailer.get('ID'));
  const first =
    oldId?.[0] instanceof PdfString && oldId[0].bytes.length > 0 ? oldId[0].bytes : freshBytes(16);
  // The revision's own identifier (ISO 32000-1 §14.4): unique to it, as random bytes drawn once each are.
  const second = freshBytes(16);

  const pdf = writeRevision(doc, { objects, root: rootRef, info: infoRef, id: [first, second] });
  return { ok: true, pdf, pdfaPart: 3, pdfaConformance: conformance };
}

/** The source's PDF/A OutputIntent that carries its profile, if any. */
function pdfaOutputIntent(doc: PdfDocument, intents: readonly PdfObject[] | undefined): PdfDict | undefined {
  for (const oi of intents ?? []) {
    const d = doc.dict(oi);
    if (
      nameOf(doc.resolve(d?.get('S'))) === 'GTS_PDFA1' &&
      doc.resolve(d?.get('DestOutputProfile')) instanceof PdfStream
    )
      return d;
  }
  return undefined;
}

/** An attachment we may carry over: PDF/A-3 §6.8 wants a MIME subtype, a ModDate and an AFRelationship. */
function conformingAttachment(doc: PdfDocument, a: Attachment): boolean {
  if (!a.stream || !a.relationship) return false;
  const params = doc.dict(a.stream.dict.get('Params'));
  return (
    nameOf(doc.resolve(a.stream.dict.get('Subtype'))) !== undefined && params?.get('ModDate') !== undefined
  );
}

/** The indirect reference of an attachment's file specification, so that the new revision shares it. */
function findSpecRef(doc: PdfDocument, a: Attachment): PdfRef | undefined {
  const catalog = doc.catalog();
  for (const item of doc.array(catalog?.get('AF')) ?? [])
    if (item instanceof PdfRef && doc.dict(item) === a.spec) return item;
  const tree = doc.dict(doc.dict(catalog?.get('Names'))?.get('EmbeddedFiles'));
  if (tree)
    for (const [, v] of nameTreeEntries(doc, tree))
      if (v instanceof PdfRef && doc.dict(v) === a.spec) return v;
  return undefined;
}
