/**
 * A lazy PDF reader: it reads the header, the cross-reference sections (tables and streams, hybrid files,
 * `/Prev` chains of incremental updates) and the trailer, then parses indirect objects only when asked,
 * from their file offset or from their object stream. When the cross-reference data is missing or wrong
 * it falls back to scanning the file for `n g obj` headers, as viewers do.
 */
import { fillText, type LocalizedText } from '../../api/lang';
import {
  type BeyondBounds,
  type DrawingCount,
  type Finding,
  type Measures,
  type PdfBound,
  type PdfLimits,
  checkBounds,
  checkDrawing,
  PDF_LIMITS,
} from './bounds';
import { type Decoded, decodeStream, directFilters, MAX_DECODED } from './filters';
import { MAX_REF_CHAIN, PdfDict, PdfRef, PdfStream, type PdfObject, isName } from './objects';
import { Parser, PdfSyntaxError, bytesOf, indexOf, isWhite, lastIndexOf } from './parser';

export type XrefEntry =
  | { readonly kind: 'offset'; readonly offset: number; readonly gen: number }
  | { readonly kind: 'compressed'; readonly stream: number; readonly index: number };

export type OpenErrorCode = 'not_pdf' | 'corrupt' | 'encrypted' | 'beyond_bounds';

/** Why a PDF could not be opened; `message` is the English of `localized`, for logs. */
export type OpenError = {
  readonly code: OpenErrorCode;
  readonly message: string;
  readonly localized: LocalizedText;
};

const OPEN_ERRORS: Readonly<Record<OpenErrorCode, LocalizedText>> = {
  not_pdf: {
    en: 'The file does not start with a %PDF- header.',
    fr: 'Le fichier ne commence pas par un en-tête %PDF-.',
  },
  corrupt: {
    en: 'No document catalog could be found in the PDF: it is corrupt.',
    fr: 'Aucun catalogue de document n’a été trouvé dans le PDF : il est corrompu.',
  },
  encrypted: {
    en: 'The PDF is encrypted or password-protected.',
    fr: 'Le PDF est chiffré ou protégé par mot de passe.',
  },
  beyond_bounds: {
    en: 'The PDF is refused: it has {bound}.',
    fr: 'Le PDF est refusé : il a {bound}.',
  },
};

const BOUNDS: Readonly<Record<PdfBound, LocalizedText>> = {
  objects: { en: 'more than {limit} objects', fr: 'plus de {limit} objets' },
  pages: { en: 'more than {limit} pages', fr: 'plus de {limit} pages' },
  stream_bytes: {
    en: 'a stream that decompresses to more than {limit} MB',
    fr: 'un flux qui se décompresse en plus de {limit} Mo',
  },
  document_bytes: {
    en: 'streams that decompress to more than {limit} MB in all',
    fr: 'des flux qui se décompressent en plus de {limit} Mo au total',
  },
  image_pixels: {
    en: 'a picture of more than {limit} million pixels',
    fr: 'une image de plus de {limit} millions de pixels',
  },
  page_operations: {
    en: 'a page whose drawing expands to more than {limit} million operations',
    fr: 'une page dont le dessin s’étend à plus de {limit} millions d’opérations',
  },
};

const openError = (code: OpenErrorCode, beyond?: BeyondBounds): { ok: false; error: OpenError } => {
  let localized = OPEN_ERRORS[code];
  if (beyond) {
    const { bound, limit } = beyond;
    const shown = bound.endsWith('bytes')
      ? limit / 1024 / 1024
      : bound === 'image_pixels' || bound === 'page_operations'
        ? limit / 1e6
        : limit;
    const what = fillText(BOUNDS[bound], { limit: shown });
    localized = {
      en: fillText(localized, { bound: what.en }).en,
      fr: fillText(localized, { bound: what.fr }).fr,
    };
  }
  return { ok: false, error: { code, message: localized.en, localized } };
};

/**
 * Each file already opened, as it was opened: the same bytes are opened by several readers in one request
 * (extraction, the PDF checks, packaging, the text layer), and each gets the one document, parsed and held
 * to its bounds once. Readers only read a document; what they add (a revision) is written apart.
 */
const opened = new WeakMap<Uint8Array, OpenResult>();
/** The file each new revision was appended to (writer/revision.ts), for its bounds check. */
const revisionBases = new WeakMap<Uint8Array, PdfDocument>();
export type OpenResult = { ok: true; doc: PdfDocument } | { ok: false; error: OpenError };

declare const drawable: unique symbol;
/**
 * A document whose pages were found within the drawing bound (PdfDocument.drawable): what reads or draws
 * their content (pdfjs, the PDF/A content scans of inspect.ts) takes one, so that none can start on a
 * document only opened.
 */
