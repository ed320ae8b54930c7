/**
 * A parser for the XPath 2.0 the official Schematron artefacts write: location paths (child, attribute,
 * parent, self, ancestor and descendant steps, predicates, a function call as the last step),
 * for / some / every expressions, general and value comparisons, arithmetic, unions and function calls.
 * The result is a small expression tree, evaluated by xpath-eval.ts. Syntax outside that subset is an
 * error at compile time (the generators' tests compile every expression of every artefact).
 */

import { interned } from '../../xml/interned';

export type Expr =
  | { readonly k: 'num'; readonly text: string; readonly double: boolean }
  | { readonly k: 'str'; readonly value: string }
  | { readonly k: 'var'; readonly name: string }
  | { readonly k: 'ctx' }
  | { readonly k: 'root' }
  | { readonly k: 'seq'; readonly items: readonly Expr[] }
  | { readonly k: 'call'; readonly name: string; readonly args: readonly Expr[] }
  | { readonly k: 'step'; readonly axis: Axis; readonly test: NodeTest }
  | { readonly k: 'path'; readonly from: Expr; readonly to: Expr; readonly deep: boolean }
  | { readonly k: 'filter'; readonly base: Expr; readonly predicate: Expr }
  | { readonly k: 'bin'; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr }
  | { readonly k: 'neg'; readonly operand: Expr }
  | {
      readonly k: 'for' | 'some' | 'every';
      readonly bindings: readonly (readonly [string, Expr])[];
      readonly body: Expr;
    };

export type Axis = 'child' | 'attribute' | 'parent' | 'self' | 'ancestor';

export type NodeTest =
  | { readonly kind: 'name'; readonly prefix: string | null; readonly local: string | '*' }
  | { readonly kind: 'text' | 'node' };

export type BinaryOp =
  | 'or'
  | 'and'
  | '='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | 'eq'
  | 'ne'
  | 'lt'
  | 'le'
  | 'gt'
  | 'ge'
  | 'is'
  | '+'
  | '-'
  | '*'
  | 'div'
  | '|';

type Token =
  | { readonly t: 'name'; readonly v: string }
  | { readonly t: 'var'; readonly v: string }
  | { readonly t: 'num'; readonly v: string; readonly double: boolean }
  | { readonly t: 'str'; readonly v: string }
  | { readonly t: 'op'; readonly v: string };

