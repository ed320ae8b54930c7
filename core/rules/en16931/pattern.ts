/**
 * Schematron pattern semantics for the EN16931 model: every element is checked by the FIRST rule
 * context of the pattern that matches it (a header VAT breakdown of category `O` is therefore never seen
 * by BR-45…BR-48), and each assertion fails where its test is false.
 */
import type { XmlElement } from '../../xml/tree';
import type { Message, Rule, RuleInput, RuleMeta, Violation } from '../rule';
import { UncastableValue } from '../xpath/cast';
import { viewOf, type InvoiceView } from './invoice-view';

/** One `<rule context="…">` of the pattern: the element name it selects and the rest of its match pattern. */
export interface Context {
  readonly name: string;
  readonly ns: string;
  readonly local: string;
  matches(el: XmlElement, view: InvoiceView): boolean;
}

/** One `<assert>`: the test holds for the context element (false = the rule is broken there). */
export interface Assertion extends RuleMeta {
  readonly context: Context;
  test(el: XmlElement, view: InvoiceView): boolean;
  /** The values found, for the report, computed only when the test failed. */
  detail?(el: XmlElement, view: InvoiceView): Message | undefined;
}

/** The elements each context selects, under first-match semantics, for one document. */
export type Assignment = ReadonlyMap<Context, readonly XmlElement[]>;

export function assign(contexts: readonly Context[], input: RuleInput): Assignment {
  const view = viewOf(input);
  const out = new Map<Context, XmlElement[]>(contexts.map((c) => [c, []]));
  const byName = new Map<string, Context[]>();
  for (const c of contexts) byName.set(c.local, [...(byName.get(c.local) ?? []), c]);
  for (const [local, candidates] of byName) {
    for (const el of input.byLocalName.get(local) ?? []) {
      const context = candidates.find((c) => c.ns === el.ns && matchesSafely(c, el, view));
      if (context) out.get(context)!.push(el);
    }
  }
  return out;
}

/** XSLT 2.0 treats a dynamic error while matching a pattern as "does not match" (Saxon's recovery). */
function matchesSafely(context: Context, el: XmlElement, view: InvoiceView): boolean {
  try {
    return context.matches(el, view);
  } catch (e) {
    if (e instanceof UncastableValue) return false;
    throw e;
  }
}

export function castDetail(e: UncastableValue): Message {
  return {
    en: `"${e.value}" is not a valid ${e.type} value (the official artefact stops on it)`,
    fr: `« ${e.value} » n'est pas une valeur ${e.type} valide (l'artefact officiel s'arrête dessus)`,
  };
}

/** The rules of a pattern: one Rule per assertion, sharing the per-document context assignment. */
export function patternRules(contexts: readonly Context[], assertions: readonly Assertion[]): Rule[] {
  const assignments = new WeakMap<RuleInput, Assignment>();
  const assigned = (input: RuleInput): Assignment => {
    let a = assignments.get(input);
    if (!a) {
      a = assign(contexts, input);
      assignments.set(input, a);
    }
    return a;
  };
  return assertions.map((a) => ({
    id: a.id,
    severity: a.severity,
    bt: a.bt,
    message: a.message,
    *check(input: RuleInput): Iterable<Violation> {
      const view = viewOf(input);
      for (const el of assigned(input).get(a.context) ?? []) {
        let failed: boolean;
        try {
          failed = !a.test(el, view);
        } catch (e) {
          if (!(e instanceof UncastableValue)) throw e;
          yield { at: e.at, detail: castDetail(e) };
          continue;
        }
        if (failed) {
          const detail = a.detail?.(el, view);
          yield detail ? { at: el, detail } : { at: el };
        }
      }
    },
  }));
}
