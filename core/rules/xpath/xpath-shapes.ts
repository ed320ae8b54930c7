/**
 * The shapes the Factur-X artefacts write thousands of times — `count(ram:X)=1`, `@schemeID`,
 * `true()`, `ram:A/ram:B = 'VA'`, `(../ram:X) or (ram:Y)`, predicates on names — compiled once into
 * closures that walk the tree directly, without the evaluator's sequences, focus records or atomised
 * copies. Their results are exactly the general closures' (the same typing rules and dynamic errors);
 * any other shape is left to them (xpath-eval.ts).
 */
import { parseDouble } from './cast';
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

function walkFrom(
  steps: readonly CompiledStep[],
  i: number,
  node: XNode,
  env: XPathEnv,
  visit: (n: XNode) => boolean,
): boolean {
  if (i === steps.length) return visit(node);
  const { axis, name, predicates } = steps[i]!;
  switch (axis) {
    case 'child': {
      if (node.kind === 'document') {
        const root = env.document.root;
        return named(root, name) && passes(root, predicates, env) && walkFrom(steps, i + 1, root, env, visit);
      }
      if (node.kind !== 'element') return false;
      for (const c of node.children) {
        if (
          c.kind === 'element' &&
          named(c, name) &&
          passes(c, predicates, env) &&
          walkFrom(steps, i + 1, c, env, visit)
        )
          return true;
      }
      return false;
    }
    case 'attribute': {
      if (node.kind !== 'element') return false;
      for (const a of node.attributes) {
        if (a.name === 'xmlns' || a.prefix === 'xmlns' || !named(a, name)) continue;
        const n = env.attrNode(node, a);
        if (passes(n, predicates, env) && walkFrom(steps, i + 1, n, env, visit)) return true;
      }
      return false;
    }
    case 'parent': {
      const p = parentOf(node, env);
      if (!p) return false;
      const own = nameOf(p);
      if (name && !(own && named(own, name))) return false;
      return passes(p, predicates, env) && walkFrom(steps, i + 1, p, env, visit);
    }
    case 'self': {
      const own = nameOf(node);
      if (name && !(own && named(own, name))) return false;
      return passes(node, predicates, env) && walkFrom(steps, i + 1, node, env, visit);
    }
  }
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
  if (start === 'anywhere') {
    const [first, ...rest] = steps;
    if (!first || first.axis !== 'child' || !first.name?.local) return null;
    const local = first.name.local;
    return {
      distinct,
      run: (_item, env, visit) => {
        for (const el of env.byLocalName.get(local) ?? []) {
          if (named(el, first.name) && passes(el, first.predicates, env) && walkFrom(rest, 0, el, env, visit))
            return true;
        }
        return false;
      },
    };
  }
  if (start === 'root')
    return { distinct, run: (_item, env, visit) => walkFrom(steps, 0, env.document, env, visit) };
  return { distinct, run: (item, env, visit) => walkFrom(steps, 0, item, env, visit) };
}

const found = (): boolean => true;

const STRING_FUNCTIONS: Readonly<Record<string, (s: string) => string>> = {
  'normalize-space': (s) => s.replace(/[ \t\r\n]+/g, ' ').trim(),
  'upper-case': (s) => s.toUpperCase(),
  'lower-case': (s) => s.toLowerCase(),
};

/**
 * `normalize-space(path)`, `upper-case(path)`, `lower-case(path)`, and `normalize-space()` of the context:
 * the string value of at most one node (more is the evaluator's XPTY0004), empty for none.
 */
function stringFunction(e: Expr, namespaces: Namespaces): ((item: XNode, env: XPathEnv) => string) | null {
  if (e.k !== 'call' || e.args.length > 1) return null;
  const fn = STRING_FUNCTIONS[e.name];
  if (!fn || (e.args.length === 0 && e.name !== 'normalize-space')) return null;
  const path = e.args[0] ? compilePath(e.args[0], namespaces) : null;
  if (e.args[0] && !path) return null;
  return (item, env) => {
    if (!path) return fn(stringValue(item));
    let value = '';
    let n = 0;
    path.run(item, env, (node) => {
      if (n++ === 0) value = stringValue(node);
      return false;
    });
    if (n > 1) throw new XPathError('XPTY0004', `${n} items for a string argument`);
    return fn(value);
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

/** `path op number`: each untyped value cast to xs:double (Saxon's error where it is not a number). */
function numericComparison(op: BinaryOp, path: CompiledPath, y: number): BooleanFn {
  return (item, env) =>
    path.run(item, env, (n) => {
      const text = stringValue(n);
      const x = parseDouble(text);
      if (x === null) throw new XPathError('FORG0001', text);
      return compareNumbers(op, x, y);
    });
}

function comparison(e: Extract<Expr, { k: 'bin' }>, namespaces: Namespaces): BooleanFn | null {
  const { op, left, right } = e;
  const y = number(right);
  if (left.k === 'call' && left.name === 'count' && left.args.length === 1 && y !== null) {
    const path = compilePath(left.args[0]!, namespaces);
    if (!path?.distinct) return null;
    return (item, env) => {
      let n = 0;
      path.run(item, env, () => {
        n++;
        return false;
      });
      return compareNumbers(op, n, y);
    };
  }
  if (y !== null) {
    const path = compilePath(left, namespaces);
    return path && numericComparison(op, path, y);
  }
  const a = stringsOf(left, namespaces);
  const b = stringsOf(right, namespaces);
  return a && b ? stringComparison(op, a, b) : null;
}

/**
 * The expression compiled to its effective boolean value when it can only be a boolean or nodes (so it
 * is never a numeric predicate, which would test a position); null for any other shape. One that does
 * not depend on the context item (`/rsm:…/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID`,
 * a walk past every line) is computed once per document.
 */
export function booleanShape(e: Expr, namespaces: Namespaces): BooleanFn | null {
  const shape = shapeOf(e, namespaces);
  const constant = e.k === 'call' && e.args.length === 0;
  return shape && !constant && isInvariant(e) ? oncePerDocument(shape) : shape;
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
      const text = stringFunction(e, namespaces);
      if (text) return (i, env) => text(i, env) !== '';
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
