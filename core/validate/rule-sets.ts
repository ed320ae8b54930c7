/** Which rule sets each stage runs, per target and profile. */
import type { Profile } from '../cii/profile';
import { en16931ModelRules } from '../rules/en16931';
import { en16931CodeRules } from '../rules/en16931/codes';
import { ciiSyntaxRules } from '../rules/en16931/syntax';
import type { RuleSet } from '../rules/rule';
import { notApplicableRules } from './profile-scope';

export type XmlStage = 'xsd' | 'schematron' | 'fr_ctc';

/**
 * The sets of each XML stage. The structure checks (core/rules/xsd) and the France 2026 rules
 * (core/rules/france-2026) join here as they land; until then their stage reports `rules_unavailable`.
 */
const STAGE_SETS: Readonly<Record<XmlStage, readonly RuleSet[]>> = {
  xsd: [],
  schematron: [en16931ModelRules, en16931CodeRules, ciiSyntaxRules],
  fr_ctc: [],
};

const scoped = new Map<string, RuleSet>();

/** The set without the rules that do not apply to the profile (the same object when all apply). */
function forProfile(set: RuleSet, profile: Profile | null): RuleSet {
  const excluded = notApplicableRules(profile);
  if (!set.rules.some((r) => excluded.has(r.id))) return set;
  const key = `${set.id}@${profile ?? ''}`;
  let out = scoped.get(key);
  if (!out) {
    out = { ...set, rules: set.rules.filter((r) => !excluded.has(r.id)) };
    scoped.set(key, out);
  }
  return out;
}

export function stageRuleSets(stage: XmlStage, profile: Profile | null): RuleSet[] {
  return STAGE_SETS[stage].map((set) => forProfile(set, profile));
}
