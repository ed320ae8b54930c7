/**
 * The bounds check of a new revision (issue 15): a Factur-X PDF we package is the carrier's bytes with a
 * revision appended; opening it decodes only the appended streams, the carrier's counting at the sizes
 * its own check measured. The verdict is the one a full check gives, and a file that does not begin with
 * the carrier's bytes is checked in full. What a document decodes it keeps for its other readers, and a
 * revision reads the carrier's streams as the carrier decoded them unless it may decode them otherwise.
 */
import { deflateSync } from 'node:zlib';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ciiToModel } from '../../cii/read';
import { goldenCii } from '../../testing/hostile-xml';
import { readAsset } from '../assets';
import { checkFacturxPdf } from '../check';
import { extractFacturx } from '../facturx-read';
import { packageFacturx } from '../facturx-write';
import { writeRevision } from '../writer/revision';
import { name } from '../writer/serialize';
import { renderInvoice } from '../render/invoice-render';
import { unembeddedFontPdf } from '../test-pdfs';
import { PDF_LIMITS, type PdfLimits } from './bounds';
import { PdfDocument } from './document';
import * as drawing from './drawing';
import * as filters from './filters';
import { isName, PdfDict, type PdfObject, PdfRef, PdfStream } from './objects';
import { Parser } from './parser';

vi.mock('./filters', async (actual) => {
  const real = await actual<typeof filters>();
  return { ...real, decodeStream: vi.fn(real.decodeStream), filterNames: vi.fn(real.filterNames) };
});

vi.mock('./drawing', async (actual) => {
  const real = await actual<typeof drawing>();
  return { ...real, mostPageOperations: vi.fn(real.mostPageOperations) };
});

const decodeStream = vi.mocked(filters.decodeStream);
/** Each call is a stream's filters read, as the bounds check reads those of each stream it finds. */
const filterNames = vi.mocked(filters.filterNames);
/** Each call is one document's pages counted, drawing operation by operation. */
const drawingCounts = vi.mocked(drawing.mostPageOperations);
/**
 * The streams decoded since the last clear, each once: the bounds check measures the ones the reading of
 * the cross-reference data did not decode already (the document keeps what it decoded).
 */
const boundsDecodes = (): PdfStream[] =>
  [...new Set(decodeStream.mock.calls.map(([stream]) => stream))].filter(measuredByBounds);

/**
 * The streams the bounds check decodes to measure: not the cross-reference streams, which the reading of
 * the file decodes first, at the largest bound (and, under the smaller bounds of these tests, again in
 * the check), nor those without a filter, as large as their data.
 */
function measuredByBounds(stream: PdfStream): boolean {
  return !isName(stream.dict.get('Type'), 'XRef') && stream.dict.get('Filter') !== undefined;
}

let carrier: Uint8Array;
let packaged: Uint8Array;

beforeAll(async () => {
  const read = ciiToModel(goldenCii());
  if (!read.ok) throw new Error(read.error.message);
  const rendered = await renderInvoice(read.invoice, 'en');
  if (!rendered.ok) throw new Error('no carrier');
  carrier = rendered.pdf;
  const pack = packageFacturx(carrier, new TextEncoder().encode(goldenCii()), 'EN16931');
  if (!pack.ok) throw new Error(pack.error.message);
  packaged = pack.pdf;
});

beforeEach(() => {
  decodeStream.mockClear();
  drawingCounts.mockClear();
});

function streamsOf(bytes: Uint8Array): { doc: PdfDocument; streams: PdfStream[] } {
  const opened = PdfDocument.open(new Uint8Array(bytes));
  if (!opened.ok) throw new Error(opened.error.message);
  const { doc } = opened;
  const streams: PdfStream[] = [];
  for (const num of doc.objectNumbers()) {
    const s = doc.get(num);
    // Pictures are measured by their size, not decoded.
    if (s instanceof PdfStream && !isName(doc.resolve(s.dict.get('Subtype')), 'Image')) streams.push(s);
  }
  return { doc, streams };
}

