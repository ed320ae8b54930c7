/**
 * The drawing operations a page expands to: the operators of its content streams (and each object within
 * the arrays and dictionaries of their operands, which a reader parses and holds), each form XObject it
 * draws (`/X Do`) counted with its own operations every time it is drawn, forms within forms alike
 * (ISO 32000-1 §8.10), and the appearances of its annotations (§12.5.5), forms drawn over it. The glyphs
 * of Type 3 fonts and the cells of tiling patterns, content streams too, are not counted. A few kilobytes of forms that draw each other ten times, seven levels down, are
 * ten million drawings: what a reader of the page (pdfjs, for its text and its pictures) would work
 * through, for hours, and what the bounds check (bounds.ts) refuses before any reader starts. Each form is
 * counted once per resources it is drawn with, so the count takes time linear in the document.
 */
import { isOperator, scanContent } from './content-tokens';
import type { Decoded } from './filters';
import { isName, PdfDict, PdfStream, type PdfObject } from './objects';

/** What the count needs of a document. */
export interface DrawnDocument {
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

/** The operators of one content stream, and the names of the XObjects it draws, once each time drawn. */
interface Content {
  readonly operations: number;
  readonly drawn: ReadonlyMap<string, number>;
}

/**
 * An operator is one operation, and so is each object within the arrays and dictionaries of its operands:
 * a reader parses and holds them all (`[1 1 1 …] TJ` of 60 MB is 30 million numbers). The numbers and
 * names before an operator need no count: readers take a few dozen at most (pdfjs stops past 33). The
 * scan stops past `limit`.
 */
function contentOf(bytes: Uint8Array, limit: number): Content {
  let operations = 0;
  let lastName = '';
  const drawn = new Map<string, number>();
  scanContent(bytes, {
    name(b, from, to) {
      lastName = Buffer.from(b.buffer, b.byteOffset + from, to - from).toString('latin1');
    },
    operator(b, from, to, _numbers, elements) {
      operations += 1 + elements;
      if (isOperator(b, from, to, 'Do')) drawn.set(lastName, (drawn.get(lastName) ?? 0) + 1);
      return operations > limit;
    },
  });
  return { operations, drawn };
}

/** An entry's objects, resolved: the items of an array, or the entry itself. */
function itemsOf(doc: DrawnDocument, entry: PdfObject | undefined): (PdfObject | undefined)[] {
  const resolved = doc.resolve(entry);
  return (Array.isArray(resolved) ? resolved : [resolved]).map((o) => doc.resolve(o));
}

const streamsAmong = (objects: readonly (PdfObject | undefined)[]): PdfStream[] =>
  objects.filter((o): o is PdfStream => o instanceof PdfStream);

/**
 * The largest number of drawing operations a page of the document expands to, Infinity once past
 * `limit` (streams decoded within `streamBytes`: the bounds check has held every stream to it already).
 */
export function mostPageOperations(doc: DrawnDocument, limit: number, streamBytes: number): number {
  const contents = new Map<PdfStream, Content>();
  const content = (stream: PdfStream): Content => {
    let c = contents.get(stream);
    if (!c) {
      const decoded = doc.decode(stream, streamBytes);
      c = decoded.ok ? contentOf(decoded.bytes, limit) : { operations: 0, drawn: new Map() };
      contents.set(stream, c);
    }
    return c;
  };
  // A form's count by the resources it is drawn with (its own, or those of what draws it).
  const forms = new Map<PdfStream, Map<PdfDict | undefined, number>>();
  const drawing = new Set<PdfStream>();

  const expanded = (streams: readonly PdfStream[], resources: PdfDict | undefined): number => {
    let total = 0;
    const xobjects = doc.dict(resources?.get('XObject'));
    for (const stream of streams) {
      const c = content(stream);
      total += c.operations;
      if (total > limit) return Infinity;
      for (const [name, times] of c.drawn) {
        const form = doc.resolve(xobjects?.get(name));
        if (form instanceof PdfStream && isName(doc.resolve(form.dict.get('Subtype')), 'Form'))
          total += times * formOperations(form, resources);
        if (total > limit) return Infinity;
      }
    }
    return total;
  };

  const formOperations = (form: PdfStream, drawnWith: PdfDict | undefined): number => {
    const resources = doc.dict(form.dict.get('Resources')) ?? drawnWith;
    const byResources = forms.get(form) ?? new Map<PdfDict | undefined, number>();
    forms.set(form, byResources);
    const known = byResources.get(resources);
    if (known !== undefined) return known;
    // A form that draws itself is drawn once by readers (pdfjs stops the cycle there).
    if (drawing.has(form)) return 0;
    if (drawing.size >= MAX_FORM_DEPTH) return Infinity;
    drawing.add(form);
    const count = expanded([form], resources);
    drawing.delete(form);
    byResources.set(resources, count);
    return count;
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
    let operations = expanded(streamsAmong(itemsOf(doc, node.get('Contents'))), resources);
    // Its annotations' appearances, which a reader draws over it: forms of their own.
    for (const annotation of itemsOf(doc, node.get('Annots'))) {
      const normal = doc.resolve(doc.dict(doc.dict(annotation)?.get('AP'))?.get('N'));
      const states =
        normal instanceof PdfDict ? [...normal.map.values()].map((o) => doc.resolve(o)) : [normal];
      for (const form of streamsAmong(states)) operations += formOperations(form, resources);
    }
    most = Math.max(most, operations);
  }
  return most;
}
