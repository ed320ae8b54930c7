/**
 * A batch's validation reports as one CSV line per document, for a spreadsheet: file, profile, target,
 * verdict, the two sides (invoice data, PDF container), counts and the rules broken. RFC 4180 quoting,
 * CRLF line ends and a byte order mark so that spreadsheet programs read the accents as UTF-8. The
 * column names and verdicts are the report PDF's words (report-labels.ts), in English or French.
 */
import type { Lang } from '../api/lang';
import type { ValidationReportBody } from '../api/validation-report';
import { readSide } from '../api/verdict-sides';
import { reportLabels } from '../report/report-labels';

const cell = (value: string | number): string => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function batchCsv(reports: readonly ValidationReportBody[], lang: Lang): string {
  const l = reportLabels(lang);
  const head = [l.file, l.profile, l.target, l.overall, l.data, l.container, l.errors, l.warnings, l.rule];
  const lines = reports.map((report) => {
    const data = readSide(report, 'data');
    const container = readSide(report, 'container');
    const rules = [...new Set(report.issues.map((issue) => issue.ruleId))].join(' ');
    return [
      report.filename ?? '',
      report.profile ?? '',
      l.targets[report.target] ?? report.target,
      report.valid ? l.valid : l.notValid,
      l.verdicts[data.verdict],
      l.verdicts[container.verdict],
      report.summary.errorCount,
      report.summary.warningCount,
      rules,
    ];
  });
  return `\ufeff${[head, ...lines].map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}
