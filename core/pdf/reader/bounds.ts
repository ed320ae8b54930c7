/**
 * The bounds every PDF the application reads is held to (README, "Refusals and bounds"). When it is
 * opened, before anything else reads it (checkBounds): the number of objects and pages, the decompressed
 * size of each stream and of all of them together, the size of each picture. Before anything reads or
 * draws its pages' content (checkDrawing, through PdfDocument.drawable: pdfjs for the text and the OCR
 * pictures, our PDF/A content scans for packaging and the PDF check): the drawing operations a page
 * expands to (drawing.ts), which extracting the embedded XML never needs. A PDF beyond one of them is
 * refused with the bound it broke, instead of being decompressed or drawn without limit.
 */
import { type DrawnDocument, mostPageOperations } from './drawing';
import { type Decoded, directFilters, MAX_DECODED, filterNames, IMAGE_FILTERS } from './filters';
import { isName, MAX_REF_CHAIN, PdfRef, PdfStream, type PdfDict, type PdfObject } from './objects';

export interface PdfLimits {
  /** Indirect objects in the file. */
  readonly maxObjects: number;
  /** Pages, as the page tree counts them. */
  readonly maxPages: number;
  /** Decompressed bytes of one stream. */
  readonly maxStreamBytes: number;
  /** Decompressed bytes of all the streams of the document. */
  readonly maxDocumentBytes: number;
  /** Pixels of one picture (width × height, as declared and as its codec says). */
  readonly maxImagePixels: number;
  /** Drawing operations one page expands to, the forms it draws counted each time (drawing.ts). */
  readonly maxPageOperations: number;
}

/**
 * An invoice PDF has some hundreds to a few thousand objects, a few pages, and a few megabytes of
 * decompressed streams besides its pictures (fonts, page contents, metadata, the XML).
 */
export const PDF_LIMITS: PdfLimits = {
  maxObjects: 100_000,
  maxPages: 2_000,
  maxStreamBytes: MAX_DECODED,
  maxDocumentBytes: 128 * 1024 * 1024,
  maxImagePixels: 50_000_000,
  maxPageOperations: 1_000_000,
};

export type PdfBound =
  'objects' | 'pages' | 'stream_bytes' | 'document_bytes' | 'image_pixels' | 'page_operations';

/** The bound a document broke, with the limit. */
export interface BeyondBounds {
  readonly bound: PdfBound;
  readonly limit: number;
}

/**
 * What an earlier check measured: the decoded sizes of streams whose bytes it decoded, what it found of
 * each object it read, and the drawing count of the file this one is a new revision of (a new revision
 * of a file checked before keeps its streams and objects and, unless it redefines what they draw, its
 * pages' count), and where to note what is measured now.
 */
export interface Measures {
  knownSize(stream: PdfStream): number | undefined;
  measuredSize(stream: PdfStream, size: number): void;
  /** What the base's check found of object `num`, when this file reads it, and all the finding read, alike. */
  knownObject(num: number): Finding | undefined;
  foundObject(num: number, finding: Finding): void;
  /** The base's drawing count, when every object it read reads alike here and the page tree is the same. */
  knownOperations(): number | undefined;
  countedOperations(count: DrawingCount): void;
}

/**
 * What the check found of one object it read: its decoded bytes (0 for an object that is no stream, or a
 * picture within its bound, measured by its pixels), or when not measured, the most they could be; and
 * the other objects the finding read (the references its filters, subtype and picture size follow).
 */
export interface Finding {
  readonly bytes: number;
  readonly most?: number;
  readonly read: ReadonlySet<number>;
}

/**
 * A drawing count and what it depends on: the objects it read (references followed, each one), and the
 * catalog's `/Pages` entry (the catalog itself a new revision rewrites, with the same page tree).
 * `shared` is false when a stream it decoded takes its filters from other objects, which the count
 * does not follow.
 */
