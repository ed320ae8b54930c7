/**
 * The location paths of the Schematron artefacts over our tree: absolute paths (`/rsm:A/rsm:B`), paths
 * from anywhere (`//ram:A/ram:B`, served by the local-name index) and context tests (`//ram:A/ram:B` as a
 * match pattern: the element's own ancestors).
 */
import type { XmlElement } from '../../xml/tree';
import type { NameChain } from '../name-path';
import type { RuleInput } from '../rule';

export type Step = readonly [ns: string, local: string];

export function is(el: NameChain | null | undefined, [ns, local]: Step): boolean {
  return !!el && el.local === local && el.ns === ns;
}

/** Match pattern `//…/c/b/el`: the parents of `el`, nearest first, are `b`, `c`, …. */
export function hasAncestors(el: NameChain, ...steps: readonly Step[]): boolean {
  let at = el.parent;
  for (const step of steps) {
    if (!is(at, step)) return false;
    at = at!.parent;
  }
  return true;
}

/** Match pattern `/c/b/el`: as {@link hasAncestors}, and the last step is the document element. */
export function isRootedAt(el: NameChain, ...steps: readonly Step[]): boolean {
  let at = el.parent;
  for (const step of steps) {
    if (!is(at, step)) return false;
    at = at!.parent;
  }
  return at === null;
}

/**
 * Children of every element in `from` reached by the steps, in document order: depth first into one
 * array (each path's elements after those of the paths before it, as step by step), without an array
 * for each step.
 */
export function down(from: readonly XmlElement[], ...steps: readonly Step[]): XmlElement[] {
  if (steps.length === 0) return from as XmlElement[];
  const out: XmlElement[] = [];
  for (const el of from) downFrom(el, steps, 0, out);
  return out;
}

function downFrom(el: XmlElement, steps: readonly Step[], depth: number, out: XmlElement[]): void {
  if (depth === steps.length) {
    out.push(el);
    return;
  }
  const [ns, local] = steps[depth]!;
  for (const c of el.children)
    if (c.kind === 'element' && c.local === local && c.ns === ns) downFrom(c, steps, depth + 1, out);
}

/** `/first/…`: the document element if it is `first`, then down the remaining steps. */
export function absolute(root: XmlElement, first: Step, ...rest: readonly Step[]): XmlElement[] {
  return is(root, first) ? down([root], ...rest) : [];
}

/** `//first/…`: every `first` element of the document, then down the remaining steps. */
export function anywhere(input: RuleInput, [ns, local]: Step, ...rest: readonly Step[]): XmlElement[] {
  const named = (input.byLocalName.get(local) ?? []).filter((e) => e.ns === ns);
  return rest.length === 0 ? named : down(named, ...rest);
}
