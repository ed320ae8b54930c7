/**
 * Evaluates the XPath 2.0 of xpath-parse.ts over our XML tree, with the typing rules Saxon applies to
 * untyped documents: element and attribute values are untypedAtomic, compared as strings with strings
 * and as xs:double with numbers; integer and decimal literals and `xs:decimal()` values are exact
 * decimals (core/decimal), so sums and roundings come out as the official XSLT computes them.
 *
 * Where Saxon raises a dynamic error (a value that is not a number where one is needed, two items where
 * one is expected), evaluation stops with {@link XPathError}: the official artefact stops there too.
 */
import { Decimal } from '../../decimal/decimal';
import type { XmlAttribute, XmlElement, XmlText } from '../../xml/tree';
import { decimalOfDouble, parseDouble } from './cast';
import type { Axis, BinaryOp, Expr, NodeTest } from './xpath-parse';

export interface DocNode {
  readonly kind: 'document';
  readonly root: XmlElement;
}
export interface AttrNode {
  readonly kind: 'attribute';
  readonly owner: XmlElement;
  readonly attr: XmlAttribute;
}
export interface TextNode {
  readonly kind: 'textnode';
  readonly parent: XmlElement;
  readonly text: XmlText;
}
export type XNode = XmlElement | DocNode | AttrNode | TextNode;

export type Atomic =
  | { readonly t: 'str'; readonly v: string }
  | { readonly t: 'untyped'; readonly v: string }
  | { readonly t: 'dec'; readonly v: Decimal }
  | { readonly t: 'dbl'; readonly v: number }
  | { readonly t: 'bool'; readonly v: boolean };

export type Item = XNode | Atomic;
export type Sequence = readonly Item[];

/** A dynamic error of the official XSLT: it would stop the whole validation here. */
export class XPathError extends Error {
  constructor(
    readonly code: string,
    /** The value that could not be used, when there is one. */
    readonly value: string | null,
  ) {
    super(`${code}${value === null ? '' : ` "${value}"`}`);
  }
}

/** What an evaluation needs beside the expression: namespaces and the document's lookups. */
export interface XPathEnv {
  readonly namespaces: ReadonlyMap<string, string>;
  readonly document: DocNode;
  /** Every element by local name, in document order. */
  readonly byLocalName: ReadonlyMap<string, readonly XmlElement[]>;
  readonly attrNode: (owner: XmlElement, attr: XmlAttribute) => AttrNode;
  readonly textNode: (parent: XmlElement, text: XmlText) => TextNode;
}

interface Focus {
  readonly item: Item;
  readonly position: number;
  readonly size: number;
  readonly vars: ReadonlyMap<string, Sequence>;
}

const isNode = (i: Item): i is XNode =>
  'kind' in i &&
  (i.kind === 'element' || i.kind === 'document' || i.kind === 'attribute' || i.kind === 'textnode');

function stringValueOfElement(el: XmlElement): string {
  let out = '';
  for (const c of el.children) out += c.kind === 'text' ? c.value : stringValueOfElement(c);
  return out;
}

export function stringValue(n: XNode): string {
  switch (n.kind) {
    case 'element':
      return stringValueOfElement(n);
    case 'document':
      return stringValueOfElement(n.root);
    case 'attribute':
      return n.attr.value;
    case 'textnode':
      return n.text.value;
  }
}

/** Document order: source offsets are unique and increase in document order (attributes after their element). */
function orderOf(n: XNode): number {
  switch (n.kind) {
    case 'element':
      return n.start;
    case 'document':
      return -1;
    case 'attribute':
      return n.attr.start;
    case 'textnode':
      return n.text.start;
  }
}

const str = (v: string): Atomic => ({ t: 'str', v });
const dec = (v: Decimal): Atomic => ({ t: 'dec', v });
const dbl = (v: number): Atomic => ({ t: 'dbl', v });
const bool = (v: boolean): Atomic => ({ t: 'bool', v });
const TRUE: Sequence = [bool(true)];
const FALSE: Sequence = [bool(false)];

function atomize(seq: Sequence): Atomic[] {
  return seq.map((i) => (isNode(i) ? { t: 'untyped', v: stringValue(i) } : i));
}

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

/** Effective boolean value. */
export function ebv(seq: Sequence): boolean {
  if (seq.length === 0) return false;
  const first = seq[0]!;
  if (isNode(first)) return true;
  if (seq.length > 1) throw new XPathError('FORG0006', null);
  switch (first.t) {
    case 'bool':
      return first.v;
    case 'str':
    case 'untyped':
      return first.v.length > 0;
    case 'dec':
      return !first.v.isZero();
    case 'dbl':
      return first.v !== 0 && !Number.isNaN(first.v);
  }
}

