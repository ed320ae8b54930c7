/**
 * Walks what PDF/A-3 constrains in the visible document (ISO 19005-3 §6.2.11 fonts, §6.2.4.3 device colour,
 * §6.3 annotations, §6.4 forms, §6.5 actions): every font reachable from the pages (page resources, form
 * XObjects, annotation appearances), the device colour spaces painted, and every action or trigger event
 * (document, page, annotation and form-field actions, the JavaScript name tree). Bounded in depth and count.
 */
import { DEVICE_ABBREVIATIONS, type DeviceSpace, devicePaint } from './reader/device-paint';
import type { DrawablePdf } from './reader/document';
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
  /** The ISO 19005-3 requirement it breaks, as clause-test (`6.5.1-1`), the numbering of veraPDF's rules. */
  readonly test: string;
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
  /** Annotation types §6.3.1 forbids: 3D, Sound, Screen, Movie and any type ISO 32000-1 does not define. */
  readonly forbiddenAnnotations: readonly string[];
  /** The pages paint in DeviceCMYK, which needs a CMYK OutputIntent (§6.2.4.3). */
  readonly deviceCmyk: boolean;
  /** The pages paint in DeviceRGB (needs an RGB OutputIntent) or DeviceGray (needs any PDF/A OutputIntent). */
  readonly deviceRgb: boolean;
  readonly deviceGray: boolean;
  readonly fonts: readonly FontUse[];
  readonly actions: readonly ForbiddenAction[];
  /** An XFA form (`/AcroForm /XFA`), forbidden by §6.4.2. */
  readonly xfa: boolean;
}

/**
 * The action types ISO 19005-3 §6.5.1 leaves: it forbids Launch, Sound, Movie, ResetForm, ImportData,
 * Hide, SetOCGState, Rendition, Trans, GoTo3DView, JavaScript and the deprecated set-state and no-op
 * actions, and veraPDF's rule 6.5.1-1 holds every other type to this list as well.
 */
const PERMITTED_ACTIONS = new Set(['GoTo', 'GoToR', 'GoToE', 'Thread', 'URI', 'Named', 'SubmitForm']);
/** Named actions §6.5.1 permits. */
const PERMITTED_NAMED = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);
/** Annotation types of ISO 32000-1 Table 169 less 3D, Sound, Screen and Movie (§6.3.1). */
const PERMITTED_ANNOTATIONS = new Set([
  'Text',
  'Link',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Polygon',
  'PolyLine',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Stamp',
  'Caret',
  'Ink',
  'Popup',
  'FileAttachment',
  'Widget',
  'PrinterMark',
  'TrapNet',
  'Watermark',
  'Redact',
]);
/** Annotation flags (§12.5.3): Invisible 1, Hidden 2, Print 4, NoView 32, ToggleNoView 256. */
export const ANNOT_PRINT = 4;
export const ANNOT_HIDING = 1 | 2 | 32 | 256;
const MAX_CONTENT_SCAN = 4 * 1024 * 1024;

const MAX_PAGES = 10_000;
const MAX_NODES = 50_000;