export interface DrawingCount {
  readonly operations: number;
  readonly read: ReadonlySet<number>;
  readonly pages: PdfObject | undefined;
  readonly shared: boolean;
}

/** What the check needs of a document (PdfDocument, without a cycle between the two modules). */
export interface BoundedDocument {
  objectNumbers(): Iterable<number>;
  /** False for an object that cannot read as a stream, told without reading it. */
  mayBeStream(num: number): boolean;
  get(num: number): PdfObject | undefined;
  resolve(o: PdfObject | undefined): PdfObject | undefined;
  dict(o: PdfObject | undefined): PdfDict | undefined;
  catalog(): PdfDict | undefined;
  decode(stream: PdfStream, limit: number): Decoded;
}

export function checkBounds(
  doc: BoundedDocument,
  limits: PdfLimits = PDF_LIMITS,
  measures?: Measures,
): BeyondBounds | null {
  const pages = doc.resolve(doc.dict(doc.catalog()?.get('Pages'))?.get('Count'));
  if (typeof pages === 'number' && pages > limits.maxPages) return { bound: 'pages', limit: limits.maxPages };
  let objects = 0;
  /** Decoded bytes of the streams measured (or known measured), and the others with the most they may make. */
  let measured = 0;
  const unmeasured: Unmeasured[] = [];
  for (const num of doc.objectNumbers()) {
    objects += 1;
    if (objects > limits.maxObjects) return { bound: 'objects', limit: limits.maxObjects };
    const found = measures?.knownObject(num) ?? find(doc, num, limits, measures);
    if (found === null) return { bound: 'image_pixels', limit: limits.maxImagePixels };
    if (found.most !== undefined) unmeasured.push({ num, most: found.most, read: found.read });
    else if (found.bytes > limits.maxStreamBytes)
      return { bound: 'stream_bytes', limit: limits.maxStreamBytes };
    else measured += found.bytes;
  }
  if (measured > limits.maxDocumentBytes) return { bound: 'document_bytes', limit: limits.maxDocumentBytes };
  return measureStreams(doc, limits, measures, measured, unmeasured);
}

/** A stream not measured yet, with the most it may decode to (its finding's). */
interface Unmeasured {
  readonly num: number;
  readonly most: number;
  readonly read: ReadonlySet<number>;
}

/**
 * What object `num` holds to the bounds (Finding), read and noted; null for a picture beyond its bound.
 * An object that cannot be a stream (mayBeStream) is not read, nor noted.
 */
function find(
  doc: BoundedDocument,
  num: number,
  limits: PdfLimits,
  measures: Measures | undefined,
): Finding | null {
  if (!doc.mayBeStream(num)) return NOTHING;
  const stream = doc.get(num);
  const read = new Set<number>();
  let finding: Finding = { bytes: 0, read };
  if (stream instanceof PdfStream) {
    const resolve = (o: PdfObject | undefined): PdfObject | undefined => (
      noteReferences(doc, o, read),
      doc.resolve(o)
    );
    const filters = filterNames(stream, resolve);
    const codec = filters.findIndex((f) => f !== undefined && IMAGE_FILTERS.has(f));
    // A picture is read only as far as its declared size needs: measured by its pixels, not decoded.
    if (codec !== -1 || isName(resolve(stream.dict.get('Subtype')), 'Image')) {
      const name = codec === -1 ? undefined : filters[codec];
      if (imagePixels(stream, name, codec === 0, resolve) > limits.maxImagePixels) return null;
    } else {
      const known = filters.length === 0 ? stream.raw.length : measures?.knownSize(stream);
      finding =
        known === undefined
          ? { bytes: 0, most: mostDecoded(stream.raw.length, filters), read }
          : { bytes: known, read };
    }
  }
  measures?.foundObject(num, finding);
  return finding;
}

const NOTHING: Finding = { bytes: 0, read: new Set() };

