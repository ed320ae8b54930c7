/**
 * How a candidate read from a PDF with no help fares, the way the reading benchmark and the corpus
 * reading test count it: the candidate in EN 16931 when lines were read, else in BASIC WL, judged for a
 * target. A BASIC WL candidate (the truth has no lines) is judged as a BASIC WL invoice: its structure
 * and the Factur-X rules of its profile (the EN 16931 rules ask for lines it does not carry); for France
 * 2026, what is accepted of BASIC WL in the reform's first year.
 */
import { modelToCii, type CiiWritten } from '../cii/write';
import { verdictOf } from '../convert/readiness';
import type { Invoice } from '../model/invoice';
import { validateXml } from '../validate/validate';

export type CandidateProfile = 'EN16931' | 'BASIC_WL';

/** The candidate's profile and its XML as convert writes it. */
export function candidateOf(invoice: Invoice): { profile: CandidateProfile; written: CiiWritten } {
  const profile = (invoice.lines?.length ?? 0) > 0 ? 'EN16931' : 'BASIC_WL';
  return { profile, written: modelToCii(invoice, profile) };
}

/** The candidate's verdict for a target, with the rules that kept it from passing. */
export function candidateVerdict(
  written: CiiWritten,
  target: string,
  profile: CandidateProfile,
): { status: string; blocking: string[] } {
  // What its schema needs and the candidate lacks counts as the rule that needs it, as the convert judges.
  const outcome = validateXml(written.draft, { target, written });
  if (!outcome.ok) return { status: 'unjudgeable', blocking: [outcome.error.code] };
  const report = outcome.report;
  if (profile === 'BASIC_WL') {
    const fatal = [
      ...report.issues.filter((i) => i.stage === 'xsd'),
      ...report.profileConformance.issues,
    ].filter((i) => i.severity === 'fatal');
    const accepted =
      target === 'france_2026'
        ? report.profileConformance.franceFirstYear?.accepted === true
        : fatal.length === 0 && report.profileConformance.conforms === true;
    return { status: accepted ? 'verified' : 'failed', blocking: [...new Set(fatal.map((i) => i.ruleId))] };
  }
  const v = verdictOf(report);
  return { status: v.status, blocking: [...new Set(v.blocking.map((i) => i.ruleId))] };
}
