/**
 * A BR-FR rule set as data: patterns of rules (a context and its assertions), compiled into the
 * engine's {@link Rule}s. Schematron semantics are kept: within one pattern an element is checked only
 * by the FIRST rule whose context matches it (BR-FR-DEC-01 lists BT-110 and BT-111 on the same context,
 * so BT-111 never fires), and an assertion fails where its test is false.
 */
import { QDT, RAM, RSM, UDT } from '../../cii/namespaces';
import { textOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import type { Message, Rule, RuleInput, RuleSet, Severity, Stage, Violation } from '../rule';
import { UncastableValue } from '../xpath/cast';
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

const PREFIXES: Readonly<Record<string, string>> = { rsm: RSM, ram: RAM, udt: UDT, qdt: QDT };

interface CompiledContext {
  readonly ns: string;
  readonly local: string;
  /** Parent steps, nearest first: their local names and namespaces. */
  readonly ancestorLocals: readonly string[];
  readonly ancestorNss: readonly string[];
  /** `/a/b`: the last ancestor step is the document element. */
  readonly rooted: boolean;
  readonly where?: (el: XmlElement, inv: FrenchInvoice) => boolean;
}

function compileContext(rule: RuleDef): CompiledContext {
  const rooted = rule.context.startsWith('/') && !rule.context.startsWith('//');
  const steps = rule.context
    .replace(/^\/+/, '')
    .split('/')
    .map((step): [string, string] => {
      const [prefix, local] = step.split(':');
      const ns = prefix === undefined ? undefined : PREFIXES[prefix];
      if (!ns || !local) throw new Error(`BR-FR context step not understood: ${step} in ${rule.context}`);
      return [ns, local];
    });
  const [ns, local] = steps.pop()!;
  steps.reverse();
  return {
    ns,
    local,
    ancestorLocals: steps.map((s) => s[1]),
    ancestorNss: steps.map((s) => s[0]),
    rooted,
    where: rule.where,
  };
}

function matches(ctx: CompiledContext, el: XmlElement, inv: FrenchInvoice): boolean {
  let at = el.parent;
  for (let i = 0; i < ctx.ancestorLocals.length; i++) {
    if (!at || at.local !== ctx.ancestorLocals[i] || at.ns !== ctx.ancestorNss[i]) return false;
    at = at.parent;
  }
  if (ctx.rooted && at !== null) return false;
  return !ctx.where || ctx.where(el, inv);
}

const VALUE_FOUND = (el: XmlElement): Message => {
  const value = textOf(el);
  return { en: `Value found: "${value}".`, fr: `Valeur trouvée : « ${value} ».` };
};

const castDetails = new WeakSet<Message>();

function castDetail(e: UncastableValue): Message {
  const detail = {
    en: `"${e.value}" is not a number; the official artefact stops on it.`,
    fr: `« ${e.value} » n'est pas un nombre ; l'artefact officiel s'arrête sur cette valeur.`,
  };
  castDetails.add(detail);
  return detail;
}

/** Whether a finding reports a value the official XSLT could not cast (where it would have aborted). */
export function isUncastableFinding(finding: { readonly detail?: Message }): boolean {
  return !!finding.detail && castDetails.has(finding.detail);
}

/** One pattern: the elements each of its rules checks in a document, by rule index (first match wins). */
function patternAssigner(pattern: PatternDef): (input: RuleInput) => readonly (readonly XmlElement[])[] {
  const contexts = pattern.rules.map(compileContext);
  const byLocal = new Map<string, number[]>();
  contexts.forEach((c, i) => byLocal.set(c.local, [...(byLocal.get(c.local) ?? []), i]));
  const cache = new WeakMap<RuleInput, XmlElement[][]>();
  return (input) => {
    let assigned = cache.get(input);
    if (assigned) return assigned;
    const inv = frenchInvoiceOf(input);
    assigned = contexts.map(() => []);
    if (pattern.applies && !pattern.applies(inv)) {
      cache.set(input, assigned);
      return assigned;
    }
    for (const [local, candidates] of byLocal) {
      for (const el of input.byLocalName.get(local) ?? []) {
        for (const i of candidates) {
          const ctx = contexts[i]!;
          if (ctx.ns === el.ns && matches(ctx, el, inv)) {
            assigned[i]!.push(el);
            break;
          }
        }
      }
    }
    cache.set(input, assigned);
    return assigned;
  };
}

function* violations(
  assertion: AssertionDef,
  elements: readonly XmlElement[],
  inv: FrenchInvoice,
): Iterable<Violation> {
  for (const el of elements) {
    let failed: boolean;
    try {
      failed = !assertion.test(el, inv);
    } catch (e) {
      // The official XSLT would abort the whole validation on this value: report the value itself.
      if (!(e instanceof UncastableValue)) throw e;
      yield { at: e.at, detail: castDetail(e) };
      continue;
    }
    if (!failed) continue;
    const detail = assertion.detail
      ? assertion.detail(el, inv)
      : el.children.some((c) => c.kind === 'element')
        ? undefined
        : VALUE_FOUND(el);
    yield detail ? { at: el, detail } : { at: el };
  }
}

/** The engine's rule set for a definition: one Rule per assertion, in the artefact's order. */
export function compileRuleSet(def: RuleSetDefinition, stage: Stage): RuleSet {
  const rules: Rule[] = [];
  for (const pattern of def.patterns) {
    const assign = patternAssigner(pattern);
    pattern.rules.forEach((ruleDef, index) => {
      for (const assertion of ruleDef.asserts) {
        rules.push({
          id: assertion.id,
          severity: assertion.severity ?? def.mode,
          bt: assertion.bt,
          message: assertion.message,
          check(input: RuleInput): Iterable<Violation> {
            return violations(assertion, assign(input)[index] ?? [], frenchInvoiceOf(input));
          },
        });
      }
    });
  }
  return {
    id: def.id,
    stage,
    family: def.family,
    version: def.version,
    sourceAuthority: def.sourceAuthority,
    rules,
  };
}
