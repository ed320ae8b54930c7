/**
 * The PDF checker's findings in the shape the validation engine merges (core/validate `options.pdf`):
 * our errors are its `fatal`, the message in the report's language with the clause appended.
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
        message: `${f.message[lang]} (${f.clause})`,
        location: 'PDF',
        bt: null,
        stage: s,
      })),
    };
  };
  return { pdfa: stage('pdfa'), facturx_pdf: stage('facturx_pdf') };
}