export type DrawablePdf = PdfDocument & { readonly [drawable]: true };
export type DrawableResult = { ok: true; doc: DrawablePdf } | { ok: false; error: OpenError };

/**
 * Decoded streams a document keeps for the readers that come after its bounds check (extraction, the
 * checks, packaging, and the same readers on a revision appended to it), each up to the first bound and
 * all of them up to the second: an invoice's page contents, metadata, XML and ICC profile fit, and a
 * large font or picture is decoded again by whoever needs it rather than held.
 */
const KEEP_STREAM_BYTES = 2 * 1024 * 1024;
const KEEP_DOCUMENT_BYTES = 16 * 1024 * 1024;

/**
 * How an object was read from its cross-reference entry: parsed at an offset (up to `end`, with the
 * indirect `/Length` objects it asked for), or taken from an object stream.
 */
type Origin =
  | { readonly kind: 'offset'; readonly end: number; readonly lengths: readonly number[] }
  | { readonly kind: 'compressed'; readonly stream: number };

/** Bytes a parse may look at past the end of an object (the keyword after it, a reference's `R`). */
const LOOKAHEAD = 64;

/** A decoded stream kept: the length of its raw data, and the limit it was decoded within. */
interface Kept {
  readonly length: number;
  readonly limit: number;
  readonly decoded: Decoded;
}

const MAX_XREF_SECTIONS = 256;
const MAX_OBJECT_NUMBER = 8_388_608;
const HEADER = bytesOf('%PDF-');
const STARTXREF = bytesOf('startxref');
const TRAILER = bytesOf('trailer');
const OBJ = bytesOf('obj');
const STREAM = bytesOf('stream');

/** The `n g obj` headers in a file by object number (each its last), and whether all were counted. */
interface Headers {
  readonly found: Map<number, number>;
  readonly complete: boolean;
}

/** An object stream decoded: its objects' offsets in the data, and whether the data has `stream` anywhere. */
interface ObjStm {
  readonly data: Uint8Array;
  readonly offsets: Map<number, number>;
  readonly holdsStreams: boolean;
}

export class PdfDocument {
  /** Offset of `%PDF-`; offsets in the file are counted from the file start, as the standard says. */
  readonly headerOffset: number;
  readonly version: string;
  /** The line after the header is a comment with at least four bytes ≥ 128 (PDF/A §6.1.2). */
  readonly binaryComment: boolean;
  /** Offset of the last cross-reference section, as given by the last `startxref`. */
  startxref = -1;
  /** Whether the last cross-reference section is a stream (PDF 1.5) rather than a table. */
  lastXrefIsStream = false;
  /** True when the cross-reference data was unusable and the objects were found by scanning. */
  repaired = false;
  trailer = new PdfDict();
  /** Cross-reference entries, newest revision first wins. */
  readonly xref = new Map<number, XrefEntry>();
  private readonly cache = new Map<number, PdfObject>();
  /** How each object was read from its entry (a revision appended to this file may share it: fromBase). */
  private readonly origins = new Map<number, Origin>();
  private readonly objStms = new Map<number, ObjStm | null>();
  private scanned: Map<number, number> | null = null;
  private headersFound: Headers | undefined;
  /** The cross-reference streams read, with where they lie (keepXrefStreams). */
  private readonly xrefStreams: { num: number; offset: number; value: PdfObject; end: number }[] = [];
  /** The cross-reference sections read, once all were read without fault (0 before, or after a fault). */
  private xrefSections = 0;
  private lengthDepth = 0;
  /** The cross-reference data or the scan found more objects than the bound allows. */
  private tooManyObjects = false;
  /** Decoded size of each stream the bounds check decoded, by the offset and length of its data. */
  private readonly decodedSizes = new Map<number, { readonly length: number; readonly size: number }>();
  /** What the bounds check found of each object it read (bounds.ts), for a revision appended to this file. */
  private readonly findings = new Map<number, Finding>();
  /** The drawing count of the drawing bound's check, with what it read (bounds.ts). */
  private drawingCount: DrawingCount | undefined;
  /** This document as drawable, or why not, once asked (drawable()). */
  private drawn: DrawableResult | undefined;
  /** Decoded streams kept (KEEP_STREAM_BYTES), by the offset of their data. */
  private readonly kept = new Map<number, Kept>();
  private keptBytes = 0;
  /**
   * The file this one is a new revision of (noteRevision), while this file does begin with its bytes,
   * each of them: what it decoded or measured of those bytes holds here too.
   */
  private base: PdfDocument | null = null;

