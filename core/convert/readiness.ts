/**
 * The verdict of a convert read from validation reports: the `target` outcome and the
 * `validationReadiness` object (api-interface.md, "Outcome rules of a final convert").
 *
 * The France 2026 artefact flags every assertion fatal; the rule ids of {@link france2026Advisories}
 * are nevertheless advisories of the readiness verdict: with nothing else wrong the document is
 * `incomplete` (produce and mark), never `passed` and never `failed`.
 */
import type { ConvertResponse, TargetOutcome } from '../api/convert-response';
import type { TargetStatus, ValidationTarget } from '../api/targets';
import type { ValidationIssue, ValidationReportBody } from '../api/validation-report';
import { france2026Advisories } from '../rules/france-2026';

const ADVISORY_IDS: ReadonlySet<string> = new Set(france2026Advisories.map((a) => a.ruleId));

type FrCtcStatus = Readiness['frCtc']['status'];

/** One report sorted into what blocks the target and what France 2026 only advises. */
export interface Verdict {
  readonly target: ValidationTarget;
  readonly status: Extract<TargetStatus, 'verified' | 'failed' | 'incomplete'>;
  /** Fatal findings that are not France 2026 advisories: any one means no deliverable. */
  readonly blocking: readonly ValidationIssue[];
  /** France 2026 advisory findings (only with target france_2026). */
  readonly advisories: readonly ValidationIssue[];
  /** The target profile gate (EN16931 structure and rules, and the PDF stages when checked) passed. */
  readonly targetProfileValid: boolean;
}

export function verdictOf(report: ValidationReportBody): Verdict {
  const france = report.target === 'france_2026';
  const advisory = (i: ValidationIssue) => france && i.stage === 'fr_ctc' && ADVISORY_IDS.has(i.ruleId);
  const blocking = report.issues.filter((i) => i.severity === 'fatal' && !advisory(i));
  const advisories = report.issues.filter(advisory);
  let status: Verdict['status'] = 'verified';
  if (blocking.length > 0) status = 'failed';
  else if (advisories.length > 0) status = 'incomplete';
  return {
    target: report.target,
    status,
    blocking,
    advisories,
    targetProfileValid: !blocking.some((i) => i.stage !== 'fr_ctc'),
  };
}

/** The business terms the blocking and advisory findings point at: what the client must supply or fix. */
export function missingInputs(verdict: Verdict): string[] {
  const terms = [...verdict.blocking, ...verdict.advisories].map((i) => i.bt ?? advisoryTerm(i.ruleId));
  return [...new Set(terms.filter((t): t is string => t !== null))];
}

/** `BR-FR-13_BT-34` names its business term in the id. */
const advisoryTerm = (ruleId: string): string | null => /BT-\d+/.exec(ruleId)?.[0] ?? null;

export function targetOutcome(requested: string, verdict: Verdict): TargetOutcome {
  return {
    requested,
    executed: verdict.target,
    status: verdict.status,
    missing_inputs: missingInputs(verdict),
    not_run_reason: null,
  };
}

type Readiness = ConvertResponse['validationReadiness'];
type ArtifactReadiness = NonNullable<Readiness['finalGeneratedValidation']>;

/**
 * The readiness of one artifact role; a role is never filled with another role's report. The profile
 * verdict travels beside the target's, in plain words: a BASIC WL candidate that conforms to its profile
 * still fails an `en16931` target (it has no lines), and `profileStatement` says so.
 */
export function artifactReadiness(report: ValidationReportBody): ArtifactReadiness {
  return {
    valid: report.valid,
    target: report.target,
    status: verdictOf(report).status,
    profile: report.profile,
    errorCount: report.summary.errorCount,
    warningCount: report.summary.warningCount,
    profileConforms: report.profileConformance.conforms,
    profileStatement: report.profileConformance.statement,
  };
}

export interface ReadinessReports {
  /** The uploaded source (a ready CII, an XML on a dry run), as the client sent it. */
  readonly source?: ValidationReportBody;
  /** The XML we generated, before any packaging. */
  readonly candidate?: ValidationReportBody;
  /** Model paths the candidate's profile does not carry, left out of it (reported with the candidate). */
  readonly dropped?: readonly string[];
  /** The deliverable: the packaged PDF/A-3 (XML and PDF stages), or the XML of output xml_cii. */
  readonly final?: ValidationReportBody;
}

/**
 * `verdict` is the one the outcome is decided on (the final deliverable's when there is one). France 2026
 * depends on the target profile gate: when that gate fails the France 2026 status is `blocked`.
 */
export function validationReadiness(verdict: Verdict, reports: ReadinessReports): Readiness {
  const advisoryIds = [...new Set(verdict.advisories.map((i) => i.ruleId))];
  let status: FrCtcStatus = 'not_evaluated';
  if (verdict.target === 'france_2026') {
    if (verdict.status === 'verified') status = 'passed';
    else if (verdict.status === 'incomplete') status = 'incomplete';
    else status = 'blocked';
  }
  return {
    frCtc: {
      status,
      dependsOn: ['target_profile_valid'],
      advisories: advisoryIds,
      targetProfileValid: verdict.targetProfileValid,
    },
    paAcceptance: 'not_submitted',
    ...(reports.source ? { submittedSourceReadiness: artifactReadiness(reports.source) } : {}),
    ...(reports.candidate
      ? {
          candidateValidationReadiness: {
            ...artifactReadiness(reports.candidate),
            droppedByProfile: [...(reports.dropped ?? [])],
          },
        }
      : {}),
    ...(reports.final ? { finalGeneratedValidation: artifactReadiness(reports.final) } : {}),
  };
}
