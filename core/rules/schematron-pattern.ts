/**
 * One Schematron pattern as the compiled XSLT runs it: every element is checked by the FIRST rule
 * context of the pattern that matches it (an empty rule still takes the element away from later rules),
 * and each assertion yields the context elements where its test is false. Which contexts can take an
 * element mostly follows from its name path (its names and its ancestors'), so the assignment works that
 * out once per path (core/rules/name-path.ts) and keeps it across documents: most elements are assigned
 * without testing a single context. The EN16931 patterns (model, syntax, code lists), the France 2026
 * BR-FR patterns and the Factur-X profile patterns all run on it.
 */
import { QDT, RAM, RSM, UDT } from '../cii/namespaces';
import type { XmlElement } from '../xml/tree';
import { perDocument } from './document-memo';
import type { NameChain, NamePath, NamePathGroup } from './name-path';
import type { Message, Rule, RuleInput, RuleMeta, Violation } from './rule';
import { UncastableValue, type StopType } from './xpath/cast';
import type { Step } from './xpath/paths';

export interface PatternContext {
  /** How the context reads in messages, e.g. `rsm:ExchangedDocument`. */
  readonly label: string;
  /** The local names it can select, or a test on the local name for wildcard contexts. */
  readonly locals: readonly string[] | ((local: string) => boolean);
  /**
   * What the names of an element and of its ancestors alone say: false, it does not match; true, it
   * matches whatever else the element holds; null, {@link matches} must tell. Absent: the local name is
   * read against `locals`, and what it allows goes to `matches`.
   */
  byNames?(path: NameChain): boolean | null;
  /** The rest of the match pattern (namespace, parents, predicates). */
  matches(el: XmlElement, input: RuleInput): boolean;
}

/** What a context's {@link PatternContext.byNames} says of a name path, or the local-name default. */
export function namesSay(context: PatternContext, path: NameChain): boolean | null {
  if (context.byNames) return context.byNames(path);
  const { locals } = context;
  return (typeof locals === 'function' ? locals(path.local) : locals.includes(path.local)) ? null : false;
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
  where?: (el: XmlElement, input: RuleInput) => boolean,
): PatternContext {
  const rooted = path.startsWith('/') && !path.startsWith('//');
  const steps = path.replace(/^\/+/, '').split('/').map(step).reverse();
  const [[ns, local], ...parents] = steps as [Step, ...Step[]];
  const named = (el: NameChain) => el.local === local && el.ns === ns && ancestorsAre(el, parents, rooted);
  return {
    label: path.replace(/^\/+/, ''),
    locals: [local],
    byNames: (names) => (named(names) ? (where ? null : true) : false),
    matches: (el, input) => named(el) && (!where || where(el, input)),
  };
}

/** The parents of `el`, nearest first, are `steps` (and then the document node, when rooted). */
function ancestorsAre(el: NameChain, steps: readonly Step[], rooted: boolean): boolean {
  let at = el.parent;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (!at || at.local !== step[1] || at.ns !== step[0]) return false;
    at = at.parent;
  }
  return !rooted || at === null;
}

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

/** A context that may take the elements of a name path; `sure`: it takes them all (it ends the list). */
interface Candidate {
  readonly context: PatternContext;
  readonly sure: boolean;
}

function candidatesOf(contexts: readonly PatternContext[], path: NamePath): readonly Candidate[] {
  const out: Candidate[] = [];
  for (const context of contexts) {
    const said = namesSay(context, path);
    if (said === false) continue;
    out.push({ context, sure: said === true });
    if (said) break;
  }
  return out;
}

function firstMatch(
  candidates: readonly Candidate[],
  el: XmlElement,
  input: RuleInput,
): PatternContext | null {
  for (const c of candidates) if (c.sure || matchesSafely(c.context, el, input)) return c.context;
  return null;
}

/** Whether the elements are in document order (a context's elements come from several name paths). */
function inOrder(elements: readonly XmlElement[]): boolean {
  for (let i = 1; i < elements.length; i++) if (elements[i - 1]!.start > elements[i]!.start) return false;
  return true;
}

