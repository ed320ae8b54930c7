/**
 * What the value of an expression depends on: the focus (the context item) and which variables. The
 * evaluator compiles from it what it may compute once instead of many times: a value that depends on
 * neither is the same everywhere in a document, one that depends on variables alone is the same for the
 * same variable values, and a predicate or quantifier whose conjuncts compare something of the item with
 * something that is not of the item can be answered from an index (xpath-join.ts).
 */
import type { Expr } from './xpath-parse';

export interface Deps {
  /** The value reads the context item (a relative path, `.`, a function of the context such as `string()`). */
  readonly focus: boolean;
  /** The variables it reads that it does not bind itself. */
  readonly vars: ReadonlySet<string>;
}

const NONE: Deps = { focus: false, vars: new Set() };
const FOCUS: Deps = { focus: true, vars: new Set() };

function union(...all: Deps[]): Deps {
  const vars = new Set<string>();
  for (const d of all) for (const v of d.vars) vars.add(v);
  return { focus: all.some((d) => d.focus), vars };
}

/** The variables alone: what a step or predicate evaluated with its own focus takes from outside. */
const varsOf = (d: Deps): Deps => (d.focus ? { focus: false, vars: d.vars } : d);

const cache = new WeakMap<Expr, Deps>();

export function depsOf(e: Expr): Deps {
  let d = cache.get(e);
  if (!d) {
    d = compute(e);
    cache.set(e, d);
  }
  return d;
}

function compute(e: Expr): Deps {
  switch (e.k) {
    case 'num':
    case 'str':
    case 'root':
      return NONE;
    case 'ctx':
    case 'step':
      return FOCUS;
    case 'var':
      return { focus: false, vars: new Set([e.name]) };
    case 'seq':
      return union(...e.items.map(depsOf));
    case 'call':
      // The functions of no argument read the context item, except true() and false().
      if (e.args.length === 0) return e.name === 'true' || e.name === 'false' ? NONE : FOCUS;
      return union(...e.args.map(depsOf));
    case 'path':
      return union(depsOf(e.from), varsOf(depsOf(e.to)));
    case 'filter':
      return union(depsOf(e.base), varsOf(depsOf(e.predicate)));
    case 'bin':
      return union(depsOf(e.left), depsOf(e.right));
    case 'neg':
      return depsOf(e.operand);
    case 'for':
    case 'some':
    case 'every': {
      // Each binding sees the variables bound before it; the body sees them all, with the same focus.
      const bound = new Set<string>();
      const parts: Deps[] = [];
      const free = (d: Deps): Deps => ({
        focus: d.focus,
        vars: new Set([...d.vars].filter((v) => !bound.has(v))),
      });
      for (const [name, range] of e.bindings) {
        parts.push(free(depsOf(range)));
        bound.add(name);
      }
      parts.push(free(depsOf(e.body)));
      return union(...parts);
    }
  }
}

/** The same value wherever in a document it is evaluated. */
export const isInvariant = (e: Expr): boolean => {
  const d = depsOf(e);
  return !d.focus && d.vars.size === 0;
};

/** Whether the expression reads the document from its root (`/…`, `//…`): the costly kind to repeat. */
export function readsFromRoot(e: Expr): boolean {
  switch (e.k) {
    case 'root':
      return true;
    case 'seq':
      return e.items.some(readsFromRoot);
    case 'call':
      return e.args.some(readsFromRoot);
    case 'path':
      return readsFromRoot(e.from) || readsFromRoot(e.to);
    case 'filter':
      return readsFromRoot(e.base) || readsFromRoot(e.predicate);
    case 'bin':
      return readsFromRoot(e.left) || readsFromRoot(e.right);
    case 'neg':
      return readsFromRoot(e.operand);
    case 'for':
    case 'some':
    case 'every':
      return e.bindings.some(([, b]) => readsFromRoot(b)) || readsFromRoot(e.body);
    default:
      return false;
  }
}

/** `a and b and c` as its operands, in the order they are evaluated. */
export function conjuncts(e: Expr): Expr[] {
  return e.k === 'bin' && e.op === 'and' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/**
 * Whether evaluating the expression can never raise a dynamic error: `$a is $b`, `. is $x` and their
 * negations (what the artefacts write to leave the item itself out of a comparison with its siblings).
 */
export function cannotFail(e: Expr): boolean {
  switch (e.k) {
    case 'bin':
      if (e.op === 'is') return isVariableOrContext(e.left) && isVariableOrContext(e.right);
      return (e.op === 'and' || e.op === 'or') && cannotFail(e.left) && cannotFail(e.right);
    case 'call':
      if (e.name === 'true' || e.name === 'false') return e.args.length === 0;
      return e.name === 'not' && e.args.length === 1 && cannotFail(e.args[0]!);
    default:
      return false;
  }
}

const isVariableOrContext = (e: Expr): boolean => e.k === 'var' || e.k === 'ctx';

const BOOLEAN_FUNCTIONS: ReadonlySet<string> = new Set([
  'true',
  'false',
  'not',
  'exists',
  'empty',
  'boolean',
  'contains',
  'starts-with',
  'matches',
]);

/** Whether a predicate is a boolean or nodes whatever the document (never a position to test). */
export function isBooleanOrNodes(e: Expr): boolean {
  switch (e.k) {
    case 'bin':
      return !['+', '-', '*', 'div'].includes(e.op);
    case 'call':
      return BOOLEAN_FUNCTIONS.has(e.name);
    case 'step':
    case 'ctx':
      return true;
    case 'filter':
      return isBooleanOrNodes(e.base);
    case 'path':
      return isBooleanOrNodes(e.to);
    case 'some':
    case 'every':
      return true;
    default:
      return false;
  }
}