function compareNumbers(a: Atomic, b: Atomic): number {
  if (a.t === 'dec' && b.t === 'dec') return a.v.compare(b.v);
  const x = toDouble(a);
  const y = toDouble(b);
  return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
}

export function holds(op: string, c: number): boolean {
  switch (op) {
    case '=':
    case 'eq':
      return c === 0;
    case '!=':
    case 'ne':
      return c !== 0 && !Number.isNaN(c);
    case '<':
    case 'lt':
      return c < 0;
    case '<=':
    case 'le':
      return c <= 0;
    case '>':
    case 'gt':
      return c > 0;
    default:
      return c >= 0;
  }
}

export const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** One pair of a comparison, after the general (untyped → the other's type) or value (untyped → string) rules. */
function compareAtoms(op: string, a: Atomic, b: Atomic, general: boolean): boolean {
  let x = a;
  let y = b;
  if (general) {
    if (x.t === 'untyped' && isNumeric(y)) x = dbl(toDouble(x));
    else if (y.t === 'untyped' && isNumeric(x)) y = dbl(toDouble(y));
    else if (x.t === 'untyped' && y.t === 'bool') x = bool(toBoolean(x));
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

export function parentOf(node: XNode, env: XPathEnv): XNode | null {
  switch (node.kind) {
    case 'document':
      return null;
    case 'element':
      return node.parent ?? env.document;
    case 'attribute':
      return node.owner;
    case 'textnode':
      return node.parent;
  }
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

function sortNodes(nodes: XNode[]): XNode[] {
  const unique = [...new Set(nodes)];
  return unique.sort((a, b) => orderOf(a) - orderOf(b));
}

const FUNCTIONS: Readonly<Record<string, (args: Sequence[], focus: Focus) => Sequence>> = {
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
    const d = toDouble(v);
    return [dbl(Number.isFinite(d) ? Math.floor(d + 0.5) : d)];
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
  'xs:decimal': ([a]) => {
    const v = single(a!, 'xs:decimal');
    return v === null ? [] : [dec(toDecimal(v))];
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
  'normalize-space': ([a], focus) => [
    str(
      stringArg(a ?? [focus.item])
        .replace(/[ \t\r\n]+/g, ' ')
        .trim(),
    ),
  ],
  'upper-case': ([a]) => [str(stringArg(a!).toUpperCase())],
  'lower-case': ([a]) => [str(stringArg(a!).toLowerCase())],
  'string-length': ([a], focus) => [dec(Decimal.of([...stringArg(a ?? [focus.item])].length))],
  'substring-after': ([a, b]) => {
    const s = stringArg(a!);
    const t = stringArg(b!);
    const i = s.indexOf(t);
    return [str(i < 0 ? '' : s.slice(i + t.length))];
  },
  'substring-before': ([a, b]) => {
    const s = stringArg(a!);
    const i = s.indexOf(stringArg(b!));
    return [str(i < 0 ? '' : s.slice(0, i))];
  },
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

function xpathRegex(pattern: string): RegExp {
  return new RegExp(pattern, 'u');
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

function evaluate(e: Expr, focus: Focus, env: XPathEnv): Sequence {
  switch (e.k) {
    case 'num':
      return [e.double ? dbl(Number(e.text)) : dec(Decimal.parse(e.text)!)];
    case 'str':
      return [str(e.value)];
    case 'var': {
      const v = focus.vars.get(e.name);
      if (v === undefined) throw new XPathError('XPST0008', e.name);
      return v;
    }
    case 'ctx':
      return [focus.item];
    case 'root':
      return [env.document];
    case 'seq':
      return e.items.flatMap((i) => evaluate(i, focus, env));
    case 'call': {
      const fn = FUNCTIONS[e.name];
      if (!fn) throw new XPathError('XPST0017', e.name);
      return fn(
        e.args.map((a) => evaluate(a, focus, env)),
        focus,
      );
    }
    case 'step': {
      if (!isNode(focus.item)) throw new XPathError('XPTY0020', null);
      return axisStep(focus.item, e.axis, e.test, env);
    }
    case 'path':
      return evaluatePath(e, focus, env);
    case 'filter':
      return filter(evaluate(e.base, focus, env), e.predicate, focus, env);
    case 'neg': {
      const v = single(evaluate(e.operand, focus, env), '-');
      if (v === null) return [];
      const n = v.t === 'untyped' ? dbl(toDouble(v)) : v;
      if (n.t === 'dec') return [dec(n.v.negated())];
      return [dbl(-toDouble(n))];
    }
    case 'bin':
      return binary(e.op, e.left, e.right, focus, env);
    case 'for': {
      const out: Item[] = [];
      bind(e.bindings, focus, env, (f) => {
        out.push(...evaluate(e.body, f, env));
        return false;
      });
      return out;
    }
    case 'some':
      return bind(e.bindings, focus, env, (f) => ebv(evaluate(e.body, f, env))) ? TRUE : FALSE;
    case 'every':
      return bind(e.bindings, focus, env, (f) => !ebv(evaluate(e.body, f, env))) ? FALSE : TRUE;
  }
}

/** Runs `each` for every combination of the bindings; stops and returns true when `each` does. */
function bind(
  bindings: readonly (readonly [string, Expr])[],
  focus: Focus,
  env: XPathEnv,
  each: (f: Focus) => boolean,
): boolean {
  const [first, ...rest] = bindings;
  if (!first) return each(focus);
  for (const item of evaluate(first[1], focus, env)) {
    const vars = new Map(focus.vars);
    vars.set(first[0], [item]);
    if (bind(rest, { ...focus, vars }, env, each)) return true;
  }
  return false;
}

function evaluatePath(e: Extract<Expr, { k: 'path' }>, focus: Focus, env: XPathEnv): Sequence {
  const from = evaluate(e.from, focus, env);
  const out: Item[] = [];
  let nodesOnly = true;
  const to = e.to;
  const filtered = e.deep ? filteredChildStep(to) : null;
  for (const [i, item] of from.entries()) {
    if (!isNode(item)) throw new XPathError('XPTY0019', null);
    if (filtered) {
      out.push(...deepFiltered(item, filtered, focus, env));
      continue;
    }
    const contexts: readonly XNode[] = e.deep ? [item, ...descendants(item, { kind: 'node' }, env)] : [item];
    for (const c of contexts) {
      const result = evaluate(to, { item: c, position: i + 1, size: from.length, vars: focus.vars }, env);
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
  return from.length > 1 || e.deep ? sortNodes(out as XNode[]) : out;
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

/**
 * `from//step[p]…`: the descendants the step selects, grouped by parent, each group filtered as the
 * child step of that parent (positions count within the parent), found through the local-name index.
 */
function deepFiltered(
  from: XNode,
  { test, predicates }: { test: NodeTest; predicates: readonly Expr[] },
  focus: Focus,
  env: XPathEnv,
): XNode[] {
  const groups = new Map<XNode | null, XNode[]>();
  for (const n of descendants(from, test, env)) {
    const parent = parentOf(n, env);
    const group = groups.get(parent);
    if (group) group.push(n);
    else groups.set(parent, [n]);
  }
  const out: XNode[] = [];
  for (const group of groups.values()) {
    let selected: Sequence = group;
    for (const p of predicates) selected = filter(selected, p, focus, env);
    out.push(...(selected as XNode[]));
  }
  return out;
}

function filter(base: Sequence, predicate: Expr, focus: Focus, env: XPathEnv): Sequence {
  return base.filter((item, i) => {
    const r = evaluate(predicate, { item, position: i + 1, size: base.length, vars: focus.vars }, env);
    const first = r[0];
    if (r.length === 1 && first && !isNode(first) && isNumeric(first)) return toDouble(first) === i + 1;
    return ebv(r);
  });
}

function binary(op: BinaryOp, left: Expr, right: Expr, focus: Focus, env: XPathEnv): Sequence {
  switch (op) {
    case 'or':
      return ebv(evaluate(left, focus, env)) || ebv(evaluate(right, focus, env)) ? TRUE : FALSE;
    case 'and':
      return ebv(evaluate(left, focus, env)) && ebv(evaluate(right, focus, env)) ? TRUE : FALSE;
    case '|': {
      const all = [...evaluate(left, focus, env), ...evaluate(right, focus, env)];
      if (!all.every(isNode)) throw new XPathError('XPTY0004', null);
      return sortNodes(all as XNode[]);
    }
    case 'is': {
      const a = evaluate(left, focus, env);
      const b = evaluate(right, focus, env);
      if (a.length === 0 || b.length === 0) return [];
      return a[0] === b[0] ? TRUE : FALSE;
    }
    case '=':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const a = atomize(evaluate(left, focus, env));
      const b = atomize(evaluate(right, focus, env));
      for (const x of a) for (const y of b) if (compareAtoms(op, x, y, true)) return TRUE;
      return FALSE;
    }
    case 'eq':
    case 'ne':
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge': {
      const a = single(evaluate(left, focus, env), op);
      const b = single(evaluate(right, focus, env), op);
      if (a === null || b === null) return [];
      return compareAtoms(op, a, b, false) ? TRUE : FALSE;
    }
    default:
      return arithmetic(op, evaluate(left, focus, env), evaluate(right, focus, env));
  }
}

const NO_VARS: ReadonlyMap<string, Sequence> = new Map();

/** The effective boolean value of `expr` with `item` as the context item. */
export function evaluateBoolean(expr: Expr, item: XNode, env: XPathEnv): boolean {
  return ebv(evaluate(expr, { item, position: 1, size: 1, vars: NO_VARS }, env));
}

/** The nodes `expr` selects from the document node. */
