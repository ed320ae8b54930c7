/**
 * A validation report read as verdicts: the invoice data against the target (its schema, EN 16931,
 * France 2026) and the PDF container around it (PDF/A-3, Factur-X), side by side; then, apart, the
 * Factur-X profile the document declares (a MINIMUM invoice may conform to its profile and still fail
 * the target). A received invoice whose data is right but whose PDF is not must say exactly that.
 */
import type { StageResult, ValidationIssue, ValidationReportBody } from '../../../core/api/validation-report';

export type Side = 'data' | 'container' | 'profile';

/**
 * The stages of each verdict, in reading order. The profile rules are a verdict of their own: their
 * findings are in `profileConformance`, not among the target's issues.
 */
export const sideStages = {
  data: ['xsd', 'schematron', 'fr_ctc'],
  container: ['pdfa', 'facturx_pdf'],
  profile: ['profile'],
} as const satisfies Record<Side, readonly string[]>;

export type StageName = (typeof sideStages)[Side][number];

/** passed: every stage run passed (warnings allowed); not_checked: no stage of the side ran. */
export type SideState = 'passed' | 'failed' | 'not_checked';

export interface SideVerdict {
  readonly side: Side;
  readonly state: SideState;
  readonly stages: readonly { readonly name: StageName; readonly result: StageResult }[];
  readonly errors: number;
  readonly warnings: number;
  readonly issues: readonly ValidationIssue[];
}

export function sideVerdict(report: ValidationReportBody, side: Side): SideVerdict {
  const all: Partial<Record<string, StageResult>> = report.stages;
  const stages = sideStages[side].flatMap((name) => {
    const result = all[name];
    return result ? [{ name, result }] : [];
  });
  const ran = stages.filter(({ result }) => !result.skipped);
  const names: readonly string[] = sideStages[side];
  const issues =
    side === 'profile'
      ? report.profileConformance.issues
      : report.issues.filter((issue) => names.includes(issue.stage));
  return {
    side,
    state: ran.length === 0 ? 'not_checked' : ran.every(({ result }) => result.passed) ? 'passed' : 'failed',
    stages,
    errors: ran.reduce((n, { result }) => n + result.error_count, 0),
    warnings: ran.reduce((n, { result }) => n + result.warning_count, 0),
    issues,
  };
}

/** How the data side reads: France 2026 alone failing is "not ready for France 2026 yet". */
export type DataSummary = 'passed' | 'france_only' | 'failed';
/** How the container side reads; `data_fine` says the data is right and only the PDF is wrong. */
export type ContainerSummary = 'passed' | 'failed' | 'data_fine' | 'none';

export function summaryOf(
  data: SideVerdict,
  container: SideVerdict,
): { readonly data: DataSummary; readonly container: ContainerSummary } {
  const failing = data.stages.filter(({ result }) => !result.skipped && !result.passed);
  const dataSummary: DataSummary =
    failing.length === 0
      ? 'passed'
      : failing.every(({ name }) => name === 'fr_ctc')
        ? 'france_only'
        : 'failed';
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