  private constructor(
    readonly bytes: Uint8Array,
    private readonly limits: PdfLimits,
  ) {
    const at = indexOf(bytes.subarray(0, 1024), HEADER);
    this.headerOffset = at;
    let p = at + 5;
    let v = '';
    while (p < bytes.length && !isWhite(bytes[p]) && bytes[p] !== 37 && v.length < 8)
      v += String.fromCharCode(bytes[p++]!);
    this.version = v;
    while (bytes[p] === 13 || bytes[p] === 10 || bytes[p] === 32) p++;
    let high = 0;
    if (bytes[p] === 37) for (let i = p + 1; i < p + 5 && i < bytes.length; i++) if (bytes[i]! >= 128) high++;
    this.binaryComment = high >= 4;
  }

  /** Opens a PDF held to `limits` (other limits than the application's are for tests). */
  static open(bytes: Uint8Array, limits: PdfLimits = PDF_LIMITS): OpenResult {
    if (limits !== PDF_LIMITS) return PdfDocument.read(bytes, limits);
    let result = opened.get(bytes);
    if (result === undefined) {
      result = PdfDocument.read(bytes, limits);
      opened.set(bytes, result);
    }
    return result;
  }

  /** Opens a PDF whose pages are to be read or drawn: held to the drawing bound as well (drawable()). */
  static openToDraw(bytes: Uint8Array, limits: PdfLimits = PDF_LIMITS): DrawableResult {
    const opened = PdfDocument.open(bytes, limits);
    return opened.ok ? opened.doc.drawable() : opened;
  }

  /**
   * This document, once its pages are found within the drawing bound (bounds.ts, checkDrawing), or the
   * refusal: checked on first asking, for every reader of the document alike.
   */
  drawable(): DrawableResult {
    if (this.drawn === undefined) {
      const beyond = checkDrawing(this, this.limits, this.measures());
      this.drawn = beyond
        ? openError('beyond_bounds', beyond)
        : { ok: true, doc: this as PdfDocument as DrawablePdf };
    }
    return this.drawn;
  }

  private static read(bytes: Uint8Array, limits: PdfLimits): OpenResult {
    if (indexOf(bytes.subarray(0, 1024), HEADER) < 0) {
      return openError('not_pdf');
    }
    const doc = new PdfDocument(bytes, limits);
    doc.base = PdfDocument.baseOf(bytes);
    try {
      doc.readXref();
    } catch {
      doc.xref.clear();
    }
    doc.keepXrefStreams();
    if (!doc.catalog()) doc.rebuildFromScan();
    if (!doc.catalog()) {
      return openError('corrupt');
    }
    if (doc.trailer.get('Encrypt') !== undefined && doc.trailer.get('Encrypt') !== null) {
      return openError('encrypted');
    }
    const beyond = doc.tooManyObjects
      ? { bound: 'objects' as const, limit: limits.maxObjects }
      : checkBounds(doc, limits, doc.measures());
    return beyond ? openError('beyond_bounds', beyond) : { ok: true, doc };
  }

  /**
   * Notes that `revised` is `base`'s bytes with a new revision appended (an incremental update): when it
   * is opened, the streams it keeps from `base` count at the decoded sizes `base`'s check measured
   * instead of being inflated again, and read as `base` decoded them; only the appended ones are decoded.
   */
  static noteRevision(revised: Uint8Array, base: PdfDocument): void {
    revisionBases.set(revised, base);
  }

  /** The document `bytes` is a noted revision of, trusted only while it does begin with that one's bytes. */
  private static baseOf(bytes: Uint8Array): PdfDocument | null {
    const base = revisionBases.get(bytes);
    return base !== undefined &&
      bytes.length > base.bytes.length &&
      Buffer.compare(bytes.subarray(0, base.bytes.length), base.bytes) === 0
      ? base
      : null;
  }

  /**
   * The offset of a stream's data when the base holds the same bytes there and decodes them alike (its
   * filters given in its own dictionary: one given by reference could be redefined by the revision).
   */
  private baseOffsetOf(stream: PdfStream): number | undefined {
    if (!this.base) return undefined;
    const at = this.offsetOf(stream);
    if (at === undefined || at + stream.raw.length > this.base.bytes.length || !directFilters(stream))
      return undefined;
    return at;
  }

  /** Where this document's bounds check notes what it measures, and finds what its base measured. */
  private measures(): Measures {
    return {
      knownSize: (stream) => {
        const at = this.baseOffsetOf(stream);
        const was = at === undefined ? undefined : this.base?.decodedSizes.get(at);
        return was?.length === stream.raw.length ? was.size : undefined;
      },
      measuredSize: (stream, size) => {
        const at = this.offsetOf(stream);
        if (at !== undefined) this.decodedSizes.set(at, { length: stream.raw.length, size });
      },
      knownObject: (num) => {
        const found = this.base?.limits === this.limits ? this.base.findings.get(num) : undefined;
        if (found === undefined || !this.readsAsBase(num, 0)) return undefined;
        for (const other of found.read) if (!this.readsAsBase(other, 0)) return undefined;
        return found;
      },
      foundObject: (num, finding) => {
        this.findings.set(num, finding);
      },
      knownOperations: () => {
        const count = this.base?.drawingCount;
        if (!count?.shared || this.limits !== this.base?.limits || !this.drawsAsBase(count)) return undefined;
        this.drawingCount = count;
        return count.operations;
      },
      countedOperations: (count) => {
        this.drawingCount = count;
      },
    };
  }

