/**
 * The nodes XPath sees over our XML tree (the document node, elements, attributes and text nodes as
 * nodes of their own), what an evaluation needs beside the expression, and the primitives the evaluator
 * (xpath-eval.ts) and the compiled shapes (xpath-shapes.ts, xpath-pattern.ts) share.
 */
import type { XmlAttribute, XmlElement, XmlText } from '../../xml/tree';
import type { ByLocalName } from '../rule';

export interface DocNode {
  readonly kind: 'document';
  readonly root: XmlElement;
}
export interface AttrNode {
  readonly kind: 'attribute';
  readonly owner: XmlElement;
  readonly attr: XmlAttribute;
}
export interface TextNode {
  readonly kind: 'textnode';
  readonly parent: XmlElement;
  readonly text: XmlText;
}
export type XNode = XmlElement | DocNode | AttrNode | TextNode;

/** A dynamic error of the official XSLT: it would stop the whole validation here. */
export class XPathError extends Error {
  constructor(
    readonly code: string,
    /** The value that could not be used, when there is one. */
    readonly value: string | null,
  ) {
    super(`${code}${value === null ? '' : ` "${value}"`}`);
  }
}

/** What an evaluation needs beside the expression: namespaces and the document's lookups. */
export interface XPathEnv {
  readonly namespaces: ReadonlyMap<string, string>;
  readonly document: DocNode;
  /** Every element by local name, in document order. */
  readonly byLocalName: ByLocalName;
  /** The document's memo (core/rules/document-memo.ts), for values computed once per document. */
  readonly memo: unknown[];
  readonly attrNode: (owner: XmlElement, attr: XmlAttribute) => AttrNode;
  readonly textNode: (parent: XmlElement, text: XmlText) => TextNode;
}

function stringValueOfElement(el: XmlElement): string {
  // Most elements hold one text node: its value as it is, without a concatenation.
  const only = el.children.length === 1 ? el.children[0]! : null;
  if (only?.kind === 'text') return only.value;
  let out = '';
  for (const c of el.children) out += c.kind === 'text' ? c.value : stringValueOfElement(c);
  return out;
}

export function stringValue(n: XNode): string {
  switch (n.kind) {
    case 'element':
      return stringValueOfElement(n);
    case 'document':
      return stringValueOfElement(n.root);
    case 'attribute':
      return n.attr.value;
    case 'textnode':
      return n.text.value;
  }
}

/** Document order: source offsets are unique and increase in document order (attributes after their element). */
export function orderOf(n: XNode): number {
  switch (n.kind) {
    case 'element':
      return n.start;
    case 'document':
      return -1;
    case 'attribute':
      return n.attr.start;
    case 'textnode':
      return n.text.start;
  }
}

export function holds(op: string, c: number): boolean {
  switch (op) {
    case '=':
    case 'eq':
      return c === 0;
    case '!=':
    case 'ne':
      return c !== 0 && !Number.isNaN(c);
    case '<':
    case 'lt':
      return c < 0;
    case '<=':
    case 'le':
      return c <= 0;
    case '>':
    case 'gt':
      return c > 0;
    default:
      return c >= 0;
  }
}

export const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function parentOf(node: XNode, env: XPathEnv): XNode | null {
  switch (node.kind) {
    case 'document':
      return null;
    case 'element':
      return node.parent ?? env.document;
    case 'attribute':
      return node.owner;
    case 'textnode':
      return node.parent;
  }
}
