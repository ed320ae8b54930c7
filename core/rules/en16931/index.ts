/**
 * The EN16931 model rules for CII (CEN/TC 434 validation artefacts 1.3.16, pattern EN16931-CII-Model):
 * business rules, conditions and calculations, decimals and VAT categories. Code lists and CII syntax
 * rules are separate sets (codes/, syntax/).
 */
import { shipped } from '../digests';
import type { RuleSet } from '../rule';
import { businessAssertions } from './business';
import { conditionAssertions } from './conditions';
import { CONTEXTS } from './contexts';
import { decimalAssertions } from './decimals';
import { patternRules } from '../schematron-pattern';
import { vatCategoryAssertions } from './vat-category';

export const EN16931_CII_VERSION = '1.3.16';

export const en16931ModelRules: RuleSet = shipped({
  id: 'en16931-cii-model',
  stage: 'schematron',
  family: 'EN16931 CII',
  version: EN16931_CII_VERSION,
  sourceAuthority: 'CEN/TC 434',
  rules: patternRules(CONTEXTS, [
    ...businessAssertions,
    ...conditionAssertions,
    ...decimalAssertions,
    ...vatCategoryAssertions,
  ]),
});
