/**
 * The drawing operations a page expands to: the operators of its content streams (and each object within
 * the arrays and dictionaries of their operands, which a reader parses and holds), each content stream
 * they draw counted with its own operations every time it is drawn — a form XObject (`/X Do`, ISO
 * 32000-1 §8.10), the cell of a tiling pattern for each painting in it (§8.7.3), the glyph of a Type 3
 * font for each one shown (§9.6.5), within one another alike — and the appearances of its annotations
 * (§12.5.5), forms drawn over it. A few kilobytes of forms that draw each other ten times, seven levels
 * down, are ten million drawings: what a reader of the page (pdfjs, for its text and its pictures) would
 * work through, for hours, and what the bounds check (bounds.ts) refuses before any reader starts. Each
 * stream is counted once per resources it is drawn with, so the count takes time linear in the document.
 * A page whose resources hold no form, no tiling pattern and no Type 3 font draws nothing but its own
 * content, whose operations its decoded bytes bound (contentOf): within the limit, that is its count.
 */
import { scanContent } from './content-tokens';
import { paintReading } from './device-paint';
import { readString } from './parser';
import type { Decoded } from './filters';
import { isName, PdfDict, PdfStream, type PdfObject } from './objects';

/** What the count needs of a document. */
export interface DrawnDocument {
  objectNumbers(): Iterable<number>;
  get(num: number): PdfObject | undefined;
  resolve(o: PdfObject | undefined): PdfObject | undefined;
  dict(o: PdfObject | undefined): PdfDict | undefined;
  catalog(): PdfDict | undefined;
  decode(stream: PdfStream, limit: number): Decoded;
}

/**
 * Forms drawn within forms deeper than this are taken as beyond any bound: real pages nest a few levels,
 * and counting deeper would run out of stack.
 */
const MAX_FORM_DEPTH = 64;

/** What one content stream does, each time drawn: its operations, and what they draw by name. */
interface Content {
  readonly operations: number;
  /** The XObjects it draws (`/X Do`), with the times each is drawn. */
  readonly drawn: ReadonlyMap<string, number>;
  /** Whether it shows text before any `Tf` (in the font of what draws it, which may be any). */
  readonly showsBeforeFont: boolean;
  /**
   * The text it shows, by the font it is shown in ('' before any `Tf`), as the times each byte is shown (a
   * glyph a byte, as Type 3 fonts encode them). Read only when asked: only a Type 3 font's glyphs cost
   * operations, and most pages have none.
   */
  shown(): ReadonlyMap<string, () => Uint32Array>;
  /** The fills, strokes and texts it paints in a pattern colour (`/P1 scn`), by the pattern. */
  readonly painted: ReadonlyMap<string, number>;
}

/**
 * An operator of at most three characters as one number (its bytes, big-endian), so that the scan tells
 * operators apart without making a string of each; a longer one is none of those it looks for.
 */
const opCode = (b: ArrayLike<number>, from: number, to: number): number => {
  if (to - from > 3) return -1;
  let code = 0;
  for (let i = from; i < to; i++) code = code * 256 + b[i]!;
  return code;
};
const codeOf = (name: string): number => opCode(Buffer.from(name, 'latin1'), 0, name.length);

