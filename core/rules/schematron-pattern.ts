/**
 * One Schematron pattern as the compiled XSLT runs it: every element is checked by the FIRST rule
 * context of the pattern that matches it (an empty rule still takes the element away from later rules),
 * and each assertion yields the context elements where its test is false. Contexts may select by local
 * name or by a condition on the local name (`//ram:*[ends-with(name(), 'ID')]`), so the assignment walks
 * the document once and caches, per local name, the contexts that can match it. The EN16931 patterns
 * (model, syntax, code lists) and the France 2026 BR-FR patterns all run on it.
 */
import { QDT, RAM, RSM, UDT } from '../cii/namespaces';
import type { XmlElement } from '../xml/tree';
import type { Message, Rule, RuleInput, RuleMeta, Violation } from './rule';
import { UncastableValue, type XsType } from './xpath/cast';
import type { Step } from './xpath/paths';

export interface PatternContext {
  /** How the context reads in messages, e.g. `rsm:ExchangedDocument`. */
  readonly label: string;
  /** The local names it can select, or a test on the local name for wildcard contexts. */
  readonly locals: readonly string[] | ((local: string) => boolean);
  /** The rest of the match pattern (namespace, parents, predicates). */
  matches(el: XmlElement, input: RuleInput): boolean;
}

export interface PatternAssertion extends RuleMeta {
  readonly context: PatternContext;
  /** False where the rule is broken. */
  test(el: XmlElement, input: RuleInput): boolean;
  /** The values found, computed only when the test failed. */
  detail?(el: XmlElement, input: RuleInput): Message | undefined;
}

const NAMESPACES: ReadonlyMap<string, string> = new Map([
  ['rsm', RSM],
  ['ram', RAM],
  ['udt', UDT],
  ['qdt', QDT],
]);

/** `ram:Name` → its namespace and local name. */
export function step(qname: string): Step {
  const [prefix, local] = qname.split(':');
  const ns = prefix === undefined ? undefined : NAMESPACES.get(prefix);
  if (ns === undefined || !local) throw new Error(`unknown step ${qname}`);
  return [ns, local];
}

/**
 * The context of a match pattern written as a plain path: `/a/b/c` (rooted at the document element),
 * `//a/b/c` or `a/b/c` (anywhere), with an optional predicate on the selected element.
 */
export function pathContext(
  path: string,
  where: (el: XmlElement, input: RuleInput) => boolean = () => true,
): PatternContext {
  const rooted = path.startsWith('/') && !path.startsWith('//');
  const steps = path.replace(/^\/+/, '').split('/').map(step).reverse();
  const [[ns, local], ...parents] = steps as [Step, ...Step[]];
  return {
    label: path.replace(/^\/+/, ''),
    locals: [local],
    matches: (el, input) => el.ns === ns && ancestorsAre(el, parents, rooted) && where(el, input),
  };
}

/** The parents of `el`, nearest first, are `steps` (and then the document node, when rooted). */
function ancestorsAre(el: XmlElement, steps: readonly Step[], rooted: boolean): boolean {
  let at = el.parent;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (!at || at.local !== step[1] || at.ns !== step[0]) return false;
    at = at.parent;
  }
  return !rooted || at === null;
}

/** Most local names a document may bring before the per-name cache stops growing (hostile input). */
const CACHE_LIMIT = 4096;

type Assignment = ReadonlyMap<PatternContext, readonly XmlElement[]>;

/** XSLT treats a dynamic error while matching a pattern as "does not match" (Saxon's recovery). */
function matchesSafely(context: PatternContext, el: XmlElement, input: RuleInput): boolean {
  try {
    return context.matches(el, input);
  } catch (e) {
    if (e instanceof UncastableValue) return false;
    throw e;
  }
}

function assigner(contexts: readonly PatternContext[]): (input: RuleInput) => Assignment {
  const candidatesByLocal = new Map<string, readonly PatternContext[]>();
  const candidates = (local: string): readonly PatternContext[] => {
    let list = candidatesByLocal.get(local);
    if (!list) {
      list = contexts.filter((c) =>
        typeof c.locals === 'function' ? c.locals(local) : c.locals.includes(local),
      );
      if (candidatesByLocal.size < CACHE_LIMIT) candidatesByLocal.set(local, list);
    }
    return list;
  };
  // Without wildcard contexts only the named elements are visited, not every element of the document.
  const named = contexts.every((c) => typeof c.locals !== 'function')
    ? [...new Set(contexts.flatMap((c) => c.locals as readonly string[]))]
    : null;
  const visited = (input: RuleInput): Iterable<readonly [string, readonly XmlElement[]]> =>
    named ? named.map((local) => [local, input.byLocalName.get(local) ?? []] as const) : input.byLocalName;
  return (input) => {
    const out = new Map<PatternContext, XmlElement[]>(contexts.map((c) => [c, []]));
    for (const [local, elements] of visited(input)) {
      const list = candidates(local);
      if (list.length === 0) continue;
      for (const el of elements) {
        input.time?.check();
        const context = list.find((c) => matchesSafely(c, el, input));
        if (context) out.get(context)!.push(el);
      }
    }
    return out;
  };
}

