/** Relative location paths from a context element, in the `ram` namespace, and the assertion builder. */
import { RAM } from '../../cii/namespaces';
import { attributeValue } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import type { Message } from '../rule';
import { atMostOne, normalizeSpace } from '../xpath/cast';
import type { InvoiceView } from './invoice-view';
import { assertion as patternAssertion, type Assertion, type Context } from './pattern';

/**
 * `ram:a/ram:b/…` from `el`, in document order: depth first into one array (each path's elements come
 * after those of the paths before it, as step by step), without an array for each step.
 */
export function sel(el: XmlElement, ...locals: string[]): XmlElement[] {
  const out: XmlElement[] = [];
  selFrom(el, locals, 0, out);
  return out;
}

function selFrom(el: XmlElement, locals: readonly string[], depth: number, out: XmlElement[]): void {
  if (depth === locals.length) {
    out.push(el);
    return;
  }
  const local = locals[depth];
  for (const c of el.children)
    if (c.kind === 'element' && c.local === local && c.ns === RAM) selFrom(c, locals, depth + 1, out);
}

/** The first element `ram:a/ram:b/…` selects, in document order, found without building the node sets. */
export function first(el: XmlElement, ...locals: string[]): XmlElement | undefined {
  return firstFrom(el, locals, 0);
}

function firstFrom(el: XmlElement, locals: readonly string[], depth: number): XmlElement | undefined {
  if (depth === locals.length) return el;
  const local = locals[depth];
  for (const c of el.children) {
    if (c.kind !== 'element' || c.local !== local || c.ns !== RAM) continue;
    const found = firstFrom(c, locals, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** `(ram:a/ram:b)`: the path selects something. */
export function has(el: XmlElement, ...locals: string[]): boolean {
  return firstFrom(el, locals, 0) !== undefined;
}

/** `normalize-space(ram:a/ram:b) != ''` (a second node is a type error for XPath 2.0: {@link atMostOne}). */
export function filled(el: XmlElement, ...locals: string[]): boolean {
  return filledOne(sel(el, ...locals));
}

/** `normalize-space(path) != ''` on the nodes a path gives. */
export function filledOne(els: readonly XmlElement[]): boolean {
  return normalizeSpace(atMostOne(els)) !== '';
}

/** `normalize-space(ram:a/@name) != ''` (a second attribute is a type error: {@link atMostOne}). */
export function filledAttribute(el: XmlElement, name: string, ...locals: string[]): boolean {
  const valueOf = (t: XmlElement) => attributeValue(t, name) ?? '';
  const holders = sel(el, ...locals).filter((t) => attributeValue(t, name) !== undefined);
  const target = atMostOne(holders, valueOf);
  return target !== undefined && valueOf(target).replace(/[ \t\r\n]+/g, '') !== '';
}

/** A fatal model assertion (the model pattern flags every assertion fatal). */
export function assertion(
  id: string,
  context: Context,
  bt: readonly string[],
  message: Message,
  test: (el: XmlElement, view: InvoiceView) => boolean,
  detail?: (el: XmlElement, view: InvoiceView) => Message | undefined,
): Assertion {
  return patternAssertion({ id, severity: 'fatal', bt, message }, context, test, detail);
}
