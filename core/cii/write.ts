/**
 * CII writer: the invoice model to Factur-X XML for one profile, by string building in the element
 * order of the CII D16B schema as the Factur-X 1.09 XSDs define it (the order of core/model/invoice.ts).
 *
 * What a profile does not carry is dropped, never refused: a MINIMUM invoice written from a complete
 * model simply leaves the lines out. Every dropped model path is returned in `dropped` so that the
 * caller can tell the user (convert reports them as warnings). Wrappers the profile's schema requires
 * without a business term of their own (e.g. ram:ApplicableHeaderTradeDelivery) are written even when
 * empty. BT-24 is the profile's guideline identifier, unless the model's own identifier already names
 * that profile (an XRechnung CIUS stays one). Dates are written with format 102. Text is escaped;
 * characters XML 1.0 cannot carry are removed.
 *
 * What the profile's schema requires is never invented, nor written empty: an element whose required
 * content the model lacks is left out where the schema lets it be (an optional element, or one entry of
 * a list that keeps its minimum), and the XML is not written at all where it does not (`xml` null: the
 * invoice number, a VAT breakdown for BASIC WL…). Either way each missing piece is a `gap`, for the
 * caller to report as the rule that needs it; `draft` is the XML as far as it can be written, for the
 * rules to judge the rest of the candidate.
 */
import { invoiceTree, type CompiledGroup, type CompiledLeaf, type CompiledNode } from '../model/compiled';
import type { Invoice } from '../model/invoice';
import { SAME_ELEMENT_AS } from '../model/terms';
import type { Particle } from '../rules/xsd/model';
import { QDT, RAM, RSM, UDT } from './namespaces';
import { GUIDELINE_ID, profileOfGuideline, type Profile } from './profile';

/** A piece of the invoice the profile's schema requires and the model lacks. */
export interface SchemaGap {
  /** The business term (charge terms told from allowance ones), or null for a syntax element. */
  readonly term: string | null;
  /** Where it is missing: model path with positions (`lines[1].product.name`). */
  readonly path: string;
  /** The missing element (`ram:Name`) or attribute (`@filename`), and its place (`…/ram:SpecifiedTradeProduct`). */
  readonly element: string;
  readonly xpath: string;
  /**
   * `unwritable`: the XML cannot be written without it; `left_out`: the element holding it was left out
   * of the XML (an address without its country), with whatever else it held.
   */
  readonly effect: 'unwritable' | 'left_out';
  /** For a gap left out: the element left out with it (`…/ram:SellerTradeParty/ram:PostalTradeAddress`). */
  readonly leftOut?: string;
}

export interface CiiWritten {
  /** The XML, valid against the profile's schema; null when the model lacks what it cannot do without. */
  readonly xml: string | null;
  /** The XML as far as it can be written: `xml` itself, or without what the model lacks. */
  readonly draft: string;
  /** Model paths with a value the profile does not carry, e.g. `lines[]` for MINIMUM. */
  readonly dropped: readonly string[];
  /** What the schema requires and the model lacks, in document order. */
  readonly gaps: readonly SchemaGap[];
}

type Obj = Record<string, unknown>;

const ROOT_OPEN = `<rsm:CrossIndustryInvoice xmlns:rsm="${RSM}" xmlns:qdt="${QDT}" xmlns:ram="${RAM}" xmlns:udt="${UDT}">`;

/** A charge (BG-21, BG-28) is written as an allowance with ChargeIndicator true: its own terms. */
const CHARGE_TERMS: ReadonlyMap<string, string> = new Map(
  Object.entries(SAME_ELEMENT_AS)
    .filter(([charge]) => /^(BG-21|BG-28|BT-(99|10[0-5]|14[1-5]))$/.test(charge))
    .map(([charge, allowance]) => [allowance, charge]),
);

interface Context {
  readonly profile: Profile;
  readonly dropped: Set<string>;
  /** Gaps of elements left out. */
  readonly leftOut: SchemaGap[];
}

/** Where the writer stands: model path and XPath with positions, and whether within a charge. */
interface Place {
  readonly path: string;
  readonly xpath: string;
  readonly charge: boolean;
}

/** Written content (as far as it can be written while something is missing), and what is missing. */
interface Written {
  readonly xml: string;
  readonly missing: readonly SchemaGap[];
}

/** One element written, and where it stands (a list entry may be left out). */
type WrittenElement = Written & { readonly xpath: string };

export function modelToCii(invoice: Invoice, profile: Profile): CiiWritten {
  const spec = invoice.specification;
  const model: Obj = {
    ...invoice,
    specification: spec !== undefined && profileOfGuideline(spec) === profile ? spec : GUIDELINE_ID[profile],
  };
  const ctx: Context = { profile, dropped: new Set(), leftOut: [] };
  const root = invoiceTree();
  const body = writeChildren(root, model, ctx, { path: '', xpath: `/${root.qname}`, charge: false });
  const draft = `<?xml version="1.0" encoding="UTF-8"?>\n${ROOT_OPEN}${body.xml}</rsm:CrossIndustryInvoice>\n`;
  const gaps = [...body.missing.map((g) => ({ ...g, effect: 'unwritable' as const })), ...ctx.leftOut];
  return {
    xml: body.missing.length === 0 ? draft : null,
    draft,
    dropped: [...ctx.dropped],
    gaps,
  };
}

