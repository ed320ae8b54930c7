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
import type { GroupFindings, Message, Rule, RuleGroup, RuleInput, RuleMeta, Violation } from './rule';
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

/**
 * The elements each context took, by the context's number (none: undefined), each list in document order,
 * and the numbers of the contexts that took some: arrays, not maps, as every pattern assigns every document.
 */
interface Assignment {
  readonly elements: readonly (readonly XmlElement[] | undefined)[];
  readonly taken: readonly number[];
}

/** XSLT treats a dynamic error while matching a pattern as "does not match" (Saxon's recovery). */
function matchesSafely(context: PatternContext, el: XmlElement, input: RuleInput): boolean {
  try {
    return context.matches(el, input);
  } catch (e) {
    if (e instanceof UncastableValue) return false;
    throw e;
  }
}

/**
 * A context that may take the elements of a name path, with its number; `sure`: it takes them all (it
 * ends the list).
 */
interface Candidate {
  readonly context: PatternContext;
  readonly number: number;
  readonly sure: boolean;
}

function candidatesOf(
  contexts: readonly PatternContext[],
  numbers: ReadonlyMap<PatternContext, number>,
  path: NamePath,
): readonly Candidate[] {
  const out: Candidate[] = [];
  for (const context of contexts) {
    const said = namesSay(context, path);
    if (said === false) continue;
    out.push({ context, number: numbers.get(context)!, sure: said === true });
    if (said) break;
  }
  return out;
}

/** The number of the first candidate that takes `el`, or -1. */
function firstMatch(candidates: readonly Candidate[], el: XmlElement, input: RuleInput): number {
  for (const c of candidates) if (c.sure || matchesSafely(c.context, el, input)) return c.number;
  return -1;
}

/** Whether the elements are in document order (a context's elements come from several name paths). */
function inOrder(elements: readonly XmlElement[]): boolean {
  for (let i = 1; i < elements.length; i++) if (elements[i - 1]!.start > elements[i]!.start) return false;
  return true;
}

function assigner(
  contexts: readonly PatternContext[],
  numbers: ReadonlyMap<PatternContext, number>,
): (input: RuleInput) => Assignment {
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
      list = candidatesOf(contexts, numbers, path);
      byPath[path.id] = list;
    }
    return list;
  };
  // Without wildcard contexts, only the groups of the names the contexts select are visited.
  const named = contexts.every((c) => typeof c.locals !== 'function')
    ? [...new Set(contexts.flatMap((c) => c.locals as readonly string[]))]
    : null;
  return (input) => {
    const taking = new Taking();
    if (named) {
      for (const local of named) {
        const groups = input.byNamePath.get(local);
        if (groups) visit(groups, candidates, input, taking);
      }
    } else for (const groups of input.byNamePath.values()) visit(groups, candidates, input, taking);
    for (const context of taking.taken) {
      const list = taking.elements[context]!;
      if (!inOrder(list)) (list as XmlElement[]).sort((a, b) => a.start - b.start);
    }
    return taking;
  };
}

/** Each element of the groups to the first context of its path's candidates that takes it. */
function visit(
  groups: readonly NamePathGroup[],
  candidates: (path: NamePath) => readonly Candidate[],
  input: RuleInput,
  taking: Taking,
): void {
  for (const group of groups) {
    const list = candidates(group.path);
    if (list.length === 0) continue;
    if (list[0]!.sure) {
      // The first context takes the whole group: no element to test.
      input.time?.check();
      taking.all(list[0]!.number, group.elements);
      continue;
    }
    for (const el of group.elements) {
      input.time?.check();
      const context = firstMatch(list, el, input);
      if (context >= 0) taking.one(context, el);
    }
  }
}

/**
 * A document's assignment as it is made. A context that takes a whole group has the group's own list
 * (most contexts take one group: nothing is copied); it gets a list of its own when it takes more.
 */
class Taking implements Assignment {
  readonly elements: (readonly XmlElement[] | undefined)[] = [];
  readonly taken: number[] = [];
  private readonly own: boolean[] = [];

