/**
 * Values the artefacts' expressions recompute on every context element, kept in the document's memo
 * (core/rules/document-memo.ts) instead: a value the same everywhere in the document
 * (`sum(/rsm:…/ram:LineTotalAmount)`), one that depends on variables alone (`sum(/…[… = $rate])` for each
 * VAT breakdown: computed once per rate), one that depends on one node alone (`../ram:X` for each of the
 * node's children). A dynamic error is kept like a value: evaluated again, it would stop there again.
 */
import { memoSlot } from '../document-memo';
import { orderOf, XPathError, type XNode, type XPathEnv } from './xpath-nodes';
import { isNode, type Focus, type Sequence } from './xpath-values';

type Outcome<T> = { readonly value: T } | { readonly error: XPathError };

function run<T>(compute: () => T): Outcome<T> {
  try {
    return { value: compute() };
  } catch (e) {
    // Only the XPath's own errors are the value's: a time bound running out is not.
    if (e instanceof XPathError) return { error: e };
    throw e;
  }
}

function unwrap<T>(outcome: Outcome<T>): T {
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

/** `evaluate` computed on its first call in each document, its outcome given to every later call. */
export function oncePerDocument<A, T>(evaluate: (a: A, env: XPathEnv) => T): (a: A, env: XPathEnv) => T {
  const slot = memoSlot();
  return (a, env) => {
    let outcome = env.memo[slot] as Outcome<T> | undefined;
    if (outcome === undefined) {
      outcome = run(() => evaluate(a, env));
      env.memo[slot] = outcome;
    }
    return unwrap(outcome);
  };
}

/** A map of the document's memo, made on first use. */
export function documentMap<K, V>(): (env: XPathEnv) => Map<K, V> {
  const slot = memoSlot();
  return (env) => {
    let map = env.memo[slot] as Map<K, V> | undefined;
    if (!map) env.memo[slot] = map = new Map();
    return map;
  };
}

/** `evaluate` computed once per document for each value of `key`. */
function perKey<A, K, T>(evaluate: (a: A, env: XPathEnv) => T, key: (a: A) => K): (a: A, env: XPathEnv) => T {
  const mapOf = documentMap<K, Outcome<T>>();
  return (a, env) => {
    const map = mapOf(env);
    const k = key(a);
    let outcome = map.get(k);
    if (outcome === undefined) {
      outcome = run(() => evaluate(a, env));
      map.set(k, outcome);
    }
    return unwrap(outcome);
  };
}

/** A variable's value as a key: nodes by their place in the document, atomic values by type and text. */
function keyOf(seq: Sequence): string {
  let key = '';
  for (const item of seq) {
    if (isNode(item)) key += `n${orderOf(item)};`;
    else if (item.t === 'dbl') key += `d${Object.is(item.v, -0) ? '-0' : String(item.v)};`;
    else {
      const text = item.v.toString();
      key += `${item.t}${text.length}:${text};`;
    }
  }
  return key;
}

/** An expression that depends on `vars` alone, computed once per document for each of their values. */
export function perVariables(
  evaluate: (focus: Focus, env: XPathEnv) => Sequence,
  vars: readonly string[],
): (focus: Focus, env: XPathEnv) => Sequence {
  return perKey(evaluate, (focus) => vars.map((v) => keyOf(focus.vars.get(v) ?? [])).join('|'));
}

/** `evaluate` of a node, computed once per document for each node. */
export function perNode<T>(evaluate: (node: XNode, env: XPathEnv) => T): (node: XNode, env: XPathEnv) => T {
  return perKey(evaluate, (node) => node);
}

/** A value kept for each object of the document that `of` is asked about (each sequence, by identity). */
export function perObject<K extends object, V>(
  compute: (k: K, env: XPathEnv) => V,
): (k: K, env: XPathEnv) => V {
  const slot = memoSlot();
  return (k, env) => {
    let map = env.memo[slot] as WeakMap<K, V> | undefined;
    if (!map) env.memo[slot] = map = new WeakMap();
    let v = map.get(k);
    if (v === undefined) {
      v = compute(k, env);
      map.set(k, v);
    }
    return v;
  };
}