  /**
   * Whether this file's pages draw what its base's drew: the same page tree under its catalog, and every
   * object the base's count read, read alike (readsAsBase; a stream's data then the same bytes, decoded
   * alike since the count was shared only for streams whose filters are in their own dictionary).
   */
  private drawsAsBase(count: DrawingCount): boolean {
    const pages = this.catalog()?.get('Pages');
    if (!(pages instanceof PdfRef && count.pages instanceof PdfRef && pages.num === count.pages.num))
      return false;
    for (const num of count.read) if (!this.readsAsBase(num, 0)) return false;
    return true;
  }

  /** The offset of a stream's data in the file, when it is a view into the file's bytes. */
  private offsetOf(stream: PdfStream): number | undefined {
    const { raw } = stream;
    if (raw.buffer !== this.bytes.buffer) return undefined;
    const at = raw.byteOffset - this.bytes.byteOffset;
    return at >= 0 && at + raw.length <= this.bytes.length ? at : undefined;
  }

  /** The numbers of the objects in use. */
  *objectNumbers(): Iterable<number> {
    for (const [num, entry] of this.xref) if (entry.kind === 'compressed' || entry.offset >= 0) yield num;
  }

  /** Records an object of the cross-reference data; false once there are more than the bound allows. */
  private addEntry(num: number, entry: XrefEntry): boolean {
    if (this.xref.size >= this.limits.maxObjects) {
      this.tooManyObjects = true;
      return false;
    }
    this.xref.set(num, entry);
    return true;
  }

  /** The object a reference points to (following chains of references), or the object itself. */
  resolve(o: PdfObject | undefined): PdfObject | undefined {
    for (let i = 0; i < MAX_REF_CHAIN && o instanceof PdfRef; i++) o = this.get(o.num);
    return o instanceof PdfRef ? undefined : o;
  }

  dict(o: PdfObject | undefined): PdfDict | undefined {
    const r = this.resolve(o);
    if (r instanceof PdfDict) return r;
    if (r instanceof PdfStream) return r.dict;
    return undefined;
  }

  array(o: PdfObject | undefined): PdfObject[] | undefined {
    const r = this.resolve(o);
    return Array.isArray(r) ? r : undefined;
  }

  catalog(): PdfDict | undefined {
    const root = this.dict(this.trailer.get('Root'));
    return root && (isName(root.get('Type'), 'Catalog') || root.get('Pages') !== undefined)
      ? root
      : undefined;
  }

  /**
   * A stream's data decoded (within `limit` bytes at each step, MAX_DECODED when not given). The same
   * stream decodes to the same bytes for every reader of the document: kept ones are handed out again,
   * never to be changed.
   */
  decode(stream: PdfStream, limit?: number): Decoded {
    const at = this.offsetOf(stream);
    const within = Math.min(limit ?? MAX_DECODED, MAX_DECODED);
    const kept = at === undefined ? undefined : this.keptAt(at, stream, within);
    if (kept) return kept;
    const decoded = decodeStream(stream, (o) => this.resolve(o), limit);
    if (decoded.ok && at !== undefined) this.keep(at, stream, within, decoded);
    return decoded;
  }

  /** The decode of the stream at `at` that this document, or its base, kept within `limit` or less. */
  private keptAt(at: number, stream: PdfStream, limit: number): Decoded | undefined {
    const own = keptWithin(this.kept.get(at), stream, limit);
    if (own || this.baseOffsetOf(stream) === undefined) return own;
    return keptWithin(this.base?.kept.get(at), stream, limit);
  }

  private keep(at: number, stream: PdfStream, limit: number, decoded: Decoded & { ok: true }): void {
    const size = decoded.bytes.length;
    if (size > KEEP_STREAM_BYTES || this.keptBytes + size > KEEP_DOCUMENT_BYTES) return;
    this.keptBytes += size;
    this.kept.set(at, { length: stream.raw.length, limit, decoded });
  }

