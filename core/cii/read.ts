/**
 * CII reader: any UN/CEFACT CII D16B invoice (Factur-X 1.0 profiles, ZUGFeRD 2.x, XRechnung CII) into
 * the invoice model, walking the compiled declaration (core/model/compiled.ts). The strict parser
 * refuses DOCTYPE, entities, oversized and too deeply nested input; a root other than
 * rsm:CrossIndustryInvoice is `not_cii`. Elements and attributes the model does not declare are
 * reported in `unmapped` (their XPath), never silently lost.
 */
import { invoiceTree, type CompiledGroup, type CompiledLeaf } from '../model/compiled';
import type { Invoice } from '../model/invoice';
import { fillText, type LocalizedText } from '../api/lang';
import { xmlErrorText } from '../xml/messages';
import type { ParseOptions } from '../xml/parse';
import { readXml } from '../xml/parse-bytes';
import { attributeValue, firstChild, textOf, xpathOf } from '../xml/query';
import type { XmlDocument, XmlElement, XmlErrorCode } from '../xml/tree';
import { CII_PREFIXES, QDT, RSM, UDT } from './namespaces';
import { guidelineOf, profileOfGuideline, type Profile } from './profile';

export type CiiReadErrorCode = XmlErrorCode | 'not_cii';

export interface CiiReadError {
  readonly code: CiiReadErrorCode;
  /** In English, for logs. */
  readonly message: string;
  readonly localized: LocalizedText;
  readonly line?: number;
  readonly column?: number;
}

export interface CiiRead {
  readonly ok: true;
  readonly invoice: Invoice;
  /** The profile BT-24 declares, or null when the guideline identifier is unknown. */
  readonly profile: Profile | null;
  readonly guideline: string | null;
  /** XPaths of elements and attributes the model does not carry (empty for schema-valid input). */
  readonly unmapped: readonly string[];
  /** The parsed document, for a caller that also validates it (so that it is not parsed twice). */
  readonly doc: XmlDocument;
}

export type CiiReadResult = CiiRead | { readonly ok: false; readonly error: CiiReadError };

type Obj = Record<string, unknown>;

const NOT_CII: LocalizedText = {
  en: 'Not a CII invoice, the XML Factur-X carries: this XML starts with {root} (line {line}).',
  fr: 'Ce n’est pas une facture CII, le XML que porte Factur-X : ce XML commence par {root} (ligne {line}).',
};

export const notCiiText = (root: XmlElement): LocalizedText =>
  fillText(NOT_CII, { root: root.name, line: root.line });

export function ciiToModel(xml: string | Uint8Array, options: ParseOptions = {}): CiiReadResult {
  const parsed = readXml(xml, options);
  if (!parsed.ok) return { ok: false, error: { ...parsed.error, localized: xmlErrorText(parsed.error) } };
  const root = parsed.doc.root;
  if (root.ns !== RSM || root.local !== 'CrossIndustryInvoice') {
    const localized = notCiiText(root);
    return {
      ok: false,
      error: { code: 'not_cii', message: localized.en, localized, line: root.line, column: 1 },
    };
  }
  const invoice: Obj = {};
  const unmapped: string[] = [];
  readGroup(invoiceTree(), root, invoice, unmapped);
  const guideline = guidelineOf(root);
  return {
    ok: true,
    invoice: invoice as Invoice,
    profile: guideline === null ? null : profileOfGuideline(guideline),
    guideline,
    unmapped,
    doc: parsed.doc,
  };
}

function readGroup(node: CompiledGroup, el: XmlElement, target: Obj, unmapped: string[]): void {
  for (const a of el.attributes) {
    if (a.ns === null && a.prefix === null && a.name !== 'xmlns')
      unmapped.push(`${xpathOf(el, CII_PREFIXES)}/@${a.name}`);
  }
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    const child = c.ns === null ? undefined : node.byName.get(c.ns)?.get(c.local);
    if (!child) {
      unmapped.push(xpathOf(c, CII_PREFIXES));
      continue;
    }
    if (child.kind === 'group' && child.flat) {
      readGroup(child, c, target, unmapped);
      continue;
    }
    let value: unknown;
    if (child.kind === 'group') {
      const obj: Obj = {};
      readGroup(child, c, obj, unmapped);
      value = obj;
    } else {
      value = readLeaf(child, c);
      const kept = otherAttributes(child, c, unmapped);
      if (kept) {
        const at = child.many
          ? `${child.key}[${(target[child.key] as unknown[] | undefined)?.length ?? 0}]`
          : child.key;
        ((target.xmlAttributes ??= {}) as Obj)[at] = kept;
      }
    }
    if (child.many) {
      const list = (target[child.key] ??= []) as unknown[];
      list.push(value);
    } else if (child.key in target) {
      unmapped.push(xpathOf(c, CII_PREFIXES));
    } else {
      target[child.key] = value;
    }
  }
}

const INNER: Readonly<Record<string, readonly [string, string]>> = {
  dateTime: [UDT, 'DateTimeString'],
  date: [UDT, 'DateString'],
  formattedDateTime: [QDT, 'DateTimeString'],
  indicator: [UDT, 'Indicator'],
};

function readLeaf(node: CompiledLeaf, el: XmlElement): unknown {
  const type = node.node.type;
  let value: string | boolean;
  const inner = INNER[type];
  if (inner) {
    const valueEl = firstChild(el, inner[0], inner[1]);
    const raw = (valueEl ? textOf(valueEl) : textOf(el)).trim();
    if (type === 'indicator') {
      value = raw === 'true' || raw === '1';
    } else {
      const format = valueEl ? attributeValue(valueEl, 'format') : undefined;
      value =
        format === '102' && /^\d{8}$/.test(raw)
          ? `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6)}`
          : raw;
    }
  } else {
    value = type === 'text' ? textOf(el) : textOf(el).trim();
  }
  if (node.attrs.length === 0) return value;
  const obj: Obj = { value };
  for (const [key, xmlName] of node.attrs) {
    const v = attributeValue(el, xmlName);
    if (v !== undefined) obj[key] = v;
  }
  return obj;
}

/**
 * The attributes of a leaf element beyond those the model declares: those a profile's schema allows are
 * returned (kept in `xmlAttributes`), any other is reported unmapped.
 */
function otherAttributes(
  node: CompiledLeaf,
  el: XmlElement,
  unmapped: string[],
): Record<string, string> | null {
  let kept: Record<string, string> | null = null;
  for (const a of el.attributes) {
    if (a.prefix !== null || a.name === 'xmlns' || node.attrs.some(([, xmlName]) => xmlName === a.name))
      continue;
    if (node.otherAttrs.has(a.name)) (kept ??= {})[a.name] = a.value;
    else unmapped.push(`${xpathOf(el, CII_PREFIXES)}/@${a.name}`);
  }
  return kept;
}
