/**
 * Mutations of real documents for the fuzz suites, as fast-check arbitraries: each draws a few edits
 * (byte flips, truncations, elements duplicated or removed, values swapped, deep nesting, huge numbers,
 * odd encodings for XML; broken cross-references, streams and dictionaries for PDF) and applies them in
 * turn to a seed document, so that a failing case shrinks to the fewest edits that still break it.
 */
import fc from 'fast-check';

type Edit = (bytes: Uint8Array) => Uint8Array;

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');
const fromLatin1 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'latin1'));
const concat = (...parts: Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(parts));

/** A place in the document, as a fraction of its length (so one edit fits any seed). */
const place = fc.noBias(fc.integer({ min: 0, max: 9999 })).map((n) => n / 10_000);
const at = (bytes: Uint8Array, where: number): number => Math.floor(where * bytes.length);

/** The n-th match of `pattern` (wrapping around), or null when there is none. */
function nth(text: string, pattern: RegExp, n: number): RegExpExecArray | null {
  const all = [
    ...text.matchAll(
      new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : pattern.flags + 'g'),
    ),
  ];
  return all.length === 0 ? null : (all[n % all.length] as RegExpExecArray);
}

/** Rewrites the document's text (read as Latin-1, so every byte survives the round trip). */
const onText =
  (edit: (text: string) => string): Edit =>
  (bytes) =>
    fromLatin1(edit(latin1(bytes)));

const byteEdits: fc.Arbitrary<Edit>[] = [
  // A flipped byte.
  fc.tuple(place, fc.integer({ min: 1, max: 255 })).map(([where, mask]): Edit => (bytes) => {
    const out = bytes.slice();
    if (out.length > 0) out[at(out, where)]! ^= mask;
    return out;
  }),
  // Truncated.
  place.map(
    (where): Edit =>
      (bytes) =>
        bytes.slice(0, at(bytes, where)),
  ),
  // A run of bytes removed.
  fc.tuple(place, fc.integer({ min: 1, max: 64 })).map(([where, length]): Edit => (bytes) => {
    const from = at(bytes, where);
    return concat(bytes.subarray(0, from), bytes.subarray(from + length));
  }),
  // A run of bytes repeated in place.
  fc
    .tuple(place, fc.integer({ min: 1, max: 64 }), fc.integer({ min: 2, max: 50 }))
    .map(([where, length, times]): Edit => (bytes) => {
      const from = at(bytes, where);
      const run = bytes.subarray(from, from + length);
      return concat(
        bytes.subarray(0, from),
        ...Array<Uint8Array>(times).fill(run),
        bytes.subarray(from + length),
      );
    }),
  // Random bytes inserted.
  fc.tuple(place, fc.uint8Array({ minLength: 1, maxLength: 16 })).map(([where, insert]): Edit => (bytes) => {
    const from = at(bytes, where);
    return concat(bytes.subarray(0, from), insert, bytes.subarray(from));
  }),
];

/** Byte sequences that are not UTF-8, or UTF-8 of what XML forbids. */
const ODD_BYTES: readonly (readonly number[])[] = [
  [0xe9], // Latin-1 é
  [0xc0, 0xaf], // overlong '/'
  [0xed, 0xa0, 0x80], // an encoded surrogate
  [0xf4, 0x90, 0x80, 0x80], // beyond U+10FFFF
  [0xef, 0xbf, 0xbe], // U+FFFE
  [0x00], // NUL
  [0x0c], // form feed
  [0xe2, 0x80], // a sequence cut short
  [0xef, 0xbb, 0xbf], // a byte-order mark inside the document
];

const ENCODINGS = ['UTF-16', 'ISO-8859-1', 'US-ASCII', 'UTF-8-W/O-BOM', 'EBCDIC', '', 'utf8', 'UTF-32'];

/** The text of leaf elements (`<p:name>text</p:name>`), where values live. */
const LEAF = /<([\w.-]+:[\w.-]+)(\s[^<>]*)?>([^<]*)<\/\1>/g;
/** A whole element with its content, for elements that contain no element of their own name. */
const ELEMENT = /<([\w.-]+:[\w.-]+)(?:\s[^<>]*)?>(?:(?!<\1[\s>])[\s\S])*?<\/\1>/g;