const termOf = (node: CompiledNode, charge: boolean): string | null => {
  const own = node.node.term ?? null;
  return own && charge ? (CHARGE_TERMS.get(own) ?? own) : own;
};

/** The gap of a required child of the element at `parent` that the model does not give. */
function gapAt(node: CompiledNode, parent: Place): SchemaGap {
  const key = node.kind === 'group' && node.flat ? '' : node.key;
  return {
    term: termOf(node, parent.charge),
    path: key ? (parent.path ? `${parent.path}.${key}` : key) : parent.path,
    element: node.qname,
    xpath: `${parent.xpath}/${node.qname}`,
    effect: 'unwritable',
  };
}

const isAbsent = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).every((k) => k === 'xmlAttributes'));

/** Leaves out the element at `xpath`, its gaps kept as left out with it. */
function leaveOut(ctx: Context, missing: readonly SchemaGap[], xpath: string): void {
  for (const gap of missing) ctx.leftOut.push({ ...gap, effect: 'left_out', leftOut: xpath });
}

function writeChildren(node: CompiledGroup, obj: Obj, ctx: Context, place: Place): Written {
  const { profile } = ctx;
  let out = '';
  const missing: SchemaGap[] = [];
  const charge = place.charge || obj.isCharge === true;
  for (const child of node.children) {
    const particle = child.particles[profile];
    if (child.kind === 'group' && child.flat) {
      const here = { ...place, xpath: `${place.xpath}/${child.qname}`, charge };
      const inner = writeChildren(child, obj, particle ? ctx : { ...ctx, leftOut: [] }, here);
      if (!particle) {
        if (inner.xml !== '' || inner.missing.length > 0) ctx.dropped.add(child.path || child.xpath);
        continue;
      }
      if (inner.missing.length > 0 && particle.min === 0) {
        // A wrapper with some content but not all it needs is left out.
        if (hasValue(child, obj)) leaveOut(ctx, inner.missing, here.xpath);
        continue;
      }
      // A required one is written as far as it can be (the draft), what it lacks missing.
      missing.push(...inner.missing);
      if (inner.xml !== '' || particle.min > 0) out += `<${child.qname}>${inner.xml}</${child.qname}>`;
      continue;
    }
    const value = obj[child.key];
    if (isAbsent(value)) {
      if (!particle || particle.min === 0) continue;
      // A required term is missing. A required single group is missing for what it requires inside
      // (a buyer for its name, BT-44): the term a form fills. A wrapper of no term of its own that
      // requires nothing is written empty; a group that requires nothing inside, or a list, is the gap.
      const at: Place = {
        path: `${place.path ? place.path + '.' : ''}${child.key}`,
        xpath: `${place.xpath}/${child.qname}`,
        charge,
      };
      const inner = child.kind === 'group' && !child.many ? writeOne(child, {}, ctx, at, undefined) : null;
      if (inner && (inner.missing.length > 0 || !child.node.term)) {
        // The draft keeps no empty business group (its reading would be one).
        if (!child.node.term) out += inner.xml;
        missing.push(...inner.missing);
      } else missing.push(gapAt(child, { ...place, charge }));
      continue;
    }
    const path = place.path ? `${place.path}.${child.key}` : child.key;
    if (!particle) {
      if (hasContent(child, value)) ctx.dropped.add(child.path);
      continue;
    }
    const kept = obj.xmlAttributes as Record<string, Record<string, string>> | undefined;
    if (child.many) {
      if (!Array.isArray(value)) continue;
      const written = value.flatMap((item: unknown, i) => {
        if (i >= particle.max) {
          ctx.dropped.add(child.path);
          return [];
        }
        const position = value.length > 1 ? `[${i + 1}]` : '';
        const at: Place = {
          path: `${path}[${i}]`,
          xpath: `${place.xpath}/${child.qname}${position}`,
          charge,
        };
        return [writeOne(child, item, ctx, at, kept && kept[`${child.key}[${i}]`])];
      });
      const complete = written.filter((w) => w.missing.length === 0);
      const incomplete = written.flatMap((w) => w.missing);
      if (complete.length >= particle.min) {
        // Entries lacking what the schema requires are left out while the list keeps its minimum.
        for (const w of written) {
          if (w.missing.length > 0) leaveOut(ctx, w.missing, w.xpath);
          else out += w.xml;
        }
      } else {
        for (const w of written) out += w.xml;
        missing.push(...(incomplete.length > 0 ? incomplete : [gapAt(child, { ...place, charge })]));
      }
      continue;
    }
    const at: Place = { path, xpath: `${place.xpath}/${child.qname}`, charge };
    const w = writeOne(child, value, ctx, at, kept?.[child.key]);
    if (w.missing.length > 0 && particle.min === 0) {
      // An optional element lacking what it requires is left out, with whatever else it held.
      leaveOut(ctx, w.missing, w.xpath);
      continue;
    }
    missing.push(...w.missing);
    out += w.xml;
  }
  return { xml: out, missing };
}

