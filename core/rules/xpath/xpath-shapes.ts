/**
 * The shapes the Factur-X artefacts write thousands of times — `count(ram:X)=1`, `@schemeID`,
 * `true()`, `ram:A/ram:B = 'VA'`, `(../ram:X) or (ram:Y)`, `string-length(substring-after(ram:X,'.'))<=2`,
 * `count(//…) + count(//…) >= 2`, predicates on names — compiled once into
 * closures that walk the tree directly, without the evaluator's sequences, focus records or atomised
 * copies. Their results are exactly the general closures' (the same typing rules and dynamic errors);
 * any other shape is left to them (xpath-eval.ts).
 */
import {
  codePointLength,
  compareUntypedWithNumber,
  normalizeSpaceOf,
  parseDouble,
  substringAfter,
  substringBefore,
} from './cast';
import { isInvariant } from './xpath-deps';
import { oncePerDocument } from './xpath-memo';
import {
  compareStrings,
  holds,
  parentOf,
  stringValue,
  XPathError,
  type XNode,
  type XPathEnv,
} from './xpath-nodes';
import type { XmlElement } from '../../xml/tree';
import type { Axis, BinaryOp, Expr, NodeTest } from './xpath-parse';

/** The effective boolean value of an expression with `item` as the context item. */
export type BooleanFn = (item: XNode, env: XPathEnv) => boolean;

/** Prefixes of the artefact's expressions and their namespace URIs, resolved when compiling. */
export type Namespaces = ReadonlyMap<string, string>;

/** Calls `visit` on each node a path selects, in document order, until it returns true; says whether it did. */
type PathFn = (item: XNode, env: XPathEnv, visit: (n: XNode) => boolean) => boolean;

/** A name test with its namespace resolved at compile time (`undefined` local: any name). */
export interface NameTest {
  readonly local: string | undefined;
  /** The namespace URI, `null` for no namespace, `undefined` for any (`*`). */
  readonly ns: string | null | undefined;
}

interface CompiledStep {
  readonly axis: Exclude<Axis, 'ancestor'>;
  readonly name: NameTest | null;
  readonly predicates: readonly BooleanFn[];
}

interface CompiledPath {
  readonly run: PathFn;
  /** No step goes up after going down, so no node is reached twice (a count is the number of visits). */
  readonly distinct: boolean;
  /**
   * Child steps alone, from the context or from the root, not `//`: the walk visits the nodes in
   * document order, as the evaluator gives them.
   */
  readonly childSteps: boolean;
  /** A predicate on some step. */
  readonly filtered: boolean;
}

const COMPARISONS: ReadonlySet<BinaryOp> = new Set(['=', '!=', '<', '<=', '>', '>=']);

export function nameTest(test: NodeTest, namespaces: Namespaces): NameTest | null | undefined {
  if (test.kind !== 'name') return test.kind === 'node' ? null : undefined;
  const local = test.local === '*' ? undefined : test.local;
  if (test.prefix === null) return { local, ns: local === undefined ? undefined : null };
  const ns = namespaces.get(test.prefix);
  return ns === undefined ? undefined : { local, ns };
}

export function named(
  n: { readonly local: string; readonly ns: string | null },
  test: NameTest | null,
): boolean {
  return (
    !test ||
    ((test.local === undefined || n.local === test.local) && (test.ns === undefined || n.ns === test.ns))
  );
}

/** The node's own name, for name tests on the self and parent axes. */
function nameOf(n: XNode): { local: string; ns: string | null } | null {
  return n.kind === 'element' ? n : n.kind === 'attribute' ? n.attr : null;
}

export function passes(n: XNode, predicates: readonly BooleanFn[], env: XPathEnv): boolean {
  for (const p of predicates) if (!p(n, env)) return false;
  return true;
}

/** Whether an element has a step's name: the test's parts compared as constants, those it leaves open skipped. */
function elementTest(name: NameTest | null): (el: XmlElement) => boolean {
  if (!name) return () => true;
  const { local, ns } = name;
  if (local === undefined) return ns === undefined ? () => true : (el) => el.ns === ns;
  return ns === undefined ? (el) => el.local === local : (el) => el.local === local && el.ns === ns;
}