  /** Indirect object `num` (any generation: the newest definition is the one that counts). */
  get(num: number): PdfObject | undefined {
    if (this.cache.has(num)) return this.cache.get(num);
    this.cache.set(num, null); // guards against reference cycles while parsing
    let value: PdfObject | undefined;
    try {
      value = this.load(num);
    } catch (e) {
      if (!(e instanceof PdfSyntaxError) && !(e instanceof RangeError)) throw e;
      value = undefined;
    }
    const entry = this.xref.get(num);
    const free = entry?.kind === 'offset' && entry.offset < 0;
    if (value === undefined && !this.repaired && !free) value = this.fromScan(num);
    this.cache.set(num, value ?? null);
    return value;
  }

  /** Highest object number in use + 1, as the next revision's `/Size`. */
  size(): number {
    const declared = this.trailer.get('Size');
    let max = typeof declared === 'number' ? declared : 0;
    for (const n of this.xref.keys()) if (n + 1 > max) max = n + 1;
    if (this.scanned) for (const n of this.scanned.keys()) if (n + 1 > max) max = n + 1;
    return max;
  }

  private load(num: number): PdfObject | undefined {
    const entry = this.xref.get(num);
    if (!entry) return undefined;
    if (this.readsAsBase(num, 0)) {
      this.origins.set(num, this.base!.origins.get(num)!);
      return this.fromBase(num);
    }
    if (entry.kind === 'compressed') {
      const value = this.fromObjStm(entry.stream, num);
      if (value !== undefined) this.origins.set(num, { kind: 'compressed', stream: entry.stream });
      return value;
    }
    if (entry.offset < 0) return undefined;
    const lengths: number[] = [];
    const parsed = this.parseAt(entry.offset, num, lengths);
    if (parsed) this.origins.set(num, { kind: 'offset', end: parsed.end, lengths });
    return parsed?.value;
  }

  private parseAt(
    offset: number,
    num: number,
    lengths: number[] = [],
  ): { value: PdfObject; end: number } | undefined {
    if (offset < 0 || offset >= this.bytes.length) return undefined;
    const parser = new Parser(this.bytes, offset, (ref) => {
      lengths.push(ref.num);
      return this.lengthOf(ref);
    });
    const parsed = parser.indirect();
    return parsed.num === num ? { value: parsed.value, end: parser.pos } : undefined;
  }

  /**
   * Whether this file reads object `num` exactly as its base did: the same cross-reference entry, from
   * which the base read it (not by scanning), parsed within the base's bytes with room to spare for the
   * parser's look-ahead, a stream's data as long as its `/Length` says, the `/Length` objects it asked
   * for read alike, and for an object of an object stream, that stream read and decoded alike (its
   * filters in its own dictionary).
   */
  private readsAsBase(num: number, depth: number): boolean {
    const base = this.base;
    const entry = this.xref.get(num);
    if (!base || !entry || depth > 2 || this.repaired || base.repaired) return false;
    if (!sameEntry(base.xref.get(num), entry)) return false;
    const value = base.get(num);
    const origin = base.origins.get(num);
    if (value === undefined || !origin) return false;
    if (origin.kind === 'compressed') {
      const stream = base.get(origin.stream);
      return (
        stream instanceof PdfStream && directFilters(stream) && this.readsAsBase(origin.stream, depth + 1)
      );
    }
    if (value instanceof PdfStream && base.resolve(value.dict.get('Length')) !== value.raw.length)
      return false;
    return (
      origin.end + LOOKAHEAD <= base.bytes.length &&
      origin.lengths.every((n) => this.readsAsBase(n, depth + 1))
    );
  }

  /** Object `num` as the base read it (readsAsBase), a stream's data then a view into this file's bytes. */
  private fromBase(num: number): PdfObject | undefined {
    const base = this.base!;
    const value = base.get(num);
    if (!(value instanceof PdfStream)) return value;
    const at = base.offsetOf(value)!;
    return new PdfStream(value.dict, this.bytes.subarray(at, at + value.raw.length));
  }

  private lengthOf(ref: PdfRef): number | undefined {
    if (this.lengthDepth > 2) return undefined;
    this.lengthDepth++;
    try {
      const v = this.resolve(ref);
      return typeof v === 'number' ? v : undefined;
    } finally {
      this.lengthDepth--;
    }
  }

  private objStm(stmNum: number): ObjStm | null {
    let stm = this.objStms.get(stmNum);
    if (stm === undefined) {
      stm = this.baseObjStm(stmNum) ?? this.openObjStm(stmNum);
      this.objStms.set(stmNum, stm);
    }
    return stm;
  }

  /**
   * The object stream `stmNum` as the base opened it, when this file reads that stream as the base did
   * and decodes it alike (its filters in its own dictionary): the same objects at the same places.
   */
  private baseObjStm(stmNum: number): ObjStm | undefined {
    const opened = this.base?.objStms.get(stmNum);
    if (!opened || !this.readsAsBase(stmNum, 0)) return undefined;
    const stream = this.base!.get(stmNum);
    return stream instanceof PdfStream && directFilters(stream) ? opened : undefined;
  }

