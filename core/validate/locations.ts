/**
 * XPath locations for the findings of one document, in linear time. `xpathOf` (core/xml/query) counts an
 * element's same-named siblings on each call, which turns quadratic when thousands of invoice lines each
 * carry a finding; this locator indexes each parent's children once and gives the same paths.
 */
import { xpathOf } from '../xml/query';
import type { XmlElement } from '../xml/tree';

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
    let path: string;
    if (!el.parent) path = xpathOf(el, prefixes);
    else {
      if (!positions.has(el)) indexChildren(el.parent);
      const { index, of } = positions.get(el)!;
      const prefix = el.ns === null ? undefined : prefixes.get(el.ns);
      const name = prefix === undefined ? (el.ns === null ? el.local : el.name) : `${prefix}:${el.local}`;
      path = `${locate(el.parent)}/${name}${of > 1 ? `[${index}]` : ''}`;
    }
    paths.set(el, path);
    return path;
  };
  return locate;
}
