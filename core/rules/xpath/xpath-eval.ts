/**
 * Compiles the XPath 2.0 of xpath-parse.ts once into closures that evaluate it over our XML tree, with the typing rules Saxon applies to
 * untyped documents: element and attribute values are untypedAtomic, compared as strings with strings
 * and as xs:double with numbers; integer and decimal literals and `xs:decimal()` values are exact
 * decimals (core/decimal), so sums and roundings come out as the official XSLT computes them.
 *
 * Where Saxon raises a dynamic error (a value that is not a number where one is needed, two items where
 * one is expected), evaluation stops with {@link XPathError}: the official artefact stops there too.
 */
import { Decimal } from '../../decimal/decimal';
import type { XmlElement } from '../../xml/tree';
import {
  codePointLength,
  compareUntypedWithNumber,
  decimalOfDouble,
  normalizeSpaceOf,
  parseDouble,
  roundDouble,
  substringAfter,
  substringBefore,
} from './cast';
import { depsOf, isBooleanOrNodes, readsFromRoot } from './xpath-deps';
import { joinOf, type Join } from './xpath-join';
import { documentMap, oncePerDocument, perNode, perObject, perVariables } from './xpath-memo';
import {
  compareStrings,
  holds,
  orderOf,
  parentOf,
  XPathError,
  type XNode,
  type XPathEnv,
} from './xpath-nodes';
import type { Axis, BinaryOp, Expr, NodeTest } from './xpath-parse';
import { booleanShape, childPathNodes, type BooleanFn, type Namespaces } from './xpath-shapes';
import {
  atomize,
  ebv,
  isNode,
  type Atomic,
  type Evaluator,
  type Focus,
  type Item,
  type Sequence,
} from './xpath-values';

const str = (v: string): Atomic => ({ t: 'str', v });
const dec = (v: Decimal): Atomic => ({ t: 'dec', v });
const dbl = (v: number): Atomic => ({ t: 'dbl', v });
const bool = (v: boolean): Atomic => ({ t: 'bool', v });
const TRUE: Sequence = [bool(true)];
const FALSE: Sequence = [bool(false)];

function single(seq: Sequence, what: string): Atomic | null {
  const a = atomize(seq);
  if (a.length > 1) throw new XPathError('XPTY0004', `${a.length} items for ${what}`);
  return a[0] ?? null;
}

const isNumeric = (a: Atomic): a is Extract<Atomic, { t: 'dec' | 'dbl' }> => a.t === 'dec' || a.t === 'dbl';

function toDouble(a: Atomic): number {
  switch (a.t) {
    case 'dbl':
      return a.v;
    case 'dec':
      return Number(a.v.toString());
    case 'bool':
      return a.v ? 1 : 0;
    default: {
      const d = parseDouble(a.v);
      if (d === null) throw new XPathError('FORG0001', a.v);
      return d;
    }
  }
}

function toDecimal(a: Atomic): Decimal {
  switch (a.t) {
    case 'dec':
      return a.v;
    case 'dbl':
      if (!Number.isFinite(a.v)) throw new XPathError('FOCA0002', String(a.v));
      return decimalOfDouble(a.v);
    case 'bool':
      return Decimal.of(a.v ? 1 : 0);
    default: {
      const d = /^[ \t\r\n]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)[ \t\r\n]*$/.test(a.v) ? Decimal.parse(a.v) : null;
      if (d === null) throw new XPathError('FORG0001', a.v);
      return d;
    }
  }
}

/**
 * A document's amounts and rates cast to xs:decimal, by text: a document repeats them (the rate of every
 * line, read again by each rule that sums by rate), each parsed once per document. The same value or
 * error as {@link toDecimal}.
 */
const decimalsOf = documentMap<string, Decimal>();

function decimalOfText(text: string, env: XPathEnv): Decimal {
  const known = decimalsOf(env);
  let d = known.get(text);
  if (d === undefined) {
    d = toDecimal({ t: 'untyped', v: text });
    known.set(text, d);
  }
  return d;
}

function toStr(a: Atomic): string {
  switch (a.t) {
    case 'str':
    case 'untyped':
      return a.v;
    case 'bool':
      return String(a.v);
    case 'dec':
      return a.v.normalized().toString();
    case 'dbl':
      return Number.isInteger(a.v) && Math.abs(a.v) < 1e6 ? String(a.v) : String(a.v);
  }
}

function compareNumbers(a: Atomic, b: Atomic): number {
  if (a.t === 'dec' && b.t === 'dec') return a.v.compare(b.v);
  const x = toDouble(a);
  const y = toDouble(b);
  return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
}