const NAME = /^[A-Za-z_][\w.-]*(?::(?:[A-Za-z_][\w.-]*|\*))?/;
const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const OPERATORS = [
  '//',
  '::',
  '..',
  '!=',
  '<=',
  '>=',
  '/',
  '[',
  ']',
  '(',
  ')',
  '@',
  ',',
  '.',
  '=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '|',
  '?',
];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const ch = rest[0]!;
    if (ch === "'" || ch === '"') {
      let j = 1;
      let value = '';
      for (;;) {
        const end = rest.indexOf(ch, j);
        if (end < 0) throw new SyntaxError(`unterminated string in ${source}`);
        value += rest.slice(j, end);
        if (rest[end + 1] === ch) {
          value += ch;
          j = end + 2;
        } else {
          j = end + 1;
          break;
        }
      }
      tokens.push({ t: 'str', v: value });
      i += j;
      continue;
    }
    const number = NUMBER.exec(rest);
    if (number) {
      tokens.push({ t: 'num', v: number[0], double: /[eE]/.test(number[0]) });
      i += number[0].length;
      continue;
    }
    if (ch === '$') {
      const name = NAME.exec(rest.slice(1));
      if (!name) throw new SyntaxError(`bad variable in ${source}`);
      tokens.push({ t: 'var', v: name[0] });
      i += 1 + name[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      tokens.push({ t: 'name', v: name[0] });
      i += name[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (!op) throw new SyntaxError(`unexpected "${ch}" in ${source}`);
    tokens.push({ t: 'op', v: op });
    i += op.length;
  }
  return tokens;
}

const COMPARISONS = new Set(['=', '!=', '<', '<=', '>', '>=', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'is']);
const KIND_TESTS = new Set(['text', 'node']);

class Parser {
  private at = 0;
  constructor(
    private readonly tokens: readonly Token[],
    private readonly source: string,
  ) {}

  parse(): Expr {
    const e = this.expr();
    if (this.at < this.tokens.length) this.fail('trailing input');
    return e;
  }

  private fail(why: string): never {
    throw new SyntaxError(`${why} at token ${this.at} of: ${this.source}`);
  }

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.at + offset];
  }

  private isOp(v: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t?.t === 'op' && t.v === v;
  }

  private isWord(v: string): boolean {
    const t = this.peek();
    return t?.t === 'name' && t.v === v;
  }

  private expect(v: string): void {
    if (!this.isOp(v) && !this.isWord(v)) this.fail(`expected ${v}`);
    this.at++;
  }

  private expr(): Expr {
    const items = [this.single()];
    while (this.isOp(',')) {
      this.at++;
      items.push(this.single());
    }
    return items.length === 1 ? items[0]! : { k: 'seq', items };
  }

  private single(): Expr {
    const t = this.peek();
    const next = this.peek(1);
    if (t?.t === 'name' && next?.t === 'var' && (t.v === 'for' || t.v === 'some' || t.v === 'every')) {
      this.at++;
      const bindings: [string, Expr][] = [];
      for (;;) {
        const v = this.peek();
        if (v?.t !== 'var') this.fail('expected a variable');
        this.at++;
        this.expect('in');
        bindings.push([v.v, this.single()]);
        if (!this.isOp(',')) break;
        this.at++;
      }
      this.expect(t.v === 'for' ? 'return' : 'satisfies');
      return { k: t.v, bindings, body: this.single() };
    }
    return this.or();
  }

  private binary(next: () => Expr, ops: ReadonlySet<string>): Expr {
    let left = next();
    for (;;) {
      const t = this.peek();
      if (!t || (t.t !== 'op' && t.t !== 'name') || !ops.has(t.v)) return left;
      this.at++;
      left = { k: 'bin', op: t.v as BinaryOp, left, right: next() };
    }
  }

  private or(): Expr {
    return this.binary(() => this.and(), new Set(['or']));
  }

  private and(): Expr {
    return this.binary(() => this.comparison(), new Set(['and']));
  }

  private comparison(): Expr {
    const left = this.additive();
    const t = this.peek();
    if (t && (t.t === 'op' || t.t === 'name') && COMPARISONS.has(t.v)) {
      this.at++;
      return { k: 'bin', op: t.v as BinaryOp, left, right: this.additive() };
    }
    return left;
  }

  private additive(): Expr {
    return this.binary(() => this.multiplicative(), new Set(['+', '-']));
  }

  private multiplicative(): Expr {
    return this.binary(() => this.union(), new Set(['*', 'div']));
  }

  private union(): Expr {
    return this.binary(() => this.cast(), new Set(['|', 'union']));
  }

  /** `E cast as xs:type`: the same as the constructor function `xs:type(E)`. */
  private cast(): Expr {
    const operand = this.unary();
    const t = this.peek();
    if (t?.t !== 'name' || t.v !== 'cast' || this.peek(1)?.t !== 'name' || this.peek(1)?.v !== 'as')
      return operand;
    this.at += 2;
    const type = this.peek();
    if (type?.t !== 'name') this.fail('expected a type');
    this.at++;
    if (this.isOp('?')) this.at++;
    return { k: 'call', name: type.v, args: [operand] };
  }

  private unary(): Expr {
    if (this.isOp('-')) {
      this.at++;
      return { k: 'neg', operand: this.unary() };
    }
    if (this.isOp('+')) {
      this.at++;
      return this.unary();
    }
    return this.path();
  }

  private path(): Expr {
    if (this.isOp('/') || this.isOp('//')) {
      const deep = this.isOp('//');
      this.at++;
      const root: Expr = { k: 'root' };
      if (!deep && !this.startsStep()) return root;
      return this.relative({ k: 'path', from: root, to: this.stepExpr(), deep });
    }
    return this.relative(this.stepExpr());
  }

  private relative(first: Expr): Expr {
    let e = first;
    while (this.isOp('/') || this.isOp('//')) {
      const deep = this.isOp('//');
      this.at++;
      e = { k: 'path', from: e, to: this.stepExpr(), deep };
    }
    return e;
  }

  private startsStep(): boolean {
    const t = this.peek();
    if (!t) return false;
    if (t.t === 'name') return true;
    return t.t === 'op' && ['@', '.', '..', '*', '('].includes(t.v);
  }

  private stepExpr(): Expr {
    let e = this.primaryOrStep();
    while (this.isOp('[')) {
      this.at++;
      const predicate = this.expr();
      this.expect(']');
      e = { k: 'filter', base: e, predicate };
    }
    return e;
  }

  private nameTest(v: string): NodeTest {
    const colon = v.indexOf(':');
    // Interned, as the document's names are (core/xml/interned.ts): compared with them by identity.
    return colon < 0
      ? { kind: 'name', prefix: null, local: interned(v) }
      : { kind: 'name', prefix: v.slice(0, colon), local: interned(v.slice(colon + 1)) };
  }

  private nodeTest(): NodeTest {
    const t = this.peek();
    if (this.isOp('*')) {
      this.at++;
      return { kind: 'name', prefix: null, local: '*' };
    }
    if (t?.t !== 'name') this.fail('expected a node test');
    this.at++;
    if (KIND_TESTS.has(t.v) && this.isOp('(')) {
      this.at++;
      this.expect(')');
      return { kind: t.v as 'text' | 'node' };
    }
    return this.nameTest(t.v);
  }

  private primaryOrStep(): Expr {
    const t = this.peek();
    if (!t) this.fail('unexpected end');
    if (t.t === 'num') {
      this.at++;
      return { k: 'num', text: t.v, double: t.double };
    }
    if (t.t === 'str') {
      this.at++;
      return { k: 'str', value: t.v };
    }
    if (t.t === 'var') {
      this.at++;
      return { k: 'var', name: t.v };
    }
    if (t.t === 'op') {
      switch (t.v) {
        case '(': {
          this.at++;
          if (this.isOp(')')) {
            this.at++;
            return { k: 'seq', items: [] };
          }
          const e = this.expr();
          this.expect(')');
          return e;
        }
        case '.':
          this.at++;
          return { k: 'ctx' };
        case '..':
          this.at++;
          return { k: 'step', axis: 'parent', test: { kind: 'node' } };
        case '@':
          this.at++;
          return { k: 'step', axis: 'attribute', test: this.nodeTest() };
        case '*':
          return { k: 'step', axis: 'child', test: this.nodeTest() };
      }
      this.fail(`unexpected ${t.v}`);
    }
    // A name: an axis, a function call, a kind test or a name test.
    if (this.isOp('::', 1)) {
      const axis = t.v;
      if (!['child', 'attribute', 'parent', 'self', 'ancestor'].includes(axis)) this.fail(`axis ${axis}`);
      this.at += 2;
      return { k: 'step', axis: axis as Axis, test: this.nodeTest() };
    }
    if (this.isOp('(', 1) && !KIND_TESTS.has(t.v)) {
      this.at += 2;
      const args: Expr[] = [];
      if (!this.isOp(')')) {
        args.push(this.single());
        while (this.isOp(',')) {
          this.at++;
          args.push(this.single());
        }
      }
      this.expect(')');
      return { k: 'call', name: t.v.replace(/^fn:/, ''), args };
    }
    return { k: 'step', axis: 'child', test: this.nodeTest() };
  }
}

export function parseXPath(source: string): Expr {
  return new Parser(tokenize(source), source).parse();
}
