/**
 * The bounds of a PDF (README, "Refusals and bounds"): a file beyond one is refused with the bound it
 * broke in words, when it is opened, before our own checks or pdfjs decompress it, and for the drawing
 * bound before anything reads or draws its pages (PdfDocument.drawable); every filter pdfjs would decode
 * is decoded here within the bound (Flate, LZW, ASCII85, RunLength), and read back alike by pdfjs, so the
 * bytes we count are the bytes pdfjs would make.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { localContext, services } from '../../service';
import {
  encodedContentPdf,
  explodingContentStream,
  explodingObjectStreams,
  hugeOperandArray,
  hugePicture,
  longStringsArray,
  nestedForms,
  lzwEncode,
  plainPdf,
  tooManyObjects,
  tooManyPages,
  tilingFills,
  type3Glyphs,
  writePdf,
} from '../../testing/hostile-pdf';
import { pageImages } from '../../ocr/page-images';
import { goldenCii } from '../../testing/hostile-xml';
import { readPdfText } from '../../text/pdf-text';
import { checkFacturxPdf } from '../check';
import { extractFacturx } from '../facturx-read';
import { packageFacturx } from '../facturx-write';
import { writeRevision } from '../writer/revision';
import { checkBounds, PDF_LIMITS, type PdfLimits } from './bounds';
import { PdfDocument } from './document';
import { decodeStream } from './filters';
import { PdfDict, PdfName, type PdfObject, PdfRef, PdfStream } from './objects';

const MB = 1024 * 1024;
/** The application's bounds made small, so that a test need not decompress hundreds of megabytes. */
const SMALL: PdfLimits = {
  maxObjects: 500,
  maxPages: 20,
  maxStreamBytes: 3 * MB,
  maxDocumentBytes: 5 * MB,
  maxImagePixels: 1_000_000,
  maxPageOperations: 10_000,
};

