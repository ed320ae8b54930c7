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
 * An XPath that finds the element again, written with the given prefixes for known namespaces
 * (so `/rsm:CrossIndustryInvoice/…/ram:ID[2]` whatever prefixes the document itself used).
 * A position is given only where siblings share the name.
 */
export function xpathOf(el: XmlElement, prefixes: ReadonlyMap<string, string>): string {
  const steps: string[] = [];
  for (let at: XmlElement | null = el; at; at = at.parent) {
    const prefix = at.ns === null ? undefined : prefixes.get(at.ns);
    const name = prefix === undefined ? (at.ns === null ? at.local : at.name) : `${prefix}:${at.local}`;
    const parent: XmlElement | null = at.parent;
    if (parent) {
      const same = parent.children.filter(
        (c): c is XmlElement => c.kind === 'element' && c.local === at!.local && c.ns === at!.ns,
      );
      steps.push(same.length > 1 ? `${name}[${same.indexOf(at) + 1}]` : name);
    } else {
      steps.push(name);
    }
  }
  return '/' + steps.reverse().join('/');
}
