/**
 * Joins answered from an index. The artefacts pair every item of a sequence with something outside it:
 * `//ram:IncludedSupplyChainTradeLineItem[normalize-space(…/ram:ParentLineID) = normalize-space($item/…)]`,
 * `some $other in ../ram:IncludedSupplyChainTradeLineItem satisfies (not($other is .) and … = …)`, the
 * lines `[… xs:decimal(ram:RateApplicablePercent) = $rate]` of each VAT breakdown. Evaluated as written,
 * that is every item for every outer item: time quadratic in the lines. Here the sequence is indexed
 * once (per document, per sequence) by the item's side of each comparison, and an evaluation visits only
 * the items the index leaves as candidates, on which the predicate is then evaluated as written (unless
 * the index answers it whole: every conjunct indexed, and the item matched every one without an error).
 *
 * The result is exactly the scan's, dynamic errors included. An item is left out only when the scan
 * would find the predicate false there without raising an error: its conjuncts before the first that
 * cannot be indexed are each of the item alone (evaluated when indexing, without error, one of them
 * false), a comparison whose item side was evaluated without error and whose other side matches none
 * of its values (as strings, or as xs:decimal values; any other typing falls back to the scan), or one
 * that can never fail (`not($other is .)`). Items whose indexed parts raised an error are always
 * candidates: the predicate, evaluated on them as written, raises it where the scan would.
 *
 * The artefacts write the same parts in several predicates over the same sequence (the lines of a rate
 * with and without their exemption reason, in the counts and the sums of BR-FXEXT-S08b and -S-09b): a
 * part's outcome on each item is kept once per document and sequence, and an index built after another
 * finds there what that one evaluated.
 */
import type { Decimal } from '../../decimal/decimal';
import { cannotFail, conjuncts, depsOf, type Deps } from './xpath-deps';
import { perObject } from './xpath-memo';
import { XPathError, type XPathEnv } from './xpath-nodes';
import type { Namespaces } from './xpath-shapes';
import type { Expr } from './xpath-parse';
import {
  atomize,
  ebv,
  type Atomic,
  type Evaluator,
  type Focus,
  type Item,
  type Sequence,
} from './xpath-values';

/** Whose item the predicate tests: the focus (a filter `S[…]`) or a range variable (`some $x in S …`). */
export type JoinItem = { readonly kind: 'focus' } | { readonly kind: 'variable'; readonly name: string };

/** The items of a sequence the predicate may hold for. */
export interface Candidates {
  /** Their indexes in the sequence, ascending. */
  readonly indices: readonly number[];
  /** Whether the predicate holds for the item at that index, known from the index without evaluating it. */
  readonly known: (i: number) => boolean;
}

/** How the index finds a sequence's candidates; null when the predicate has no comparison to index by. */
export interface Join {
  /** The candidates in `seq`, or null: scan them all. */
  candidates(seq: Sequence, focus: Focus, env: XPathEnv): Candidates | null;
}

/** What a part gave on one item: an item test's value, an item side's atomised values, or its error. */
type Outcome = boolean | readonly Atomic[] | XPathError;

/** The outcomes of a part on the items of a sequence, by index, filled as they are evaluated. */
type Outcomes = (sequence: Sequence, env: XPathEnv) => (Outcome | undefined)[];

type Part =
  | { readonly kind: 'item'; readonly test: Evaluator; readonly outcomes: Outcomes }
  | {
      readonly kind: 'comparison';
      readonly itemSide: Evaluator;
      readonly other: Evaluator;
      readonly outcomes: Outcomes;
    }
  | { readonly kind: 'safe' };

type Comparison = Extract<Part, { kind: 'comparison' }>;

/** The item side of one comparison: its items by value, and whether every value was a string, a decimal. */
interface KeyIndex {
  readonly byKey: Map<string, number[]>;
  strings: boolean;
  decimals: boolean;
}

interface Index {
  /** One per comparison, in the order of the conjuncts. */
  readonly keys: readonly KeyIndex[];
  /** Items whose indexed parts raised an error (after item tests that held): always candidates. */
  readonly failing: readonly number[];
}

type KeyFn = (a: Atomic) => string;
const stringKey: KeyFn = (a) => a.v.toString();
// Equal decimals have one normalized form: 20, 20.0 and 20.00 are one key.
const decimalKey: KeyFn = (a) => (a.v as Decimal).normalized().toString();
const isString = (a: Atomic): boolean => a.t === 'str' || a.t === 'untyped';

