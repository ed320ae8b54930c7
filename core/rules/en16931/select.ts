/** Relative location paths from a context element, in the `ram` namespace, and the assertion builder. */
import { RAM } from '../../cii/namespaces';
import { attributeValue } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import type { Message } from '../rule';
import { normalizeSpace } from '../xpath/cast';
import { down } from '../xpath/paths';
import type { InvoiceView } from './invoice-view';
import { assertion as patternAssertion, type Assertion, type Context } from './pattern';

/** `ram:a/ram:b/…` from `el`. */
export function sel(el: XmlElement, ...locals: string[]): XmlElement[] {
  return down([el], ...locals.map((l) => [RAM, l] as const));
}

/** `(ram:a/ram:b)`: the path selects something. */
export function has(el: XmlElement, ...locals: string[]): boolean {
  return sel(el, ...locals).length > 0;
}

/** `normalize-space(ram:a/ram:b) != ''` (on the first node: a second one is a type error for XPath 2.0). */
export function filled(el: XmlElement, ...locals: string[]): boolean {
  return normalizeSpace(sel(el, ...locals)[0]) !== '';
}

/** `normalize-space(ram:a/@name) != ''`. */
export function filledAttribute(el: XmlElement, name: string, ...locals: string[]): boolean {
  const target = sel(el, ...locals)[0];
  const value = target ? attributeValue(target, name) : undefined;
  return value !== undefined && value.replace(/[ \t\r\n]+/g, '') !== '';
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
