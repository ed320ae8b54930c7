/**
 * The `validationArtifacts` of a report: which rule sets judged the document, their official versions,
 * and a sha256 of OUR definition of each set (ids, severities, business terms, messages, version), so a
 * verdict can be traced to the exact rules that produced it.
 */
import { createHash } from 'node:crypto';
import { writtenDigest } from '../rules/digests';
import type { RuleSet } from '../rules/rule';
import type { ValidationArtifact } from '../api/validation-report';

const digests = new WeakMap<RuleSet, string>();

/** Stable JSON of the set's definition: rules sorted by id, keys in a fixed order. */
export function canonicalRuleSet(set: RuleSet): string {
  return JSON.stringify({
    id: set.id,
    stage: set.stage,
    family: set.family,
    version: set.version,
    sourceAuthority: set.sourceAuthority,
    rules: [...set.rules]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((r) => ({
        id: r.id,
        severity: r.severity,
        bt: [...r.bt],
        message: { en: r.message.en, fr: r.message.fr },
      })),
  });
}

/** The sha256 of the set's definition, worked out from it. */
export function definitionDigest(set: RuleSet): string {
  return createHash('sha256').update(canonicalRuleSet(set)).digest('hex');
}

/** The digest of a set as the report gives it: the one written when generating for a shipped set. */
export function ruleSetDigest(set: RuleSet): string {
  let digest = digests.get(set);
  if (!digest) {
    digest = writtenDigest(set) ?? definitionDigest(set);
    digests.set(set, digest);
  }
  return digest;
}

export function artifactOf(set: RuleSet, profile: string): ValidationArtifact {
  return {
    id: set.id,
    family: set.family,
    profile,
    syntax: 'CII',
    version: set.version,
    sourceAuthority: set.sourceAuthority,
    sha256: ruleSetDigest(set),
    status: 'available',
  };
}