  all(context: number, group: readonly XmlElement[]): void {
    const list = this.elements[context];
    if (!list) {
      this.elements[context] = group;
      this.taken.push(context);
    } else {
      const to = this.ownList(context, list);
      for (const el of group) to.push(el);
    }
  }

  one(context: number, el: XmlElement): void {
    const list = this.elements[context];
    if (!list) {
      this.elements[context] = [el];
      this.own[context] = true;
      this.taken.push(context);
    } else this.ownList(context, list).push(el);
  }

  private ownList(context: number, list: readonly XmlElement[]): XmlElement[] {
    if (this.own[context]) return list as XmlElement[];
    const copy = list.slice();
    this.elements[context] = copy;
    this.own[context] = true;
    return copy;
  }
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

/** What the assertions of one context run: the assertions with their numbers, and the batches. */
interface ContextWork {
  readonly assertions: { readonly assertion: PatternAssertion; readonly number: number }[];
  readonly batches: PatternBatch[];
}

/** What a pattern finds in a document, filled as its assertions are evaluated. */
class Found implements GroupFindings {
  readonly violations: Violation[][] = [];
  readonly found: number[] = [];

  add(number: number, v: Violation): void {
    const list = this.violations[number];
    if (list) list.push(v);
    else {
      this.violations[number] = [v];
      this.found.push(number);
    }
  }
}

/**
 * The rules of one pattern, one Rule per assertion, in a group (rule.ts). The whole pattern is evaluated
 * once per document, context by context, when its findings are first asked for.
 */
export function patternRules(
  contexts: readonly PatternContext[],
  assertions: readonly PatternAssertion[],
  { batches = [], applies }: PatternOptions = {},
): Rule[] {
  const numbers = new Map<PatternContext, number>();
  for (const c of contexts) if (!numbers.has(c)) numbers.set(c, numbers.size);
  const assign = assigner(contexts, numbers);
  const all = [...assertions, ...batches.flatMap((b) => b.assertions)];
  // An assertion's number is its rule's index in the group.
  const numberOf = new Map<PatternAssertion, number>();
  all.forEach((a, i) => {
    if (numberOf.has(a)) throw new Error(`assertion ${a.id} given twice in a pattern`);
    numberOf.set(a, i);
  });
  // Each context's assertions and batches, so that only the contexts that took elements are visited.
  const work: ContextWork[] = [];
  const workOf = (context: PatternContext): ContextWork | null => {
    const n = numbers.get(context);
    if (n === undefined) return null;
    return (work[n] ??= { assertions: [], batches: [] });
  };
  for (const a of assertions) workOf(a.context)?.assertions.push({ assertion: a, number: numberOf.get(a)! });
  for (const b of batches) workOf(b.context)?.batches.push(b);
  const evaluate = (input: RuleInput): GroupFindings => {
    const out = new Found();
    if (applies && !applies(input)) return out;
    const { elements, taken } = assign(input);
    for (const context of taken) {
      const w = work[context];
      if (!w) continue;
      const els = elements[context]!;
      for (const { assertion: a, number } of w.assertions) {
        for (const el of els) {
          input.time?.check();
          try {
            if (!a.test(el, input)) out.add(number, violation(a, el, input));
          } catch (e) {
            if (!(e instanceof UncastableValue)) throw e;
            out.add(number, { at: e.at, detail: castDetail(e) });
          }
        }
      }
      for (const batch of w.batches) {
        for (const el of els) {
          input.time?.check();
          for (const a of batch.failing(el, input)) out.add(numberOf.get(a)!, violation(a, el, input));
        }
      }
    }
    out.found.sort((a, b) => a - b);
    return out;
  };
  const rules: Rule[] = [];
  const group: RuleGroup = { rules, findings: perDocument(evaluate) };
  for (const [number, a] of all.entries())
    rules.push({
      id: a.id,
      severity: a.severity,
      bt: a.bt,
      // Read when asked: an assertion may word its message only then (restrictions.ts).
      get message() {
        return a.message;
      },
      group,
      check: (input: RuleInput): readonly Violation[] => group.findings(input).violations[number] ?? NONE,
    });
  return rules;
}
