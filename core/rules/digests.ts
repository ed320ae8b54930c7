/**
 * The sha256 of each rule set's definition (core/validate/artifacts.ts), worked out when generating
 * (bin/dev/generate-rule-digests.ts) rather than in every process: hashing a set means wording every
 * one of its messages, a tenth of a second for the larger sets on a cold start. A written digest stands
 * only for the set its maker made (registered here by {@link shipped}); any other set, a copy with one
 * rule changed included, is hashed as it is. A test fails while the written digests are out of date.
 */
import { RULE_SET_DIGESTS } from './digests-data';
import type { RuleSet } from './rule';

const made = new WeakSet<RuleSet>();

/** Marks `set` as made by its maker, the set the written digest was worked out from. */
export function shipped<T extends RuleSet>(set: T): T {
  made.add(set);
  return set;
}

/** The digest written for `set` when it is the set its maker made; undefined otherwise. */
export function writtenDigest(set: RuleSet): string | undefined {
  return made.has(set) ? RULE_SET_DIGESTS[set.id] : undefined;
}