/**
 * Assertions of one context checked together, for speed: `failing` says which of them fail on an element
 * (for instance by one scan of its children instead of one per assertion).
 */
export interface PatternBatch {
  readonly context: PatternContext;
  readonly assertions: readonly PatternAssertion[];
  failing(el: XmlElement, input: RuleInput): readonly PatternAssertion[];
}

/** How many nodes `step/step/…[/@attribute]` selects from `el` (no intermediate arrays). */
export function countPath(el: XmlElement, steps: readonly Step[], attribute?: string, from = 0): number {
  if (from === steps.length) return attribute === undefined || attributeOf(el, attribute) ? 1 : 0;
  const [ns, local] = steps[from]!;
  let n = 0;
  for (const c of el.children) {
    if (c.kind === 'element' && c.local === local && c.ns === ns)
      n += countPath(c, steps, attribute, from + 1);
  }
  return n;
}

/** `ancestor::ram:local` exists. */
export function hasRamAncestor(el: XmlElement, local: string): boolean {
  for (let at = el.parent; at; at = at.parent) if (at.local === local && at.ns === RAM) return true;
  return false;
}

/** Whether `el` has an unprefixed attribute of this name. */
export function attributeOf(el: XmlElement, name: string): boolean {
  for (const a of el.attributes) if (a.local === name && a.ns === null) return true;
  return false;
}

type Results = ReadonlyMap<PatternAssertion, readonly Violation[]>;

const castDetails = new WeakSet<Message>();

/** What a value must be to be cast as each type, in words. */
const CAST_KINDS: Readonly<Record<XsType, Message>> = {
  'xs:decimal': { en: 'a number', fr: 'un nombre' },
  'xs:double': { en: 'a number', fr: 'un nombre' },
  'xs:boolean': { en: 'true or false', fr: 'true ou false' },
};

/** The finding's detail where a value stopped the official XSLT (it cannot be cast as the XPath needs). */
function castDetail(e: UncastableValue): Message {
  const kind = CAST_KINDS[e.type];
  const detail = {
    en: `"${e.value}" is not ${kind.en} (the official artefact stops on it)`,
    fr: `« ${e.value} » n'est pas ${kind.fr} (l'artefact officiel s'arrête dessus)`,
  };
  castDetails.add(detail);
  return detail;
}

/** Whether a finding reports a value the official XSLT could not cast (where it would have aborted). */
export function isUncastableFinding(finding: { readonly detail?: Message }): boolean {
  return !!finding.detail && castDetails.has(finding.detail);
}

export interface PatternOptions {
  /** Assertions checked together per context element, for speed. */
  readonly batches?: readonly PatternBatch[];
  /**
   * A document-level precondition: when false, every assertion of the pattern holds by its own test, so
   * the pattern is not evaluated at all. An optimisation only; it never changes a verdict.
   */
  applies?(input: RuleInput): boolean;
}

function violation(a: PatternAssertion, el: XmlElement, input: RuleInput): Violation {
  const detail = a.detail?.(el, input);
  return detail ? { at: el, detail } : { at: el };
}

/**
 * The rules of one pattern, one Rule per assertion. The whole pattern is evaluated once per document,
 * context by context, on the first rule's check; the other rules read its results.
 */
export function patternRules(
  contexts: readonly PatternContext[],
  assertions: readonly PatternAssertion[],
  { batches = [], applies }: PatternOptions = {},
): Rule[] {
  const assign = assigner(contexts);
  const evaluate = (input: RuleInput): Results => {
    const out = new Map<PatternAssertion, Violation[]>();
    if (applies && !applies(input)) return out;
    const assigned = assign(input);
    const push = (a: PatternAssertion, v: Violation): void => {
      const list = out.get(a);
      if (list) list.push(v);
      else out.set(a, [v]);
    };
    for (const a of assertions) {
      for (const el of assigned.get(a.context) ?? []) {
        input.time?.check();
        try {
          if (!a.test(el, input)) push(a, violation(a, el, input));
        } catch (e) {
          if (!(e instanceof UncastableValue)) throw e;
          push(a, { at: e.at, detail: castDetail(e) });
        }
      }
    }
    for (const batch of batches) {
      for (const el of assigned.get(batch.context) ?? []) {
        input.time?.check();
        for (const a of batch.failing(el, input)) push(a, violation(a, el, input));
      }
    }
    return out;
  };
  const cache = new WeakMap<RuleInput, Results>();
  const results = (input: RuleInput): Results => {
    let r = cache.get(input);
    if (!r) {
      r = evaluate(input);
      cache.set(input, r);
    }
    return r;
  };
  return [...assertions, ...batches.flatMap((b) => b.assertions)].map((a) => ({
    id: a.id,
    severity: a.severity,
    bt: a.bt,
    // Read when asked: an assertion may word its message only then (restrictions.ts).
    get message() {
      return a.message;
    },
    check: (input: RuleInput): Iterable<Violation> => results(input).get(a) ?? [],
  }));
}