export function inspect(doc: DrawablePdf): Inspection {
  const catalog = doc.catalog();
  const fonts: FontUse[] = [];
  const actions: ForbiddenAction[] = [];
  const seenFonts = new Set<PdfDict>();
  const seenResources = new Set<PdfDict>();
  let budget = MAX_NODES;
  const badAnnotationFlags: AnnotationFlags[] = [];
  const forbiddenAnnotations: string[] = [];
  const painted: Record<DeviceSpace, boolean> = { DeviceGray: false, DeviceRGB: false, DeviceCMYK: false };
  let scanned = 0;

  const scanContent = (obj: PdfObject | undefined): void => {
    const streams = doc.array(obj) ?? [obj];
    for (const item of streams) {
      const s = doc.resolve(item);
      if (!(s instanceof PdfStream) || scanned > MAX_CONTENT_SCAN) continue;
      const d = doc.decode(s);
      if (!d.ok) continue;
      scanned += d.bytes.length;
      for (const space of devicePaint(d.bytes)) painted[space] = true;
    }
  };
  /** The device spaces a colour space uses: itself, or the base or alternate of an Indexed/Separation/DeviceN. */
  const deviceSpaces = (o: PdfObject | undefined): void => {
    const cs = doc.resolve(o);
    const parts = Array.isArray(cs) ? cs : [cs];
    if (Array.isArray(cs) && nameOf(doc.resolve(cs[0])) === 'ICCBased') return;
    for (const p of parts) {
      const name = nameOf(doc.resolve(p));
      const space = name && DEVICE_ABBREVIATIONS[name];
      if (space) painted[space] = true;
    }
  };

  const action = (obj: PdfObject | undefined, where: string): void => {
    let a = doc.dict(obj);
    for (let i = 0; a && i < 32 && budget-- > 0; i++) {
      const s = nameOf(doc.resolve(a.get('S')));
      if (s && !PERMITTED_ACTIONS.has(s)) actions.push({ kind: s, where, test: '6.5.1-1' });
      const named = s === 'Named' ? nameOf(doc.resolve(a.get('N'))) : undefined;
      if (s === 'Named' && !PERMITTED_NAMED.has(named ?? ''))
        actions.push({ kind: `Named ${named ?? ''}`.trim(), where, test: '6.5.1-2' });
      const next = doc.resolve(a.get('Next'));
      a = Array.isArray(next) ? doc.dict(next[0]) : doc.dict(next);
    }
  };
  const additional = (obj: PdfObject | undefined, where: string): void => {
    const aa = doc.dict(obj);
    if (aa) for (const [k, v] of aa.map) action(v, `${where} /AA /${k}`);
  };
  /** Where §6.5.2 (catalog, page) or §6.4.1 (widget, form field) forbids trigger events outright. */
  const trigger = (dict: PdfDict, key: 'A' | 'AA', where: string, test: string): void => {
    if (dict.get(key) !== undefined) actions.push({ kind: key === 'AA' ? 'AA' : 'A', where, test });
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
    if (spaces) for (const v of spaces.map.values()) deviceSpaces(v);
    const xobjects = doc.dict(r.get('XObject'));
    if (xobjects) {
      for (const v of xobjects.map.values()) {
        const x = doc.resolve(v);
        if (!(x instanceof PdfStream)) continue;
        const sub = nameOf(doc.resolve(x.dict.get('Subtype')));
        if (sub === 'Form') {
          scanContent(x);
          resources(x.dict.get('Resources'), page, depth + 1);
        } else if (sub === 'Image' && x.dict.get('ImageMask') !== true)
          deviceSpaces(x.dict.get('ColorSpace'));
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
    trigger(node, 'AA', `page ${pageCount}`, '6.5.2-2');
    for (const annotRef of doc.array(node.get('Annots')) ?? []) {
      const annot = doc.dict(annotRef);
      if (!annot) continue;
      const subtype = nameOf(doc.resolve(annot.get('Subtype'))) ?? '';
      if (!PERMITTED_ANNOTATIONS.has(subtype)) forbiddenAnnotations.push(subtype || '(no subtype)');
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
      if (subtype === 'Widget') {
        trigger(annot, 'A', `page ${pageCount} form field`, '6.4.1-1');
        trigger(annot, 'AA', `page ${pageCount} form field`, '6.4.1-1');
      } else {
        action(annot.get('A'), `page ${pageCount} annotation`);
        additional(annot.get('AA'), `page ${pageCount} annotation`);
      }
      appearance(annot.get('AP'), pageCount);
    }
  }

  if (catalog) {
    action(catalog.get('OpenAction'), 'document /OpenAction');
    trigger(catalog, 'AA', 'document', '6.5.2-1');
    const names = doc.dict(catalog.get('Names'));
    if (names?.get('JavaScript') !== undefined)
      actions.push({ kind: 'JavaScript', where: 'document /Names /JavaScript', test: '6.5.1-1' });
  }
  const acroForm = doc.dict(catalog?.get('AcroForm'));
  const xfa = acroForm?.get('XFA') !== undefined;
  if (acroForm) {
    for (const fieldRef of doc.array(acroForm.get('Fields')) ?? []) {
      const field = doc.dict(fieldRef);
      if (field) trigger(field, 'AA', 'form field', '6.4.1-2');
    }
  }
  return {
    pageCount,
    fonts,
    actions,
    xfa,
    badAnnotationFlags,
    forbiddenAnnotations,
    deviceCmyk: painted.DeviceCMYK,
    deviceRgb: painted.DeviceRGB,
    deviceGray: painted.DeviceGray,
  };
}
