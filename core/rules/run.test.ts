/**
 * The runner reads a pattern's rules as a group (rule.ts): on every corpus invoice it finds exactly what
 * checking each rule alone finds, and a copy of a set with one rule changed is run as that copy says.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { detectProfile } from '../cii/profile';
import { describeCorpus } from '../testing/corpus';
import { parseXml } from '../xml/parse';
import { en16931ModelRules } from './en16931';
import { en16931CodeRules } from './en16931/codes';
import { ciiSyntaxRules } from './en16931/syntax';
import { facturxProfileRules } from './facturx';
import { france2026Rules } from './france-2026';
import type { Finding, RuleSet } from './rule';
import { ruleInput, runRuleSets } from './run';

const SETS: readonly RuleSet[] = [en16931ModelRules, en16931CodeRules, ciiSyntaxRules, france2026Rules];

/** The same set, its rules copies: no run of them is a group any more, each is checked alone. */
const alone = (set: RuleSet): RuleSet => ({ ...set, rules: set.rules.map((r) => ({ ...r })) });

const summary = (findings: readonly Finding[]): string[] =>
  findings.map((f) => `${f.rule.id} ${f.stage} ${f.at.start} ${f.detail?.en ?? ''}`);

describeCorpus('rules run by groups', (corpus) => {
  const dir = path.join(corpus, 'cii');
  const files = ['valid', 'mutants'].flatMap((d) =>
    readdirSync(path.join(dir, d))
      .filter((f) => f.endsWith('.xml'))
      .map((f) => path.join(dir, d, f)),
  );

  it('finds on every corpus invoice what its rules checked one by one find', () => {
    let found = 0;
    for (const file of files) {
      const parsed = parseXml(readFileSync(file, 'utf8'));
      if (!parsed.ok) continue;
      const profile = detectProfile(parsed.doc.root);
      const sets = profile ? [...SETS, facturxProfileRules(profile)] : SETS;
      const grouped = runRuleSets(ruleInput(parsed.doc), sets);
      const oneByOne = runRuleSets(ruleInput(parsed.doc), sets.map(alone));
      expect(summary(grouped), file).toEqual(summary(oneByOne));
      found += grouped.length;
    }
    expect(found).toBeGreaterThan(files.length);
  });

  it('runs a copy of a set with a rule changed as the copy says', () => {
    const file = path.join(
      dir,
      'mutants',
      readdirSync(path.join(dir, 'mutants')).find((f) => /^BR-CO-10/.test(f))!,
    );
    const parsed = parseXml(readFileSync(file, 'utf8'));
    if (!parsed.ok) throw new Error(file);
    const rules = en16931ModelRules.rules.map((r) => (r.id === 'BR-CO-10' ? { ...r, id: 'CHANGED' } : r));
    const ids = runRuleSets(ruleInput(parsed.doc), [{ ...en16931ModelRules, rules }]).map((f) => f.rule.id);
    expect(ids).toContain('CHANGED');
    expect(ids).not.toContain('BR-CO-10');
  });
});