/** Whether the model gives anything that a flat wrapper's children would write. */
function hasValue(node: CompiledGroup, obj: Obj): boolean {
  return node.children.some((c) => (c.kind === 'group' && c.flat ? hasValue(c, obj) : !isAbsent(obj[c.key])));
}

function hasContent(node: CompiledNode, value: unknown): boolean {
  return !(Array.isArray(value) && value.length === 0) && !(node.kind === 'group' && isEmptyObject(value));
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

function writeOne(
  node: CompiledNode,
  value: unknown,
  ctx: Context,
  place: Place,
  kept: Readonly<Record<string, string>> | undefined,
): WrittenElement {
  if (node.kind === 'group') {
    if (typeof value !== 'object' || value === null) return { xml: '', missing: [], xpath: place.xpath };
    const inner = writeChildren(node, value as Obj, ctx, place);
    return { xml: `<${node.qname}>${inner.xml}</${node.qname}>`, missing: inner.missing, xpath: place.xpath };
  }
  return { ...writeLeaf(node, value, ctx, place, kept), xpath: place.xpath };
}

function writeLeaf(
  node: CompiledLeaf,
  value: unknown,
  ctx: Context,
  place: Place,
  kept: Readonly<Record<string, string>> | undefined,
): Written {
  const { profile, dropped } = ctx;
  let scalar: unknown = value;
  let attrs = '';
  const written = new Set<string>();
  if (kept) {
    for (const [xmlName, v] of Object.entries(kept)) {
      if (node.otherAttrs.get(xmlName)?.has(profile)) {
        attrs += ` ${xmlName}="${escapeAttribute(v)}"`;
        written.add(xmlName);
      } else dropped.add(`${node.path}.@${xmlName}`);
    }
  }
  if (node.attrs.length > 0 && typeof value === 'object' && value !== null) {
    const obj = value as Obj;
    scalar = obj.value;
    for (const [key, xmlName, allowed] of node.attrs) {
      const v = obj[key];
      if (typeof v !== 'string') continue;
      if (allowed.has(profile)) {
        attrs += ` ${xmlName}="${escapeAttribute(v)}"`;
        written.add(xmlName);
      } else dropped.add(`${node.path}.${key}`);
    }
  }
  const term = termOf(node, place.charge);
  const gap = (element: string): SchemaGap => ({
    term,
    path: place.path,
    element,
    xpath: place.xpath,
    effect: 'unwritable',
  });
  if (scalar === undefined || scalar === null) return { xml: '', missing: [gap(node.qname)] };
  const missing = requiredAttributes(node.particles[profile])
    .filter((a) => !written.has(a))
    .map((a) => gap(`@${a}`));
  return { xml: leafXml(node, scalar, attrs), missing };
}

function leafXml(node: CompiledLeaf, scalar: unknown, attrs: string): string {
  const q = node.qname;
  switch (node.node.type) {
    case 'indicator':
      return `<${q}><udt:Indicator>${scalar === true ? 'true' : 'false'}</udt:Indicator></${q}>`;
    case 'dateTime':
      return `<${q}><udt:DateTimeString format="102">${date102(scalar)}</udt:DateTimeString></${q}>`;
    case 'date':
      return `<${q}><udt:DateString format="102">${date102(scalar)}</udt:DateString></${q}>`;
    case 'formattedDateTime':
      return `<${q}><qdt:DateTimeString format="102">${date102(scalar)}</qdt:DateTimeString></${q}>`;
    default:
      return `<${q}${attrs}>${escapeText(String(scalar))}</${q}>`;
  }
}

/** The attributes the profile's schema requires on a simple-content element (a date's `format` is ours). */
function requiredAttributes(particle: Particle | undefined): string[] {
  const type = particle?.type;
  return type?.kind === 'simple' ? type.attributes.filter((a) => a.required).map((a) => a.name) : [];
}
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function date102(value: unknown): string {
  const s = String(value ?? '');
  const m = ISO_DATE.exec(s);
  return m ? `${m[1]}${m[2]}${m[3]}` : escapeText(s);
}

// Characters XML 1.0 cannot carry at all (C0 controls but tab, LF, CR) are removed.
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex
const TEXT_ESCAPE = /[&<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// eslint-disable-next-line no-control-regex
const ATTRIBUTE_ESCAPE = /[&<>"\r\n\t\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
};

export function escapeText(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return s;
  return s.replace(TEXT_ESCAPE, (c) => ESCAPES[c] ?? '');
}

export function escapeAttribute(s: string): string {
  return s.replace(ATTRIBUTE_ESCAPE, (c) =>
    c === '\n' ? '&#10;' : c === '\t' ? '&#9;' : (ESCAPES[c] ?? ''),
  );
}