/**
 * A path's steps compiled, last first, into one closure each that calls the next on every node it
 * selects: the name tests resolved and the steps chosen once, not on every node walked.
 */
function walkOf(steps: readonly CompiledStep[]): PathFn {
  let next: PathFn = (node, _env, visit) => visit(node);
  for (let i = steps.length - 1; i >= 0; i--) next = stepWalk(steps[i]!, next);
  return next;
}

function stepWalk({ axis, name, predicates }: CompiledStep, next: PathFn): PathFn {
  const holds: (n: XNode, env: XPathEnv) => boolean =
    predicates.length === 0 ? () => true : (n, env) => passes(n, predicates, env);
  switch (axis) {
    case 'child': {
      if (name?.local !== undefined && name.ns !== undefined && predicates.length === 0)
        return namedChildWalk(name.local, name.ns, next);
      const test = elementTest(name);
      return (node, env, visit) => {
        if (node.kind === 'document') {
          const root = env.document.root;
          return test(root) && holds(root, env) && next(root, env, visit);
        }
        if (node.kind !== 'element') return false;
        const children = node.children;
        for (let k = 0; k < children.length; k++) {
          const c = children[k]!;
          if (c.kind === 'element' && test(c) && holds(c, env) && next(c, env, visit)) return true;
        }
        return false;
      };
    }
    case 'attribute':
      return (node, env, visit) => {
        if (node.kind !== 'element') return false;
        for (const a of node.attributes) {
          if (a.name === 'xmlns' || a.prefix === 'xmlns' || !named(a, name)) continue;
          const n = env.attrNode(node, a);
          if (holds(n, env) && next(n, env, visit)) return true;
        }
        return false;
      };
    case 'parent':
      return (node, env, visit) => {
        const p = parentOf(node, env);
        if (!p) return false;
        const own = nameOf(p);
        if (name && !(own && named(own, name))) return false;
        return holds(p, env) && next(p, env, visit);
      };
    case 'self':
      return (node, env, visit) => {
        const own = nameOf(node);
        if (name && !(own && named(own, name))) return false;
        return holds(node, env) && next(node, env, visit);
      };
  }
}

/**
 * `ns:local` without predicates, the step the artefacts write most (every walk down a line's terms): the
 * name compared in the loop itself, not through a test and a predicate closure per child, calls that
 * see every step's closures and so are never inlined.
 */
function namedChildWalk(local: string, ns: string | null, next: PathFn): PathFn {
  return (node, env, visit) => {
    if (node.kind === 'document') {
      const root = env.document.root;
      return root.local === local && root.ns === ns && next(root, env, visit);
    }
    if (node.kind !== 'element') return false;
    const children = node.children;
    for (let k = 0; k < children.length; k++) {
      const c = children[k]!;
      if (c.kind === 'element' && c.local === local && c.ns === ns && next(c, env, visit)) return true;
    }
    return false;
  };
}

/** A step of a path, unwrapping its predicates; null when it is not a plain name or node step. */
function stepOf(e: Expr, namespaces: Namespaces): CompiledStep | null {
  const predicates: BooleanFn[] = [];
  let at = e;
  while (at.k === 'filter') {
    const p = booleanShape(at.predicate, namespaces);
    if (!p) return null;
    predicates.unshift(p);
    at = at.base;
  }
  // child::node() would select text nodes too: left to the evaluator.
  if (at.k !== 'step' || at.axis === 'ancestor' || (at.axis === 'child' && at.test.kind === 'node'))
    return null;
  const name = nameTest(at.test, namespaces);
  if (name === undefined) return null;
  return { axis: at.axis, name, predicates };
}

/**
 * A relative path of child, attribute, parent and self steps (`ram:A/ram:B[…]/@id`, `../ram:X`, `.`),
 * an absolute one (`/rsm:A/ram:B`), or `//ram:A/ram:B…` through the document's local-name index.
 */