/** How many streams of a document (pictures and cross-reference streams aside) have their data at or after byte `from`. */
function streamsFrom(bytes: Uint8Array, from: number): number {
  const { doc, streams } = streamsOf(bytes);
  return streams.filter((s) => measuredByBounds(s) && s.raw.byteOffset - doc.bytes.byteOffset >= from).length;
}

/** Sum of the decoded sizes of a document's streams, pictures aside, measured by decoding each. */
function decodedTotal(bytes: Uint8Array): number {
  const { doc, streams } = streamsOf(bytes);
  return streams.reduce((sum, s) => {
    const d = doc.decode(s);
    return d.ok ? sum + d.bytes.length : sum;
  }, 0);
}

/**
 * Bounds this invoice's streams could break, going by their raw sizes and filters, but do not: the check
 * then has to decode them to measure them (within the application's bounds, nothing could expand beyond
 * them and nothing is decoded, see bounds.test.ts). The carrier is checked under them too, as packaging
 * does under the application's, and `revised` noted as its revision.
 */
function measured(revised: Uint8Array): PdfLimits {
  const limits = { ...PDF_LIMITS, maxDocumentBytes: decodedTotal(packaged) };
  const base = PdfDocument.open(new Uint8Array(carrier), limits);
  if (!base.ok) throw new Error(base.error.message);
  PdfDocument.noteRevision(revised, base.doc);
  return limits;
}

describe('the bounds check of a revision we appended', () => {
  it('decodes only the appended streams', () => {
    const appended = streamsFrom(packaged, carrier.length);
    const all = streamsFrom(packaged, 0);
    expect(appended).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(appended);
    const limits = measured(packaged);
    decodeStream.mockClear();
    expect(PdfDocument.open(packaged, limits).ok).toBe(true);
    const decoded = boundsDecodes();
    expect(decoded).toHaveLength(appended);
    for (const s of decoded)
      expect(s.raw.byteOffset - packaged.byteOffset).toBeGreaterThanOrEqual(carrier.length);
  });

  it('counts the carrier’s streams at their measured sizes: the verdict of a full check', () => {
    const limits = measured(packaged);
    const total = limits.maxDocumentBytes;
    const all = streamsFrom(packaged, 0);
    decodeStream.mockClear();
    const beyond = PdfDocument.open(packaged, { ...limits, maxDocumentBytes: total - 1 });
    expect(beyond.ok).toBe(false);
    if (!beyond.ok) expect(beyond.error.code).toBe('beyond_bounds');
    // Fewer streams decoded than a full check would: the carrier's sizes were taken as measured.
    expect(boundsDecodes().length).toBeLessThan(all);
    expect(PdfDocument.open(packaged, limits).ok).toBe(true);
  });

  it('checks in full a file that does not begin with the carrier’s bytes', () => {
    const altered = new Uint8Array(packaged);
    // One byte of the carrier's part changed (in its last line, `%%EOF`, which the revision's xref does not need).
    altered[carrier.length - 2] = altered[carrier.length - 2] === 0x20 ? 0x0a : 0x20;
    const limits = measured(altered);
    decodeStream.mockClear();
    PdfDocument.open(altered, limits);
    expect(boundsDecodes()).toHaveLength(streamsFrom(altered, 0));
  });
});

