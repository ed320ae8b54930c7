/**
 * Every rule's message, in English and in French, is plain business language: term names with their
 * BT/BG numbers, never an XML element, attribute or XPath (the finding's location carries those). Over
 * every rule of every set the validator runs, not a sample.
 */
import { describe, expect, it } from 'vitest';
import { PROFILES } from '../cii/profile';
import { technicalWordsIn } from '../testing/plain-words';
import { en16931ModelRules } from './en16931';
import { en16931CodeRules } from './en16931/codes';
import { ciiSyntaxRules } from './en16931/syntax';
import { facturxProfileRules } from './facturx';
import { france2026Rules } from './france-2026';
import type { RuleSet } from './rule';
import { xsdRules } from './xsd';

const SETS: readonly RuleSet[] = [
  en16931ModelRules,
  en16931CodeRules,
  ciiSyntaxRules,
  france2026Rules,
  ...PROFILES.map(facturxProfileRules),
  ...PROFILES.map(xsdRules),
];

describe('rule messages in plain words', () => {
  it('catches the technical words messages used to hold', () => {
    expect(technicalWordsIn('the SIRET (BT-29, ram:GlobalID with schemeID 0009)')).toEqual([
      'prefixed name: ram:G',
      'element name: GlobalID',
      'attribute name: schemeID',
    ]);
    expect(technicalWordsIn('in SpecifiedLegalOrganization/ID')).toEqual([
      'element name: SpecifiedLegalOrganization',
    ]);
    expect(technicalWordsIn('at //ram:X/@unitCode')).not.toEqual([]);
    expect(technicalWordsIn('the trailer has no /ID')).toEqual(['PDF name: /ID']);
    expect(
      technicalWordsIn(
        'The SIRET of the seller (BG-4), identifier BT-29 with scheme 0009, must be 14 digits.',
      ),
    ).toEqual([]);
  });

  for (const set of SETS) {
    it(`${set.id}: every message, in English and in French`, () => {
      const technical = set.rules.flatMap((rule) =>
        (['en', 'fr'] as const).flatMap((lang) =>
          technicalWordsIn(rule.message[lang]).map((word) => `${rule.id} (${lang}) ${word}`),
        ),
      );
      expect(set.rules.length).toBeGreaterThan(0);
      expect(technical).toEqual([]);
    });
  }
});