function compilePath(e: Expr, namespaces: Namespaces): CompiledPath | null {
  const steps: CompiledStep[] = [];
  let at = e;
  let start: 'context' | 'root' | 'anywhere' = 'context';
  for (;;) {
    if (at.k === 'path') {
      if (at.deep) {
        if (at.from.k !== 'root') return null;
        start = 'anywhere';
      }
      const s = stepOf(at.to, namespaces);
      if (!s) return null;
      steps.unshift(s);
      at = at.from;
      if (at.k === 'root') {
        if (start === 'context') start = 'root';
        break;
      }
      continue;
    }
    if (at.k === 'ctx') break;
    const s = stepOf(at, namespaces);
    if (!s) return null;
    steps.unshift(s);
    break;
  }
  let down = false;
  let distinct = true;
  for (const s of steps) {
    if (s.axis === 'child' || s.axis === 'attribute') down = true;
    else if (s.axis === 'parent' && down) distinct = false;
  }
  const childSteps = start !== 'anywhere' && steps.every((s) => s.axis === 'child');
  const filtered = steps.some((s) => s.predicates.length > 0);
  if (start === 'anywhere') {
    const [first, ...rest] = steps;
    if (!first || first.axis !== 'child' || !first.name?.local) return null;
    const local = first.name.local;
    const test = elementTest(first.name);
    const walk = walkOf(rest);
    return {
      distinct,
      childSteps,
      filtered,
      run: (_item, env, visit) => {
        for (const el of env.byLocalName.get(local) ?? []) {
          if (test(el) && passes(el, first.predicates, env) && walk(el, env, visit)) return true;
        }
        return false;
      },
    };
  }
  const walk = walkOf(steps);
  if (start === 'root')
    return { distinct, childSteps, filtered, run: (_item, env, visit) => walk(env.document, env, visit) };
  return { distinct, childSteps, filtered, run: walk };
}

/**
 * The nodes of a path of child steps (`ram:A/ram:B[…]` from the context item, `/rsm:A/ram:B` from the
 * root), in document order, found by the walk instead of the evaluator's sequence per step. Null for any
 * other path, and for one from the root with predicates: the evaluator may answer that one from an index
 * (xpath-join.ts).
 */
export function childPathNodes(
  e: Expr,
  namespaces: Namespaces,
): ((item: XNode, env: XPathEnv) => XNode[]) | null {
  const path = compilePath(e, namespaces);
  if (!path?.childSteps || (path.filtered && readsRoot(e))) return null;
  return (item, env) => {
    const out: XNode[] = [];
    path.run(item, env, (n) => {
      out.push(n);
      return false;
    });
    return out;
  };
}

/** Whether a path starts at the root (`/…`). */
function readsRoot(e: Expr): boolean {
  let at = e;
  while (at.k === 'path') at = at.from;
  return at.k === 'root';
}

const found = (): boolean => true;

const STRING_FUNCTIONS: Readonly<Record<string, (s: string) => string>> = {
  'normalize-space': normalizeSpaceOf,
  'upper-case': (s) => s.toUpperCase(),
  'lower-case': (s) => s.toLowerCase(),
};

/**
 * Whether each function's value is a non-empty string, read from its argument without building the
 * value: `not(normalize-space())` is tested on every element of a document by the empty-element rules.
 */
const NON_EMPTY: Readonly<Record<string, (s: string) => boolean>> = {
  // What the trim above leaves (JavaScript's white space, as it is, a wider set than XPath's).
  'normalize-space': (s) => /\S/.test(s),
  'upper-case': (s) => s !== '',
  'lower-case': (s) => s !== '',
};

/** A string an expression gives with a node as the context item. */
type StringFn = (item: XNode, env: XPathEnv) => string;

/**
 * A path as a string argument: the string value of its one node, empty for none (more is the
 * evaluator's XPTY0004). Null for a path that may reach a node twice: the evaluator counts it once.
 */
function singleNodeString(e: Expr, namespaces: Namespaces): StringFn | null {
  const path = compilePath(e, namespaces);
  if (!path?.distinct) return null;
  return (item, env) => {
    let value = '';
    let n = 0;
    path.run(item, env, (node) => {
      if (n++ === 0) value = stringValue(node);
      return false;
    });
    if (n > 1) throw new XPathError('XPTY0004', `${n} items for a string argument`);
    return value;
  };
}