/** Notes in `read` each reference `o` leads through, as resolve follows them. */
function noteReferences(doc: BoundedDocument, o: PdfObject | undefined, read: Set<number>): void {
  for (let i = 0; i < MAX_REF_CHAIN && o instanceof PdfRef; i++) {
    read.add(o.num);
    o = doc.get(o.num);
  }
}

/**
 * Decodes, to measure them, the streams that could decode beyond the bounds going by their raw size and
 * filters (EXPANSION): each that could alone, then those that could most, one by one, until what the
 * others could make fits the bound of the document with what was measured. An invoice of some hundred
 * kilobytes decodes none, or its one or two largest fonts (a 70 KB font could make 72 MB); only what
 * its readers read is decoded besides. Each is decoded within what is left of the bounds, and stopped
 * there: the refusal says which bound it broke.
 */
function measureStreams(
  doc: BoundedDocument,
  limits: PdfLimits,
  measures: Measures | undefined,
  known: number,
  unmeasured: Unmeasured[],
): BeyondBounds | null {
  let largest = 0;
  let all = known;
  for (const { most } of unmeasured) {
    largest = Math.max(largest, most);
    all += most;
  }
  // Nothing could break a bound, as for most invoices: nothing to decode.
  if (largest <= limits.maxStreamBytes && all <= limits.maxDocumentBytes) return null;
  unmeasured.sort((a, b) => b.most - a.most);
  // What the streams from each one on could make at most, added from the least (no Infinity taken away).
  const rest = new Float64Array(unmeasured.length + 1);
  for (let i = unmeasured.length - 1; i >= 0; i--) rest[i] = rest[i + 1]! + unmeasured[i]!.most;
  let measured = known;
  for (let i = 0; i < unmeasured.length; i++) {
    const { num, most, read } = unmeasured[i]!;
    if (most <= limits.maxStreamBytes && measured + rest[i]! <= limits.maxDocumentBytes) break;
    const stream = doc.get(num);
    if (!(stream instanceof PdfStream)) continue;
    const left = limits.maxDocumentBytes - measured;
    const budget = Math.min(limits.maxStreamBytes, left);
    // Within one byte at least: a decoder given none refuses any data, as if it were corrupt.
    const result = doc.decode(stream, Math.max(1, budget));
    if (result.ok ? result.bytes.length > budget : result.beyondBounds) {
      return budget === left
        ? { bound: 'document_bytes', limit: limits.maxDocumentBytes }
        : { bound: 'stream_bytes', limit: limits.maxStreamBytes };
    }
    if (!result.ok) continue;
    measured += result.bytes.length;
    measures?.measuredSize(stream, result.bytes.length);
    // Its size depends on no other object when its filters are in its own dictionary.
    if (directFilters(stream)) measures?.foundObject(num, { bytes: result.bytes.length, read });
  }
  return null;
}

/**
 * The drawing bound of a document within the others (checkBounds): the most operations a page draws,
 * taken from the file this one is a revision of when it draws alike, else counted.
 */
export function checkDrawing(
  doc: BoundedDocument,
  limits: PdfLimits = PDF_LIMITS,
  measures?: Measures,
): BeyondBounds | null {
  const operations = measures?.knownOperations() ?? counted(doc, limits, measures);
  return operations > limits.maxPageOperations
    ? { bound: 'page_operations', limit: limits.maxPageOperations }
    : null;
}