function assigner(contexts: readonly PatternContext[]): (input: RuleInput) => Assignment {
  // The candidates of each name path, by its number in its table (see name-path.ts).
  let table = -1;
  const byPath: (readonly Candidate[] | undefined)[] = [];
  const candidates = (path: NamePath): readonly Candidate[] => {
    if (path.table !== table) {
      table = path.table;
      byPath.length = 0;
    }
    let list = byPath[path.id];
    if (!list) {
      list = candidatesOf(contexts, path);
      byPath[path.id] = list;
    }
    return list;
  };
  // Without wildcard contexts, only the groups of the names the contexts select are visited.
  const named = contexts.every((c) => typeof c.locals !== 'function')
    ? [...new Set(contexts.flatMap((c) => c.locals as readonly string[]))]
    : null;
  const NO_GROUPS: readonly NamePathGroup[] = [];
  return (input) => {
    const out = new Map<PatternContext, XmlElement[]>();
    const visit = (groups: readonly NamePathGroup[]): void => {
      for (const group of groups) {
        const list = candidates(group.path);
        if (list.length === 0) continue;
        for (const el of group.elements) {
          input.time?.check();
          const context = firstMatch(list, el, input);
          if (!context) continue;
          const taken = out.get(context);
          if (taken) taken.push(el);
          else out.set(context, [el]);
        }
      }
    };
    if (named) for (const local of named) visit(input.byNamePath.get(local) ?? NO_GROUPS);
    else for (const groups of input.byNamePath.values()) visit(groups);
    for (const elements of out.values()) if (!inOrder(elements)) elements.sort((a, b) => a.start - b.start);
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
function attributeOf(el: XmlElement, name: string): boolean {
  for (const a of el.attributes) if (a.local === name && a.ns === null) return true;
  return false;
}

type Results = ReadonlyMap<PatternAssertion, readonly Violation[]>;

/** What most rules find: one shared empty list rather than a new one per rule and document. */
const NONE: readonly Violation[] = Object.freeze([]);

const castDetails = new WeakSet<Message>();

/** Why the official XSLT stopped on a value, in words, for each thing the XPath needed of it. */
const STOPS: Readonly<Record<StopType, Message>> = {
  'xs:decimal': { en: '"{value}" is not a number', fr: "« {value} » n'est pas un nombre" },
  'xs:double': { en: '"{value}" is not a number', fr: "« {value} » n'est pas un nombre" },
  'xs:boolean': { en: '"{value}" is not true or false', fr: "« {value} » n'est pas true ou false" },
  'one item': {
    en: '"{value}" is a second value where the rule reads one',
    fr: '« {value} » est une seconde valeur là où la règle en lit une',
  },
};

/** Where the value itself is not known: several were given where one is read. */
const SEVERAL_VALUES: Message = {
  en: 'a value is given more than once where the rule reads one',
  fr: 'une valeur est donnée plusieurs fois là où la règle en lit une',
};

/** The finding's detail where a value stopped the official XSLT (it cannot be cast as the XPath needs). */
function castDetail(e: UncastableValue): Message {
  const stop = e.value === '' && e.type === 'one item' ? SEVERAL_VALUES : STOPS[e.type];
  const detail = {
    en: `${stop.en.replace('{value}', e.value)} (the official artefact stops on it)`,
    fr: `${stop.fr.replace('{value}', e.value)} (l'artefact officiel s'arrête dessus)`,
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
  // Each context's assertions and batches, so that only the contexts that took elements are visited.
  const work = new Map<PatternContext, { assertions: PatternAssertion[]; batches: PatternBatch[] }>();
  const workOf = (context: PatternContext) => {
    let w = work.get(context);
    if (!w) work.set(context, (w = { assertions: [], batches: [] }));
    return w;
  };
  for (const a of assertions) workOf(a.context).assertions.push(a);
  for (const b of batches) workOf(b.context).batches.push(b);
  const evaluate = (input: RuleInput): Results => {
    const out = new Map<PatternAssertion, Violation[]>();
    if (applies && !applies(input)) return out;
    const push = (a: PatternAssertion, v: Violation): void => {
      const list = out.get(a);
      if (list) list.push(v);
      else out.set(a, [v]);
    };
    for (const [context, elements] of assign(input)) {
      const w = work.get(context);
      if (!w) continue;
      for (const a of w.assertions) {
        for (const el of elements) {
          input.time?.check();
          try {
            if (!a.test(el, input)) push(a, violation(a, el, input));
          } catch (e) {
            if (!(e instanceof UncastableValue)) throw e;
            push(a, { at: e.at, detail: castDetail(e) });
          }
        }
      }
      for (const batch of w.batches) {
        for (const el of elements) {
          input.time?.check();
          for (const a of batch.failing(el, input)) push(a, violation(a, el, input));
        }
      }
    }
    return out;
  };
  const results = perDocument(evaluate);
  return [...assertions, ...batches.flatMap((b) => b.assertions)].map((a) => ({
    id: a.id,
    severity: a.severity,
    bt: a.bt,
    // Read when asked: an assertion may word its message only then (restrictions.ts).
    get message() {
      return a.message;
    },
    check: (input: RuleInput): readonly Violation[] => results(input).get(a) ?? NONE,
  }));
}