/** An untyped value against a number in a general comparison, ordered as Saxon orders them (cast.ts). */
function untypedAgainst(u: Atomic & { t: 'untyped' }, n: Atomic): number {
  return compareUntypedWithNumber(u.v, toDouble(u), toDouble(n), n.t === 'dec' && n.v.scale === 0);
}

/** One pair of a comparison, after the general (untyped → the other's type) or value (untyped → string) rules. */
function compareAtoms(op: string, a: Atomic, b: Atomic, general: boolean): boolean {
  let x = a;
  let y = b;
  if (general) {
    if (x.t === 'untyped' && isNumeric(y)) return holds(op, untypedAgainst(x, y));
    if (y.t === 'untyped' && isNumeric(x)) return holds(op, -untypedAgainst(y, x));
    if (x.t === 'untyped' && y.t === 'bool') x = bool(toBoolean(x));
    else if (y.t === 'untyped' && x.t === 'bool') y = bool(toBoolean(y));
  }
  if (x.t === 'untyped') x = str(x.v);
  if (y.t === 'untyped') y = str(y.v);
  if (isNumeric(x) && isNumeric(y)) return holds(op, compareNumbers(x, y));
  if (x.t === 'str' && y.t === 'str') return holds(op, compareStrings(x.v, y.v));
  if (x.t === 'bool' && y.t === 'bool') return holds(op, Number(x.v) - Number(y.v));
  throw new XPathError('XPTY0004', `${toStr(a)} ${op} ${toStr(b)}`);
}

function toBoolean(a: Atomic): boolean {
  const t = a.v.toString().trim();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  throw new XPathError('FORG0001', t);
}

function arithmetic(op: BinaryOp, left: Sequence, right: Sequence): Sequence {
  const a = single(left, op);
  const b = single(right, op);
  if (a === null || b === null) return [];
  const x = a.t === 'untyped' ? dbl(toDouble(a)) : a;
  const y = b.t === 'untyped' ? dbl(toDouble(b)) : b;
  if (!isNumeric(x) || !isNumeric(y)) throw new XPathError('XPTY0004', `${toStr(a)} ${op} ${toStr(b)}`);
  if (x.t === 'dec' && y.t === 'dec') {
    switch (op) {
      case '+':
        return [dec(x.v.plus(y.v))];
      case '-':
        return [dec(x.v.minus(y.v))];
      case '*':
        return [dec(x.v.times(y.v))];
      default: {
        // Saxon divides decimals to at least 18 fraction digits.
        const q = x.v.dividedBy(y.v, Math.max(18, x.v.scale, y.v.scale), 'half-even');
        if (q === null) throw new XPathError('FOAR0001', toStr(a));
        return [dec(q)];
      }
    }
  }
  const p = toDouble(x);
  const q = toDouble(y);
  switch (op) {
    case '+':
      return [dbl(p + q)];
    case '-':
      return [dbl(p - q)];
    case '*':
      return [dbl(p * q)];
    default:
      return [dbl(p / q)];
  }
}

function nameMatches(
  el: { readonly local: string; readonly ns: string | null },
  test: NodeTest,
  env: XPathEnv,
): boolean {
  if (test.kind !== 'name') return test.kind === 'node';
  if (test.local !== '*' && test.local !== el.local) return false;
  if (test.prefix === null) return test.local === '*' || el.ns === null;
  const ns = env.namespaces.get(test.prefix);
  if (ns === undefined) throw new XPathError('XPST0081', test.prefix);
  return el.ns === ns;
}

function axisStep(node: XNode, axis: Axis, test: NodeTest, env: XPathEnv): XNode[] {
  const out: XNode[] = [];
  switch (axis) {
    case 'child': {
      const el = node.kind === 'document' ? null : node.kind === 'element' ? node : undefined;
      if (el === undefined) return out;
      if (el === null) {
        if (nameMatches(env.document.root, test, env)) out.push(env.document.root);
        return out;
      }
      for (const c of el.children) {
        if (c.kind === 'element') {
          if (test.kind === 'name' ? nameMatches(c, test, env) : test.kind === 'node') out.push(c);
        } else if (test.kind === 'text' || test.kind === 'node') out.push(env.textNode(el, c));
      }
      return out;
    }
    case 'attribute':
      if (node.kind !== 'element') return out;
      for (const a of node.attributes) {
        if (a.name === 'xmlns' || a.prefix === 'xmlns') continue;
        if (test.kind === 'node' || (test.kind === 'name' && nameMatches(a, test, env)))
          out.push(env.attrNode(node, a));
      }
      return out;
    case 'parent': {
      const parent = parentOf(node, env);
      if (parent && matchesNode(parent, test, env)) out.push(parent);
      return out;
    }
    case 'self':
      if (matchesNode(node, test, env)) out.push(node);
      return out;
    case 'ancestor':
      for (let p = parentOf(node, env); p; p = parentOf(p, env)) if (matchesNode(p, test, env)) out.push(p);
      return out;
  }
}

