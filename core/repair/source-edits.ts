/**
 * Edits of the source text located through the parser's offsets: the text of a leaf element, an
 * attribute value, a new attribute, a renamed tag, a new child element. Each returns spans of the
 * original source; nothing is ever re-serialised.
 */
import type { XmlAttribute, XmlElement } from '../xml/tree';
import type { Edit } from './change';

export function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;');
}

/**
 * The text of a leaf element whose content is one plain text node (no references, no CDATA, no
 * comments), with the offsets of its part without surrounding white space. Anything else: null, and
 * the rules leave the element alone rather than guess.
 */
export function leafText(
  el: XmlElement,
  source: string,
): { readonly value: string; readonly start: number; readonly end: number } | null {
  if (el.children.length !== 1) return null;
  const node = el.children[0]!;
  if (node.kind !== 'text' || node.encoded) return null;
  const raw = source.slice(node.start, node.end);
  const lead = raw.length - raw.trimStart().length;
  const value = raw.trim();
  return { value, start: node.start + lead, end: node.start + lead + value.length };
}

export function replaceText(text: { readonly start: number; readonly end: number }, value: string): Edit {
  return { start: text.start, end: text.end, text: escapeText(value) };
}

export function replaceAttributeValue(attr: XmlAttribute, value: string): Edit {
  return { start: attr.valueStart, end: attr.valueEnd, text: escapeAttribute(value) };
}

/** Adds `name="value"` after the element's last attribute (or its name). */
export function addAttribute(el: XmlElement, name: string, value: string): Edit {
  const last = el.attributes[el.attributes.length - 1];
  const at = last ? last.end : el.start + 1 + el.name.length;
  return { start: at, end: at, text: ` ${name}="${escapeAttribute(value)}"` };
}

/** Renames the start tag and, unless the element is written `<a/>`, the end tag. */
export function renameElement(el: XmlElement, name: string): Edit[] {
  const edits: Edit[] = [{ start: el.start + 1, end: el.start + 1 + el.name.length, text: name }];
  if (el.end !== el.startTagEnd) {
    edits.push({ start: el.endTagStart + 2, end: el.endTagStart + 2 + el.name.length, text: name });
  }
  return edits;
}

/**
 * The prefix bound to `ns` at this element (`''` for the default namespace), preferring a real prefix;
 * null when no binding in scope reaches it (a nearer declaration may rebind a prefix).
 */
export function prefixFor(el: XmlElement, ns: string): string | null {
  const seen = new Set<string>();
  let fallback: string | null = null;
  for (let at: XmlElement | null = el; at; at = at.parent) {
    for (const [prefix, uri] of at.declarations) {
      if (seen.has(prefix)) continue;
      seen.add(prefix);
      if (uri !== ns) continue;
      if (prefix !== '') return prefix;
      fallback = '';
    }
  }
  return fallback;
}

export function qualified(prefix: string, local: string): string {
  return prefix === '' ? local : `${prefix}:${local}`;
}

/**
 * Inserts `xml` as a child of `parent`, right after `after` (or first when null), on its own line with
 * the indentation of the neighbouring child when the document is indented. Null when the parent is
 * written `<a/>` (turning it into a start and end tag is left to a human).
 */
export function insertChild(
  parent: XmlElement,
  after: XmlElement | null,
  xml: string,
  source: string,
): Edit | null {
  if (parent.end === parent.startTagEnd) return null;
  const firstElement = parent.children.find((c) => c.kind === 'element');
  const reference = after ?? firstElement;
  let indent = '';
  if (reference) {
    const index = parent.children.indexOf(reference);
    const previous = index > 0 ? parent.children[index - 1] : undefined;
    const gap = previous?.kind === 'text' ? source.slice(previous.start, previous.end) : '';
    if (/^\s*$/.test(gap)) indent = gap;
  }
  if (after) return { start: after.end, end: after.end, text: indent + xml };
  if (firstElement) return { start: firstElement.start, end: firstElement.start, text: xml + indent };
  return { start: parent.startTagEnd, end: parent.startTagEnd, text: xml };
}
