/**
 * The rule contexts of an artefact — XSLT match patterns such as `/a/b[p]/c` or `//a[p]/b` — tested on an
 * element from the element upwards, as XSLT matches patterns, instead of selecting every node the
 * pattern names from the document.
 */
import type { XmlElement } from '../../xml/tree';
import type { NameChain } from '../name-path';
import { isBooleanOrNodes } from './xpath-deps';
import { compileBoolean } from './xpath-eval';
import { XPathError, type XPathEnv } from './xpath-nodes';
import type { Expr } from './xpath-parse';
import {
  named,
  nameTest,
  number,
  passes,
  type BooleanFn,
  type Namespaces,
  type NameTest,
} from './xpath-shapes';

/** One step of a match pattern: its name test, its predicates, and how it joins the step before. */
interface PatternStep {
  readonly name: NameTest;
  readonly predicates: readonly BooleanFn[];
  /** `[n]`: the element is the n-th of its parent's children this step's name selects. */
  readonly position: number | null;
  /** `//` before this step (any ancestor), else `/` (the parent); for the first step, from the document. */
  readonly deep: boolean;
}

export interface CompiledPattern {
  /** The local name the pattern's last step selects, or null for a wildcard. */
  readonly local: string | null;
  /**
   * What the names of an element and of its ancestors alone say: whether it matches, for a pattern
   * without predicates; else false where the names do not fit, null where {@link matches} must tell.
   */
  byNames(el: NameChain): boolean | null;
  matches(el: XmlElement, env: XPathEnv): boolean;
}

function patternStep(e: Expr, deep: boolean, namespaces: Namespaces): PatternStep {
  const predicates: BooleanFn[] = [];
  let position: number | null = null;
  let at = e;
  while (at.k === 'filter') {
    const n = number(at.predicate);
    if (n !== null && position === null && at.base.k === 'step') position = n;
    else {
      if (!isBooleanOrNodes(at.predicate)) throw new SyntaxError('a numeric match pattern predicate');
      predicates.unshift(compileBoolean(at.predicate, namespaces));
    }
    at = at.base;
  }
  if (at.k !== 'step' || at.axis !== 'child')
    throw new SyntaxError('a match pattern step other than a child step');
  const name = nameTest(at.test, namespaces);
  if (!name) throw new SyntaxError('a match pattern step without an element name test');
  return { name, predicates, position, deep };
}

/** The step's position and predicates hold for `el` (its name already matched). */
function stepHolds(step: PatternStep, el: XmlElement, env: XPathEnv): boolean {
  if (step.position !== null) {
    let n = 0;
    for (const c of el.parent?.children ?? [env.document.root]) {
      if (c.kind === 'element' && named(c, step.name)) n++;
      if (c === el) break;
    }
    if (n !== step.position) return false;
  }
  return passes(el, step.predicates, env);
}

/**
 * Whether `el` matches the steps up to `i`, `holds` telling whether a step's position and predicates
 * hold for an element whose name matched. Names are checked up the whole chain before any predicate:
 * most candidates fail on a name.
 */
function matchFrom<N extends NameChain & { readonly parent: N | null }>(
  steps: readonly PatternStep[],
  i: number,
  el: N,
  holds: (step: PatternStep, el: N) => boolean,
): boolean {
  const step = steps[i]!;
  if (!named(el, step.name)) return false;
  let above: boolean;
  if (i === 0) above = step.deep || el.parent === null;
  else if (!step.deep) above = el.parent !== null && matchFrom(steps, i - 1, el.parent, holds);
  else {
    above = false;
    for (let a = el.parent; a && !above; a = a.parent) above = matchFrom(steps, i - 1, a, holds);
  }
  return above && holds(step, el);
}

const always = (): boolean => true;

/**
 * A match pattern compiled: a dynamic error while matching one element means that element does not
 * match (XSLT 2.0 §5.5.3, what Saxon does).
 */
export function compilePattern(e: Expr, namespaces: Namespaces): CompiledPattern {
  const steps: PatternStep[] = [];
  let at = e;
  while (at.k === 'path') {
    steps.unshift(patternStep(at.to, at.deep, namespaces));
    at = at.from;
  }
  if (at.k !== 'root') throw new SyntaxError('a match pattern that is not an absolute path');
  const last = steps[steps.length - 1];
  if (!last) throw new SyntaxError('an empty match pattern');
  const byNamesAlone = steps.every((s) => s.position === null && s.predicates.length === 0);
  // The names of `el` and of its parents fit the steps up to the first `//`, a quick necessary condition.
  const fits = (el: NameChain): boolean => {
    let at: NameChain | null = el;
    for (let i = steps.length - 1; i >= 0; i--) {
      const step = steps[i]!;
      if (!at || !named(at, step.name)) return false;
      if (step.deep) return true;
      at = at.parent;
    }
    return at === null;
  };
  return {
    local: last.name.local ?? null,
    byNames: (el) =>
      byNamesAlone ? matchFrom(steps, steps.length - 1, el, always) : fits(el) ? null : false,
    matches: (el, env) => {
      try {
        return matchFrom(steps, steps.length - 1, el, (step, at) => stepHolds(step, at, env));
      } catch (error) {
        if (error instanceof XPathError) return false;
        throw error;
      }
    },
  };
}
