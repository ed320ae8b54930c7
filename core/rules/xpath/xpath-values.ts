/**
 * The values the evaluator (xpath-eval.ts) computes and passes around: atomic values with their XPath
 * type, items, sequences, the focus an expression is evaluated with, and the compiled form of an
 * expression. Shared with what speeds the evaluator up without changing its results (xpath-memo.ts,
 * xpath-join.ts).
 */
import type { Decimal } from '../../decimal/decimal';
import { stringValue, XPathError, type XNode, type XPathEnv } from './xpath-nodes';

export type Atomic =
  | { readonly t: 'str'; readonly v: string }
  | { readonly t: 'untyped'; readonly v: string }
  | { readonly t: 'dec'; readonly v: Decimal }
  | { readonly t: 'dbl'; readonly v: number }
  | { readonly t: 'bool'; readonly v: boolean };

export type Item = XNode | Atomic;
export type Sequence = readonly Item[];

export interface Focus {
  readonly item: Item;
  readonly position: number;
  readonly size: number;
  readonly vars: ReadonlyMap<string, Sequence>;
}

/** An expression compiled: its value for a focus in a document. */
export type Evaluator = (focus: Focus, env: XPathEnv) => Sequence;

/**
 * An atomic value always carries its type `t`, a node never: one property read, where the `in` operator
 * and four name comparisons on items of a dozen shapes took more than twice as long (133 ms of the CPU
 * profile of a 10,000-line invoice).
 */
export const isNode = (i: Item): i is XNode => (i as { readonly t?: unknown }).t === undefined;

export function atomize(seq: Sequence): Atomic[] {
  return seq.map((i) => (isNode(i) ? { t: 'untyped', v: stringValue(i) } : i));
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
