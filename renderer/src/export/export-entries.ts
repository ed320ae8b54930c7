/**
 * What an export of documents holds: each file as dropped, the invoice XML a Factur-X PDF carries, the
 * Factur-X PDF a batch conversion made of it, and for the whole selection the validation report (PDF, drawn by the backend) and a CSV line per document.
 */
import { batchCsv } from '../../../core/export/batch-csv';
import { uniqueNames, type ZipEntry } from '../../../core/export/stored-zip';
import type { ValidationReportBody } from '../../../core/api/validation-report';
import { extractionOf, reportOf } from '../backend/answer-bodies';
import { convertedPdfOf } from '../batch/batch-convert';
import type { Check } from '../batch/use-checks';
import type { Lang } from '../i18n/messages';
import { base64Bytes, derivedFilename, xmlFilename } from '../shared/download';

export const CSV_NAME = { en: 'validation-summary.csv', fr: 'synthese-validation.csv' } as const;

/** The validation reports of the checks that have one, in the queue's order. */
export const reportsOf = (checks: readonly Check[]): ValidationReportBody[] =>
  checks.flatMap((check) => reportOf(check.answers.validate) ?? []);

export function exportEntries(
  checks: readonly Check[],
  lang: Lang,
  reportPdf: { readonly filename: string; readonly pdf: string } | null,
): ZipEntry[] {
  const files = checks.flatMap((check) => {
    const own = check.invoice ? [{ name: check.filename, bytes: check.invoice.bytes }] : [];
    const extraction = extractionOf(check.answers.extract);
    const converted = convertedPdfOf(check.conversion);
    return [
      ...own,
      ...(extraction ? [{ name: xmlFilename(check.filename), bytes: base64Bytes(extraction.xml) }] : []),
      ...(converted
        ? [{ name: derivedFilename(check.filename, '-facturx', 'pdf'), bytes: base64Bytes(converted) }]
        : []),
    ];
  });
  const reports = reportsOf(checks);
  const batch: ZipEntry[] = [
    ...(reportPdf ? [{ name: reportPdf.filename, bytes: base64Bytes(reportPdf.pdf) }] : []),
    ...(reports.length > 0
      ? [{ name: CSV_NAME[lang], bytes: new TextEncoder().encode(batchCsv(reports, lang)) }]
      : []),
  ];
  const all = [...files, ...batch];
  const names = uniqueNames(all.map((entry) => entry.name));
  return all.map((entry, i) => ({ ...entry, name: names[i]! }));
}