describe('a PDF beyond a bound is refused when it is opened, saying which', () => {
  const refusal = (bytes: Uint8Array, limits: PdfLimits) => {
    const opened = PdfDocument.open(bytes, limits);
    if (opened.ok) throw new Error('opened a PDF beyond the bounds');
    expect(opened.error.code).toBe('beyond_bounds');
    return opened.error.localized;
  };

  it.each([
    [
      'object streams that expand beyond the document bound',
      () => explodingObjectStreams(3, 2),
      /5 MB in all/,
      /5 Mo au total/,
    ],
    [
      'a content stream that expands beyond the stream bound',
      () => explodingContentStream(4),
      /more than 3 MB/,
      /plus de 3 Mo/,
    ],
    [
      'a JPEG whose header declares 3.6 billion pixels',
      hugePicture,
      /1 million pixels/,
      /1 millions de pixels/,
    ],
    ['a page tree of a million pages', tooManyPages, /more than 20 pages/, /plus de 20 pages/],
    [
      'more objects than the bound',
      () => tooManyObjects(SMALL.maxObjects),
      /more than 500 objects/,
      /plus de 500 objets/,
    ],
  ])('%s', (_name, make, en, fr) => {
    const words = refusal(make(), SMALL);
    expect(words.en).toMatch(en);
    expect(words.fr).toMatch(fr);
  });

  it('opens, and draws, the same kinds of PDF within the bounds', () => {
    for (const pdf of [
      plainPdf(),
      explodingObjectStreams(2, 2),
      explodingContentStream(3),
      tooManyObjects(400),
      // The pages below, a tenth or less of those refused: 9,441, 2,005 and 2,042 operations.
      nestedForms(4, 10),
      type3Glyphs(100, 20),
      tilingFills(100, 20),
      // 2,048 strings of a kilobyte in one array: within the stream bound, 2,049 operations.
      longStringsArray(2),
    ])
      expect(PdfDocument.openToDraw(pdf, SMALL).ok).toBe(true);
  });

  it('decodes no stream to open a PDF whose raw streams could not expand beyond the bounds', () => {
    // 3 KB of page content: at most 64 times that through RunLength and 4 times again through ASCII85.
    const pdf = encodedContentPdf('BT (Facture) Tj ET\n'.repeat(160), ['A85', 'RL']);
    const decode = vi.spyOn(PdfDocument.prototype, 'decode');
    try {
      const opened = PdfDocument.open(pdf);
      expect(opened.ok).toBe(true);
      expect(decode).not.toHaveBeenCalled();
      // Its pages drawn: only the page's content is decoded, to count its drawing operations (the
      // file's other stream, not drawn, is left as it is).
      expect(opened.ok && opened.doc.drawable().ok).toBe(true);
      expect(decode.mock.calls.map(([stream]) => stream.dict.get('Filter') !== undefined)).toEqual([true]);
      // The same document held to bounds its streams could break, going by their filters, but do not:
      // measured by decoding them, and opened.
      decode.mockClear();
      expect(PdfDocument.open(pdf, { ...PDF_LIMITS, maxDocumentBytes: 64 * 1024 }).ok).toBe(true);
      expect(decode).toHaveBeenCalled();
    } finally {
      decode.mockRestore();
    }
  });

  it('decodes, to measure them, only the streams that could break the bounds, those that could most first', () => {
    // 70,000 bytes that Flate cannot shrink (a font's worth): they could make 72 MB, beyond the 64 MB of a stream.
    let seed = 1;
    const noise = Buffer.from(
      Array.from({ length: 70_000 }, () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24),
    );
    const small = deflateSync(Buffer.from('q Q\n'.repeat(50)));
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
      { dict: '/Filter /FlateDecode', data: small },
      { dict: '/Filter /FlateDecode', data: deflateSync(noise) },
      { dict: '/Filter /FlateDecode', data: small },
    ]);
    const decode = vi.spyOn(PdfDocument.prototype, 'decode');
    const decoded = (limits: PdfLimits) => {
      decode.mockClear();
      const opened = PdfDocument.open(pdf, limits);
      return {
        opened: opened.ok || opened.error.message,
        sizes: decode.mock.calls.map(([stream]) => stream.raw.length > 1_000),
      };
    };
    try {
      // The large one alone: the small ones could make 2 × 1,032 times their 20-odd bytes, well within.
      expect(decoded(PDF_LIMITS)).toEqual({ opened: true, sizes: [true] });
      // Within a document bound of their exact size, all three, the large one first…
      const exact = { ...PDF_LIMITS, maxDocumentBytes: 70_000 + 2 * 200 };
      expect(decoded(exact)).toEqual({ opened: true, sizes: [true, false, false] });
      // …and a byte less is the refusal a full measure gives.
      expect(decoded({ ...exact, maxDocumentBytes: exact.maxDocumentBytes - 1 }).opened).toMatch(
        /streams that decompress to more than .* MB in all/,
      );
    } finally {
      decode.mockRestore();
    }
  });

  it('holds every PDF to the application bounds by default', () => {
    expect(refusal(tooManyPages(), PDF_LIMITS).en).toMatch(/more than 2000 pages/);
    expect(refusal(hugePicture(), PDF_LIMITS).en).toMatch(/more than 50 million pixels/);
  });
});

describe('a PDF whose page draws beyond the drawing bound is refused before its pages are read, saying so', () => {
  it.each([
    // Four levels of forms each drawing the next 10 times (4 operations a drawing), then 5 of text.
    ['a page of forms drawing forms: 94,441 operations', () => nestedForms(5, 10)],
    // Half a million numbers in the array of one operator, each an object a reader holds.
    ['a page showing one array of 1 MB of numbers', () => hugeOperandArray(1)],
    // 200 glyphs of a 100-operation procedure: 20,005 operations.
    ['a page showing a Type 3 font whose glyph is drawn in many operations', () => type3Glyphs(100, 200)],
    // 200 fills of a 100-operation pattern cell: 20,402 operations.
    ['a page filled many times with a tiling pattern of many operations', () => tilingFills(100, 200)],
  ])('%s', (_name, make) => {
    const pdf = make();
    // Opened, for what needs none of its pages (its embedded files, its metadata)…
    const opened = PdfDocument.open(pdf, SMALL);
    if (!opened.ok) throw new Error(opened.error.message);
    // …and refused to whatever reads or draws them, however it asks.
    for (const drawn of [opened.doc.drawable(), PdfDocument.openToDraw(pdf, SMALL)]) {
      if (drawn.ok) throw new Error('drew a page beyond the drawing bound');
      expect(drawn.error.code).toBe('beyond_bounds');
      expect(drawn.error.localized.en).toBe(
        'The PDF is refused: it has a page whose drawing expands to more than 0.01 million operations.',
      );
      expect(drawn.error.localized.fr).toMatch(/plus de 0.01 millions d’opérations/);
    }
  });
});