function matchesNode(node: XNode, test: NodeTest, env: XPathEnv): boolean {
  if (test.kind === 'node') return true;
  if (test.kind === 'text') return node.kind === 'textnode';
  return (
    (node.kind === 'element' || node.kind === 'attribute') &&
    nameMatches(node.kind === 'element' ? node : node.attr, test, env)
  );
}

/** The elements below `from` (or the whole document) that a child step `test` selects: `from//test`. */
function descendants(from: XNode, test: NodeTest, env: XPathEnv): XNode[] {
  if (test.kind === 'name' && test.local !== '*') {
    const all = env.byLocalName.get(test.local) ?? [];
    const candidates =
      from.kind === 'document'
        ? all
        : from.kind === 'element'
          ? all.filter((e) => e.start > from.start && e.end <= from.end)
          : [];
    return candidates.filter((e) => nameMatches(e, test, env));
  }
  const out: XNode[] = [];
  const walk = (el: XmlElement): void => {
    out.push(...axisStep(el, 'child', test, env));
    for (const c of el.children) if (c.kind === 'element') walk(c);
  };
  if (from.kind === 'document') {
    out.push(...axisStep(from, 'child', test, env));
    walk(from.root);
  } else if (from.kind === 'element') walk(from);
  return out;
}

/** Nodes in document order without duplicates; a path's steps mostly yield them so already. */
function sortNodes(nodes: XNode[]): XNode[] {
  let sorted = true;
  for (let i = 1; i < nodes.length && sorted; i++) sorted = orderOf(nodes[i - 1]!) < orderOf(nodes[i]!);
  if (sorted) return nodes;
  const unique = [...new Set(nodes)];
  return unique.sort((a, b) => orderOf(a) - orderOf(b));
}

