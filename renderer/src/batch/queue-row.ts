/**
 * One line of the batch queue read from a check: its profile, the two verdicts (invoice data, PDF
 * container) and where it stands. Pure, so that the table, its counter and its filters read a check alike.
 */
import { readSide, type SideVerdict } from '../../../core/api/verdict-sides';
import { extractionOf, refusedForNoXml, reportOf } from '../backend/answer-bodies';
import type { Answer } from '../backend/backend';
import type { Check } from './use-checks';

/**
 * Where a document stands: being read or checked, valid, not valid, waiting for a conversion (a readable
 * PDF without Factur-X data, or an invoice_data JSON), refused (the answer was an error), or cancelled by
 * the user before its answers came.
 */
export type QueueStatus =
  'reading' | 'checking' | 'valid' | 'not_valid' | 'to_convert' | 'refused' | 'cancelled';

/** A side's verdict, or `none` when the document has no such side or no report says it. */
export type QueueVerdict = SideVerdict | 'none';

export interface QueueRow {
  readonly check: Check;
  readonly profile: string | null;
  readonly data: QueueVerdict;
  readonly container: QueueVerdict;
  readonly status: QueueStatus;
}

export function queueRow(check: Check): QueueRow {
  const report = reportOf(check.answers.validate);
  const profile = report?.profile ?? extractionOf(check.answers.extract)?.profile ?? null;
  const data = report ? readSide(report, 'data').verdict : 'none';
  const container = report && check.kind === 'pdf' ? readSide(report, 'container').verdict : 'none';
  return { check, profile, data, container, status: statusOf(check, report?.valid) };
}

const isCancelled = (answer: Answer | 'pending' | undefined): boolean =>
  typeof answer === 'object' && !answer.ok && answer.error.error === 'cancelled';

function statusOf(check: Check, valid: boolean | undefined): QueueStatus {
  if (!check.invoice) return 'reading';
  const answers = Object.values(check.answers);
  if (answers.includes('pending')) return 'checking';
  if (answers.some(isCancelled)) return 'cancelled';
  if (check.kind === 'json' || answers.some(refusedForNoXml)) return 'to_convert';
  if (valid !== undefined) return valid ? 'valid' : 'not_valid';
  return 'refused';
}

/** What the queue can be narrowed to. */
export const QUEUE_FILTERS = ['all', 'not_valid', 'to_convert', 'valid', 'in_progress'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

/** A document something is still being done for, which its cancel stops. */
export const inProgress = (row: QueueRow): boolean => matchesFilter(row, 'in_progress');

export function matchesFilter(row: QueueRow, filter: QueueFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'in_progress':
      return row.status === 'reading' || row.status === 'checking';
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
    in_progress: count('in_progress'),
  };
}
