/**
 * One line of the batch queue read from a check: its profile, the two verdicts (invoice data, PDF
 * container) and where it stands. Pure, so that the table, its counter and its filters read a check alike.
 */
import { readSide, type SideVerdict } from '../../../core/api/verdict-sides';
import { extractionOf, isCancelled, refusedForNoXml, reportOf } from '../backend/answer-bodies';
import { convertBodyOf } from '../review/convert-bodies';
import { conversionState, type ConversionState } from './batch-convert';
import type { Check } from './use-checks';

/**
 * Where a document stands: being read or checked, its PDF being read for its review form (text or OCR),
 * valid, not valid, waiting for a conversion (a readable PDF without Factur-X data, or an invoice_data
 * JSON), refused (the answer was an error), cancelled by the user before its answers came, or interrupted
 * (kept by the desktop app, which closed during its check).
 */
export type QueueStatus =
  | 'reading'
  | 'checking'
  | 'reading_pdf'
  | 'valid'
  | 'not_valid'
  | 'to_convert'
  | 'refused'
  | 'cancelled'
  | 'interrupted'
  | ConversionStatus;

/** Where "convert all that are ready" left a document. */
export type ConversionStatus = 'converting' | 'converted' | 'accepted' | 'not_converted';

/** A side's verdict, or `none` when the document has no such side or no report says it. */
export type QueueVerdict = SideVerdict | 'none';

export interface QueueRow {
  readonly check: Check;
  readonly profile: string | null;
  readonly data: QueueVerdict;
  readonly container: QueueVerdict;
  readonly status: QueueStatus;
  /** Its batch conversion, once asked: where it stands, and why not when it was not converted. */
  readonly conversion?: ConversionState;
}

export function queueRow(check: Check): QueueRow {
  const report = reportOf(check.answers.validate);
  const profile = report?.profile ?? extractionOf(check.answers.extract)?.profile ?? null;
  const data = report ? readSide(report, 'data').verdict : 'none';
  const container = report && check.kind === 'pdf' ? readSide(report, 'container').verdict : 'none';
  if (!check.conversion) return { check, profile, data, container, status: statusOf(check, report?.valid) };
  const conversion = conversionState(check.conversion);
  const status = conversionStatus[conversion.kind];
  // Converted, the line shows the Factur-X made: its profile, and its invoice data checked once written.
  const made = conversion.kind === 'converted' ? convertBodyOf(check.conversion.final) : undefined;
  const checked = made?.validationReadiness.finalGeneratedValidation;
  if (!made) return { check, profile, data, container, status, conversion };
  return {
    check,
    profile: made.result.targetProfile,
    data: checked ? (checked.valid ? 'passed' : 'failed') : data,
    container,
    status,
    conversion,
  };
}

const conversionStatus = {
  waiting: 'converting',
  checking: 'converting',
  converting: 'converting',
  accepted: 'accepted',
  converted: 'converted',
  not_converted: 'not_converted',
  cancelled: 'cancelled',
} as const satisfies Record<ConversionState['kind'], QueueStatus>;

function statusOf(check: Check, valid: boolean | undefined): QueueStatus {
  if (!check.invoice) return 'reading';
  if (check.interrupted) return 'interrupted';
  const answers = Object.values(check.answers);
  if (answers.includes('pending')) return 'checking';
  if (check.reading) return 'reading_pdf';
  if (answers.some(isCancelled)) return 'cancelled';
  if (check.kind === 'json' || answers.some(refusedForNoXml)) return 'to_convert';
  if (valid !== undefined) return valid ? 'valid' : 'not_valid';
  return 'refused';
}

/** What the queue can be narrowed to. */
export const QUEUE_FILTERS = ['all', 'not_valid', 'to_convert', 'converted', 'valid', 'in_progress'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

/** A document something is still being done for, which its cancel stops. */
export const inProgress = (row: QueueRow): boolean => matchesFilter(row, 'in_progress');

export function matchesFilter(row: QueueRow, filter: QueueFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'in_progress':
      return (
        row.status === 'reading' ||
        row.status === 'checking' ||
        row.status === 'reading_pdf' ||
        row.status === 'converting'
      );
    case 'to_convert':
      // A document the batch could not convert still waits for a conversion (through its review form).
      return row.status === 'to_convert' || row.status === 'not_converted';
    case 'not_valid':
      return row.status === 'not_valid' || row.status === 'refused';
    default:
      return row.status === filter;
  }
}

/** How many documents the queue holds, and how many of them stand where. */
export type QueueCounts = Readonly<Record<Exclude<QueueFilter, 'all'> | 'total', number>>;

export function queueCounts(rows: readonly QueueRow[]): QueueCounts {
  const count = (filter: QueueFilter) => rows.filter((row) => matchesFilter(row, filter)).length;
  return {
    total: rows.length,
    valid: count('valid'),
    not_valid: count('not_valid'),
    to_convert: count('to_convert'),
    converted: count('converted'),
    in_progress: count('in_progress'),
  };
}