const FUNCTIONS: Readonly<Record<string, (args: Sequence[], focus: Focus, env: XPathEnv) => Sequence>> = {
  true: () => TRUE,
  false: () => FALSE,
  not: ([a]) => (ebv(a!) ? FALSE : TRUE),
  exists: ([a]) => (a!.length > 0 ? TRUE : FALSE),
  empty: ([a]) => (a!.length === 0 ? TRUE : FALSE),
  count: ([a]) => [dec(Decimal.of(a!.length))],
  boolean: ([a]) => (ebv(a!) ? TRUE : FALSE),
  sum: ([a]) => {
    const values = atomize(a!).map((v) => (v.t === 'untyped' ? dbl(toDouble(v)) : v));
    if (values.some((v) => !isNumeric(v))) throw new XPathError('FORG0006', null);
    if (values.every((v) => v.t === 'dec'))
      return [dec(Decimal.sum(values.map((v) => (v as { v: Decimal }).v)))];
    return [dbl(values.reduce((s, v) => s + toDouble(v), 0))];
  },
  round: ([a]) => {
    const v = single(a!, 'round');
    if (v === null) return [];
    if (v.t === 'dec') return [dec(v.v.round(0, 'half-up'))];
    // fn:round keeps the sign of a zero result (round(-0.4) is -0), which Saxon's comparisons see.
    return [dbl(roundDouble(toDouble(v)))];
  },
  abs: ([a]) => {
    const v = single(a!, 'abs');
    if (v === null) return [];
    return v.t === 'dec' ? [dec(v.v.abs())] : [dbl(Math.abs(toDouble(v)))];
  },
  number: ([a], focus) => {
    const v = a ? single(a, 'number') : single([focus.item], 'number');
    if (v === null) return [dbl(NaN)];
    try {
      return [dbl(toDouble(v))];
    } catch {
      return [dbl(NaN)];
    }
  },
  'xs:decimal': ([a], _focus, env) => {
    const v = single(a!, 'xs:decimal');
    if (v === null) return [];
    return [dec(v.t === 'untyped' ? decimalOfText(v.v, env) : toDecimal(v))];
  },
  'xs:boolean': ([a]) => {
    const v = single(a!, 'xs:boolean');
    if (v === null) return [];
    if (v.t === 'bool') return [v];
    if (isNumeric(v)) return [bool(toDouble(v) !== 0)];
    return [bool(toBoolean(v))];
  },
  'xs:double': ([a]) => {
    const v = single(a!, 'xs:double');
    return v === null ? [] : [dbl(toDouble(v))];
  },
  string: ([a], focus) => {
    const v = single(a ?? [focus.item], 'string');
    return [str(v === null ? '' : toStr(v))];
  },
  'normalize-space': ([a], focus) => [str(normalizeSpaceOf(stringArg(a ?? [focus.item])))],
  'upper-case': ([a]) => [str(stringArg(a!).toUpperCase())],
  'lower-case': ([a]) => [str(stringArg(a!).toLowerCase())],
  'string-length': ([a], focus) => [dec(Decimal.of(codePointLength(stringArg(a ?? [focus.item]))))],
  'substring-after': ([a, b]) => [str(substringAfter(stringArg(a!), stringArg(b!)))],
  'substring-before': ([a, b]) => [str(substringBefore(stringArg(a!), stringArg(b!)))],
  substring: ([a, b, c]) => {
    const chars = [...stringArg(a!)];
    const start = roundHalfUp(toDouble(single(b!, 'substring')!));
    const end = c ? start + roundHalfUp(toDouble(single(c, 'substring')!)) : Infinity;
    return [str(chars.filter((_, i) => i + 1 >= start && i + 1 < end).join(''))];
  },
  contains: ([a, b]) => (stringArg(a!).includes(stringArg(b!)) ? TRUE : FALSE),
  'starts-with': ([a, b]) => (stringArg(a!).startsWith(stringArg(b!)) ? TRUE : FALSE),
  concat: (args) => [str(args.map(stringArg).join(''))],
  translate: ([a, b, c]) => {
    const from = [...stringArg(b!)];
    const to = [...stringArg(c!)];
    return [
      str(
        [...stringArg(a!)]
          .map((ch) => {
            const i = from.indexOf(ch);
            return i < 0 ? ch : (to[i] ?? '');
          })
          .join(''),
      ),
    ];
  },
  tokenize: ([a, b]) => {
    const s = stringArg(a!);
    if (s === '') return [];
    return s.split(xpathRegex(stringArg(b!))).map(str);
  },
  matches: ([a, b]) => (xpathRegex(stringArg(b!)).test(stringArg(a!)) ? TRUE : FALSE),
  'string-join': ([a, b]) => [str(atomize(a!).map(toStr).join(stringArg(b!)))],
  name: ([a], focus) => [str(nameOf(a ?? [focus.item], (n) => n.name))],
  'local-name': ([a], focus) => [str(nameOf(a ?? [focus.item], (n) => n.local))],
  'namespace-uri': ([a], focus) => [str(nameOf(a ?? [focus.item], (n) => n.ns ?? ''))],
};

const roundHalfUp = (x: number): number => Math.floor(x + 0.5);

const regexes = new Map<string, RegExp>();

/** The artefacts' patterns are few and constant: each is compiled once. */
function xpathRegex(pattern: string): RegExp {
  let re = regexes.get(pattern);
  if (!re) {
    re = new RegExp(pattern, 'u');
    if (regexes.size < 1024) regexes.set(pattern, re);
  }
  return re;
}

function stringArg(seq: Sequence): string {
  const v = single(seq, 'a string argument');
  return v === null ? '' : toStr(v);
}

function nameOf(
  seq: Sequence,
  pick: (n: { name: string; local: string; ns: string | null }) => string,
): string {
  if (seq.length > 1) throw new XPathError('XPTY0004', null);
  const n = seq[0];
  if (n === undefined) return '';
  if (!isNode(n)) throw new XPathError('XPTY0004', null);
  if (n.kind === 'element') return pick(n);
  if (n.kind === 'attribute') return pick(n.attr);
  return '';
}

/** Checks that every function an expression calls is one we evaluate (at compile time). */
export function unknownFunctions(e: Expr): string[] {
  const out: string[] = [];
  const visit = (x: Expr): void => {
    switch (x.k) {
      case 'call':
        if (!(x.name in FUNCTIONS)) out.push(x.name);
        x.args.forEach(visit);
        break;
      case 'seq':
        x.items.forEach(visit);
        break;
      case 'path':
        visit(x.from);
        visit(x.to);
        break;
      case 'filter':
        visit(x.base);
        visit(x.predicate);
        break;
      case 'bin':
        visit(x.left);
        visit(x.right);
        break;
      case 'neg':
        visit(x.operand);
        break;
      case 'for':
      case 'some':
      case 'every':
        x.bindings.forEach(([, b]) => visit(b));
        visit(x.body);
        break;
    }
  };
  visit(e);
  return out;
}

