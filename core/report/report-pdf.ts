/**
 * A validation report to file with the invoice, as a readable A4 PDF: for each document its two verdicts
 * (the invoice data, the PDF container), the checks run, every finding in plain words with its business
 * term named, what the verdict covers, the rule sets used with their versions and the SHA-256 of our rule
 * definitions, and the disclaimer. Several reports make one PDF opening on a summary table. Drawn with the
 * invoice renderer's layout and fonts (core/pdf/render), in English or French, so that the desktop, the
 * server and the command line can all produce it.
 */
import type { Lang } from '../api/lang';
import type { ValidationArtifact, ValidationReportBody } from '../api/validation-report';
import { onlyContainerFails, readSide, type Side } from '../api/verdict-sides';
import { TERM_NAMES } from '../model/terms';
import { pdfError } from '../pdf/errors';
import { packagingText } from '../pdf/packaging-messages';
import type { RenderResult } from '../pdf/render/invoice-render';
import { Layout } from '../pdf/render/layout';
import { reportLabels, type ReportLabels } from './report-labels';

/** `2026-06-01T09:30:00.000Z` → `2026-06-01 09:30 UTC` (en) or `01/06/2026 09:30 UTC` (fr). */
function formatInstant(iso: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
  if (!m) return iso;
  const date = lang === 'fr' ? `${m[3]}/${m[2]}/${m[1]}` : `${m[1]}-${m[2]}-${m[3]}`;
  return `${date} ${m[4]}:${m[5]} UTC`;
}

const termOf = (bt: string | null, lang: Lang): string => {
  if (!bt) return '';
  const name = TERM_NAMES[bt]?.[lang];
  return name ? `${bt} ${name}` : bt;
};

const documentName = (report: ValidationReportBody, index: number): string =>
  report.filename ?? `#${index + 1}`;

function sideText(report: ValidationReportBody, side: Side, l: ReportLabels): string {
  const reading = readSide(report, side);
  if (reading.verdict === 'not_checked')
    return side === 'container' ? l.containerNotChecked : l.verdicts.not_checked;
  return `${l.verdicts[reading.verdict]} (${l.counts(reading.errors, reading.warnings)})`;
}

function facts(layout: Layout, rows: readonly (readonly [string, string])[]): void {
  for (const [label, value] of rows) {
    const lines = layout.wrap(value, layout.width - 150, { bold: true });
    layout.ensure(lines.length * 11.7 + 2);
    layout.draw(label, layout.left, layout.y - 10, { grey: true });
    layout.block(lines, layout.left + 150, layout.y, { bold: true });
    layout.y -= lines.length * 11.7 + 2;
  }
}

function heading(layout: Layout, text: string, size = 11): void {
  layout.ensure(size * 3);
  layout.gap(6);
  layout.paragraph(text, { bold: true, size });
  layout.gap(2);
}

function documentSection(layout: Layout, report: ValidationReportBody, index: number, lang: Lang): void {
  const l = reportLabels(lang);
  layout.draw(`${l.title} · ${documentName(report, index)}`, layout.left, layout.y - 16, {
    size: 15,
    bold: true,
  });
  layout.gap(26);
  facts(layout, [
    [l.file, documentName(report, index)],
    [l.profile, report.profile ?? '—'],
    [l.target, l.targets[report.target] ?? report.target],
    [l.checkedAt, formatInstant(report.validatedAt, lang)],
    [l.overall, report.valid ? l.valid : l.notValid],
    [l.data, sideText(report, 'data', l)],
    [l.container, sideText(report, 'container', l)],
  ]);
  if (onlyContainerFails(report)) {
    layout.gap(4);
    layout.paragraph(l.onlyContainer, { bold: true });
  }

  heading(layout, l.checks);
  const stages = (['data', 'profile', 'container'] as const).flatMap((side) => readSide(report, side).stages);
  layout.table(
    [
      { header: l.check, width: 27 },
      { header: l.result, width: 13 },
      { header: l.errors, width: 10, align: 'right' },
      { header: l.warnings, width: 17, align: 'right' },
      { header: l.note, width: 33 },
    ],
    stages.map(({ name, result }) => [
      l.stageNames[name],
      result.skipped ? l.notRun : result.passed ? l.passed : l.failed,
      result.skipped ? '' : String(result.error_count),
      result.skipped ? '' : String(result.warning_count),
      result.skip_reason ? (l.skipReasons[result.skip_reason] ?? '') : '',
    ]),
  );

  heading(layout, l.findings);
  if (report.issues.length === 0) layout.paragraph(l.noFinding);
  else {
    layout.table(
      [
        { header: l.severity, width: 12 },
        { header: l.rule, width: 16 },
        { header: l.term, width: 22 },
        { header: l.finding, width: 50 },
      ],
      report.issues.map((issue) => [
        issue.severity === 'fatal' ? l.error : l.warning,
        issue.ruleId,
        termOf(issue.bt, lang),
        issue.location ? `${issue.message}\n${l.where}: ${issue.location}` : issue.message,
      ]),
    );
  }
  if (report.notes?.length) {
    heading(layout, l.notes);
    for (const note of report.notes) layout.paragraph(note);
  }
}

