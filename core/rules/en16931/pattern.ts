/**
 * The EN16931 model pattern's contexts and assertions, written against the per-document invoice view and
 * run by the shared Schematron runner (core/rules/schematron-pattern.ts: first matching context wins, so a
 * header VAT breakdown of category `O` is never seen by BR-45…BR-48).
 */
import type { XmlElement } from '../../xml/tree';
import type { NameChain } from '../name-path';
import type { Message, RuleMeta } from '../rule';
import type { Step } from '../xpath/paths';
import type { PatternAssertion, PatternContext } from '../schematron-pattern';
import { viewOf, type InvoiceView } from './invoice-view';

export type Context = PatternContext;
export type Assertion = PatternAssertion;

/**
 * A context selecting `step` elements whose ancestors' names fit `names` (the pattern's parents) and for
 * which `matches` holds (predicates). What the names say is worked out once per name path, so most
 * elements another context takes are never tested against this one.
 */
export function context(
  label: string,
  [ns, local]: Step,
  matches?: (el: XmlElement, view: InvoiceView) => boolean,
  names: (el: NameChain) => boolean = () => true,
): Context {
  const named = (el: NameChain): boolean => el.local === local && el.ns === ns && names(el);
  return {
    label,
    locals: [local],
    byNames: (path) => (named(path) ? (matches ? null : true) : false),
    matches: (el, input) => named(el) && (!matches || matches(el, viewOf(input))),
  };
}

export function assertion(
  meta: RuleMeta,
  context: Context,
  test: (el: XmlElement, view: InvoiceView) => boolean,
  detail?: (el: XmlElement, view: InvoiceView) => Message | undefined,
): Assertion {
  const base = {
    ...meta,
    context,
    test: (el: XmlElement, input: Parameters<Assertion['test']>[1]) => test(el, viewOf(input)),
  };
  return detail ? { ...base, detail: (el, input) => detail(el, viewOf(input)) } : base;
}
