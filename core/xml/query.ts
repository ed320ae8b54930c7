/** Navigation over the XML tree by namespace URI and local name, as the Schematron rules navigate. */
import type { XmlAttribute, XmlElement, XmlNode } from './tree';

export function isElement(node: XmlNode): node is XmlElement {
  return node.kind === 'element';
}

export function elementChildren(el: XmlElement): XmlElement[] {
  return el.children.filter(isElement);
}

/** Children with this namespace and local name, in document order. */
export function childrenNamed(el: XmlElement, ns: string, local: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of el.children) if (c.kind === 'element' && c.local === local && c.ns === ns) out.push(c);
  return out;
}

export function firstChild(el: XmlElement, ns: string, local: string): XmlElement | undefined {
  for (const c of el.children) if (c.kind === 'element' && c.local === local && c.ns === ns) return c;
  return undefined;
}

/** Follows a path of [ns, local] steps, taking the first match at each step. */
export function descend(
  el: XmlElement,
  ...steps: readonly (readonly [string, string])[]
): XmlElement | undefined {
  let at: XmlElement | undefined = el;
  for (const [ns, local] of steps) {
    if (!at) return undefined;
    at = firstChild(at, ns, local);
  }
  return at;
}

/** All elements reached by a path of [ns, local] steps (every match at every step). */
export function descendAll(el: XmlElement, ...steps: readonly (readonly [string, string])[]): XmlElement[] {
  let level: XmlElement[] = [el];
  for (const [ns, local] of steps) level = level.flatMap((e) => childrenNamed(e, ns, local));
  return level;
}

/** Every descendant element, in document order. */
export function descendants(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    for (const c of e.children) {
      if (c.kind === 'element') {
        out.push(c);
        walk(c);
      }
    }
  };
  walk(el);
  return out;
}

/** The XPath string value: all descendant text, concatenated. */
export function textOf(el: XmlElement): string {
  if (el.children.length === 1 && el.children[0]?.kind === 'text') return el.children[0].value;
  let s = '';
  for (const c of el.children) s += c.kind === 'text' ? c.value : textOf(c);
  return s;
}

export function attribute(el: XmlElement, local: string, ns: string | null = null): XmlAttribute | undefined {
  return el.attributes.find((a) => a.local === local && a.ns === ns);
}

export function attributeValue(el: XmlElement, local: string, ns: string | null = null): string | undefined {
  return attribute(el, local, ns)?.value;
}

/**
 * XPaths that find elements again, written with the given prefixes for known namespaces (so
 * `/rsm:CrossIndustryInvoice/…/ram:ID[2]` whatever prefixes the document itself used). A position is
 * given only where siblings share the name. The locator remembers each parent's children and each path,
 * so locating every finding of a document costs linear time.
 */
export function locator(prefixes: ReadonlyMap<string, string>): (el: XmlElement) => string {
  const positions = new Map<XmlElement, { readonly index: number; readonly of: number }>();
  const paths = new Map<XmlElement, string>();

  const indexChildren = (parent: XmlElement): void => {
    const groups = new Map<string, XmlElement[]>();
    for (const c of parent.children) {
      if (c.kind !== 'element') continue;
      const key = `${c.ns ?? ''} ${c.local}`;
      const group = groups.get(key);
      if (group) group.push(c);
      else groups.set(key, [c]);
    }
    for (const group of groups.values())
      group.forEach((e, i) => positions.set(e, { index: i + 1, of: group.length }));
  };

  const locate = (el: XmlElement): string => {
    const known = paths.get(el);
    if (known !== undefined) return known;
    const prefix = el.ns === null ? undefined : prefixes.get(el.ns);
    const name = prefix === undefined ? (el.ns === null ? el.local : el.name) : `${prefix}:${el.local}`;
    let path: string;
    if (!el.parent) path = `/${name}`;
    else {
      if (!positions.has(el)) indexChildren(el.parent);
      const { index, of } = positions.get(el)!;
      path = `${locate(el.parent)}/${name}${of > 1 ? `[${index}]` : ''}`;
    }
    paths.set(el, path);
    return path;
  };
  return locate;
}

/** The XPath of one element (see {@link locator}; use a locator for many elements of one document). */
export function xpathOf(el: XmlElement, prefixes: ReadonlyMap<string, string>): string {
  return locator(prefixes)(el);
}