describe('a Factur-X PDF whose page draws beyond the drawing bound', () => {
  const xml = new TextEncoder().encode(goldenCii());
  /**
   * A page drawing a form of 3,000 operations once, packaged with the invoice XML, then made to draw it
   * 400 times by a revision: 1.2 million operations, beyond the application's bound.
   */
  const pageBomb = (): Uint8Array => {
    const form = Buffer.from('0 0 m 10 10 l S\n'.repeat(1_000));
    const carrier = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /X 5 0 R >> >> /Contents 4 0 R >>',
      { dict: '', data: Buffer.from('/X Do') },
      { dict: '/Type /XObject /Subtype /Form /BBox [0 0 595 842]', data: form },
    ]);
    const pack = packageFacturx(carrier, xml, 'EN16931');
    if (!pack.ok) throw new Error(pack.error.message);
    const opened = PdfDocument.openToDraw(pack.pdf);
    if (!opened.ok) throw new Error(opened.error.message);
    const { doc } = opened;
    const info = doc.size();
    return writeRevision(doc, {
      objects: new Map<number, PdfObject>([
        [4, new PdfStream(new PdfDict(), Buffer.from('/X Do\n'.repeat(400)))],
        [info, new PdfDict()],
      ]),
      root: doc.trailer.get('Root') as PdfRef,
      info: new PdfRef(info, 0),
      id: [new Uint8Array(16), new Uint8Array(16)],
    });
  };

  it('gives its XML to extraction, which reads none of its pages', () => {
    const extracted = extractFacturx(pageBomb(), 'bomb.pdf');
    expect(extracted.ok && Buffer.from(extracted.xml).equals(Buffer.from(xml))).toBe(true);
  });

  it('is refused to the reading of its text, to OCR and to the PDF check, before its pages are read', async () => {
    const refusal =
      'The PDF is refused: it has a page whose drawing expands to more than 1 million operations.';
    const bomb = pageBomb();
    const text = await readPdfText(bomb);
    expect(text.ok || [text.error.reason, text.error.message]).toEqual(['unreadable', refusal]);
    const pictures = await pageImages(bomb);
    expect(pictures.ok || pictures.error).toEqual({ code: 'not_pdf', message: refusal });
    const checked = checkFacturxPdf(bomb);
    expect(checked.pdfa.findings.map((f) => f.id)).toEqual(['PDFA-READ']);
    expect(checked.facturx_pdf.skip_reason).toBe('pdf_unreadable');
  });
});

