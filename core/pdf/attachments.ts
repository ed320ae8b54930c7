/**
 * The embedded files of a PDF (ISO 32000-1 §7.11.4, ISO 19005-3 §6.8): the file specifications listed in
 * the catalog's `/AF` (associated files, PDF 2.0 / PDF/A-3) and in the `/Names/EmbeddedFiles` name tree.
 */
import type { PdfDocument } from './reader/document';
import type { PdfDict } from './reader/objects';
import { PdfStream, type PdfObject, PdfString, nameOf, textOf } from './reader/objects';

export interface Attachment {
  /** `/UF`, else `/F`, else the name-tree key. */
  readonly name: string;
  readonly spec: PdfDict;
  /** The `/EF` stream, if the specification embeds one. */
  readonly stream: PdfStream | undefined;
  readonly relationship: string | undefined;
  readonly source: 'AF' | 'EmbeddedFiles';
}

const MAX_TREE_NODES = 10_000;
const MAX_TREE_DEPTH = 32;

export function attachmentsOf(doc: PdfDocument): Attachment[] {
  const catalog = doc.catalog();
  if (!catalog) return [];
  const out: Attachment[] = [];
  for (const item of doc.array(catalog.get('AF')) ?? []) {
    const a = attachment(doc, item, undefined, 'AF');
    if (a) out.push(a);
  }
  const names = doc.dict(catalog.get('Names'));
  const tree = names ? doc.dict(names.get('EmbeddedFiles')) : undefined;
  if (tree) {
    for (const [key, value] of nameTreeEntries(doc, tree)) {
      const a = attachment(doc, value, key, 'EmbeddedFiles');
      if (a) out.push(a);
    }
  }
  return out;
}

/** Leaves of a name tree (§7.9.6), in order, with bounded depth and node count. */
export function nameTreeEntries(doc: PdfDocument, root: PdfDict): [string, PdfObject][] {
  const out: [string, PdfObject][] = [];
  const seen = new Set<PdfDict>();
  const walk = (node: PdfDict, depth: number): void => {
    if (depth > MAX_TREE_DEPTH || seen.has(node) || seen.size > MAX_TREE_NODES) return;
    seen.add(node);
    const names = doc.array(node.get('Names'));
    if (names) {
      for (let i = 0; i + 1 < names.length; i += 2) {
        const key = doc.resolve(names[i]);
        out.push([key instanceof PdfString ? (textOf(key) ?? '') : '', names[i + 1] ?? null]);
      }
    }
    for (const kid of doc.array(node.get('Kids')) ?? []) {
      const d = doc.dict(kid);
      if (d) walk(d, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}

function attachment(
  doc: PdfDocument,
  obj: PdfObject | undefined,
  key: string | undefined,
  source: Attachment['source'],
): Attachment | undefined {
  const spec = doc.dict(obj);
  if (!spec) return undefined;
  const name = textOf(doc.resolve(spec.get('UF'))) ?? textOf(doc.resolve(spec.get('F'))) ?? key ?? '';
  const ef = doc.dict(spec.get('EF'));
  const s = ef ? (doc.resolve(ef.get('F')) ?? doc.resolve(ef.get('UF'))) : undefined;
  return {
    name,
    spec,
    stream: s instanceof PdfStream ? s : undefined,
    relationship: nameOf(doc.resolve(spec.get('AFRelationship'))),
    source,
  };
}