/** Operators and functions whose value is a boolean: a compiled shape may stand for them. */
const BOOLEAN_OPS: ReadonlySet<string> = new Set(['or', 'and', '=', '!=', '<', '<=', '>', '>=']);
const BOOLEAN_CALLS: ReadonlySet<string> = new Set(['not', 'exists', 'empty', 'true', 'false']);

/**
 * Evaluators that give the same sequence object each time they give the same value (a memoised value):
 * a join (xpath-join.ts) indexes such a sequence once and finds its index again by the object.
 */
const STABLE = new WeakSet<Evaluator>();

function stable(evaluate: Evaluator): Evaluator {
  STABLE.add(evaluate);
  return evaluate;
}

/**
 * What compiling needs: the prefixes; the variables of the memoised value being compiled (none for a
 * value kept once per document, null outside any); whether the expression is evaluated many times for
 * each value of that memo (a predicate, a step, a quantifier's body).
 */
interface Compiling {
  readonly ns: Namespaces;
  readonly memo: ReadonlySet<string> | null;
  readonly repeated: boolean;
}

const TRIVIAL: ReadonlySet<Expr['k']> = new Set(['num', 'str', 'root', 'var', 'ctx']);

const sameVars = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean =>
  a.size === b.size && [...a].every((v) => b.has(v));

/**
 * The memoised values compiled so far, by expression and prefixes: the artefacts write the same value in
 * several rules (the counts of lines per rate of BR-FXEXT-S08b and BR-FXEXT-S-09b), computed once per
 * document for all of them.
 */
const MEMOISED = new Map<string, Evaluator>();

/**
 * Compiles an expression once into closures. A value that does not depend on the focus is kept in the
 * document's memo (xpath-memo.ts): once per document when it depends on nothing, once per value of its
 * variables when it reads the document from its root (`sum(/…[… = $rate])`), unless the memoised value
 * it is part of is already kept for the same variables and computes it once.
 */
function compile(e: Expr, c: Compiling): Evaluator {
  const d = depsOf(e);
  if (d.focus || TRIVIAL.has(e.k)) return compileFocused(e, c);
  const kept = c.memo !== null && !c.repeated && sameVars(c.memo, d.vars);
  if (kept || (d.vars.size > 0 && !readsFromRoot(e))) return compileFocused(e, c);
  const key = JSON.stringify([e, [...c.ns]]);
  let memoised = MEMOISED.get(key);
  if (!memoised) {
    const inner = compileFocused(e, { ns: c.ns, memo: d.vars, repeated: false });
    memoised = stable(d.vars.size === 0 ? oncePerDocument(inner) : perVariables(inner, [...d.vars]));
    MEMOISED.set(key, memoised);
  }
  return memoised;
}

/** The same, for what is evaluated many times per evaluation of the enclosing expression. */
const repeatedly = (c: Compiling): Compiling => (c.repeated ? c : { ...c, repeated: true });

function compileFocused(e: Expr, c: Compiling): Evaluator {
  const general = compileGeneral(e, c);
  const booleanValued =
    (e.k === 'bin' && BOOLEAN_OPS.has(e.op)) || (e.k === 'call' && BOOLEAN_CALLS.has(e.name));
  const shape = booleanValued ? booleanShape(e, c.ns) : null;
  if (!shape) return general;
  return (focus, env) => (isNode(focus.item) ? (shape(focus.item, env) ? TRUE : FALSE) : general(focus, env));
}