describe('the objects a revision redefines', () => {
  /** 64 KB of zeros deflated: beyond BOMB's bound of a stream, a few hundred bytes in the file. */
  const bomb = deflateSync(Buffer.alloc(64 * 1024));
  const BOMB: PdfLimits = { ...PDF_LIMITS, maxStreamBytes: 32 * 1024 };
  /** Object 5 is the bomb's deflated bytes in hexadecimal, its filter (object 6) reading them as such. */
  const base = () =>
    openHandMade(
      [
        `4 0 obj\n<< /Length 3 >>\nstream\nq Q\nendstream\nendobj\n`,
        `5 0 obj\n<< /Length ${bomb.length * 2 + 1} /Filter 6 0 R >>\nstream\n${bomb.toString('hex')}>\nendstream\nendobj\n`,
        '6 0 obj\n/ASCIIHexDecode\nendobj\n',
      ],
      BOMB,
    );
  const revised = (objects: ReadonlyMap<number, PdfObject>) => {
    const bytes = reviseBytes(base(), objects);
    filterNames.mockClear();
    return bytes;
  };
  const refusal = (bytes: Uint8Array) => {
    const opened = PdfDocument.open(bytes, BOMB);
    return opened.ok ? null : opened.error.message;
  };
  /** The streams whose filters were read, by the offset of their data. */
  const filtersRead = () => filterNames.mock.calls.map(([stream]) => stream.raw.byteOffset);

  it('are measured, the objects it keeps taken as its base found them', () => {
    const kept = revised(new Map([[7, new PdfDict()]]));
    expect(refusal(kept)).toBeNull();
    // The base's two streams are not read again; in the same bytes not known as a revision, they are.
    expect(filtersRead()).toEqual([]);
    expect(refusal(new Uint8Array(kept))).toBeNull();
    expect(filtersRead()).toHaveLength(2);
    const redefined = new PdfStream(dictOf({ Filter: name('FlateDecode') }), bomb);
    expect(refusal(revised(new Map([[4, redefined]])))).toMatch(/a stream that decompresses/);
  });

  it('are measured again where a stream it keeps takes its filter from one of them', () => {
    const flate = [name('ASCIIHexDecode'), name('FlateDecode')];
    expect(refusal(revised(new Map([[6, flate]])))).toMatch(/a stream that decompresses/);
  });
});

describe('the drawing count', () => {
  it('is made only for a reader of the pages, once for all of them', () => {
    const opened = PdfDocument.open(new Uint8Array(carrier));
    if (!opened.ok) throw new Error(opened.error.message);
    expect(extractFacturx(opened.doc.bytes, 'carrier.pdf').ok).toBe(false);
    expect(drawingCounts).not.toHaveBeenCalled();
    expect(opened.doc.drawable().ok).toBe(true);
    expect(PdfDocument.openToDraw(opened.doc.bytes).ok).toBe(true);
    expect(checkFacturxPdf(opened.doc.bytes).pdfa.skipped).toBe(false);
    expect(drawingCounts).toHaveBeenCalledTimes(1);
  });
});

