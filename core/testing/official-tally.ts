/**
 * How our findings are held to the official artefacts' (Saxon's run of the CEN, BR-FR and Factur-X
 * Schematron, bin/dev/schematron-saxon.ts): the same rules, the same number of times. Where the official
 * XSLT stopped on a dynamic error it gave no findings but a rejection: there ours must reject the file
 * (a fatal finding of that artefact). Read by the official-verdicts test and the real-world measure.
 */
import type { ValidationIssue } from '../api/validation-report';

export interface OfficialFinding {
  readonly id: string;
  readonly flag: string;
  readonly at: string;
}

/** An artefact's verdict on one file: its findings, the error it stopped on, or null (not run). */
export type OfficialVerdict = readonly OfficialFinding[] | { readonly error: string } | null;

export const REJECTED = 'rejected (the official XSLT stopped on a dynamic error)';

/** `id×count` of each rule, sorted. */
export function tally(ids: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].map(([id, n]) => `${id}×${n}`).sort();
}

export const officialTally = (v: OfficialVerdict): string[] | string =>
  v === null ? [] : 'error' in v ? REJECTED : tally(v.map((f) => f.id));

/** Our findings for one artefact, in the form {@link officialTally} gives its verdict. */
export function oursTally(issues: readonly ValidationIssue[], official: OfficialVerdict): string[] | string {
  if (official !== null && 'error' in official)
    return issues.some((i) => i.severity === 'fatal') ? REJECTED : 'accepted';
  return tally(issues.map((i) => i.ruleId));
}