  /**
   * Whether object `num` may read as a stream (the bounds check reads only those). An object of an object
   * stream whose data holds no `stream` keyword cannot parse as one, nor, when it does not parse, be one
   * found by scanning the file if no `num g obj` lies in it: such objects are not parsed to be told apart.
   */
  mayBeStream(num: number): boolean {
    const entry = this.xref.get(num);
    if (entry?.kind !== 'compressed') return true;
    const stm = this.objStm(entry.stream);
    if (!stm || stm.holdsStreams) return true;
    // The headers only: scan() would make them the file's objects (size(), the next revision's numbers).
    const { found, complete } = this.headers();
    return !complete || found.has(num);
  }

  private fromObjStm(stmNum: number, num: number): PdfObject | undefined {
    const stm = this.objStm(stmNum);
    if (!stm) return undefined;
    const at = stm.offsets.get(num);
    // The xref index is only a hint: the stream's own header says where each object is.
    if (at === undefined) return undefined;
    return new Parser(stm.data, at).object();
  }

  private openObjStm(stmNum: number): ObjStm | null {
    const s = this.resolve(new PdfRef(stmNum, 0));
    if (!(s instanceof PdfStream)) return null;
    const decoded = this.decode(s);
    if (!decoded.ok) return null;
    const n = s.dict.get('N');
    const first = s.dict.get('First');
    if (typeof n !== 'number' || typeof first !== 'number') return null;
    const p = new Parser(decoded.bytes, 0);
    const offsets = new Map<number, number>();
    for (let i = 0; i < n && i < 100_000; i++) {
      const obj = p.integer();
      const off = p.integer();
      if (obj === undefined || off === undefined) break;
      offsets.set(obj, first + off);
    }
    return { data: decoded.bytes, offsets, holdsStreams: indexOf(decoded.bytes, STREAM) >= 0 };
  }

  private readXref(): void {
    const at = lastIndexOf(this.bytes, STARTXREF);
    if (at < 0) throw new PdfSyntaxError('no startxref');
    const p = new Parser(this.bytes, at + STARTXREF.length);
    const offset = p.integer();
    if (offset === undefined) throw new PdfSyntaxError('bad startxref');
    this.startxref = offset;
    const seen = new Set<number>();
    let next: number | undefined = offset;
    let i = 0;
    for (; next !== undefined && i < MAX_XREF_SECTIONS && !seen.has(next); i++) {
      if (i > 0 && this.chainsToBase(next, i)) return this.takeBaseEntries(i);
      seen.add(next);
      const section = this.readSection(next);
      if (i === 0) {
        this.trailer = section.trailer;
        this.lastXrefIsStream = section.isStream;
      }
      const prev: PdfObject | undefined = section.trailer.get('Prev');
      next = typeof prev === 'number' ? prev : undefined;
    }
    this.xrefSections = i;
  }

  /**
   * Whether the section at `offset`, after `read` sections of this file's own, is where its base's chain
   * began: the base read that chain whole from the same bytes, under the same bounds, and reading it again
   * here would end where it ended (within MAX_XREF_SECTIONS in all).
   */
  private chainsToBase(offset: number, read: number): boolean {
    const base = this.base;
    return (
      base !== null &&
      offset === base.startxref &&
      base.xrefSections > 0 &&
      read + base.xrefSections <= MAX_XREF_SECTIONS &&
      !base.repaired &&
      !base.tooManyObjects &&
      base.limits === this.limits
    );
  }

  /** The base's entries this file's own sections leave, in the order its sections gave them. */
  private takeBaseEntries(read: number): void {
    const base = this.base!;
    for (const [num, entry] of base.xref) if (!this.xref.has(num) && !this.addEntry(num, entry)) break;
    this.xrefSections = read + base.xrefSections;
  }

  private readSection(offset: number): { trailer: PdfDict; isStream: boolean } {
    const p = new Parser(this.bytes, offset);
    if (p.word(true) === 'xref') {
      p.word();
      this.readTable(p);
      if (p.word() !== 'trailer') throw new PdfSyntaxError('no trailer after xref table');
      const trailer = p.object();
      if (!(trailer instanceof PdfDict)) throw new PdfSyntaxError('trailer is not a dictionary');
      // Hybrid files (§7.5.8.4): entries hidden from pre-1.5 readers live in the /XRefStm stream.
      const stm = trailer.get('XRefStm');
      if (typeof stm === 'number') {
        try {
          this.readXrefStream(stm);
        } catch {
          // a broken hybrid stream leaves the table entries usable
        }
      }
      return { trailer, isStream: false };
    }
    return { trailer: this.readXrefStream(offset), isStream: true };
  }

