/** Which rule sets each stage runs, per target and profile. */
import type { Profile } from '../cii/profile';
import { en16931ModelRules } from '../rules/en16931';
import { en16931CodeRules } from '../rules/en16931/codes';
import { ciiSyntaxRules } from '../rules/en16931/syntax';
import { france2026Rules } from '../rules/france-2026';
import type { RuleSet } from '../rules/rule';
import { xsdRules } from '../rules/xsd';

export type XmlStage = 'xsd' | 'schematron' | 'fr_ctc';

/**
 * The sets of each XML stage. The structure check follows the declared profile (EN16931 when none is
 * recognised, as the official schema check of the corpus does).
 */
const STAGE_SETS: Readonly<Record<XmlStage, (profile: Profile | null) => readonly RuleSet[]>> = {
  xsd: (profile) => [xsdRules(profile ?? 'EN16931')],
  schematron: () => [en16931ModelRules, en16931CodeRules, ciiSyntaxRules],
  fr_ctc: () => [france2026Rules],
};

export function stageRuleSets(stage: XmlStage, profile: Profile | null): RuleSet[] {
  return [...STAGE_SETS[stage](profile)];
}
