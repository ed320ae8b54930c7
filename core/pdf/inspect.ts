/**
 * Walks what PDF/A-3 constrains in the visible document (ISO 19005-3 §6.2.11 fonts, §6.6.1 actions):
 * every font reachable from the pages (page resources, form XObjects, annotation appearances) and every
 * action (document, page and annotation actions, the JavaScript name tree). Bounded in depth and count.
 */
import type { PdfDocument } from './reader/document';
import { PdfDict, type PdfObject, PdfRef, PdfStream, nameOf } from './reader/objects';

export interface FontUse {
  readonly name: string;
  readonly embedded: boolean;
  /** The font dictionary, and its reference when it is an indirect object (a new revision can replace it). */
  readonly dict: PdfDict;
  readonly ref: PdfRef | undefined;
  /** 1-based page where the font was first met. */
  readonly page: number;
}

export interface ForbiddenAction {
  readonly kind: string;
  readonly where: string;
}

/** An annotation PDF/A-3 §6.3.2 would reject for its flags, with the fix if it is an indirect object. */
export interface AnnotationFlags {
  readonly ref: PdfRef | undefined;
  readonly annot: PdfDict;
  readonly flags: number;
  readonly page: number;
}

export interface Inspection {
  readonly pageCount: number;
  /** Annotations not set to print, or hidden (§6.3.2). */
  readonly badAnnotationFlags: readonly AnnotationFlags[];
  /** Annotation types §6.3.1 forbids (3D, Sound, Screen, Movie, RichMedia). */
  readonly forbiddenAnnotations: readonly string[];
  /** The page content paints in DeviceCMYK, which needs a CMYK OutputIntent (§6.2.4.3). */
  readonly deviceCmyk: boolean;
  readonly fonts: readonly FontUse[];
  readonly actions: readonly ForbiddenAction[];
  /** An XFA form (`/AcroForm /XFA`), forbidden by §6.4.2. */
  readonly xfa: boolean;
}

/** Action types ISO 19005-3 §6.6.1 does not permit. */
const FORBIDDEN_ACTIONS = new Set([
  'Launch',
  'Sound',
  'Movie',
  'ResetForm',
  'ImportData',
  'Hide',
  'SetOCGState',
  'Rendition',
  'Trans',
  'GoTo3DView',
  'JavaScript',
]);

const FORBIDDEN_ANNOTATIONS = new Set(['3D', 'Sound', 'Screen', 'Movie', 'RichMedia']);
/** Annotation flags (§12.5.3): Invisible 1, Hidden 2, Print 4, NoView 32, ToggleNoView 256. */
export const ANNOT_PRINT = 4;
export const ANNOT_HIDING = 1 | 2 | 32 | 256;
const MAX_CONTENT_SCAN = 4 * 1024 * 1024;

const MAX_PAGES = 10_000;
const MAX_NODES = 50_000;