function ofItemAlone(d: Deps, item: JoinItem): boolean {
  return item.kind === 'focus' ? d.vars.size === 0 : !d.focus && [...d.vars].every((v) => v === item.name);
}

function notOfItem(d: Deps, item: JoinItem): boolean {
  return item.kind === 'focus' ? !d.focus : !d.vars.has(item.name);
}

/** The outcomes kept so far, by what is evaluated (an item test or an item side), whose item, expression and prefixes. */
const OUTCOMES = new Map<string, Outcomes>();

function outcomesOf(key: string): Outcomes {
  let outcomes = OUTCOMES.get(key);
  if (!outcomes)
    OUTCOMES.set(key, (outcomes = perObject((seq: Sequence) => new Array<Outcome | undefined>(seq.length))));
  return outcomes;
}

/** The indexable part of a conjunct, or null: the conjuncts from there on are only evaluated as written. */
function partOf(e: Expr, item: JoinItem, compile: (e: Expr) => Evaluator, ns: Namespaces): Part | null {
  const keyOf = (kind: Part['kind'], x: Expr): string => JSON.stringify([kind, item, x, [...ns]]);
  if (ofItemAlone(depsOf(e), item))
    return { kind: 'item', test: compile(e), outcomes: outcomesOf(keyOf('item', e)) };
  if (e.k === 'bin' && e.op === '=') {
    for (const [mine, theirs] of [
      [e.left, e.right],
      [e.right, e.left],
    ] as const) {
      if (ofItemAlone(depsOf(mine), item) && notOfItem(depsOf(theirs), item))
        return {
          kind: 'comparison',
          itemSide: compile(mine),
          other: compile(theirs),
          outcomes: outcomesOf(keyOf('comparison', mine)),
        };
    }
  }
  return cannotFail(e) ? { kind: 'safe' } : null;
}

/** What a part gives on an item; its XPath error as a value (evaluated again, it would raise it again). */
function outcomeOf(part: Exclude<Part, { kind: 'safe' }>, focus: Focus, env: XPathEnv): Outcome {
  try {
    return part.kind === 'item' ? ebv(part.test(focus, env)) : atomize(part.itemSide(focus, env));
  } catch (e) {
    if (e instanceof XPathError) return e;
    throw e;
  }
}

/**
 * How the values of the other side compare with the item side's without an error: as strings, as
 * decimals, or null (mixed types, untyped values against numbers…: left to the scan).
 */
function keyFor(values: readonly Atomic[], index: KeyIndex): KeyFn | null {
  if (values.every(isString) && index.strings) return stringKey;
  if (values.every((a) => a.t === 'dec') && index.decimals) return decimalKey;
  return null;
}

function indexer(parts: readonly Part[], comparisons: readonly Comparison[], item: JoinItem) {
  const NO_VARS: ReadonlyMap<string, Sequence> = new Map();
  // The indexed parts read the item alone: it is the whole focus they need.
  const focusOn = (it: Item, i: number, size: number): Focus =>
    item.kind === 'focus'
      ? { item: it, position: i + 1, size, vars: NO_VARS }
      : { item: it, position: 1, size: 1, vars: new Map([[item.name, [it]]]) };
  return (seq: Sequence, env: XPathEnv): Index => {
    const keys: KeyIndex[] = comparisons.map(() => ({ byKey: new Map(), strings: true, decimals: true }));
    const failing: number[] = [];
    // The key of each decimal met: equal texts give one Decimal (xpath-eval.ts), keyed once.
    const decimalKeys = new Map<Decimal, string>();
    const keyOf = (a: Atomic): string => {
      if (a.t !== 'dec') return stringKey(a);
      let key = decimalKeys.get(a.v);
      if (key === undefined) decimalKeys.set(a.v, (key = decimalKey(a)));
      return key;
    };
    const kept = parts.map((p) => (p.kind === 'safe' ? null : p.outcomes(seq, env)));
    for (let i = 0; i < seq.length; i++) {
      let f: Focus | null = null;
      const found: (readonly Atomic[])[] = [];
      let holds = true;
      let failed = false;
      for (let k = 0; k < parts.length; k++) {
        const p = parts[k]!;
        if (p.kind === 'safe') continue;
        const outcomes = kept[k]!;
        let o = outcomes[i];
        if (o === undefined) {
          f ??= focusOn(seq[i]!, i, seq.length);
          outcomes[i] = o = outcomeOf(p, f, env);
        }
        if (o instanceof XPathError) {
          failed = true;
          break;
        }
        if (p.kind === 'comparison') found.push(o as readonly Atomic[]);
        else if (!o) {
          holds = false;
          break;
        }
      }
      if (failed) {
        failing.push(i);
        continue;
      }
      for (let j = 0; j < found.length; j++) {
        const index = keys[j]!;
        for (const a of found[j]!) {
          // The values compared before an item test that fails count too: the scan compares them.
          index.strings &&= isString(a);
          index.decimals &&= a.t === 'dec';
          if (!holds) continue;
          const key = keyOf(a);
          const list = index.byKey.get(key);
          if (!list) index.byKey.set(key, [i]);
          else if (list[list.length - 1] !== i) list.push(i);
        }
      }
    }
    return { keys, failing };
  };
}

