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
import type { ReadingTruth } from './reading-score';

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
    // For France 2026, the first year judges its BR-FR rules too.
    const fatal = [
      ...report.issues.filter((i) => i.stage === 'xsd'),
      ...report.profileConformance.issues,
      ...(target === 'france_2026' ? report.issues.filter((i) => i.stage === 'fr_ctc') : []),
    ].filter((i) => i.severity === 'fatal');
    const accepted =
      target === 'france_2026'
        ? report.profileConformance.franceFirstYear?.accepted === true
        : fatal.length === 0 && report.profileConformance.conforms === true;
    return { status: accepted ? 'verified' : 'failed', blocking: [...new Set(fatal.map((i) => i.ruleId))] };
  }
  const v = verdictOf(report);
  // France 2026's advisories are what keeps an `incomplete` candidate from passing.
  return { status: v.status, blocking: [...new Set([...v.blocking, ...v.advisories].map((i) => i.ruleId))] };
}

/**
 * Whether a candidate converts with no help as its truth asks: it passes EN 16931 (a candidate without
 * lines stands only for an invoice that has none), and its France 2026 status when a party is French.
 */
export function conversionOf(
  { profile, written }: { profile: CandidateProfile; written: CiiWritten },
  truth: ReadingTruth,
): { en16931: boolean; blocking: string[]; france?: string; franceBlocking?: string[] } {
  const rightProfile = truth.lines.length === 0 || profile === 'EN16931';
  const en = candidateVerdict(written, 'en16931', profile);
  const french = truth.seller.country === 'FR' || truth.buyer.country === 'FR';
  return {
    en16931: rightProfile && en.status === 'verified',
    blocking: rightProfile ? en.blocking : ['no lines read', ...en.blocking],
    ...(french ? franceOf(candidateVerdict(written, 'france_2026', profile)) : {}),
  };
}

const franceOf = ({ status, blocking }: { status: string; blocking: string[] }) => ({
  france: status,
  franceBlocking: blocking,
});