/** The most operations a page draws (drawing.ts), noted with the objects the count read. */
function counted(doc: BoundedDocument, limits: PdfLimits, measures: Measures | undefined): number {
  const read = new Set<number>();
  let shared = true;
  // Every reference the count follows, as resolve follows it.
  const note = (o: PdfObject | undefined): void => noteReferences(doc, o, read);
  const drawn: DrawnDocument = {
    // A count that looked through every object (text shown before any font is chosen, charged at the
    // document's costliest Type 3 glyph) depends on the whole file: a revision counts again.
    objectNumbers: () => ((shared = false), doc.objectNumbers()),
    get: (num) => (read.add(num), doc.get(num)),
    resolve: (o) => (note(o), doc.resolve(o)),
    dict: (o) => (note(o), doc.dict(o)),
    catalog: () => doc.catalog(),
    decode: (stream, limit) => {
      shared &&= directFilters(stream);
      return doc.decode(stream, limit);
    },
  };
  const operations = mostPageOperations(drawn, limits.maxPageOperations, limits.maxStreamBytes);
  measures?.countedOperations({ operations, read, pages: doc.catalog()?.get('Pages'), shared });
  return operations;
}

/**
 * The largest expansion of each filter decodeStream knows: Flate 1032 to 1 (zlib's bound: 258 bytes from
 * a 2-bit code), LZW a string of at most 4096 bytes from a code of at least 9 bits, RunLength 128 bytes
 * from 2, ASCII85 4 bytes from one `z`, ASCIIHex 1 byte from 2 digits. A predictor only takes bytes away.
 */
const EXPANSION: Readonly<Record<string, number>> = {
  FlateDecode: 1032,
  Fl: 1032,
  LZWDecode: (4096 * 8) / 9,
  LZW: (4096 * 8) / 9,
  RunLengthDecode: 64,
  RL: 64,
  ASCII85Decode: 4,
  A85: 4,
  ASCIIHexDecode: 0.5,
  AHx: 0.5,
};

/** The most bytes data of `length` bytes may decode to through `filters` (Infinity through one unknown). */
function mostDecoded(length: number, filters: readonly (string | undefined)[]): number {
  return filters.reduce((n, f) => n * (f === undefined ? Infinity : (EXPANSION[f] ?? Infinity)), length);
}

/**
 * The pixels a picture decodes to: its declared width × height, or what its own JPEG or JPEG 2000
 * header says when that is more (decoders follow the header).
 */
function imagePixels(
  stream: PdfStream,
  codec: string | undefined,
  rawIsCodec: boolean,
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
): number {
  const width = resolve(stream.dict.get('Width'));
  const height = resolve(stream.dict.get('Height'));
  const declared = typeof width === 'number' && typeof height === 'number' ? Math.abs(width * height) : 0;
  if (!rawIsCodec) return declared;
  const header =
    codec === 'DCTDecode' || codec === 'DCT'
      ? jpegSize(stream.raw)
      : codec === 'JPXDecode'
        ? jpxSize(stream.raw)
        : null;
  return Math.max(declared, header ?? 0);
}

/** Width × height from a JPEG's start-of-frame segment. */
function jpegSize(data: Uint8Array): number | null {
  let i = 2;
  while (i + 9 < data.length) {
    if (data[i] !== 0xff) {
      i += 1;
      continue;
    }
    const marker = data[i + 1]!;
    if (marker === 0xff || marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return ((data[i + 5]! << 8) | data[i + 6]!) * ((data[i + 7]! << 8) | data[i + 8]!);
    i += 2 + ((data[i + 2]! << 8) | data[i + 3]!);
  }
  return null;
}

/** Width × height from a JPEG 2000 image header box (`ihdr`) or codestream size marker (SIZ). */
function jpxSize(data: Uint8Array): number | null {
  const view = Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 4096));
  const ihdr = view.indexOf('ihdr', 0, 'latin1');
  if (ihdr !== -1 && ihdr + 12 <= view.length)
    return view.readUInt32BE(ihdr + 4) * view.readUInt32BE(ihdr + 8);
  // SIZ: marker, length, capabilities, then the reference grid's width and height (offsets included).
  const siz = view.indexOf(Buffer.from([0xff, 0x51]));
  if (siz !== -1 && siz + 14 <= view.length) return view.readUInt32BE(siz + 6) * view.readUInt32BE(siz + 10);
  return null;
}
