/**
 * A validation report read as two verdicts: the invoice data (its schema, the Factur-X profile rules when
 * the report has them, EN 16931, France 2026) and the PDF container around it (PDF/A-3, Factur-X). A
 * received invoice whose data is right but whose PDF is not says exactly that. Pure: the report PDF, the
 * batch table and the interface read it alike.
 */
import type { StageResult, ValidationIssue, ValidationReportBody } from './validation-report';

export type Side = 'data' | 'container';

/**
 * The stages of each side, in reading order. `profile` (the Factur-X rules of the declared profile) is
 * read when a report carries it.
 */
export const SIDE_STAGES = {
  data: ['xsd', 'profile', 'schematron', 'fr_ctc'],
  container: ['pdfa', 'facturx_pdf'],
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

/** The stages a report carries, the `profile` one included whether or not its schema names it. */
const stagesOf = (report: ValidationReportBody): Partial<Record<string, StageResult>> => report.stages;

export function readSide(report: ValidationReportBody, side: Side): SideReading {
  const all = stagesOf(report);
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
    issues: report.issues.filter((issue) => names.includes(issue.stage)),
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
