/**
 * A validation report read as verdicts: the invoice data against the target (its schema, EN 16931,
 * France 2026) and the PDF container around it (PDF/A-3, Factur-X), side by side; then, apart, the
 * Factur-X profile the document declares (a MINIMUM invoice may conform to its profile and still fail the
 * target, and the target's `valid` does not count the profile rules). A received invoice whose data is
 * right but whose PDF is not says exactly that. Pure: the report PDF, the batch table and the interface
 * read it alike.
 */
import type { StageResult, ValidationIssue, ValidationReportBody } from './validation-report';

export type Side = 'data' | 'container' | 'profile';

/**
 * The stages of each verdict, in reading order. The profile rules are a verdict of their own: their
 * findings are in `profileConformance`, not among the target's issues.
 */
export const SIDE_STAGES = {
  data: ['xsd', 'schematron', 'fr_ctc'],
  container: ['pdfa', 'facturx_pdf'],
  profile: ['profile'],
} as const satisfies Record<Side, readonly string[]>;

export type StageName = (typeof SIDE_STAGES)[Side][number];

/** passed: every stage run passed (warnings allowed); not_checked: no stage of the side ran (the container of an XML). */
export type SideState = 'passed' | 'failed' | 'not_checked';

/** The state told in words: a data side failing France 2026 alone is "not ready for France 2026 yet". */
export type SideVerdict = SideState | 'france_only';

export interface SideReading {
  readonly side: Side;
  readonly state: SideState;
  readonly verdict: SideVerdict;
  readonly stages: readonly { readonly name: StageName; readonly result: StageResult }[];
  readonly errors: number;
  readonly warnings: number;
  readonly issues: readonly ValidationIssue[];
}

export function readSide(report: ValidationReportBody, side: Side): SideReading {
  const all: Partial<Record<string, StageResult>> = report.stages;
  const stages = SIDE_STAGES[side].flatMap((name) => {
    const result = all[name];
    return result ? [{ name, result }] : [];
  });
  const ran = stages.filter(({ result }) => !result.skipped);
  const failing = ran.filter(({ result }) => !result.passed);
  const state: SideState = ran.length === 0 ? 'not_checked' : failing.length === 0 ? 'passed' : 'failed';
  const names: readonly string[] = SIDE_STAGES[side];
  return {
    side,
    state,
    verdict: state === 'failed' && failing.every(({ name }) => name === 'fr_ctc') ? 'france_only' : state,
    stages,
    errors: ran.reduce((n, { result }) => n + result.error_count, 0),
    warnings: ran.reduce((n, { result }) => n + result.warning_count, 0),
    issues:
      side === 'profile'
        ? report.profileConformance.issues
        : report.issues.filter((issue) => names.includes(issue.stage)),
  };
}

/** How the data side reads in a sentence. */
export type DataSummary = 'passed' | 'france_only' | 'failed';
/** How the container side reads; `data_fine` says the data is right and only the PDF is wrong. */
export type ContainerSummary = 'passed' | 'failed' | 'data_fine' | 'none';

export function summaryOf(
  data: SideReading,
  container: SideReading,
): { readonly data: DataSummary; readonly container: ContainerSummary } {
  const dataSummary: DataSummary = data.verdict === 'not_checked' ? 'passed' : data.verdict;
  const containerSummary: ContainerSummary =
    container.state === 'not_checked'
      ? 'none'
      : container.state === 'passed'
        ? 'passed'
        : dataSummary === 'passed'
          ? 'data_fine'
          : 'failed';
  return { data: dataSummary, container: containerSummary };
}

/** The data is right and only the PDF container deviates: the case a reader must not take for a bad invoice. */
export const onlyContainerFails = (report: ValidationReportBody): boolean =>
  summaryOf(readSide(report, 'data'), readSide(report, 'container')).container === 'data_fine';
