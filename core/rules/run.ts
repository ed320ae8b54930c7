/** Runs rule sets over a parsed document: one finding per rule and location, in document order. */
import { descendants } from '../xml/query';
import type { XmlDocument, XmlElement } from '../xml/tree';
import type { Finding, RuleInput, RuleSet } from './rule';
import type { TimeLimit } from './time-limit';

export function ruleInput(doc: XmlDocument, time?: TimeLimit): RuleInput {
  const byLocalName = new Map<string, XmlElement[]>();
  for (const el of [doc.root, ...descendants(doc.root)]) {
    const list = byLocalName.get(el.local);
    if (list) list.push(el);
    else byLocalName.set(el.local, [el]);
  }
  return { doc, root: doc.root, byLocalName, ...(time ? { time } : {}) };
}

export function runRuleSets(input: RuleInput, sets: readonly RuleSet[]): Finding[] {
  const findings: Finding[] = [];
  for (const set of sets) {
    for (const rule of set.rules) {
      input.time?.check();
      // Most rules find nothing: the set that removes duplicate locations is made only when needed.
      let seen: Set<XmlElement> | null = null;
      for (const v of rule.check(input)) {
        seen ??= new Set();
        if (seen.has(v.at)) continue;
        seen.add(v.at);
        findings.push(
          v.detail
            ? { rule, stage: set.stage, at: v.at, detail: v.detail }
            : { rule, stage: set.stage, at: v.at },
        );
      }
    }
  }
  return findings.sort((a, b) => a.at.start - b.at.start);
}
