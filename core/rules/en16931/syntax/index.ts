/** The CII syntax binding rules CII-SR-* and CII-DT-* of the EN16931 validation artefacts 1.3.16. */
import { shipped } from '../../digests';
import type { RuleSet } from '../../rule';
import { conditionAssertions } from './conditions';
import { CONTEXTS } from './contexts';
import { restrictionBatches } from './restrictions';
import { patternRules } from '../../schematron-pattern';

export const ciiSyntaxRules: RuleSet = shipped({
  id: 'en16931-cii-syntax',
  stage: 'schematron',
  family: 'EN16931 CII',
  version: '1.3.16',
  sourceAuthority: 'CEN/TC 434',
  rules: patternRules(CONTEXTS, conditionAssertions, { batches: restrictionBatches }),
});
