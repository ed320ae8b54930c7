/**
 * A BR-FR rule set as data: patterns of rules (a context and its assertions), compiled into the
 * engine's rules by the shared Schematron runner (../schematron-pattern.ts). Its semantics are the
 * artefact's: within one pattern an element is checked only by the FIRST rule whose context matches it
 * (BR-FR-DEC-01 lists BT-110 and BT-111 on the same context, so BT-111 never fires), and an assertion
 * fails where its test is false.
 */
import { textOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import type { Message, RuleSet, Severity, Stage } from '../rule';
import { pathContext, patternRules, type PatternAssertion } from '../schematron-pattern';
import { frenchInvoiceOf, type FrenchInvoice } from './french-invoice';

export interface AssertionDef {
  /** The artefact's id, letter for letter. */
  readonly id: string;
  /** Only when it differs from the rule set's mode. */
  readonly severity?: Severity;
  readonly bt: readonly string[];
  readonly message: Message;
  /** The assertion's test on its context element: false = broken there. */
  test(el: XmlElement, inv: FrenchInvoice): boolean;
  /** The values found, computed only when the test failed; by default the element's own value. */
  detail?(el: XmlElement, inv: FrenchInvoice): Message | undefined;
}

export interface RuleDef {
  /** The match pattern without predicates, with the artefact's prefixes (`rsm:A/ram:B`, `//ram:C`). */
  readonly context: string;
  /** The predicates of the match pattern, on the context element (and its ancestors). */
  where?(el: XmlElement, inv: FrenchInvoice): boolean;
  readonly asserts: readonly AssertionDef[];
}

export interface PatternDef {
  readonly id: string;
  /**
   * A document-level precondition: when false, every assertion of the pattern holds by its own test
   * (e.g. each BR-FR-MV assertion starts with `not(custom:isSpecialContract(…)) or …`), so the pattern is
   * not evaluated at all. An optimisation only; it never changes a verdict.
   */
  applies?(inv: FrenchInvoice): boolean;
  readonly rules: readonly RuleDef[];
}

export interface RuleSetDefinition {
  readonly id: string;
  readonly family: string;
  readonly version: string;
  /** Publication date of the artefact version. */
  readonly published: string;
  readonly sourceAuthority: string;
  /** The artefact file implemented. */
  readonly artefact: string;
  /** FNFE-MPE publishes each version in a warning mode and a fatal mode: the flag of every assertion. */
  readonly mode: Severity;
  readonly patterns: readonly PatternDef[];
}

const VALUE_FOUND = (el: XmlElement): Message => {
  const value = textOf(el);
  return { en: `Value found: "${value}".`, fr: `Valeur trouvée : « ${value} ».` };
};

/** By default a failed assertion on a leaf element reports the value it found there. */
function detailOf(assertion: AssertionDef, el: XmlElement, inv: FrenchInvoice): Message | undefined {
  if (assertion.detail) return assertion.detail(el, inv);
  return el.children.some((c) => c.kind === 'element') ? undefined : VALUE_FOUND(el);
}

/** The engine's rule set for a definition: one Rule per assertion, in the artefact's order. */
export function compileRuleSet(def: RuleSetDefinition, stage: Stage): RuleSet {
  const rules = def.patterns.flatMap((pattern) => {
    const contexts = pattern.rules.map(({ context, where }) =>
      pathContext(context, where ? (el, input) => where(el, frenchInvoiceOf(input)) : undefined),
    );
    const assertions = pattern.rules.flatMap((rule, index) =>
      rule.asserts.map((assertion): PatternAssertion => ({
        id: assertion.id,
        severity: assertion.severity ?? def.mode,
        bt: assertion.bt,
        message: assertion.message,
        context: contexts[index]!,
        test: (el, input) => assertion.test(el, frenchInvoiceOf(input)),
        detail: (el, input) => detailOf(assertion, el, frenchInvoiceOf(input)),
      })),
    );
    const applies = pattern.applies;
    return patternRules(
      contexts,
      assertions,
      applies ? { applies: (input) => applies(frenchInvoiceOf(input)) } : {},
    );
  });
  return {
    id: def.id,
    stage,
    family: def.family,
    version: def.version,
    sourceAuthority: def.sourceAuthority,
    rules,
  };
}
