/**
 * The Factur-X 1.09 profile rules (FNFE-MPE / FeRD Schematron of each profile) as the `profile` stage of
 * validation: the rules of the profile a document declares (BT-24), with their official ids. The
 * assertions are the artefact's own XPath, generated as data (./generated/) and run by the shared
 * Schematron pattern runner (first matching rule of a pattern wins) on the XPath engine.
 *
 * Ids: a business rule keeps the id its message gives (`[BR-45]`, `[BR-FXEXT-CO-10]`); a structural
 * assertion of the compiled MINIMUM and BASIC artefacts keeps its `FX-SCH-A-…` id; the published sources
 * of BASIC WL, EN16931 and EXTENDED give their structural assertions no id, so theirs is the profile
 * and the assertion's position in the artefact (`FX-BASICWL-0142`).
 */
import { CONFORMANCE_LEVEL, type Profile } from '../../cii/profile';
import { shipped } from '../digests';
import type { Message, Rule, RuleSet } from '../rule';
import { patternRules, type PatternAssertion, type PatternContext } from '../schematron-pattern';
import { compileMatch, compileTest, type XPathTest } from '../xpath/xpath-engine';
import type { ProfileArtefact, RuleData } from './definition';
import { FACTURX_BASIC_1_09 } from './generated/basic';
import { FACTURX_BASICWL_1_09 } from './generated/basic-wl';
import { FACTURX_EN16931_1_09 } from './generated/en16931';
import { FACTURX_EXTENDED_1_09 } from './generated/extended';
import { FACTURX_MINIMUM_1_09 } from './generated/minimum';
import { messageOf } from './messages';

export const FACTURX_PROFILE_ARTEFACTS: Readonly<Record<Profile, ProfileArtefact>> = {
  MINIMUM: FACTURX_MINIMUM_1_09,
  BASIC_WL: FACTURX_BASICWL_1_09,
  BASIC: FACTURX_BASIC_1_09,
  EN16931: FACTURX_EN16931_1_09,
  EXTENDED: FACTURX_EXTENDED_1_09,
};

/** A rule context: its match pattern tested on the elements of the local name it ends with. */
function contextOf(pattern: string): PatternContext {
  const match = compileMatch(pattern);
  return {
    label: pattern,
    locals: match.local ? [match.local] : () => true,
    byNames: match.byNames,
    matches: match.matches,
  };
}

function patternOf(rules: readonly RuleData[], profileName: string): Rule[] {
  const contexts = rules.map(([pattern]) => contextOf(pattern));
  const assertions = rules.flatMap(([pattern, asserts], index) =>
    asserts.map(([id, severity, kind, expression, bt, data]): PatternAssertion => {
      // Worded when first read (a finding, the rule list): a document's check never needs most of them.
      let message: Message | undefined;
      // Compiled on its first context element: a document gives most patterns none (the rules of the
      // VAT categories it does not use), and a process often checks one document.
      let test: XPathTest | undefined;
      const holds = kind === 'assert';
      return {
        id,
        severity,
        bt,
        get message() {
          message ??= messageOf(id, data, profileName, pattern);
          if (!message) throw new Error(`Factur-X ${profileName}: no message for ${id}`);
          return message;
        },
        context: contexts[index]!,
        test: (el, input) => (test ??= compileTest(expression))(input, el) === holds,
      };
    }),
  );
  return patternRules(contexts, assertions);
}

function compile(artefact: ProfileArtefact): RuleSet {
  const name = CONFORMANCE_LEVEL[artefact.profile];
  return {
    id: `facturx-${artefact.version}-${artefact.profile.toLowerCase().replace('_', '-')}`,
    stage: 'profile',
    family: `Factur-X ${name}`,
    version: artefact.version,
    sourceAuthority: 'FNFE-MPE / FeRD',
    rules: artefact.patterns.flatMap((rules) => patternOf(rules, name)),
  };
}

const compiled = new Map<Profile, RuleSet>();

/** The rule set of one profile (compiled on first use: EXTENDED alone has over a thousand assertions). */
export function facturxProfileRules(profile: Profile): RuleSet {
  let set = compiled.get(profile);
  if (!set) {
    set = shipped(compile(FACTURX_PROFILE_ARTEFACTS[profile]));
    compiled.set(profile, set);
  }
  return set;
}