  private readTable(p: Parser): void {
    for (let guard = 0; guard < 100_000; guard++) {
      const start = p.integer();
      if (start === undefined) return;
      const count = p.integer();
      if (count === undefined || count > MAX_OBJECT_NUMBER) throw new PdfSyntaxError('bad xref subsection');
      for (let i = 0; i < count; i++) {
        const off = p.integer();
        const gen = p.integer();
        const type = p.word();
        if (off === undefined || gen === undefined || (type !== 'n' && type !== 'f')) {
          throw new PdfSyntaxError('bad xref entry');
        }
        const num = start + i;
        let added = true;
        if (type === 'n' && !this.xref.has(num) && off > 0)
          added = this.addEntry(num, { kind: 'offset', offset: off, gen });
        else if (type === 'f' && !this.xref.has(num))
          added = this.addEntry(num, { kind: 'offset', offset: -1, gen });
        if (!added) return;
      }
    }
  }

  /**
   * The cross-reference streams read, each an object the cross-reference data may put where it lies,
   * parsed as get() would parse it there when it asked for no `/Length` object (which the data read so
   * far might have resolved otherwise): kept as that object, it is not parsed again when read as one.
   */
  private keepXrefStreams(): void {
    for (const { num, offset, value, end } of this.xrefStreams) {
      const entry = this.xref.get(num);
      if (entry?.kind !== 'offset' || entry.offset !== offset || this.cache.has(num)) continue;
      this.cache.set(num, value);
      this.origins.set(num, { kind: 'offset', end, lengths: [] });
    }
    this.xrefStreams.length = 0;
  }

  private readXrefStream(offset: number): PdfDict {
    let lengths = 0;
    const parser = new Parser(this.bytes, offset, (ref) => (lengths++, this.lengthOf(ref)));
    const parsed = parser.indirect();
    const s = parsed.value;
    if (lengths === 0) this.xrefStreams.push({ num: parsed.num, offset, value: s, end: parser.pos });
    if (!(s instanceof PdfStream) || !isName(s.dict.get('Type'), 'XRef'))
      throw new PdfSyntaxError('not an xref stream');
    const decoded = this.decode(s);
    if (!decoded.ok) throw new PdfSyntaxError(decoded.message);
    const w = s.dict.get('W');
    const size = s.dict.get('Size');
    if (!Array.isArray(w) || w.length < 3 || typeof size !== 'number')
      throw new PdfSyntaxError('bad xref stream');
    const widths = w.slice(0, 3).map((x) => (typeof x === 'number' && x >= 0 && x <= 8 ? x : -1));
    if (widths.some((x) => x < 0)) throw new PdfSyntaxError('bad /W');
    const [w0, w1, w2] = widths as [number, number, number];
    const rowLen = w0 + w1 + w2;
    const idx = s.dict.get('Index');
    const ranges = Array.isArray(idx) ? idx.filter((x): x is number => typeof x === 'number') : [0, size];
    const data = decoded.bytes;
    let pos = 0;
    const field = (width: number, dflt: number): number => {
      if (width === 0) return dflt;
      let v = 0;
      for (let k = 0; k < width; k++) v = v * 256 + (data[pos++] ?? 0);
      return v;
    };
    for (let r = 0; r + 1 < ranges.length; r += 2) {
      const start = ranges[r]!;
      const count = Math.min(ranges[r + 1]!, MAX_OBJECT_NUMBER);
      for (let i = 0; i < count && pos + rowLen <= data.length; i++) {
        const type = field(w0, 1);
        const a = field(w1, 0);
        const b = field(w2, 0);
        const num = start + i;
        if (this.xref.has(num)) continue;
        let added = true;
        if (type === 1) added = this.addEntry(num, { kind: 'offset', offset: a, gen: b });
        else if (type === 2) added = this.addEntry(num, { kind: 'compressed', stream: a, index: b });
        else if (type === 0) added = this.addEntry(num, { kind: 'offset', offset: -1, gen: b });
        if (!added) return s.dict;
      }
    }
    return s.dict;
  }

  /** Object number → offset of its last `n g obj` header in the file. */
  private scan(): Map<number, number> {
    if (this.scanned) return this.scanned;
    const { found, complete } = this.headers();
    if (!complete) this.tooManyObjects = true;
    this.scanned = found;
    return found;
  }

