/**
 * A validation report read as two verdicts: the invoice data (its schema, the Factur-X profile rules when
 * the report has them, EN 16931, France 2026) and the PDF container around it (PDF/A-3, Factur-X). A
 * received invoice whose data is right but whose PDF is not must say exactly that.
 */
import type { StageResult, ValidationIssue, ValidationReportBody } from '../../../core/api/validation-report';

export type Side = 'data' | 'container';

/**
 * The stages of each side, in reading order. `profile` (the Factur-X rules of the declared profile) is
 * shown when a report carries it.
 */
export const sideStages = {
  data: ['xsd', 'profile', 'schematron', 'fr_ctc'],
  container: ['pdfa', 'facturx_pdf'],
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

/** The stages a report carries, the future `profile` one included, whatever its schema says today. */
const stagesOf = (report: ValidationReportBody): Partial<Record<string, StageResult>> => report.stages;

export function sideVerdict(report: ValidationReportBody, side: Side): SideVerdict {
  const all = stagesOf(report);
  const stages = sideStages[side].flatMap((name) => {
    const result = all[name];
    return result ? [{ name, result }] : [];
  });
  const ran = stages.filter(({ result }) => !result.skipped);
  const names: readonly string[] = sideStages[side];
  const issues = report.issues.filter((issue) => names.includes(issue.stage));
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