function compileGeneral(e: Expr, c: Compiling): Evaluator {
  switch (e.k) {
    case 'num': {
      const value: Sequence = [e.double ? dbl(Number(e.text)) : dec(Decimal.parse(e.text)!)];
      return () => value;
    }
    case 'str': {
      const value: Sequence = [str(e.value)];
      return () => value;
    }
    case 'var': {
      const name = e.name;
      return (focus) => {
        const v = focus.vars.get(name);
        if (v === undefined) throw new XPathError('XPST0008', name);
        return v;
      };
    }
    case 'ctx':
      return (focus) => [focus.item];
    case 'root':
      return (_focus, env) => [env.document];
    case 'seq': {
      const items = e.items.map((i) => compile(i, c));
      return (focus, env) => items.flatMap((i) => i(focus, env));
    }
    case 'call': {
      const fn = FUNCTIONS[e.name];
      const name = e.name;
      if (!fn)
        return () => {
          throw new XPathError('XPST0017', name);
        };
      const args = e.args.map((a) => compile(a, c));
      return (focus, env) =>
        fn(
          args.map((a) => a(focus, env)),
          focus,
          env,
        );
    }
    case 'step': {
      const { axis, test } = e;
      return (focus, env) => {
        if (!isNode(focus.item)) throw new XPathError('XPTY0020', null);
        return axisStep(focus.item, axis, test, env);
      };
    }
    case 'path':
      return compilePath(e, c);
    case 'filter': {
      const base = compile(e.base, c);
      const predicate = compile(e.predicate, repeatedly(c));
      const join = STABLE.has(base)
        ? joinOf(e.predicate, ITEM_IS_FOCUS, (x) => compile(x, repeatedly(c)), c.ns)
        : null;
      return (focus, env) => filterJoined(base(focus, env), predicate, join, focus, env);
    }
    case 'neg': {
      const operand = compile(e.operand, c);
      return (focus, env) => {
        const v = single(operand(focus, env), '-');
        if (v === null) return [];
        const n = v.t === 'untyped' ? dbl(toDouble(v)) : v;
        if (n.t === 'dec') return [dec(n.v.negated())];
        return [dbl(-toDouble(n))];
      };
    }
    case 'bin':
      return compileBinary(e.op, compile(e.left, c), compile(e.right, c));
    case 'for': {
      const bindings = compileBindings(e.bindings, c);
      const body = compile(e.body, repeatedly(c));
      return (focus, env) => {
        const out: Item[] = [];
        bind(bindings, 0, focus, env, (f) => {
          out.push(...body(f, env));
          return false;
        });
        return out;
      };
    }
    case 'some': {
      const bindings = compileBindings(e.bindings, c);
      const body = compile(e.body, repeatedly(c));
      const [only, ...more] = bindings;
      const join =
        only && more.length === 0 && STABLE.has(only[1])
          ? joinOf(e.body, { kind: 'variable', name: only[0] }, (x) => compile(x, repeatedly(c)), c.ns)
          : null;
      if (join) return someJoined(only!, body, join);
      return (focus, env) => (bind(bindings, 0, focus, env, (f) => ebv(body(f, env))) ? TRUE : FALSE);
    }
    case 'every': {
      const bindings = compileBindings(e.bindings, c);
      const body = compile(e.body, repeatedly(c));
      return (focus, env) => (bind(bindings, 0, focus, env, (f) => !ebv(body(f, env))) ? FALSE : TRUE);
    }
  }
}

/** The item of a filter's predicate is its focus. */
const ITEM_IS_FOCUS = { kind: 'focus' } as const;

/** `base[predicate]`, evaluated on the candidates a join leaves (all of them without one). */
function filterJoined(
  base: Sequence,
  predicate: Evaluator,
  join: Join | null,
  focus: Focus,
  env: XPathEnv,
): Sequence {
  const candidates = join?.candidates(base, focus, env);
  if (!candidates) return filter(base, predicate, focus, env);
  const out: Item[] = [];
  for (const i of candidates.indices) {
    const item = base[i]!;
    if (candidates.known(i)) {
      out.push(item);
      continue;
    }
    // The join's predicates are boolean: never a position to test.
    if (ebv(predicate({ item, position: i + 1, size: base.length, vars: focus.vars }, env))) out.push(item);
  }
  return out;
}

/** `some $x in S satisfies body`, the body evaluated on the candidates the join leaves. */
function someJoined(binding: Bindings[number], body: Evaluator, join: Join): Evaluator {
  const [name, range] = binding;
  return (focus, env) => {
    const items = range(focus, env);
    const candidates = join.candidates(items, focus, env);
    for (const i of candidates?.indices ?? items.keys()) {
      if (candidates?.known(i)) return TRUE;
      const vars = new Map(focus.vars);
      vars.set(name, [items[i]!]);
      if (ebv(body({ ...focus, vars }, env))) return TRUE;
    }
    return FALSE;
  };
}

type Bindings = readonly (readonly [string, Evaluator])[];

/** A binding's range is evaluated once per combination of the bindings before it. */
const compileBindings = (bindings: readonly (readonly [string, Expr])[], c: Compiling): Bindings =>
  bindings.map(([name, e], i) => [name, compile(e, i === 0 ? c : repeatedly(c))] as const);

/** Runs `each` for every combination of the bindings from `i` on; stops and returns true when `each` does. */
function bind(
  bindings: Bindings,
  i: number,
  focus: Focus,
  env: XPathEnv,
  each: (f: Focus) => boolean,
): boolean {
  const binding = bindings[i];
  if (!binding) return each(focus);
  for (const item of binding[1](focus, env)) {
    const vars = new Map(focus.vars);
    vars.set(binding[0], [item]);
    if (bind(bindings, i + 1, { ...focus, vars }, env, each)) return true;
  }
  return false;
}