describe('the drawing count of a revision', () => {
  it('is the carrier’s when the revision appended draws nothing of its own', () => {
    const pack = packageFacturx(new Uint8Array(carrier), new TextEncoder().encode(goldenCii()), 'EN16931');
    if (!pack.ok) throw new Error(pack.error.message);
    expect(drawingCounts).toHaveBeenCalledTimes(1);
    expect(PdfDocument.openToDraw(pack.pdf).ok).toBe(true);
    expect(drawingCounts).toHaveBeenCalledTimes(1);
    // The same bytes, not known as a revision: counted in full, to the same verdict.
    expect(PdfDocument.openToDraw(new Uint8Array(pack.pdf)).ok).toBe(true);
    expect(drawingCounts).toHaveBeenCalledTimes(2);
  });

  it('is counted for a revision of a file whose pages were not counted', () => {
    const base = PdfDocument.open(new Uint8Array(carrier));
    if (!base.ok) throw new Error(base.error.message);
    const revised = reviseBytes(base.doc, new Map([[base.doc.size(), new PdfDict()]]));
    expect(PdfDocument.openToDraw(revised).ok).toBe(true);
    expect(drawingCounts).toHaveBeenCalledTimes(1);
  });

  const FEW: PdfLimits = { ...PDF_LIMITS, maxPageOperations: 3 };
  /** A one-page file whose page draws `content` (2 operations), opened under FEW, revised by `revision`. */
  function revised(
    revision: ReadonlyMap<number, PdfObject>,
    content = 'q Q',
  ): ReturnType<typeof PdfDocument.openToDraw> {
    const base = openHandMade(
      [`4 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`],
      FEW,
    );
    drawingCounts.mockClear();
    return PdfDocument.openToDraw(reviseBytes(base, revision), FEW);
  }
  const fourOperations = new PdfStream(new PdfDict(), new TextEncoder().encode('q Q q Q'));
  const refusedFor = (opened: ReturnType<typeof PdfDocument.openToDraw>) =>
    opened.ok ? null : opened.error.message;

  it('is the base’s when the revision adds objects no page draws', () => {
    expect(revised(new Map([[6, fourOperations]])).ok).toBe(true);
    expect(drawingCounts).not.toHaveBeenCalled();
  });

  it('is counted again when the base’s count looked through every object (text shown before any font)', () => {
    // A form's text before any Tf is in the font of what draws it, which may be any of the document.
    const base = openHandMade(
      [
        '4 0 obj\n<< /Length 5 >>\nstream\n/X Do\nendstream\nendobj\n',
        '5 0 obj\n<< /Subtype /Form /BBox [0 0 1 1] /Length 6 >>\nstream\n(a) Tj\nendstream\nendobj\n',
      ],
      FEW,
      '/XObject << /X 5 0 R >>',
    );
    drawingCounts.mockClear();
    expect(PdfDocument.openToDraw(reviseBytes(base, new Map([[6, fourOperations]])), FEW).ok).toBe(true);
    expect(drawingCounts).toHaveBeenCalledTimes(1);
  });

  it('is counted again when the revision redefines what a page draws', () => {
    expect(refusedFor(revised(new Map([[4, fourOperations]])))).toMatch(/drawing expands/);
    expect(drawingCounts).toHaveBeenCalledTimes(1);
  });

  it('is counted again when a page’s content takes its filter from another object', () => {
    const base = openHandMade(
      [
        '4 0 obj\n<< /Length 7 /Filter 5 0 R >>\nstream\n712051>\nendstream\nendobj\n',
        '5 0 obj\n/ASCIIHexDecode\nendobj\n',
      ],
      FEW,
    );
    drawingCounts.mockClear();
    expect(PdfDocument.openToDraw(reviseBytes(base, new Map([[6, fourOperations]])), FEW).ok).toBe(true);
    expect(drawingCounts).toHaveBeenCalledTimes(1);
  });

  it('is counted again when the revision’s catalog names another page tree', () => {
    const pages = new Map<number, PdfObject>([
      [1, dictOf({ Type: name('Catalog'), Pages: new PdfRef(6, 0) })],
      [6, dictOf({ Type: name('Pages'), Kids: [new PdfRef(7, 0)], Count: 1 })],
      [7, dictOf({ Type: name('Page'), Parent: new PdfRef(6, 0), Contents: new PdfRef(8, 0) })],
      [8, fourOperations],
    ]);
    expect(refusedFor(revised(pages))).toMatch(/drawing expands/);
  });
});

