/**
 * CII writer: the invoice model to Factur-X XML for one profile, by string building in the element
 * order of the CII D16B schema as the Factur-X 1.09 XSDs define it (the order of core/model/invoice.ts).
 *
 * What a profile does not carry is dropped, never refused: a MINIMUM invoice written from a complete
 * model simply leaves the lines out. Every dropped model path is returned in `dropped` so that the
 * caller can tell the user (convert reports them as warnings). Wrappers the profile's schema requires
 * (e.g. ram:ApplicableHeaderTradeDelivery) are written even when empty. BT-24 is the profile's guideline
 * identifier, unless the model's own identifier already names that profile (an XRechnung CIUS stays one).
 * Dates are written with format 102. Text is escaped; characters XML 1.0 cannot carry are removed.
 */
import { invoiceTree, type CompiledGroup, type CompiledLeaf, type CompiledNode } from '../model/compiled';
import type { Invoice } from '../model/invoice';
import { QDT, RAM, RSM, UDT } from './namespaces';
import { GUIDELINE_ID, profileOfGuideline, type Profile } from './profile';

export interface CiiWritten {
  readonly xml: string;
  /** Model paths with a value the profile does not carry, e.g. `lines[]` for MINIMUM. */
  readonly dropped: readonly string[];
}

type Obj = Record<string, unknown>;

const ROOT_OPEN = `<rsm:CrossIndustryInvoice xmlns:rsm="${RSM}" xmlns:qdt="${QDT}" xmlns:ram="${RAM}" xmlns:udt="${UDT}">`;

export function modelToCii(invoice: Invoice, profile: Profile): CiiWritten {
  const spec = invoice.specification;
  const model: Obj = {
    ...invoice,
    specification: spec !== undefined && profileOfGuideline(spec) === profile ? spec : GUIDELINE_ID[profile],
  };
  const dropped = new Set<string>();
  const body = writeChildren(invoiceTree(), model, profile, dropped);
  return {
    xml: `<?xml version="1.0" encoding="UTF-8"?>\n${ROOT_OPEN}${body}</rsm:CrossIndustryInvoice>\n`,
    dropped: [...dropped],
  };
}

function writeChildren(node: CompiledGroup, obj: Obj, profile: Profile, dropped: Set<string>): string {
  let out = '';
  for (const child of node.children) {
    const particle = child.particles[profile];
    if (child.kind === 'group' && child.flat) {
      const inner = writeChildren(child, obj, profile, dropped);
      if (!particle) {
        if (inner !== '') dropped.add(child.path || child.xpath);
        continue;
      }
      if (inner !== '' || particle.min > 0) out += `<${child.qname}>${inner}</${child.qname}>`;
      continue;
    }
    const value = obj[child.key];
    if (value === undefined || value === null) continue;
    if (!particle) {
      if (hasContent(child, value)) dropped.add(child.path);
      continue;
    }
    const kept = obj.xmlAttributes as Record<string, Record<string, string>> | undefined;
    if (child.many) {
      if (!Array.isArray(value)) continue;
      const max = particle.max;
      value.forEach((item: unknown, i) => {
        if (i < max) out += writeOne(child, item, profile, dropped, kept && kept[`${child.key}[${i}]`]);
        else dropped.add(child.path);
      });
    } else {
      out += writeOne(child, value, profile, dropped, kept?.[child.key]);
    }
  }
  return out;
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
  profile: Profile,
  dropped: Set<string>,
  kept: Readonly<Record<string, string>> | undefined,
): string {
  if (node.kind === 'group') {
    if (typeof value !== 'object' || value === null) return '';
    return `<${node.qname}>${writeChildren(node, value as Obj, profile, dropped)}</${node.qname}>`;
  }
  return writeLeaf(node, value, profile, dropped, kept);
}

function writeLeaf(
  node: CompiledLeaf,
  value: unknown,
  profile: Profile,
  dropped: Set<string>,
  kept: Readonly<Record<string, string>> | undefined,
): string {
  let scalar: unknown = value;
  let attrs = '';
  if (kept) {
    for (const [xmlName, v] of Object.entries(kept)) {
      if (node.otherAttrs.get(xmlName)?.has(profile)) attrs += ` ${xmlName}="${escapeAttribute(v)}"`;
      else dropped.add(`${node.path}.@${xmlName}`);
    }
  }
  if (node.attrs.length > 0 && typeof value === 'object' && value !== null) {
    const obj = value as Obj;
    scalar = obj.value;
    for (const [key, xmlName, allowed] of node.attrs) {
      const v = obj[key];
      if (typeof v !== 'string') continue;
      if (allowed.has(profile)) attrs += ` ${xmlName}="${escapeAttribute(v)}"`;
      else dropped.add(`${node.path}.${key}`);
    }
  }
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
      return `<${q}${attrs}>${escapeText(String(scalar ?? ''))}</${q}>`;
  }
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