const NO_VARS: ReadonlyMap<string, Sequence> = new Map();

/** `..`, `../..`, `ancestor::x`: a path that only goes up from the context, to nodes many items share. */
function isUpward(e: Expr): boolean {
  if (e.k === 'step') return e.axis === 'parent' || e.axis === 'ancestor';
  return e.k === 'path' && !e.deep && isUpward(e.from) && isUpward(e.to);
}

function compilePath(e: Extract<Expr, { k: 'path' }>, c: Compiling): Evaluator {
  const walked = childPathNodes(e, c.ns);
  if (walked) {
    // Not from a node: the general closures raise the error the steps raise.
    const general = generalPath(e, c);
    return (focus, env) => (isNode(focus.item) ? walked(focus.item, env) : general(focus, env));
  }
  return generalPath(e, c);
}

function generalPath(e: Extract<Expr, { k: 'path' }>, c: Compiling): Evaluator {
  const from = compile(e.from, c);
  const to = compile(e.to, repeatedly(c));
  const deep = e.deep;
  const step = filteredChildStep(e.to);
  const predicates = step?.predicates.map((p) => compile(p, repeatedly(c))) ?? [];
  const filtered = deep && step ? { test: step.test, predicates } : null;
  const stepFrom = (items: Sequence, focus: Focus, env: XPathEnv): Sequence => {
    const out: Item[] = [];
    let nodesOnly = true;
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (!isNode(item)) throw new XPathError('XPTY0019', null);
      if (filtered) {
        out.push(...deepFiltered(item, filtered, focus, env));
        continue;
      }
      const contexts: readonly XNode[] = deep ? [item, ...descendants(item, { kind: 'node' }, env)] : [item];
      for (const c of contexts) {
        const result = to({ item: c, position: i + 1, size: items.length, vars: focus.vars }, env);
        for (const r of result) {
          if (!isNode(r)) nodesOnly = false;
          out.push(r);
        }
      }
    }
    if (!nodesOnly) {
      if (out.some(isNode)) throw new XPathError('XPTY0018', null);
      return out;
    }
    return items.length > 1 || deep ? sortNodes(out as XNode[]) : out;
  };
  const general: Evaluator = (focus, env) => stepFrom(from(focus, env), focus, env);
  // `../ram:X` from each of a node's children: the same nodes for all of them, found once per node.
  if (!deep && isUpward(e.from) && depsOf(e.to).vars.size === 0) {
    const ofNode = perNode((node: XNode, env: XPathEnv) =>
      stepFrom([node], { item: node, position: 1, size: 1, vars: NO_VARS }, env),
    );
    return stable((focus, env) => {
      const items = from(focus, env);
      const only = items[0];
      return items.length === 1 && isNode(only!) ? ofNode(only!, env) : stepFrom(items, focus, env);
    });
  }
  // `S//ram:X[… = $v]`, or `S/ram:X[… = $v]` from a memoised S: the predicate joined over all the X at once.
  const [predicate] = step?.predicates ?? [];
  if (!step || step.predicates.length !== 1 || !isBooleanOrNodes(predicate!) || !(deep || STABLE.has(from)))
    return general;
  const join = joinOf(predicate!, ITEM_IS_FOCUS, (x) => compile(x, repeatedly(c)), c.ns);
  if (!join) return general;
  const { test } = step;
  const [compiled] = predicates;
  if (deep) {
    const below = perNode((node: XNode, env: XPathEnv) => byParent(descendants(node, test, env), env).flat());
    return (focus, env) => {
      const items = from(focus, env);
      const out: XNode[] = [];
      for (const item of items) {
        if (!isNode(item)) throw new XPathError('XPTY0019', null);
        out.push(...(filterJoined(below(item, env), compiled!, join, focus, env) as XNode[]));
      }
      return sortNodes(out);
    };
  }
  const children = childrenOf(test, c.ns);
  return (focus, env) => {
    const items = from(focus, env);
    const all = children(items, env);
    if (!all) return stepFrom(items, focus, env);
    const out = filterJoined(all, compiled!, join, focus, env);
    return items.length > 1 ? sortNodes(out as XNode[]) : out;
  };
}

/**
 * The children a step selects from each sequence, by node test and prefixes: the artefacts join the same
 * children (the lines' ram:SpecifiedLineTradeSettlement) in many rules, rates and categories, and each
 * found them again; shared, they are found once per document and sequence, and indexed by each join.
 */