const NEVER = (): boolean => false;
const ALWAYS = (): boolean => true;

/**
 * The candidates of a join on one comparison whose other side gives one value (or none): the index's
 * own list for that key, ascending and without duplicates, taken as it is (a join is asked once per
 * context element: thousands of times), with the items that failed when indexing.
 */
function oneKey(
  value: Atomic | undefined,
  key: KeyFn | null,
  index: Index,
  exact: boolean,
): Candidates | null {
  if (!key) return null;
  const matches = value === undefined ? [] : (index.keys[0]!.byKey.get(key(value)) ?? []);
  if (index.failing.length === 0) return { indices: matches, known: exact ? ALWAYS : NEVER };
  const indices = [...matches, ...index.failing].sort((a, b) => a - b);
  if (!exact) return { indices, known: NEVER };
  const failing = new Set(index.failing);
  return { indices, known: (i) => !failing.has(i) };
}

/** The join of a predicate, or null when no comparison of its leading conjuncts can be indexed. */
export function joinOf(
  predicate: Expr,
  item: JoinItem,
  compile: (e: Expr) => Evaluator,
  ns: Namespaces,
): Join | null {
  const parts: Part[] = [];
  for (const c of conjuncts(predicate)) {
    const part = partOf(c, item, compile, ns);
    if (!part) break;
    parts.push(part);
  }
  const comparisons = parts.filter((p): p is Comparison => p.kind === 'comparison');
  if (comparisons.length === 0) return null;
  // Every conjunct indexed, none evaluated with the outside (`not($x is .)`): an item that matches every
  // comparison, its item tests holding, is one the predicate holds for, without an error.
  const exact = parts.length === conjuncts(predicate).length && parts.every((p) => p.kind !== 'safe');
  // Built once per sequence of the document (the same sequence object: a memoised value).
  const indexOf = perObject(indexer(parts, comparisons, item));
  return {
    candidates(seq, focus, env) {
      // The other sides first: one that raises an error is left to the scan, which raises it in turn.
      const others: Atomic[][] = [];
      try {
        for (const c of comparisons) others.push(atomize(c.other(focus, env)));
      } catch (e) {
        if (e instanceof XPathError) return null;
        throw e;
      }
      const index = indexOf(seq, env);
      // Every comparison must be one that cannot raise an error, whichever of them narrows the items.
      const keyFns = others.map((values, j) => keyFor(values, index.keys[j]!));
      if (others.length === 1 && others[0]!.length <= 1)
        return oneKey(others[0]![0], keyFns[0]!, index, exact);
      const found: Set<number>[] = [];
      for (let j = 0; j < others.length; j++) {
        const key = keyFns[j];
        if (!key) return null;
        const byKey = index.keys[j]!.byKey;
        const items = new Set<number>();
        for (const v of others[j]!) for (const i of byKey.get(key(v)) ?? []) items.add(i);
        found.push(items);
      }
      found.sort((a, b) => a.size - b.size);
      // Exact: the items of every comparison; else those of the one that narrows most, to be evaluated.
      const [fewest, ...rest] = found;
      const matches = exact ? [...fewest!].filter((i) => rest.every((f) => f.has(i))) : [...fewest!];
      const indices = [...matches, ...index.failing].sort((a, b) => a - b);
      if (!exact) return { indices, known: () => false };
      const failing = new Set(index.failing);
      return { indices, known: (i) => !failing.has(i) };
    },
  };
}