/** The rule sets of all the reports, each once. */
function artifactsOf(reports: readonly ValidationReportBody[]): ValidationArtifact[] {
  const seen = new Map<string, ValidationArtifact>();
  for (const artifact of reports.flatMap((report) => report.validationArtifacts)) {
    seen.set(`${artifact.id} ${artifact.version} ${artifact.sha256}`, artifact);
  }
  return [...seen.values()];
}

function summary(layout: Layout, reports: readonly ValidationReportBody[], lang: Lang): void {
  const l = reportLabels(lang);
  layout.draw(l.batchTitle(reports.length), layout.left, layout.y - 16, { size: 15, bold: true });
  layout.gap(30);
  layout.table(
    [
      { header: l.file, width: 30 },
      { header: l.profile, width: 14 },
      { header: l.data, width: 22 },
      { header: l.container, width: 22 },
      { header: l.overall, width: 12 },
    ],
    reports.map((report, index) => [
      documentName(report, index),
      report.profile ?? '—',
      l.verdicts[readSide(report, 'data').verdict],
      l.verdicts[readSide(report, 'container').verdict],
      report.valid ? l.valid : l.notValid,
    ]),
  );
}

/** The report of one document, or of several opening on a summary; in `lang`. */
export async function renderValidationReport(
  reports: readonly ValidationReportBody[],
  lang: Lang,
  now: Date,
): Promise<RenderResult> {
  const layout = await Layout.create();
  if (!layout)
    return { ok: false, error: pdfError('requested_output_unavailable', packagingText('missing_fonts')) };
  const l = reportLabels(lang);
  const title =
    reports.length === 1 ? `${l.title} · ${documentName(reports[0]!, 0)}` : l.batchTitle(reports.length);
  layout.doc.setTitle(title);
  layout.doc.setCreator('Factur-X Desk');
  layout.doc.setProducer('Factur-X Desk');
  layout.doc.setLanguage(lang === 'fr' ? 'fr-FR' : 'en');

  if (reports.length > 1) summary(layout, reports, lang);
  reports.forEach((report, index) => {
    if (reports.length > 1 || index > 0) layout.newPage();
    documentSection(layout, report, index, lang);
  });

  heading(layout, l.ruleSets);
  layout.table(
    [
      { header: l.ruleSet, width: 30 },
      { header: l.version, width: 12 },
      { header: l.source, width: 18 },
      { header: l.sha256, width: 40 },
    ],
    artifactsOf(reports).map((artifact) => [
      `${artifact.family} ${artifact.profile} (${artifact.syntax})\n${artifact.id}`,
      artifact.version,
      artifact.sourceAuthority,
      artifact.sha256,
    ]),
    7.5,
  );
  layout.gap(10);
  const disclaimers = [...new Set(reports.map((report) => report.legalDisclaimer))];
  for (const disclaimer of disclaimers) layout.paragraph(disclaimer, { size: 8.5, grey: true });
  layout.paragraph(l.generated(formatInstant(now.toISOString(), lang)), { size: 8, grey: true });
  return { ok: true, pdf: await layout.finish((n, of) => `${title} · ${l.page(n, of)}`) };
}