const CHILDREN = new Map<string, (items: Sequence, env: XPathEnv) => XNode[] | null>();

function childrenOf(test: NodeTest, ns: Namespaces): (items: Sequence, env: XPathEnv) => XNode[] | null {
  const key = JSON.stringify([test, [...ns]]);
  let children = CHILDREN.get(key);
  if (!children) {
    children = perObject((items: Sequence, env: XPathEnv): XNode[] | null => {
      if (!items.every(isNode)) return null;
      return items.flatMap((item) => axisStep(item as XNode, 'child', test, env));
    });
    CHILDREN.set(key, children);
  }
  return children;
}

/** `step[p1][p2]…` with a child step at its base: the test and the predicates, in order. */
function filteredChildStep(to: Expr): { test: NodeTest; predicates: Expr[] } | null {
  const predicates: Expr[] = [];
  let at = to;
  while (at.k === 'filter') {
    predicates.unshift(at.predicate);
    at = at.base;
  }
  return at.k === 'step' && at.axis === 'child' ? { test: at.test, predicates } : null;
}

/** Nodes grouped by parent, the groups in the order of their first node. */
function byParent(nodes: readonly XNode[], env: XPathEnv): XNode[][] {
  const groups = new Map<XNode | null, XNode[]>();
  for (const n of nodes) {
    const parent = parentOf(n, env);
    const group = groups.get(parent);
    if (group) group.push(n);
    else groups.set(parent, [n]);
  }
  return [...groups.values()];
}

/**
 * `from//step[p]…`: the descendants the step selects, grouped by parent, each group filtered as the
 * child step of that parent (positions count within the parent), found through the local-name index.
 */
function deepFiltered(
  from: XNode,
  { test, predicates }: { test: NodeTest; predicates: readonly Evaluator[] },
  focus: Focus,
  env: XPathEnv,
): XNode[] {
  const found = descendants(from, test, env);
  if (predicates.length === 0) return found;
  const out: XNode[] = [];
  for (const group of byParent(found, env)) {
    let selected: Sequence = group;
    for (const p of predicates) selected = filter(selected, p, focus, env);
    out.push(...(selected as XNode[]));
  }
  return out;
}

function filter(base: Sequence, predicate: Evaluator, focus: Focus, env: XPathEnv): Sequence {
  return base.filter((item, i) => {
    const r = predicate({ item, position: i + 1, size: base.length, vars: focus.vars }, env);
    const first = r[0];
    if (r.length === 1 && first && !isNode(first) && isNumeric(first)) return toDouble(first) === i + 1;
    return ebv(r);
  });
}

function compileBinary(op: BinaryOp, left: Evaluator, right: Evaluator): Evaluator {
  switch (op) {
    case 'or':
      return (f, env) => (ebv(left(f, env)) || ebv(right(f, env)) ? TRUE : FALSE);
    case 'and':
      return (f, env) => (ebv(left(f, env)) && ebv(right(f, env)) ? TRUE : FALSE);
    case '|':
      return (f, env) => {
        const all = [...left(f, env), ...right(f, env)];
        if (!all.every(isNode)) throw new XPathError('XPTY0004', null);
        return sortNodes(all as XNode[]);
      };
    case 'is':
      return (f, env) => {
        const a = left(f, env);
        const b = right(f, env);
        if (a.length === 0 || b.length === 0) return [];
        return a[0] === b[0] ? TRUE : FALSE;
      };
    case '=':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return (f, env) => {
        const a = atomize(left(f, env));
        const b = atomize(right(f, env));
        for (const x of a) for (const y of b) if (compareAtoms(op, x, y, true)) return TRUE;
        return FALSE;
      };
    case 'eq':
    case 'ne':
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge':
      return (f, env) => {
        const a = single(left(f, env), op);
        const b = single(right(f, env), op);
        if (a === null || b === null) return [];
        return compareAtoms(op, a, b, false) ? TRUE : FALSE;
      };
    default:
      return (f, env) => arithmetic(op, left(f, env), right(f, env));
  }
}

/**
 * An expression's effective boolean value with a node as the context item, compiled once: the common
 * shapes as xpath-shapes.ts compiles them, any other expression by the general closures.
 */
export function compileBoolean(expr: Expr, ns: Namespaces): BooleanFn {
  const shape = booleanShape(expr, ns);
  if (shape) return shape;
  const evaluate = compile(expr, { ns, memo: null, repeated: false });
  return (item, env) => ebv(evaluate({ item, position: 1, size: 1, vars: NO_VARS }, env));
}