  /** The `n g obj` headers of the file (scan), found once, up to one more than the bound allows. */
  private headers(): Headers {
    if (this.headersFound) return this.headersFound;
    // A revision's are its base's, found in the same bytes, and those of what was appended (from the
    // last bytes an `obj` may begin in before the join).
    const known = this.base?.limits === this.limits ? this.base.headersFound : undefined;
    const from = known?.complete ? this.base!.bytes.length - (OBJ.length - 1) : 0;
    const found = from > 0 ? new Map(known!.found) : new Map<number, number>();
    let complete = true;
    const b = this.bytes;
    // One view of the bytes for every search (indexOf would make one a call: one for each `obj` of the file).
    const text = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
    for (let at = text.indexOf(OBJ, from); at >= 0; at = text.indexOf(OBJ, at + 3)) {
      if (b[at - 1] === 100 /* endobj */ || !isWhite(b[at - 1])) continue;
      let p = at - 1;
      while (p > 0 && isWhite(b[p])) p--;
      while (p > 0 && b[p]! >= 48 && b[p]! <= 57) p--;
      if (!isWhite(b[p])) continue;
      while (p > 0 && isWhite(b[p])) p--;
      let q = p;
      while (q > 0 && b[q - 1]! >= 48 && b[q - 1]! <= 57) q--;
      if (q > p || !(b[q]! >= 48 && b[q]! <= 57)) continue;
      const parser = new Parser(b, q);
      const num = parser.integer();
      if (num !== undefined && num < MAX_OBJECT_NUMBER) found.set(num, q);
      if (found.size > this.limits.maxObjects) {
        complete = false;
        break;
      }
    }
    this.headersFound = { found, complete };
    return this.headersFound;
  }

  private fromScan(num: number): PdfObject | undefined {
    const offset = this.scan().get(num);
    if (offset === undefined) return undefined;
    try {
      return this.parseAt(offset, num)?.value;
    } catch {
      return undefined;
    }
  }

  /** Rebuilds the cross-reference data from a scan: objects at offsets, then those inside object streams. */
  private rebuildFromScan(): void {
    this.repaired = true;
    this.cache.clear();
    this.origins.clear();
    // Filters and lengths given by reference may resolve otherwise with the objects found by scanning.
    this.kept.clear();
    this.keptBytes = 0;
    this.xref.clear();
    const found = this.scan();
    for (const [num, offset] of found) this.addEntry(num, { kind: 'offset', offset, gen: 0 });
    let trailer: PdfDict | undefined;
    for (
      let at = lastIndexOf(this.bytes, TRAILER), n = 0;
      at >= 0 && n < 16;
      at = lastIndexOf(this.bytes, TRAILER, at - 1), n++
    ) {
      try {
        const t = new Parser(this.bytes, at + TRAILER.length).object();
        if (t instanceof PdfDict && t.get('Root') instanceof PdfRef) {
          trailer = t;
          break;
        }
      } catch {
        // try an earlier trailer
      }
    }
    const objStms: number[] = [];
    let catalogNum: number | undefined;
    for (const num of found.keys()) {
      const d = this.dict(new PdfRef(num, 0));
      if (!d) continue;
      if (isName(d.get('Type'), 'ObjStm')) objStms.push(num);
      else if (!trailer && isName(d.get('Type'), 'XRef') && d.get('Root') instanceof PdfRef) trailer = d;
      else if (isName(d.get('Type'), 'Catalog')) catalogNum = num;
    }
    for (const stm of objStms) {
      const opened = this.openObjStm(stm);
      this.objStms.set(stm, opened);
      if (!opened) continue;
      let i = 0;
      for (const num of opened.offsets.keys()) {
        if (!this.xref.has(num)) this.addEntry(num, { kind: 'compressed', stream: stm, index: i });
        i++;
      }
    }
    this.cache.clear();
    if (!trailer) {
      trailer = new PdfDict();
      if (catalogNum === undefined) {
        for (const num of this.xref.keys()) {
          if (isName(this.dict(new PdfRef(num, 0))?.get('Type'), 'Catalog')) {
            catalogNum = num;
            break;
          }
        }
      }
      if (catalogNum !== undefined) trailer.set('Root', new PdfRef(catalogNum, 0));
    }
    this.trailer = trailer;
  }
}

/** Whether two cross-reference entries name the same place. */
function sameEntry(a: XrefEntry | undefined, b: XrefEntry): boolean {
  if (a === undefined || a.kind !== b.kind) return false;
  return a.kind === 'offset'
    ? b.kind === 'offset' && a.offset === b.offset && a.gen === b.gen
    : b.kind === 'compressed' && a.stream === b.stream && a.index === b.index;
}

/**
 * A kept decode of the stream at that offset, if it was decoded within `limit` or less (a decode that
 * fitted a smaller limit gives the same bytes within a larger one; within a smaller one it is redone).
 */
function keptWithin(kept: Kept | undefined, stream: PdfStream, limit: number): Decoded | undefined {
  return kept && kept.length === stream.raw.length && kept.limit <= limit ? kept.decoded : undefined;
}