describe('a revision reads its base’s part of the file as its base did', () => {
  /** The offsets at which an indirect object (or a cross-reference stream) is parsed while `run` runs. */
  const parsedAt = (run: () => void): number[] => {
    const starts: number[] = [];
    const indirect = Parser.prototype.indirect;
    const spy = vi.spyOn(Parser.prototype, 'indirect').mockImplementation(function (this: Parser) {
      starts.push(this.pos);
      return indirect.call(this);
    });
    try {
      run();
    } finally {
      spy.mockRestore();
    }
    return starts;
  };

  it('takes its base’s cross-reference entries and object headers: those a fresh reading finds', () => {
    const base = PdfDocument.open(new Uint8Array(carrier));
    if (!base.ok) throw new Error(base.error.message);
    // A revision that adds an object (its header after the join) and rewrites the catalog.
    const root = base.doc.trailer.get('Root') as PdfRef;
    const info = base.doc.size();
    const revised = writeRevision(base.doc, {
      objects: new Map<number, PdfObject>([
        [root.num, base.doc.catalog()!],
        [info, new PdfDict()],
      ]),
      root,
      info: new PdfRef(info, 0),
      id: [new Uint8Array(16), new Uint8Array(16)],
    });
    let taken: PdfDocument | undefined;
    const parsed = parsedAt(() => {
      const opened = PdfDocument.open(revised);
      if (opened.ok) taken = opened.doc;
    });
    const fresh = PdfDocument.open(new Uint8Array(revised));
    if (!taken || !fresh.ok) throw new Error('unreadable revision');
    expect(fresh.doc.repaired).toBe(false);
    // The base's last cross-reference section (a stream) is not read again: parsed once, as an object
    // whose size the bounds check takes (at the end of the base, it may not read as the base read it),
    // where a fresh reading parses it once too, as the section it reads, kept as the object it is.
    const atBase = (offsets: number[]) => offsets.filter((at) => at === base.doc.startxref).length;
    expect(atBase(parsed)).toBe(1);
    const freshly = parsedAt(() => PdfDocument.open(new Uint8Array(revised)));
    expect(atBase(freshly)).toBe(1);
    // The revision's own section likewise.
    expect(freshly.filter((at) => at === fresh.doc.startxref)).toHaveLength(1);
    // …and what it gave is what reading it gives, entry for entry and in the same order.
    expect([...taken.xref]).toEqual([...fresh.doc.xref]);
    expect(taken.size()).toBe(fresh.doc.size());
    const numbers = [...fresh.doc.objectNumbers()];
    expect(numbers.map((n) => taken!.mayBeStream(n))).toEqual(numbers.map((n) => fresh.doc.mayBeStream(n)));
  });
});

describe('what a document decodes, its readers share', () => {
  it('the packaging, the extraction and the check of its output decode each stream once', () => {
    const source = new Uint8Array(carrier);
    decodeStream.mockClear();
    const pack = packageFacturx(source, new TextEncoder().encode(goldenCii()), 'EN16931');
    if (!pack.ok) throw new Error(pack.error.message);
    expect(extractFacturx(pack.pdf, 'invoice.pdf').ok).toBe(true);
    expect(checkFacturxPdf(pack.pdf).pdfa.passed).toBe(true);
    // Each call by where its data lies in the packaged file (the carrier's part lies where it lay).
    const places = decodeStream.mock.calls.map(([stream]) =>
      stream.raw.buffer === source.buffer
        ? stream.raw.byteOffset - source.byteOffset
        : stream.raw.byteOffset - pack.pdf.byteOffset,
    );
    expect(new Set(places).size).toBe(places.length);
    expect(places.length).toBeLessThanOrEqual(streamsFrom(pack.pdf, 0));
  });

  it('the read-back of a font program embedded in place of a standard font takes the bytes written', async () => {
    const pack = packageFacturx(await unembeddedFontPdf(), new TextEncoder().encode(goldenCii()), 'EN16931');
    if (!pack.ok) throw new Error(pack.error.message);
    const { doc, streams } = streamsOf(pack.pdf);
    const program = streams.find((s) => s.dict.get('Length1') !== undefined);
    const decoded = program && doc.decode(program);
    // Its hundreds of kilobytes could inflate beyond the bounds: measured, as the program itself.
    expect(decoded?.ok && decoded.bytes).toBe(readAsset('fonts/LiberationSans-Regular.ttf'));
  });

  it('a revision that redefines a filter given by reference decodes the stream again', () => {
    const opened = openHandMade([
      '4 0 obj\n<< /Length 11 /Filter 5 0 R >>\nstream\n48656C6C6F>\nendstream\nendobj\n',
      '5 0 obj\n/ASCIIHexDecode\nendobj\n',
    ]);
    const content = (doc: PdfDocument) => doc.decode(streamOf(doc, 4));
    const before = content(opened);
    expect(before.ok && Buffer.from(before.bytes).toString('latin1')).toBe('Hello');
    const reopened = revise(opened, 5, name('FlateDecode'));
    // The hex text is no Flate data: the revision's filter is the one applied.
    expect(content(reopened).ok).toBe(false);
  });
});