/**
 * The argument of `normalize-space(path)`, `upper-case(path)`, `lower-case(path)`, or the context for
 * `normalize-space()`. Null for any other call.
 */
function stringArgument(e: Expr, namespaces: Namespaces): StringFn | null {
  if (e.k !== 'call' || e.args.length > 1 || !STRING_FUNCTIONS[e.name]) return null;
  if (e.args.length === 0 && e.name !== 'normalize-space') return null;
  return e.args[0] ? singleNodeString(e.args[0], namespaces) : stringValue;
}

const SUBSTRINGS: Readonly<Record<string, (text: string, part: string) => string>> = {
  'substring-after': substringAfter,
  'substring-before': substringBefore,
};

/**
 * One of the string functions of {@link stringArgument} compiled to its value, or `substring-after` /
 * `substring-before` of a string argument and a literal (`substring-after(ram:LineTotalAmount, '.')`).
 */
function stringFunction(e: Expr, namespaces: Namespaces): StringFn | null {
  if (e.k !== 'call') return null;
  const substring = SUBSTRINGS[e.name];
  if (substring) {
    const [of, part] = e.args;
    if (e.args.length !== 2 || part?.k !== 'str') return null;
    const text = stringOf(of!, namespaces);
    const literal = part.value;
    return text && ((item, env) => substring(text(item, env), literal));
  }
  const argument = stringArgument(e, namespaces);
  if (!argument) return null;
  const fn = STRING_FUNCTIONS[e.name]!;
  return (item, env) => fn(argument(item, env));
}

/** A string argument: a literal, a string function's value, or a path's one node. */
function stringOf(e: Expr, namespaces: Namespaces): StringFn | null {
  if (e.k === 'str') {
    const value = e.value;
    return () => value;
  }
  return stringFunction(e, namespaces) ?? singleNodeString(e, namespaces);
}

/**
 * A number with a node as the context item: `count(path)` of a path that reaches no node twice (its
 * number of visits), `string-length(…)` of a string argument, or a sum of those (integers: exact as
 * numbers). Null for any other expression.
 */
function numberOf(e: Expr, namespaces: Namespaces): ((item: XNode, env: XPathEnv) => number) | null {
  if (e.k === 'bin' && e.op === '+') {
    const a = numberOf(e.left, namespaces);
    const b = numberOf(e.right, namespaces);
    return a && b && ((item, env) => a(item, env) + b(item, env));
  }
  if (e.k !== 'call' || e.args.length !== 1) return null;
  if (e.name === 'string-length') {
    const text = stringOf(e.args[0]!, namespaces);
    return text && ((item, env) => codePointLength(text(item, env)));
  }
  if (e.name !== 'count') return null;
  const path = compilePath(e.args[0]!, namespaces);
  if (!path?.distinct) return null;
  return (item, env) => {
    let n = 0;
    path.run(item, env, () => {
      n++;
      return false;
    });
    return n;
  };
}

/** Strings a comparison operand yields: a path's string values, a string function's value, or literals. */
type StringsFn = (item: XNode, env: XPathEnv, visit: (s: string) => boolean) => boolean;

function stringsOf(e: Expr, namespaces: Namespaces): StringsFn | null {
  if (e.k === 'str') return (_i, _e, visit) => visit(e.value);
  const fn = stringFunction(e, namespaces);
  if (fn) return (item, env, visit) => visit(fn(item, env));
  if (e.k === 'seq' && e.items.every((x) => x.k === 'str')) {
    const values = e.items.map((x) => (x as { value: string }).value);
    return (_i, _e, visit) => values.some(visit);
  }
  const path = compilePath(e, namespaces);
  return path && ((item, env, visit) => path.run(item, env, (n) => visit(stringValue(n))));
}

/** A general comparison of untyped or string operands: compared as strings, true when one pair holds. */
function stringComparison(op: BinaryOp, left: StringsFn, right: StringsFn): BooleanFn {
  return (item, env) => left(item, env, (a) => right(item, env, (b) => holds(op, compareStrings(a, b))));
}