describe('objects of an object stream', () => {
  /** Decodes to 1,000 bytes: beyond LITTLE's bound of a stream, which the file's other streams are within. */
  const spaces = deflateSync(Buffer.alloc(1_000, 0x20));
  const LITTLE: PdfLimits = { ...PDF_LIMITS, maxStreamBytes: 500 };
  const inner = (num: number) =>
    Buffer.concat([
      Buffer.from(`${num} 0 obj\n<< /Length ${spaces.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      spaces,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);

  it('are measured when the object stream holds a stream, against the standard', () => {
    // Object 6 without its `6 0 obj` header and `endobj`, as an object stream holds it.
    const opened = PdfDocument.open(objectStreamPdf([inner(6).subarray(8, -7), Buffer.from('null')]), LITTLE);
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.error.message).toMatch(/a stream that decompresses/);
  });

  it('are measured when one does not read and a stream of its number lies elsewhere in the file', () => {
    const pdf = objectStreamPdf([Buffer.from('<< /Broken'), Buffer.from('null')], inner(6));
    const opened = PdfDocument.open(pdf, LITTLE);
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.error.message).toMatch(/a stream that decompresses/);
  });

  it('are not read to be measured when the object stream holds no stream', () => {
    const get = vi.spyOn(PdfDocument.prototype, 'get');
    try {
      const opened = PdfDocument.open(
        objectStreamPdf([Buffer.from('<< /A 1 >>'), Buffer.from('null')]),
        LITTLE,
      );
      expect(opened.ok).toBe(true);
      // Object 7, which nothing refers to, is not read; object 6 neither.
      expect(get.mock.calls.map(([num]) => num)).not.toContain(7);
      expect(get.mock.calls.map(([num]) => num)).not.toContain(6);
    } finally {
      get.mockRestore();
    }
  });
});

/**
 * A one-page PDF whose objects 6 and 7 are `inside` an object stream (object 5), with a cross-reference
 * stream (object 8); `loose` bytes lie between the page's content and the object stream, in no
 * cross-reference entry.
 */
function objectStreamPdf(inside: readonly [Buffer, Buffer], loose: Buffer = Buffer.alloc(0)): Uint8Array {
  const header = `6 0 7 ${inside[0].length + 1} `;
  const objstm = Buffer.concat([Buffer.from(header, 'latin1'), inside[0], Buffer.from(' '), inside[1]]);
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  const add = (num: number | null, body: Buffer) => {
    if (num !== null) offsets[num] = Buffer.concat(parts).length;
    parts.push(body);
  };
  const text = 'BT ET';
  add(1, Buffer.from('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n', 'latin1'));
  add(2, Buffer.from('2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n', 'latin1'));
  add(3, Buffer.from('3 0 obj\n<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>\nendobj\n', 'latin1'));
  add(
    4,
    Buffer.from(`4 0 obj\n<< /Length ${text.length} >>\nstream\n${text}\nendstream\nendobj\n`, 'latin1'),
  );
  add(null, loose);
  add(
    5,
    Buffer.concat([
      Buffer.from(
        `5 0 obj\n<< /Type /ObjStm /N 2 /First ${header.length} /Length ${objstm.length} >>\nstream\n`,
        'latin1',
      ),
      objstm,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]),
  );
  const xrefAt = Buffer.concat(parts).length;
  const row = (type: number, a: number, b: number) => {
    const r = Buffer.alloc(7);
    r.writeUInt8(type, 0);
    r.writeUInt32BE(a, 1);
    r.writeUInt16BE(b, 5);
    return r;
  };
  const rows = Buffer.concat([
    row(0, 0, 65535),
    ...[1, 2, 3, 4, 5].map((n) => row(1, offsets[n]!, 0)),
    row(2, 5, 0),
    row(2, 5, 1),
    row(1, xrefAt, 0),
  ]);
  add(
    8,
    Buffer.concat([
      Buffer.from(
        `8 0 obj\n<< /Type /XRef /Size 9 /W [1 4 2] /Root 1 0 R /Length ${rows.length} >>\nstream\n`,
        'latin1',
      ),
      rows,
      Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'),
    ]),
  );
  return new Uint8Array(Buffer.concat(parts));
}

describe('the bytes of every filter chain counted', () => {
  const check = (bytes: Uint8Array, over: Partial<PdfLimits>) => {
    const opened = PdfDocument.open(bytes);
    if (!opened.ok) throw new Error(opened.error.message);
    return checkBounds(opened.doc, { ...PDF_LIMITS, ...over });
  };
  // Runs of spaces, so that RunLength data is smaller than what it decodes to.
  const text = `BT /F1 12 Tf 72 720 Td (Facture) Tj ET${' '.repeat(40)}\n`.repeat(2_000);

  it.each([[['LZW']], [['A85', 'LZW']], [['RL']], [['A85', 'RL']]] as const)('%j', (filters) => {
    const pdf = encodedContentPdf(text, filters);
    // Object 4 is the plain page text; object 5 the encoded stream.
    const plain = 'BT /F1 12 Tf 72 720 Td (Facture) Tj ET'.length;
    expect(check(pdf, { maxStreamBytes: text.length })).toBeNull();
    expect(check(pdf, { maxStreamBytes: text.length - 1 })).toEqual({
      bound: 'stream_bytes',
      limit: text.length - 1,
    });
    expect(check(pdf, { maxDocumentBytes: text.length + plain })).toBeNull();
    expect(check(pdf, { maxDocumentBytes: text.length + plain - 1 })).toEqual({
      bound: 'document_bytes',
      limit: text.length + plain - 1,
    });
  });
});

describe('the decoders, read back by pdfjs', () => {
  const lines = Array.from(
    { length: 2_000 },
    (_, n) => `BT /F1 9 Tf 20 ${800 - (n % 80) * 10} Td (Ligne ${n}) Tj ET`,
  );
  const contents = lines.join('\n');

  it.each([[['LZW']], [['A85', 'LZW']], [['RL']], [['A85']]] as const)(
    'a content stream encoded %j decodes to its bytes, and pdfjs reads the same text',
    async (filters) => {
      const pdf = encodedContentPdf(contents, filters);
      const opened = PdfDocument.open(pdf);
      if (!opened.ok) throw new Error(opened.error.message);
      const stream = opened.doc.get(5);
      expect(stream).toBeInstanceOf(PdfStream);
      const decoded = decodeStream(stream as PdfStream, (o) => opened.doc.resolve(o));
      if (!decoded.ok) throw new Error(decoded.message);
      expect(Buffer.from(decoded.bytes).toString('latin1')).toBe(contents);
      const read = await readPdfText(pdf);
      if (!read.ok) throw new Error(read.error.message);
      const words = read.text.pages[0]!.lines.map((l) => l.text).join(' ');
      expect(words.match(/Ligne \d+/g)).toHaveLength(lines.length);
      expect(words).toContain('Ligne 1999');
    },
  );

  it('stops an LZW stream at the bound it is given', () => {
    const bomb = lzwEncode(new Uint8Array(1_000_000));
    expect(bomb.length).toBeLessThan(20_000);
    const stream = new PdfStream(new PdfDict(new Map([['Filter', PdfName.of('LZWDecode')]])), bomb);
    expect(decodeStream(stream, (o) => o, 2_000_000)).toMatchObject({ ok: true });
    expect(decodeStream(stream, (o) => o, 999_999)).toMatchObject({ ok: false, beyondBounds: true });
  });
});

describe('every entry point answers a PDF beyond the bounds with unextractable_pdf', () => {
  const request = (bytes: Uint8Array, fields: Record<string, string> = {}) => ({
    fields,
    files: { file: { filename: 'hostile.pdf', bytes } },
    query: {},
  });

  it.each([
    ['validate', {}],
    ['extract', {}],
    ['convert', { dry_run: 'true' }],
  ] as const)('%s', async (service, fields) => {
    const answer = await services[service](request(tooManyPages(), fields), localContext());
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: 'unextractable_pdf' });
    expect((answer.body as { message: string }).message).toMatch(/more than 2000 pages/);
  });

  it('a convert dry run refuses a content stream beyond the bound before pdfjs reads it', async () => {
    const answer = await services.convert(
      { ...request(explodingContentStream(), { dry_run: 'true' }), query: { lang: 'fr' } },
      localContext(),
    );
    expect(answer.body).toMatchObject({ error: 'unextractable_pdf' });
    expect((answer.body as { message: string }).message).toMatch(/plus de 64 Mo/);
  });

  it('a convert dry run refuses a page of nested forms (3 KB, hours of pdfjs work) before pdfjs reads it', async () => {
    const answer = await services.convert(request(nestedForms(), { dry_run: 'true' }), localContext());
    expect([answer.status, answer.body]).toMatchObject([
      422,
      {
        error: 'unextractable_pdf',
        reason: 'unreadable',
        message: 'The PDF is refused: it has a page whose drawing expands to more than 1 million operations.',
      },
    ]);
  });
});
