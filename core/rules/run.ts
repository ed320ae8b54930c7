/** Runs rule sets over a parsed document: one finding per rule and location, in document order. */
import type { XmlDocument, XmlElement } from '../xml/tree';
import { newMemo } from './document-memo';
import { byNamePath, type NamePathGroup } from './name-path';
import type { ByLocalName, Finding, Rule, RuleGroup, RuleInput, RuleSet, Stage, Violation } from './rule';
import type { TimeLimit } from './time-limit';

/**
 * Every element by local name in document order, from the groups of their name paths (one walk of the
 * tree). A name of several paths (`ID`, `Name`…) is merged and sorted when first asked for: the rules'
 * `//name` paths ask for a few dozen of a document's names.
 */
function byLocalNameOf(byPath: ReadonlyMap<string, readonly NamePathGroup[]>): ByLocalName {
  const merged = new Map<string, readonly XmlElement[]>();
  return {
    get(local) {
      const groups = byPath.get(local);
      if (!groups) return undefined;
      if (groups.length === 1) return groups[0]!.elements;
      let all = merged.get(local);
      if (!all) {
        const elements: XmlElement[] = [];
        for (const group of groups) for (const el of group.elements) elements.push(el);
        merged.set(local, (all = elements.sort((a, b) => a.start - b.start)));
      }
      return all;
    },
  };
}

export function ruleInput(doc: XmlDocument, time?: TimeLimit): RuleInput {
  const byPath = byNamePath(doc.root);
  return {
    doc,
    root: doc.root,
    byLocalName: byLocalNameOf(byPath),
    byNamePath: byPath,
    memo: newMemo(),
    ...(time ? { time } : {}),
  };
}

/** How a set's rules are run: whole groups (rule.ts) read at once, any other rule checked alone. */
type Step = { readonly group: RuleGroup; readonly rule?: undefined } | { readonly rule: Rule };

const plans = new WeakMap<readonly Rule[], readonly Step[]>();

/** A set's rules as steps, worked out once per list of rules (a copy of a set with other rules gets its own). */
function planOf(rules: readonly Rule[]): readonly Step[] {
  let plan = plans.get(rules);
  if (plan) return plan;
  const steps: Step[] = [];
  for (let i = 0; i < rules.length;) {
    const rule = rules[i]!;
    const group = rule.group;
    if (group && group.rules.every((r, k) => rules[i + k] === r)) {
      steps.push({ group });
      i += group.rules.length;
    } else {
      steps.push({ rule });
      i += 1;
    }
  }
  plans.set(rules, (plan = steps));
  return plan;
}

export function runRuleSets(input: RuleInput, sets: readonly RuleSet[]): Finding[] {
  const findings: Finding[] = [];
  const add = (rule: Rule, stage: Stage, found: readonly Violation[]): void => {
    // Most rules find nothing: the set that removes duplicate locations is made only when needed.
    let seen: Set<XmlElement> | null = null;
    // By index: a for…of would make an iterator per rule and document, thousands of them.
    for (let i = 0; i < found.length; i++) {
      const v = found[i]!;
      seen ??= new Set();
      if (seen.has(v.at)) continue;
      seen.add(v.at);
      findings.push(v.detail ? { rule, stage, at: v.at, detail: v.detail } : { rule, stage, at: v.at });
    }
  };
  for (const set of sets) {
    for (const step of planOf(set.rules)) {
      input.time?.check();
      if (step.rule) add(step.rule, set.stage, step.rule.check(input));
      else {
        const { rules } = step.group;
        const { violations, found } = step.group.findings(input);
        for (let k = 0; k < found.length; k++) add(rules[found[k]!]!, set.stage, violations[found[k]!]!);
      }
    }
  }
  return findings.sort((a, b) => a.at.start - b.at.start);
}