describe('a revision reads the objects it keeps as the file it was appended to read them', () => {
  it('shares the carrier’s objects, their stream data read in the packaged file', () => {
    const base = PdfDocument.open(carrier);
    const pack = packageFacturx(carrier, new TextEncoder().encode(goldenCii()), 'EN16931');
    if (!base.ok || !pack.ok) throw new Error('no packaged file');
    const reopened = PdfDocument.open(pack.pdf);
    if (!reopened.ok) throw new Error(reopened.error.message);
    // The carrier's first stream object (its page content, a font…), read from its offset.
    const num = [...base.doc.objectNumbers()].find(
      (n) => base.doc.xref.get(n)?.kind === 'offset' && base.doc.get(n) instanceof PdfStream,
    );
    if (num === undefined) throw new Error('no stream in the carrier');
    const stream = streamOf(reopened.doc, num);
    expect(stream.dict).toBe(streamOf(base.doc, num).dict);
    expect(stream.raw.buffer).toBe(pack.pdf.buffer);
  });

  it('reads again a stream whose /Length object the revision redefines', () => {
    const data = 'AAAA\nendstream\nBBBB';
    const opened = openHandMade([
      `4 0 obj\n<< /Length 5 0 R >>\nstream\n${data}\nendstream\nendobj\n`,
      '5 0 obj\n4\nendobj\n',
    ]);
    expect(streamOf(opened, 4).raw).toHaveLength(4);
    expect(streamOf(revise(opened, 5, data.length), 4).raw).toHaveLength(data.length);
  });
});

/**
 * A one-page PDF written by hand (a classic cross-reference table) with `objects` from number 4 on, its
 * page drawn with `resources`, opened to be drawn (its pages counted, as packaging opens a carrier).
 */
function openHandMade(
  objects: readonly string[],
  limits: PdfLimits = PDF_LIMITS,
  resources = '',
): PdfDocument {
  const text = [
    '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n',
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Contents 4 0 R /Resources << ${resources} >> >>\nendobj\n`,
    ...objects,
  ];
  const offsets: number[] = [];
  let at = 0;
  for (const part of text) {
    offsets.push(at);
    at += part.length;
  }
  const xref = [`xref\n0 ${text.length}\n0000000000 65535 f\r\n`]
    .concat(offsets.slice(1).map((o) => `${String(o).padStart(10, '0')} 00000 n\r\n`))
    .join('');
  const trailer = `trailer\n<< /Size ${text.length} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  const bytes = new Uint8Array(Buffer.from(`${text.join('')}${xref}${trailer}`, 'latin1'));
  const opened = PdfDocument.openToDraw(bytes, limits);
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.doc;
}

/** `doc` with a revision appended that replaces object `num` by `value`, opened. */
function revise(doc: PdfDocument, num: number, value: PdfObject): PdfDocument {
  const opened = PdfDocument.open(reviseBytes(doc, new Map([[num, value]])));
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.doc;
}

/** `doc`'s bytes with a revision appended that adds or replaces `objects` (and a new Info). */
function reviseBytes(doc: PdfDocument, objects: ReadonlyMap<number, PdfObject>): Uint8Array {
  const info = Math.max(doc.size(), ...objects.keys()) + 1;
  return writeRevision(doc, {
    objects: new Map([...objects, [info, new PdfDict()]]),
    root: new PdfRef(1, 0),
    info: new PdfRef(info, 0),
    id: [new Uint8Array(16), new Uint8Array(16)],
  });
}

const dictOf = (entries: Record<string, PdfObject>): PdfDict => new PdfDict(new Map(Object.entries(entries)));

function streamOf(doc: PdfDocument, num: number): PdfStream {
  const stream = doc.get(num);
  if (!(stream instanceof PdfStream)) throw new Error(`object ${num} is no stream`);
  return stream;
}