const HUGE_NUMBERS = [
  '9'.repeat(400),
  '1' + '0'.repeat(5000),
  '0.' + '0'.repeat(3000) + '1',
  '1e308',
  '-1e309',
  '1.7976931348623157e309',
  'NaN',
  'Infinity',
  '-0',
  '00000000000000000000012.5',
  '12,50',
  '1 000.00',
  '0x1F',
  '１２３', // full-width digits
];

const xmlEdits: fc.Arbitrary<Edit>[] = [
  // An element duplicated beside itself.
  fc.nat().map((n): Edit =>
    onText((text) => {
      const m = nth(text, ELEMENT, n);
      return m ? text.slice(0, m.index + m[0].length) + m[0] + text.slice(m.index + m[0].length) : text;
    }),
  ),
  // An element removed.
  fc.nat().map((n): Edit =>
    onText((text) => {
      const m = nth(text, ELEMENT, n);
      return m ? text.slice(0, m.index) + text.slice(m.index + m[0].length) : text;
    }),
  ),
  // Two values swapped.
  fc.tuple(fc.nat(), fc.nat()).map(([i, j]): Edit =>
    onText((text) => {
      const a = nth(text, LEAF, i);
      const b = nth(text, LEAF, j);
      if (!a || !b || a.index === b.index) return text;
      const [first, second] = a.index < b.index ? [a, b] : [b, a];
      const put = (m: RegExpExecArray, value: string) => m[0].replace(`>${m[3]}<`, `>${value}<`);
      return (
        text.slice(0, first.index) +
        put(first, second[3] ?? '') +
        text.slice(first.index + first[0].length, second.index) +
        put(second, first[3] ?? '') +
        text.slice(second.index + second[0].length)
      );
    }),
  ),
  // A value replaced by a huge or impossible number.
  fc.tuple(fc.nat(), fc.constantFrom(...HUGE_NUMBERS)).map(([n, value]): Edit =>
    onText((text) => {
      const m = nth(text, LEAF, n);
      return m
        ? text.slice(0, m.index) + m[0].replace(`>${m[3]}<`, `>${value}<`) + text.slice(m.index + m[0].length)
        : text;
    }),
  ),
  // An element wrapped in deep nesting (of its own name, or of a foreign one).
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 5000 }), fc.boolean()).map(([n, depth, own]): Edit =>
    onText((text) => {
      const m = nth(text, ELEMENT, n);
      if (!m) return text;
      const name = own ? m[1]! : 'x';
      const open = own ? `<${name}>` : '<x>';
      return (
        text.slice(0, m.index) +
        open.repeat(depth) +
        m[0] +
        `</${name}>`.repeat(depth) +
        text.slice(m.index + m[0].length)
      );
    }),
  ),
  // Odd bytes inside a value.
  fc.tuple(fc.nat(), fc.constantFrom(...ODD_BYTES)).map(([n, odd]): Edit => (bytes) => {
    const text = latin1(bytes);
    const m = nth(text, LEAF, n);
    if (!m) return bytes;
    const inside = m.index + m[0].indexOf('>') + 1;
    return concat(bytes.subarray(0, inside), new Uint8Array(odd), bytes.subarray(inside));
  }),
  // The declared encoding changed, or a byte-order mark put in front.
  fc
    .constantFrom(...ENCODINGS)
    .map((name): Edit => onText((text) => text.replace(/encoding="[^"]*"/, `encoding="${name}"`))),
  fc.constantFrom([0xfe, 0xff], [0xff, 0xfe], [0xef, 0xbb, 0xbf], [0x00, 0x00, 0xfe, 0xff]).map(
    (bom): Edit =>
      (bytes) =>
        concat(new Uint8Array(bom), bytes),
  ),
  // Markup in the wrong place: a DOCTYPE, entities, a processing instruction, CDATA, a comment.
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom(
        '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>',
        '&a;',
        '&#0;',
        '&#xD800;',
        '&#x110000;',
        '&amp',
        '<?xml version="1.0"?>',
        '<?x ?>',
        '<![CDATA[ ]]>',
        ']]>',
        '<!-- -- -->',
        '<',
        '</x>',
        '<x:y/>',
        '<a b="1" b="2"/>',
        ' xmlns:ram=""',
      ),
    )
    .map(([n, insert]): Edit =>
      onText((text) => {
        const m = nth(text, LEAF, n);
        if (!m) return text + insert;
        const inside = m.index + m[0].indexOf('>') + 1;
        return text.slice(0, inside) + insert + text.slice(inside);
      }),
    ),
  // Namespace declarations multiplied on one element.
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 3000 })).map(([n, count]): Edit =>
    onText((text) => {
      const m = nth(text, ELEMENT, n);
      if (!m) return text;
      const decls = Array.from({ length: count }, (_, i) => ` xmlns:z${i}="urn:z:${i}"`).join('');
      const at = m.index + 1 + m[1]!.length;
      return text.slice(0, at) + decls + text.slice(at);
    }),
  ),
];