export function inspect(doc: PdfDocument): Inspection {
  const catalog = doc.catalog();
  const fonts: FontUse[] = [];
  const actions: ForbiddenAction[] = [];
  const seenFonts = new Set<PdfDict>();
  const seenResources = new Set<PdfDict>();
  let budget = MAX_NODES;
  const badAnnotationFlags: AnnotationFlags[] = [];
  const forbiddenAnnotations: string[] = [];
  let deviceCmyk = false;
  let scanned = 0;

  const scanContent = (obj: PdfObject | undefined): void => {
    if (deviceCmyk) return;
    const streams = doc.array(obj) ?? [obj];
    for (const item of streams) {
      const s = doc.resolve(item);
      if (!(s instanceof PdfStream) || scanned > MAX_CONTENT_SCAN) continue;
      const d = doc.decode(s);
      if (!d.ok) continue;
      scanned += d.bytes.length;
      if (paintsCmyk(d.bytes)) {
        deviceCmyk = true;
        return;
      }
    }
  };
  const cmykSpace = (o: PdfObject | undefined): boolean => {
    const cs = doc.resolve(o);
    if (nameOf(cs) === 'DeviceCMYK' || nameOf(cs) === 'CMYK') return true;
    return (
      Array.isArray(cs) &&
      (nameOf(doc.resolve(cs[0])) === 'DeviceCMYK' ||
        (nameOf(doc.resolve(cs[0])) !== 'ICCBased' &&
          cs.slice(1).some((x) => nameOf(doc.resolve(x)) === 'DeviceCMYK')))
    );
  };

  const action = (obj: PdfObject | undefined, where: string): void => {
    let a = doc.dict(obj);
    for (let i = 0; a && i < 32 && budget-- > 0; i++) {
      const s = nameOf(doc.resolve(a.get('S')));
      if (s && FORBIDDEN_ACTIONS.has(s)) actions.push({ kind: s, where });
      const next = doc.resolve(a.get('Next'));
      a = Array.isArray(next) ? doc.dict(next[0]) : doc.dict(next);
    }
  };
  const additional = (obj: PdfObject | undefined, where: string): void => {
    const aa = doc.dict(obj);
    if (aa) for (const [k, v] of aa.map) action(v, `${where} /AA /${k}`);
  };

  const font = (obj: PdfObject | undefined, page: number): void => {
    const f = doc.dict(obj);
    if (!f || seenFonts.has(f)) return;
    seenFonts.add(f);
    const subtype = nameOf(doc.resolve(f.get('Subtype')));
    const name = nameOf(doc.resolve(f.get('BaseFont'))) ?? subtype ?? 'font';
    const ref = obj instanceof PdfRef ? obj : undefined;
    if (subtype === 'Type3') {
      fonts.push({ name, embedded: true, page, dict: f, ref });
      resources(f.get('Resources'), page, 0);
      return;
    }
    const target = subtype === 'Type0' ? doc.dict(doc.array(f.get('DescendantFonts'))?.[0]) : f;
    const fd = target ? doc.dict(target.get('FontDescriptor')) : undefined;
    const embedded =
      !!fd && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => doc.resolve(fd.get(k)) instanceof PdfStream);
    fonts.push({ name, embedded, page, dict: f, ref });
  };

  const resources = (obj: PdfObject | undefined, page: number, depth: number): void => {
    const r = doc.dict(obj);
    if (!r || seenResources.has(r) || depth > 16 || budget-- <= 0) return;
    seenResources.add(r);
    const fontDict = doc.dict(r.get('Font'));
    if (fontDict) for (const v of fontDict.map.values()) font(v, page);
    const spaces = doc.dict(r.get('ColorSpace'));
    if (spaces) for (const v of spaces.map.values()) if (cmykSpace(v)) deviceCmyk = true;
    const xobjects = doc.dict(r.get('XObject'));
    if (xobjects) {
      for (const v of xobjects.map.values()) {
        const x = doc.resolve(v);
        if (!(x instanceof PdfStream)) continue;
        const sub = nameOf(doc.resolve(x.dict.get('Subtype')));
        if (sub === 'Form') {
          scanContent(x);
          resources(x.dict.get('Resources'), page, depth + 1);
        } else if (sub === 'Image' && cmykSpace(x.dict.get('ColorSpace'))) deviceCmyk = true;
      }
    }
    const patterns = doc.dict(r.get('Pattern'));
    if (patterns) {
      for (const v of patterns.map.values()) {
        const p = doc.resolve(v);
        if (p instanceof PdfStream) resources(p.dict.get('Resources'), page, depth + 1);
      }
    }
  };

  const appearance = (obj: PdfObject | undefined, page: number): void => {
    const ap = doc.dict(obj);
    if (!ap) return;
    for (const key of ['N', 'R', 'D']) {
      const entry = doc.resolve(ap.get(key));
      if (entry instanceof PdfStream) resources(entry.dict.get('Resources'), page, 1);
      else if (entry instanceof PdfDict) {
        for (const state of entry.map.values()) {
          const s = doc.resolve(state);
          if (s instanceof PdfStream) resources(s.dict.get('Resources'), page, 1);
        }
      }
    }
  };

  let pageCount = 0;
  const stack: { node: PdfDict; inherited: PdfObject | undefined; depth: number }[] = [];
  const root = doc.dict(catalog?.get('Pages'));
  if (root) stack.push({ node: root, inherited: undefined, depth: 0 });
  const seenNodes = new Set<PdfDict>();
  while (stack.length && pageCount < MAX_PAGES && budget-- > 0) {
    const { node, inherited, depth } = stack.pop()!;
    if (seenNodes.has(node) || depth > 64) continue;
    seenNodes.add(node);
    const res = node.get('Resources') ?? inherited;
    const kids = doc.array(node.get('Kids'));
    if (kids && nameOf(doc.resolve(node.get('Type'))) !== 'Page') {
      for (let i = kids.length - 1; i >= 0; i--) {
        const kid = doc.dict(kids[i]);
        if (kid) stack.push({ node: kid, inherited: res, depth: depth + 1 });
      }
      continue;
    }
    pageCount++;
    scanContent(node.get('Contents'));
    resources(res, pageCount, 0);
    additional(node.get('AA'), `page ${pageCount}`);
    for (const annotRef of doc.array(node.get('Annots')) ?? []) {
      const annot = doc.dict(annotRef);
      if (!annot) continue;
      const subtype = nameOf(doc.resolve(annot.get('Subtype'))) ?? '';
      if (FORBIDDEN_ANNOTATIONS.has(subtype)) forbiddenAnnotations.push(subtype);
      const f = doc.resolve(annot.get('F'));
      const flags = typeof f === 'number' ? f : 0;
      if (subtype !== 'Popup' && ((flags & ANNOT_PRINT) === 0 || (flags & ANNOT_HIDING) !== 0)) {
        badAnnotationFlags.push({
          ref: annotRef instanceof PdfRef ? annotRef : undefined,
          annot,
          flags,
          page: pageCount,
        });
      }
      action(annot.get('A'), `page ${pageCount} annotation`);
      additional(annot.get('AA'), `page ${pageCount} annotation`);
      appearance(annot.get('AP'), pageCount);
    }
  }

  if (catalog) {
    action(catalog.get('OpenAction'), 'document /OpenAction');
    additional(catalog.get('AA'), 'document');
    const names = doc.dict(catalog.get('Names'));
    if (names?.get('JavaScript') !== undefined)
      actions.push({ kind: 'JavaScript', where: 'document /Names /JavaScript' });
  }
  const acroForm = doc.dict(catalog?.get('AcroForm'));
  const xfa = acroForm?.get('XFA') !== undefined;
  if (acroForm) {
    for (const fieldRef of doc.array(acroForm.get('Fields')) ?? []) {
      const field = doc.dict(fieldRef);
      if (field) additional(field.get('AA'), 'form field');
    }
  }
  return { pageCount, fonts, actions, xfa, badAnnotationFlags, forbiddenAnnotations, deviceCmyk };
}