export const number = (e: Expr): number | null => (e.k === 'num' ? Number(e.text) : null);

function compareNumbers(op: BinaryOp, x: number, y: number): boolean {
  return holds(op, x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN);
}

/**
 * `path op number`: each untyped value cast to xs:double (Saxon's error where it is not a number) and
 * ordered against the literal as Saxon orders them (cast.ts: "-0.00" = 0 is false).
 */
function numericComparison(op: BinaryOp, path: CompiledPath, y: number, yIsInteger: boolean): BooleanFn {
  return (item, env) =>
    path.run(item, env, (n) => {
      const text = stringValue(n);
      const x = parseDouble(text);
      if (x === null) throw new XPathError('FORG0001', text);
      return holds(op, compareUntypedWithNumber(text, x, y, yIsInteger));
    });
}

function comparison(e: Extract<Expr, { k: 'bin' }>, namespaces: Namespaces): BooleanFn | null {
  const { op, left, right } = e;
  const y = number(right);
  if (y !== null) {
    const n = numberOf(left, namespaces);
    if (n) return (item, env) => compareNumbers(op, n(item, env), y);
    const path = compilePath(left, namespaces);
    const integer = right.k === 'num' && !right.double && !right.text.includes('.');
    return path && numericComparison(op, path, y, integer);
  }
  const a = stringsOf(left, namespaces);
  const b = stringsOf(right, namespaces);
  return a && b ? stringComparison(op, a, b) : null;
}

/**
 * The shapes computed once per document compiled so far, by expression and prefixes: the artefacts
 * write the same one in many rules (`count(//ram:SellerTradeParty/…)`, the `//…[ram:CategoryCode='Z']`
 * walks past every line of each category's rules), computed once per document for all of them.
 */
const INVARIANT = new Map<string, BooleanFn>();

/**
 * The expression compiled to its effective boolean value when it can only be a boolean or nodes (so it
 * is never a numeric predicate, which would test a position); null for any other shape. One that does
 * not depend on the context item (`/rsm:…/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID`,
 * a walk past every line) is computed once per document.
 */
export function booleanShape(e: Expr, namespaces: Namespaces): BooleanFn | null {
  const constant = e.k === 'call' && e.args.length === 0;
  if (constant || !isInvariant(e)) return shapeOf(e, namespaces);
  const key = JSON.stringify([e, [...namespaces]]);
  let shared = INVARIANT.get(key);
  if (!shared) {
    const shape = shapeOf(e, namespaces);
    if (!shape) return null;
    INVARIANT.set(key, (shared = oncePerDocument(shape)));
  }
  return shared;
}

function shapeOf(e: Expr, namespaces: Namespaces): BooleanFn | null {
  switch (e.k) {
    case 'bin': {
      if (e.op === 'and' || e.op === 'or') {
        const a = booleanShape(e.left, namespaces);
        const b = booleanShape(e.right, namespaces);
        if (!a || !b) return null;
        return e.op === 'and' ? (i, env) => a(i, env) && b(i, env) : (i, env) => a(i, env) || b(i, env);
      }
      return COMPARISONS.has(e.op) ? comparison(e, namespaces) : null;
    }
    case 'call': {
      const [arg] = e.args;
      if (e.name === 'true' || e.name === 'false') {
        const value = e.name === 'true';
        return e.args.length === 0 ? () => value : null;
      }
      const argument = stringArgument(e, namespaces);
      if (argument) {
        const nonEmpty = NON_EMPTY[e.name]!;
        return (i, env) => nonEmpty(argument(i, env));
      }
      if (e.args.length !== 1 || !arg) return null;
      if (e.name === 'not') {
        const a = booleanShape(arg, namespaces);
        return a && ((i, env) => !a(i, env));
      }
      if (e.name === 'exists' || e.name === 'empty') {
        const path = compilePath(arg, namespaces);
        if (!path) return null;
        const want = e.name === 'exists';
        return (i, env) => path.run(i, env, found) === want;
      }
      return null;
    }
    default: {
      const path = compilePath(e, namespaces);
      return path && ((i, env) => path.run(i, env, found));
    }
  }
}
