/**
 * The PDF checker's findings in the shape the validation engine merges (core/validate `options.pdf`):
 * our errors are its `fatal`, the message in the report's language and in plain words; the place in the
 * PDF's own terms and the clause of the requirement are the location, which readers see as a detail.
 */
import type { Lang } from '../service/types';
import type { PdfStage, PdfStageFindings } from '../validate/validate';
import type { PdfCheckResult } from './check';

export function pdfStageFindings(result: PdfCheckResult, lang: Lang): Record<PdfStage, PdfStageFindings> {
  const stage = (s: PdfStage): PdfStageFindings => {
    const r = result[s];
    if (r.skipped) return { skipped: true, skip_reason: r.skip_reason ?? 'not_run' };
    return {
      skipped: false,
      issues: r.findings.map((f) => ({
        ruleId: f.id,
        severity: f.severity === 'error' ? 'fatal' : 'warning',
        message: f.message[lang],
        location: `PDF: ${f.where} (${f.clause})`,
        bt: null,
        stage: s,
      })),
    };
  };
  return { pdfa: stage('pdfa'), facturx_pdf: stage('facturx_pdf') };
}