/**
 * Whether a content stream sets a CMYK colour (`c m y k k` or `… K`): a linear token scan that counts
 * the numbers before each operator, skipping strings and inline image data.
 */
export function paintsCmyk(b: Uint8Array): boolean {
  let numbers = 0;
  let i = 0;
  const n = b.length;
  const white = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 0;
  const delimiter = (c: number): boolean =>
    c === 40 ||
    c === 41 ||
    c === 60 ||
    c === 62 ||
    c === 91 ||
    c === 93 ||
    c === 47 ||
    c === 37 ||
    c === 123 ||
    c === 125;
  while (i < n) {
    const c = b[i]!;
    if (white(c)) {
      i++;
      continue;
    }
    if (c === 37) {
      while (i < n && b[i] !== 10 && b[i] !== 13) i++;
      continue;
    }
    if (c === 40) {
      let depth = 0;
      for (; i < n; i++) {
        if (b[i] === 92) i++;
        else if (b[i] === 40) depth++;
        else if (b[i] === 41 && --depth === 0) break;
      }
      i++;
      numbers = 0;
      continue;
    }
    if (delimiter(c)) {
      i++;
      if (c === 47) while (i < n && !white(b[i]!) && !delimiter(b[i]!)) i++;
      numbers = 0;
      continue;
    }
    const start = i;
    while (i < n && !white(b[i]!) && !delimiter(b[i]!)) i++;
    const len = i - start;
    let numeric = len > 0;
    for (let k = start; k < i && numeric; k++) {
      const ch = b[k]!;
      numeric = (ch >= 48 && ch <= 57) || ch === 46 || ch === 45 || ch === 43;
    }
    if (numeric) {
      numbers++;
      continue;
    }
    if (len === 1 && (b[start] === 107 || b[start] === 75) && numbers >= 4) return true;
    if (len === 2 && b[start] === 73 && b[start + 1] === 68) {
      // Inline image data runs from `ID` to `EI`.
      while (
        i + 2 < n &&
        !(b[i] === 69 && b[i + 1] === 73 && white(b[i - 1]!) && (white(b[i + 2]!) || i + 2 === n))
      )
        i++;
      i += 2;
    }
    numbers = 0;
  }
  return false;
}
