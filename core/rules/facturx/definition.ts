/**
 * A Factur-X profile Schematron as data (generated from the official artefact by
 * bin/dev/generate-facturx-rules.ts): patterns of rules, each a context and its assertions, each
 * assertion its official id, flag, XPath test and what its message says.
 */
import type { Profile } from '../../cii/profile';
import type { Severity } from '../rule';

/**
 * What an assertion's message says: `['rule']` for a business rule (its id names it: BR-45, BR-FXEXT-…),
 * or a structural statement on an element or attribute of the profile, with its name and count.
 */
export type MessageData =
  | readonly ['rule']
  | readonly ['exactly' | 'atMost' | 'atLeast' | 'variantAtMost', string, number]
  | readonly ['notUsed' | 'variantNotUsed' | 'attributeRequired' | 'attributeNotUsed', string];

/** `[id, flag, kind, test, business terms, message]`: a `report` fires where its test is true. */
export type AssertionData = readonly [
  id: string,
  flag: Severity,
  kind: 'assert' | 'report',
  test: string,
  bt: readonly string[],
  message: MessageData,
];

/** `[context, assertions]`: the context is an absolute XSLT match pattern. */
export type RuleData = readonly [context: string, assertions: readonly AssertionData[]];

export interface ProfileArtefact {
  readonly profile: Profile;
  readonly version: string;
  /** The artefact file the data was generated from. */
  readonly artefact: string;
  /** Assertions in the artefact, code list ones included. */
  readonly assertions: number;
  /** Assertions left out because they read a code list file not published with the artefact. */
  readonly codeListAssertions: number;
  readonly patterns: readonly (readonly RuleData[])[];
}