/** What an operator does that the count follows, as bits: one look-up for each operator of a page. */
const SAVE = 1;
const RESTORE = 2;
const SETS_FONT = 4;
const DRAWS = 8;
const FILL_COLOUR = 16;
const STROKE_COLOUR = 32;
const SHOWS_TEXT = 64;
const FILLS = 128;
const STROKES = 256;
const ROLES = new Map<number, number>();
for (const [bits, names] of [
  [SAVE, ['q']],
  [RESTORE, ['Q']],
  [SETS_FONT, ['Tf']],
  [DRAWS, ['Do']],
  [FILL_COLOUR, ['g', 'rg', 'k', 'sc', 'scn', 'cs']],
  [STROKE_COLOUR, ['G', 'RG', 'K', 'SC', 'SCN', 'CS']],
  [SHOWS_TEXT, ['Tj', 'TJ', "'", '"']],
  [FILLS, ['f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'Tj', 'TJ', "'", '"']],
  [STROKES, ['S', 's', 'B', 'B*', 'b', 'b*']],
] as const) {
  for (const name of names) ROLES.set(codeOf(name), (ROLES.get(codeOf(name)) ?? 0) | bits);
}
const [SCN, SCN_STROKE] = ['scn', 'SCN'].map(codeOf);

/** The bytes from `from` to `to` as text, a character a byte. */
const latin1At = (bytes: Uint8Array, from: number, to: number): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1');

const add = (map: Map<string, number>, key: string, n: number): void => {
  map.set(key, (map.get(key) ?? 0) + n);
};

/**
 * An operator is one operation, and so is each object within the arrays and dictionaries of its operands:
 * a reader parses and holds them all (`[1 1 1 …] TJ` of 60 MB is 30 million numbers). The numbers and
 * names before an operator need no count: readers take a few dozen at most (pdfjs stops past 33). The
 * font and the pattern colours are followed through `q` and `Q`, as the graphics state keeps them. The
 * scan stops past `limit`.
 *
 * A stream counts no more operations than it has bytes: each is a token of its own (scanContent), which
 * begins at a byte no other begins at — an operator's first character, or the first byte of an object
 * within an array or a dictionary (a name's `/`, a string's `(` or `<`, an array's `[`, a dictionary's
 * `<<`, a number's or a keyword's first character). `[/ / /]` is 3 in 7 bytes; `[///]n`, 4 in 6.
 */
function contentOf(bytes: Uint8Array, limit: number): Content {
  let operations = 0;
  // The last name's place, read as text only when an operator takes it.
  let nameFrom = 0;
  let nameTo = 0;
  const lastName = (): string => latin1At(bytes, nameFrom, nameTo);
  // A name among the operands of the operator to come (`/P1 scn` paints in a pattern, `1 0 0 scn` not).
  let named = false;
  // Where the strings among the operands of the operator to come begin (the first `strings` of them).
  const stringsFrom: number[] = [];
  let strings = 0;
  // The graphics state the count follows (the font by where its name is, -1 before any), and those `q`
  // saved (two entries each).
  let fontFrom = -1;
  let fontTo = -1;
  let fill = '';
  let stroke = '';
  const savedFonts: number[] = [];
  const savedColours: string[] = [];
  const drawn = new Map<string, number>();
  // Each string shown: where its font's name is, and where it begins (three entries each).
  const shows: number[] = [];
  const show = (): void => {
    for (let k = 0; k < strings; k++) shows.push(fontFrom, fontTo, stringsFrom[k]!);
  };
  const painted = new Map<string, number>();
  // The device colours the stream paints are read in the same scan, for the PDF/A checks (device-paint.ts).
  const paint = paintReading(bytes);
  const paintVisitor = paint.visitor;
  scanContent(bytes, {
    name(b, from, to) {
      paintVisitor.name(b, from, to);
      nameFrom = from;
      nameTo = to;
      named = true;
    },
    string(_b, from) {
      stringsFrom[strings++] = from;
    },
    operator(b, from, to, numbers, elements) {
      paintVisitor.operator(b, from, to, numbers, elements);
      operations += 1 + elements;
      const op = opCode(b, from, to);
      const role = ROLES.get(op);
      if (role !== undefined) {
        if (role & SAVE) {
          savedFonts.push(fontFrom, fontTo);
          savedColours.push(fill, stroke);
        } else if (role & RESTORE) {
          if (savedFonts.length > 0) {
            fontTo = savedFonts.pop()!;
            fontFrom = savedFonts.pop()!;
            stroke = savedColours.pop()!;
            fill = savedColours.pop()!;
          }
        } else if (role & SETS_FONT) {
          fontFrom = nameFrom;
          fontTo = nameTo;
        } else if (role & DRAWS) add(drawn, lastName(), 1);
        if (role & FILL_COLOUR) fill = op === SCN && named ? lastName() : '';
        if (role & STROKE_COLOUR) stroke = op === SCN_STROKE && named ? lastName() : '';
        if ((role & SHOWS_TEXT) !== 0 && strings > 0) show();
        if ((role & FILLS) !== 0 && fill) add(painted, fill, 1);
        if ((role & STROKES) !== 0 && stroke) add(painted, stroke, 1);
      }
      named = false;
      strings = 0;
      return operations > limit;
    },
  });
  if (operations <= limit) paint.whole();
  let showsBeforeFont = false;
  for (let k = 0; k < shows.length && !showsBeforeFont; k += 3) showsBeforeFont = shows[k] === -1;
  let shown: Map<string, () => Uint32Array> | undefined;
  const shownByFont = (): ReadonlyMap<string, () => Uint32Array> => {
    if (shown) return shown;
    const byFont = new Map<string, number[]>();
    for (let k = 0; k < shows.length; k += 3) {
      const name = shows[k] === -1 ? '' : latin1At(bytes, shows[k]!, shows[k + 1]!);
      let from = byFont.get(name);
      if (!from) byFont.set(name, (from = []));
      from.push(shows[k + 2]!);
    }
    shown = new Map();
    for (const [shownFont, from] of byFont) {
      let counts: Uint32Array | undefined;
      shown.set(shownFont, () => {
        if (!counts) {
          const times = new Uint32Array(256);
          for (const at of from) readString(bytes, at, (byte) => times[byte]!++);
          counts = times;
        }
        return counts;
      });
    }
    return shown;
  };
  return { operations, drawn, showsBeforeFont, shown: shownByFont, painted };
}

/** An entry's objects, resolved: the items of an array, or the entry itself. */
function itemsOf(doc: DrawnDocument, entry: PdfObject | undefined): (PdfObject | undefined)[] {
  const resolved = doc.resolve(entry);
  return (Array.isArray(resolved) ? resolved : [resolved]).map((o) => doc.resolve(o));
}

const streamsAmong = (objects: readonly (PdfObject | undefined)[]): PdfStream[] =>
  objects.filter((o): o is PdfStream => o instanceof PdfStream);

/**
 * The largest number of drawing operations a page of the document expands to, or a bound on it within
 * `limit` (the bytes of a page that draws nothing but its own content), Infinity once past `limit`
 * (streams decoded within `streamBytes`: the bounds check has held every stream to it already).
 */
export function mostPageOperations(doc: DrawnDocument, limit: number, streamBytes: number): number {
  const contents = new Map<PdfStream, Content>();
  const content = (stream: PdfStream): Content => {
    let c = contents.get(stream);
    if (!c) {
      const decoded = doc.decode(stream, streamBytes);
      c = decoded.ok
        ? contentOf(decoded.bytes, limit)
        : {
            operations: 0,
            drawn: new Map(),
            showsBeforeFont: false,
            shown: () => new Map(),
            painted: new Map(),
          };
      contents.set(stream, c);
    }
    return c;
  };
  // The count of a stream drawn (a form, a pattern's cell, a glyph's procedure) by the resources it is
  // drawn with, and of a Type 3 font's costliest glyph alike.
  const streams = new Map<PdfStream, Map<PdfDict | undefined, number>>();
  const glyphs = new Map<PdfDict, Map<PdfDict | undefined, Float64Array>>();
  const drawing = new Set<PdfStream>();
  const known = <K, V>(memo: Map<K, Map<PdfDict | undefined, V>>, key: K) => {
    const byResources = memo.get(key) ?? new Map<PdfDict | undefined, V>();
    memo.set(key, byResources);
    return byResources;
  };

  const isForm = (o: PdfObject | undefined): o is PdfStream =>
    o instanceof PdfStream && isName(doc.resolve(o.dict.get('Subtype')), 'Form');
  /** `stream` drawn with `resources`, as a page's content (`page`), or as a stream something else draws. */
  const expanded = (stream: PdfStream, resources: PdfDict | undefined, page = false): number => {
    const c = content(stream);
    let total = c.operations;
    const charged = (times: number, each: number): boolean => {
      total += times * each;
      return total > limit;
    };
    const xobjects = doc.dict(resources?.get('XObject'));
    for (const [name, times] of c.drawn) {
      const form = doc.resolve(xobjects?.get(name));
      if (isForm(form) && charged(times, ownOperations(form, resources))) return Infinity;
    }
    // A tiling pattern's cell is a content stream of its own, drawn for each painting; a shading
    // pattern (a dictionary) is not.
    const patterns = doc.dict(resources?.get('Pattern'));
    for (const [name, times] of c.painted) {
      const pattern = doc.resolve(patterns?.get(name));
      if (pattern instanceof PdfStream && charged(times, ownOperations(pattern, resources))) return Infinity;
    }
    const fonts = doc.dict(resources?.get('Font'));
    if (c.showsBeforeFont || hasType3(fonts))
      for (const [name, counted] of c.shown()) {
        const costs =
          name !== ''
            ? glyphCosts(doc.dict(fonts?.get(name)), resources)
            : page
              ? costliestAmong(fonts, resources)
              : costliestOfAll();
        if (!costs) continue;
        const times = counted();
        for (let code = 0; code < 256; code++)
          if (times[code]! > 0 && costs[code]! > 0 && charged(times[code]!, costs[code]!)) return Infinity;
      }
    return total > limit ? Infinity : total;
  };

  const streamOperations = (stream: PdfStream, resources: PdfDict | undefined): number => {
    const byResources = known(streams, stream);
    const count = byResources.get(resources);
    if (count !== undefined) return count;
    // A form that draws itself is drawn once by readers (pdfjs stops the cycle there).
    if (drawing.has(stream)) return 0;
    if (drawing.size >= MAX_FORM_DEPTH) return Infinity;
    drawing.add(stream);
    const counted = expanded(stream, resources);
    drawing.delete(stream);
    byResources.set(resources, counted);
    return counted;
  };
  /** A form or a pattern: drawn with its own resources, or those of what draws it. */
  const ownOperations = (stream: PdfStream, drawnWith: PdfDict | undefined): number =>
    streamOperations(stream, doc.dict(stream.dict.get('Resources')) ?? drawnWith);

  /**
   * The operations each code draws in a Type 3 font (its glyphs are content streams, CharProcs, drawn
   * for each one shown, ISO 32000-1 §9.6.5), with the font's resources or those of what shows it: the
   * glyph its encoding's Differences name, or for a code they leave out, the costliest glyph (a base
   * encoding may name one). Null for any other font, whose glyphs are not content streams.
   */
  const glyphCosts = (font: PdfDict | undefined, drawnWith: PdfDict | undefined): Float64Array | null => {
    if (!font || !isName(doc.resolve(font.get('Subtype')), 'Type3')) return null;
    const resources = doc.dict(font.get('Resources')) ?? drawnWith;
    const byResources = known(glyphs, font);
    let costs = byResources.get(resources);
    if (costs === undefined) {
      const procs = doc.dict(font.get('CharProcs'));
      const cost = (name: string): number => {
        const proc = doc.resolve(procs?.get(name));
        return proc instanceof PdfStream ? streamOperations(proc, resources) : 0;
      };
      let costliest = 0;
      for (const name of procs?.map.keys() ?? []) costliest = Math.max(costliest, cost(name));
      costs = new Float64Array(256).fill(costliest);
      const differences = doc.resolve(doc.dict(font.get('Encoding'))?.get('Differences'));
      let code = 0;
      for (const entry of Array.isArray(differences) ? differences : []) {
        const item = doc.resolve(entry);
        if (typeof item === 'number') code = item;
        else if (isName(item) && code >= 0 && code < 256) costs[code++] = cost(item.name);
      }
      byResources.set(resources, costs);
    }
    return costs;
  };
  // Whether a Font resource dictionary names a Type 3 font: only then does the text shown in it count.
  const type3Among = new Map<PdfDict, boolean>();
  const hasType3 = (fonts: PdfDict | undefined): boolean => {
    if (!fonts) return false;
    let has = type3Among.get(fonts);
    if (has === undefined) {
      has = [...fonts.map.values()].some((f) => isName(doc.resolve(doc.dict(f)?.get('Subtype')), 'Type3'));
      type3Among.set(fonts, has);
    }
    return has;
  };
  // Text shown before any `Tf` is in the font of what draws it. A page starts with none, and its content
  // chooses its fonts among its own (a `Tf` names a font of its resources, ISO 32000-1 §9.3.1): text a
  // content stream of a page shows before its first `Tf` is in a font an earlier one chose there, each
  // code counted as the costliest glyph of the page's Type 3 fonts.
  const costliestAmong = (
    fonts: PdfDict | undefined,
    resources: PdfDict | undefined,
  ): Float64Array | null => {
    if (!fonts || !hasType3(fonts)) return null;
    const costliest = new Float64Array(256);
    for (const font of fonts.map.values()) {
      const costs = glyphCosts(doc.dict(font), resources);
      for (let code = 0; costs && code < 256; code++)
        costliest[code] = Math.max(costliest[code]!, costs[code]!);
    }
    return costliest;
  };
  // A form, a pattern's cell or a glyph is drawn in the font of what draws it, which may be any: each
  // code counted as the costliest glyph of the Type 3 fonts of the whole document, looked for once.
  let ofAll: Float64Array | undefined;
  const costliestOfAll = (): Float64Array => {
    if (!ofAll) {
      let costliest = 0;
      for (const num of doc.objectNumbers())
        for (const each of glyphCosts(doc.dict(doc.get(num)), undefined) ?? [])
          costliest = Math.max(costliest, each);
      ofAll = new Float64Array(256).fill(costliest);
    }
    return ofAll;
  };

  /**
   * Whether a page's content, drawn with `resources`, can draw nothing but itself: no form to draw, no
   * tiling pattern to paint in, no Type 3 font to show text in (its text before any `Tf` is in one of
   * these fonts, costliestAmong).
   */
  const alone = new Map<PdfDict | undefined, boolean>();
  const drawsOnlyItself = (resources: PdfDict | undefined): boolean => {
    let only = alone.get(resources);
    if (only === undefined) {
      const values = (key: string) => doc.dict(resources?.get(key))?.map.values() ?? [];
      only =
        !hasType3(doc.dict(resources?.get('Font'))) &&
        [...values('XObject')].every((x) => !isForm(doc.resolve(x))) &&
        [...values('Pattern')].every((p) => !(doc.resolve(p) instanceof PdfStream));
      alone.set(resources, only);
    }
    return only;
  };
  /** The decoded bytes of content streams, as their count reads them. */
  const bytesOf = (streams: readonly PdfStream[]): number => {
    let bytes = 0;
    for (const stream of streams) {
      const decoded = doc.decode(stream, streamBytes);
      if (decoded.ok) bytes += decoded.bytes.length;
    }
    return bytes;
  };

  let most = 0;
  const seen = new Set<PdfDict>();
  // The page tree walked with a stack of its own: a hostile tree may be deeper than the call stack.
  const stack: { node: PdfDict | undefined; inherited: PdfDict | undefined }[] = [
    { node: doc.dict(doc.catalog()?.get('Pages')), inherited: undefined },
  ];
  while (stack.length > 0 && most <= limit) {
    const { node, inherited } = stack.pop()!;
    if (!node || seen.has(node)) continue;
    seen.add(node);
    const resources = doc.dict(node.get('Resources')) ?? inherited;
    const kids = doc.resolve(node.get('Kids'));
    if (Array.isArray(kids)) {
      for (const kid of kids) stack.push({ node: doc.dict(kid), inherited: resources });
      continue;
    }
    const contents = streamsAmong(itemsOf(doc, node.get('Contents')));
    // Within the limit by its bytes, a page that draws nothing but its own content needs no scan.
    let operations = drawsOnlyItself(resources) ? bytesOf(contents) : Infinity;
    if (operations > limit) {
      operations = 0;
      for (const stream of contents) operations += expanded(stream, resources, true);
    }
    // Its annotations' appearances, which a reader draws over it: forms of their own.
    for (const annotation of itemsOf(doc, node.get('Annots'))) {
      const normal = doc.resolve(doc.dict(doc.dict(annotation)?.get('AP'))?.get('N'));
      const states =
        normal instanceof PdfDict ? [...normal.map.values()].map((o) => doc.resolve(o)) : [normal];
      for (const form of streamsAmong(states)) operations += ownOperations(form, resources);
    }
    most = Math.max(most, operations);
  }
  return most;
}
