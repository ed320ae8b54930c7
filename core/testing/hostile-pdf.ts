/**
 * Hostile PDFs of each class the robustness tests and benchmarks need, written here byte by byte (a
 * catalog, a page tree, one page, and the hostile part), so that they run without the shared corpus.
 */
import { constants, deflateRawSync, deflateSync } from 'node:zlib';

type Body = string | { readonly dict: string; readonly data: Uint8Array };

/** A PDF of the given objects (numbered from 1), with a cross-reference table and a trailer. */
export function writePdf(objects: readonly Body[], trailer = '/Root 1 0 R'): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const head = `${i + 1} 0 obj\n`;
    const chunk =
      typeof body === 'string'
        ? Buffer.from(`${head}${body}\nendobj\n`, 'latin1')
        : Buffer.concat([
            Buffer.from(`${head}<< ${body.dict} /Length ${body.data.length} >>\nstream\n`, 'latin1'),
            Buffer.from(body.data),
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`];
  for (const at of offsets) xref.push(`${String(at).padStart(10, '0')} 00000 n \n`);
  parts.push(
    Buffer.from(
      `${xref.join('')}trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${offset}\n%%EOF\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const page = (contents: string) =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >>${contents} >>`;

/** A one-page PDF with a little text, and `more` objects after the page (numbered from 4). */
export function plainPdf(more: readonly Body[] = [], contents = ' /Contents 4 0 R'): Uint8Array {
  const text = { dict: '', data: new Uint8Array(Buffer.from('BT /F1 12 Tf 72 720 Td (Facture) Tj ET')) };
  return writePdf([CATALOG, PAGES, page(contents), text, ...more]);
}

const MB = 1024 * 1024;

/**
 * Flate data that inflates to `megabytes` MB of spaces, made at once rather than by deflating them all:
 * one megabyte deflated with a full flush (byte-aligned, referring to nothing before it) repeated, a last
 * empty block, and the Adler-32 of the whole (ISO 32000-1 §7.4.4, RFC 1950), so that it is sound zlib data.
 */
function flateBomb(megabytes: number): Uint8Array {
  const chunk = deflateRawSync(Buffer.alloc(MB, 0x20), { finishFlush: constants.Z_FULL_FLUSH });
  const n = BigInt(megabytes * MB);
  const a = (1n + 0x20n * n) % 65521n;
  const b = (n + (0x20n * n * (n + 1n)) / 2n) % 65521n;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x78, 0x9c]),
      ...Array.from({ length: megabytes }, () => chunk),
      deflateRawSync(Buffer.alloc(0)),
      adler,
    ]),
  );
}

/**
 * Object streams that expand enormously: `count` object streams of `megabytes` MB each (by default 60,
 * within the bound of a stream, six of them far beyond the bound of a document).
 */
export function explodingObjectStreams(count = 6, megabytes = 60): Uint8Array {
  const bomb = flateBomb(megabytes);
  const streams = Array.from({ length: count }, () => ({
    dict: '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode',
    data: bomb,
  }));
  return plainPdf(streams);
}

/** A page whose content stream alone decompresses to `megabytes` MB, by default beyond the bound of a stream. */
export function explodingContentStream(megabytes = 80): Uint8Array {
  return plainPdf([{ dict: '/Filter /FlateDecode', data: flateBomb(megabytes) }], ' /Contents 5 0 R');
}

/** A picture whose JPEG header declares 60,000 × 60,000 pixels. */
export function hugePicture(): Uint8Array {
  const jpeg = Buffer.from([
    0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0xea, 0x60, 0xea, 0x60, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9,
  ]);
  return plainPdf([
    {
      dict: '/Type /XObject /Subtype /Image /Width 10 /Height 10 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode',
      data: jpeg,
    },
  ]);
}

/** A page tree that claims a million pages. */
export function tooManyPages(): Uint8Array {
  return writePdf([CATALOG, '<< /Type /Pages /Kids [3 0 R] /Count 1000000 >>', page(''), 'null']);
}

/** More objects than the bound allows (tiny ones). */
export function tooManyObjects(count: number): Uint8Array {
  return plainPdf(Array.from({ length: count }, () => 'null'));
}

/** The first `bytes` bytes of a valid PDF, as a broken download leaves it. */
export function truncatedPdf(bytes = 180): Uint8Array {
  return plainPdf().subarray(0, bytes);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const pageWith = (resources: string, contents: number) =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << ${resources} >> /Contents ${contents} 0 R >>`;

/**
 * A page that draws a form XObject, which draws the next `fan` times, `depth` forms down to one word of
 * text (or `leaf`, the last form's content): 3 KB, and fan^(depth − 1) words for a reader (at depth 7
 * and fan 10, a million words, some 9.4 million drawing operations: pdfjs reads for hours without ever
 * yielding).
 */
export function nestedForms(
  depth = 7,
  fan = 10,
  leaf = 'BT /F1 12 Tf 72 720 Td (Facture) Tj ET',
): Uint8Array {
  const form = (level: number) => 5 + level;
  const forms = Array.from({ length: depth }, (_, level) => {
    const last = level === depth - 1;
    return {
      dict: `/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >>${last ? '' : ` /XObject << /X ${form(level + 1)} 0 R >>`} >>`,
      data: Buffer.from(last ? leaf : 'q 1 0 0 1 0 0 cm /X Do Q\n'.repeat(fan)),
    };
  });
  return writePdf([
    CATALOG,
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    FONT,
    pageWith(`/XObject << /X ${form(0)} 0 R >>`, form(depth)),
    ...forms,
    { dict: '', data: Buffer.from('/X Do') },
  ]);
}

/**
 * A page showing `shown` glyphs of a Type 3 font whose one glyph is a procedure of `glyphOperations`
 * path operations (`d0`, then `0 0 m` …, `f`): kilobytes, and shown × glyphOperations drawings.
 */
export function type3Glyphs(glyphOperations: number, shown: number): Uint8Array {
  const glyph = `0 0 d0 ${'0 0 m '.repeat(Math.max(0, glyphOperations - 2))}f`;
  return writePdf([
    CATALOG,
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1 1] /FontMatrix [0.001 0 0 0.001 0 0] ' +
      '/CharProcs << /a 6 0 R >> /Encoding << /Type /Encoding /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1000] >>',
    pageWith('/Font << /F1 3 0 R >>', 5),
    { dict: '', data: Buffer.from(`BT /F1 12 Tf 72 720 Td (${'a'.repeat(shown)}) Tj ET`) },
    { dict: '', data: Buffer.from(glyph) },
  ]);
}

/**
 * A page of `fills` rectangles filled with a tiling pattern whose cell is `cellOperations` path
 * operations: kilobytes, and fills × cellOperations drawings.
 */
export function tilingFills(cellOperations: number, fills: number): Uint8Array {
  const cell = `${'0 0 m '.repeat(Math.max(0, cellOperations - 1))}f`;
  return writePdf([
    CATALOG,
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    {
      dict: '/PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources << >>',
      data: Buffer.from(cell),
    },
    pageWith('/Pattern << /P 3 0 R >>', 5),
    { dict: '', data: Buffer.from(`/Pattern cs /P scn ${'0 0 10 10 re f '.repeat(fills)}`) },
  ]);
}

/** A page showing one array of `megabytes` MB of numbers (`[1 1 1 …] TJ`), which a reader holds whole. */
export function hugeOperandArray(megabytes: number): Uint8Array {
  const contents = Buffer.concat([
    Buffer.from('BT /F1 12 Tf ['),
    Buffer.alloc(megabytes * MB, '1 '),
    Buffer.from('] TJ ET'),
  ]);
  return writePdf([
    CATALOG,
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    FONT,
    pageWith('/Font << /F1 3 0 R >>', 5),
    { dict: '/Filter /FlateDecode', data: deflateSync(contents) },
  ]);
}

/**
 * A page whose dash pattern is an array of `megabytes` MB of strings of a kilobyte (`[(aaa…) (aaa…) …] 0 d`):
 * some thousands of operands, far within the bound on a page's operations, which a reader parses and
 * holds, a kilobyte at a time, until the heap it is given runs out. (Text shown so would be joined by
 * pdfjs into one array of a character an item, whose growth at once past the heap aborts the process.)
 */
export function longStringsArray(megabytes: number): Uint8Array {
  const contents = Buffer.concat([
    Buffer.from('['),
    Buffer.from(`(${'a'.repeat(1021)}) `.repeat(megabytes * 1024)),
    Buffer.from('] 0 d'),
  ]);
  return plainPdf([{ dict: '/Filter /FlateDecode', data: deflateSync(contents) }], ' /Contents 5 0 R');
}

/** `pages` pages of `pieces` pieces of text each, every piece on a line of its own. */
export function manyTextPieces(pieces: number, pages = 1): Uint8Array {
  const contents = Array.from(
    { length: pieces },
    (_, i) => `BT /F1 1 Tf 1 0 0 1 72 ${(i * 800) / pieces + 20} Tm (ab) Tj ET`,
  ).join('\n');
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(' ');
  return writePdf([
    CATALOG,
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    FONT,
    { dict: '/Filter /FlateDecode', data: deflateSync(Buffer.from(contents)) },
    ...Array.from({ length: pages }, () => pageWith('/Font << /F1 3 0 R >>', 4)),
  ]);
}

/**
 * LZW (ISO 32000-1 §7.4.4) as PDF writers encode it, EarlyChange 1: a Clear code first, one at each full
 * table, the end-of-data code last. For fixtures: pdfjs's decoder reads it back.
 */
export function lzwEncode(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let pending = 0;
  const put = (code: number, width: number): void => {
    pending = (pending << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((pending >> (bits - 8)) & 0xff);
      bits -= 8;
    }
    pending &= (1 << bits) - 1;
  };
  const table = new Map<number, number>();
  let next = 258;
  let width = 9;
  put(256, width);
  let current = -1;
  for (const byte of data) {
    if (current < 0) {
      current = byte;
      continue;
    }
    const known = table.get(current * 256 + byte);
    if (known !== undefined) {
      current = known;
      continue;
    }
    put(current, width);
    table.set(current * 256 + byte, next++);
    // The decoder defines each code one step later, and widens one code early (EarlyChange 1).
    if (next >= 1 << width && width < 12) width += 1;
    if (next >= 4094) {
      put(256, width);
      table.clear();
      next = 258;
      width = 9;
    }
    current = byte;
  }
  if (current >= 0) {
    put(current, width);
    if (next > 258 && next + 1 >= 1 << width && width < 12) width += 1;
  }
  put(257, width);
  if (bits > 0) out.push((pending << (8 - bits)) & 0xff);
  return new Uint8Array(out);
}

/** ASCII85 (§7.4.3), `z` for four zeros, ending with `~>`. */
export function ascii85Encode(data: Uint8Array): Uint8Array {
  let text = '';
  for (let i = 0; i < data.length; i += 4) {
    const group = data.subarray(i, i + 4);
    let value = 0;
    for (let j = 0; j < 4; j++) value = value * 256 + (group[j] ?? 0);
    if (value === 0 && group.length === 4) {
      text += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let j = 0; j < 5; j++) {
      digits.unshift(String.fromCharCode(0x21 + (value % 85)));
      value = Math.floor(value / 85);
    }
    text += digits.slice(0, group.length + 1).join('');
  }
  return new Uint8Array(Buffer.from(`${text}~>`, 'latin1'));
}

/** RunLength (§7.4.5): runs of one byte as a repeat, the rest as literals of at most 128 bytes. */
export function runLengthEncode(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let i = 0;
  while (i < data.length) {
    let run = 1;
    while (i + run < data.length && run < 128 && data[i + run] === data[i]) run += 1;
    if (run > 1) {
      out.push(257 - run, data[i]!);
      i += run;
      continue;
    }
    const start = i;
    while (i < data.length && i - start < 128 && (i + 1 >= data.length || data[i + 1] !== data[i])) i += 1;
    out.push(i - start - 1, ...data.subarray(start, i));
  }
  out.push(128);
  return new Uint8Array(out);
}

/** A one-page PDF whose content stream (`contents`) is encoded with `filters`, outermost first. */
export function encodedContentPdf(contents: string, filters: readonly ('LZW' | 'A85' | 'RL')[]): Uint8Array {
  const encoders = { LZW: lzwEncode, A85: ascii85Encode, RL: runLengthEncode };
  const names = { LZW: '/LZWDecode', A85: '/ASCII85Decode', RL: '/RunLengthDecode' };
  let data: Uint8Array = new Uint8Array(Buffer.from(contents, 'latin1'));
  for (const filter of [...filters].reverse()) data = encoders[filter](data);
  return plainPdf(
    [{ dict: `/Filter [${filters.map((f) => names[f]).join(' ')}]`, data }],
    ' /Contents 5 0 R',
  );
}
