/**
 * A validation report read as two verdicts: the invoice data (its schema, EN 16931, France 2026) and
 * the PDF container around it (PDF/A-3, Factur-X). A received invoice whose data is right but whose PDF
 * is not says exactly that. Pure: the report PDF, the batch table and the interface read it alike.
 */
import type { StageResult, ValidationReportBody } from './validation-report';

export type Side = 'data' | 'container';

export const SIDE_STAGES = {
  data: ['xsd', 'schematron', 'fr_ctc'],
  container: ['pdfa', 'facturx_pdf'],
} as const satisfies Record<Side, readonly (keyof ValidationReportBody['stages'])[]>;

/**
 * passed: every stage run passed (warnings allowed); france_only: the data fails France 2026 alone;
 * not_checked: no stage of the side ran (the container of an XML).
 */
export type SideVerdict = 'passed' | 'failed' | 'france_only' | 'not_checked';

export interface SideReading {
  readonly verdict: SideVerdict;
  readonly stages: readonly { readonly name: string; readonly result: StageResult }[];
  readonly errors: number;
  readonly warnings: number;
}

export function readSide(report: ValidationReportBody, side: Side): SideReading {
  const stages = SIDE_STAGES[side].map((name) => ({ name, result: report.stages[name] }));
  const ran = stages.filter(({ result }) => !result.skipped);
  const failing = ran.filter(({ result }) => !result.passed);
  const verdict: SideVerdict =
    ran.length === 0
      ? 'not_checked'
      : failing.length === 0
        ? 'passed'
        : failing.every(({ name }) => name === 'fr_ctc')
          ? 'france_only'
          : 'failed';
  return {
    verdict,
    stages,
    errors: ran.reduce((n, { result }) => n + result.error_count, 0),
    warnings: ran.reduce((n, { result }) => n + result.warning_count, 0),
  };
}

/** The data is right and only the PDF container deviates: the case a reader must not take for a bad invoice. */
export const onlyContainerFails = (report: ValidationReportBody): boolean =>
  readSide(report, 'data').verdict === 'passed' && readSide(report, 'container').verdict === 'failed';
