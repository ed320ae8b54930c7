import { describe, expect, it } from 'vitest';
import { definitionDigest, ruleSetDigest } from '../validate/artifacts';
import { allRuleSets } from './all-rule-sets';
import { RULE_SET_DIGESTS } from './digests-data';
import { en16931ModelRules } from './en16931';
import { writtenDigest } from './digests';

describe('the written rule-set digests', () => {
  it('are those of the rule sets as they are now (else run npx tsx bin/dev/generate-rule-digests.ts)', () => {
    const sets = allRuleSets();
    expect(Object.fromEntries(sets.map((set) => [set.id, definitionDigest(set)]))).toEqual(RULE_SET_DIGESTS);
    for (const set of sets) expect(ruleSetDigest(set)).toBe(writtenDigest(set));
  });

  it('stand for the set its maker made, never for a copy', () => {
    const copy = {
      ...en16931ModelRules,
      rules: en16931ModelRules.rules.map((r, i) => (i === 0 ? { ...r, severity: 'warning' as const } : r)),
    };
    expect(writtenDigest(en16931ModelRules)).toBe(RULE_SET_DIGESTS[en16931ModelRules.id]);
    expect(writtenDigest(copy)).toBeUndefined();
    expect(ruleSetDigest(copy)).toBe(definitionDigest(copy));
    expect(ruleSetDigest(copy)).not.toBe(ruleSetDigest(en16931ModelRules));
  });
});