/** PDF keywords and tokens whose damage reaches the cross-reference table, streams and dictionaries. */
const PDF_TOKENS = [
  'startxref',
  'xref',
  'trailer',
  'endstream',
  'stream',
  'endobj',
  ' obj',
  '/Length ',
  '/Filter',
  '/Root',
  '/Pages',
  '/Kids',
  '/Count ',
  '/Type',
  '/Size ',
  '/Prev',
  '/EmbeddedFiles',
  '/Names',
  '/AF',
  '<<',
  '>>',
  '[',
];

const PDF_REPLACEMENTS = [
  '',
  '999999999',
  '-1',
  '0',
  '1 0 R',
  '99999 0 R',
  '<< /Length 99999999 >>',
  '/FlateDecode',
  '/LZWDecode /DecodeParms << /Predictor 15 /Columns 99999 >>',
  '/Filter [/FlateDecode /FlateDecode /ASCII85Decode]',
  '[1 0 R 1 0 R 1 0 R]',
  '<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  '1e400',
];

const pdfEdits: fc.Arbitrary<Edit>[] = [
  // A keyword or token replaced by another value (a broken xref, a stream of the wrong length, a loop).
  fc
    .tuple(fc.constantFrom(...PDF_TOKENS), fc.nat(), fc.constantFrom(...PDF_REPLACEMENTS))
    .map(([token, n, replacement]): Edit =>
      onText((text) => {
        const escaped = token.replace(/[[\]/\\^$.*+?()|{}]/g, '\\$&');
        const m = nth(text, new RegExp(escaped, 'g'), n);
        return m ? text.slice(0, m.index) + replacement + text.slice(m.index + m[0].length) : text;
      }),
    ),
  // The startxref offset moved.
  fc
    .integer({ min: -5000, max: 5000 })
    .map((shift): Edit =>
      onText((text) =>
        text.replace(
          /startxref\s+(\d+)(?![\s\S]*startxref)/,
          (_m, offset: string) => `startxref\n${Math.max(0, Number(offset) + shift)}`,
        ),
      ),
    ),
  // Inside a stream: bytes flipped (a corrupt compressed stream).
  fc.tuple(fc.nat(), place, fc.integer({ min: 1, max: 255 })).map(([n, where, mask]): Edit => (bytes) => {
    const text = latin1(bytes);
    const m = nth(text, /stream\r?\n/g, n);
    if (!m) return bytes;
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end <= start) return bytes;
    const out = bytes.slice();
    out[start + Math.floor(where * (end - start))]! ^= mask;
    return out;
  }),
  // An object repeated many times (duplicate object numbers).
  fc.tuple(fc.nat(), fc.integer({ min: 2, max: 200 })).map(([n, times]): Edit =>
    onText((text) => {
      const m = nth(text, /\d+ \d+ obj[\s\S]*?endobj\s/g, n);
      return m ? text.slice(0, m.index) + m[0].repeat(times) + text.slice(m.index) : text;
    }),
  ),
];

/** One to three edits drawn from `edits`, applied in turn. */
function mutated(
  seeds: readonly Uint8Array[],
  edits: readonly fc.Arbitrary<Edit>[],
): fc.Arbitrary<Uint8Array> {
  return fc
    .tuple(
      fc.integer({ min: 0, max: seeds.length - 1 }),
      fc.array(fc.oneof(...edits), { minLength: 1, maxLength: 3 }),
    )
    .map(([i, chain]) => chain.reduce((bytes, edit) => edit(bytes), seeds[i]!));
}

/** XML documents: the seeds with byte-level and structural edits. */
export const mutatedXml = (seeds: readonly Uint8Array[]): fc.Arbitrary<Uint8Array> =>
  mutated(seeds, [...byteEdits, ...xmlEdits, ...xmlEdits]);

/** PDF documents: the seeds with byte-level and structural edits. */
export const mutatedPdf = (seeds: readonly Uint8Array[]): fc.Arbitrary<Uint8Array> =>
  mutated(seeds, [...byteEdits, ...pdfEdits, ...pdfEdits]);
