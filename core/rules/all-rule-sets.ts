/** Every rule set the validator may run, each as its maker makes it: what the digests are written for. */
import { PROFILES } from '../cii/profile';
import { en16931ModelRules } from './en16931';
import { en16931CodeRules } from './en16931/codes';
import { ciiSyntaxRules } from './en16931/syntax';
import { facturxProfileRules } from './facturx';
import { france2026Rules } from './france-2026';
import type { RuleSet } from './rule';
import { xsdRules } from './xsd';

export function allRuleSets(): RuleSet[] {
  return [
    ...PROFILES.map(xsdRules),
    en16931ModelRules,
    en16931CodeRules,
    ciiSyntaxRules,
    france2026Rules,
    ...PROFILES.map(facturxProfileRules),
  ];
}
