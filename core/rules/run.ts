/** Runs rule sets over a parsed document: one finding per rule and location, in document order. */
import { descendants } from '../xml/query';
import type { XmlDocument, XmlElement } from '../xml/tree';
import { newMemo } from './document-memo';
import { byNamePath } from './name-path';
import type { Finding, RuleInput, RuleSet } from './rule';
import type { TimeLimit } from './time-limit';

export function ruleInput(doc: XmlDocument, time?: TimeLimit): RuleInput {
  const byLocalName = new Map<string, XmlElement[]>();
  for (const el of [doc.root, ...descendants(doc.root)]) {
    const list = byLocalName.get(el.local);
    if (list) list.push(el);
    else byLocalName.set(el.local, [el]);
  }
  return {
    doc,
    root: doc.root,
    byLocalName,
    byNamePath: byNamePath(doc.root),
    memo: newMemo(),
    ...(time ? { time } : {}),
  };
}

export function runRuleSets(input: RuleInput, sets: readonly RuleSet[]): Finding[] {
  const findings: Finding[] = [];
  for (const set of sets) {
    for (const rule of set.rules) {
      input.time?.check();
      // Most rules find nothing: the set that removes duplicate locations is made only when needed.
      let seen: Set<XmlElement> | null = null;
      const found = rule.check(input);
      // By index: a for…of would make an iterator per rule and document, thousands of them.
      for (let i = 0; i < found.length; i++) {
        const v = found[i]!;
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
