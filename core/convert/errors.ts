/**
 * Failures particular to convert as the API's error bodies (the validation and PDF mappings shared with
 * the other endpoints live in core/service/document-engines).
 */
import { apiError, type ApiErrorResult } from '../api/errors';
import type { Lang } from '../api/lang';
import type { CiiReadError } from '../cii/read';

/** A ready CII that does not read as an invoice. */
export function ciiFailure(error: CiiReadError, lang: Lang): ApiErrorResult {
  const message = error.localized;
  if (error.code === 'xml_too_large') return apiError('file_too_large', undefined, { lang, message });
  return apiError('invalid_data_format', { field: 'cii' }, { lang, message });
}

/** A generated PDF/A-3 that our own checker rejects is never delivered (refunded). */
export function generatedPdfRejected(ruleIds: readonly string[], lang: Lang): ApiErrorResult {
  const list = ruleIds.join(', ');
  return apiError('pdf_validation_failed', undefined, {
    lang,
    message: {
      en: `The generated PDF/A-3 failed its compliance checks (${list}); nothing was delivered and the quota was refunded.`,
      fr: `Le PDF/A-3 généré n’a pas passé ses contrôles de conformité (${list}) ; rien n’a été livré et le quota a été recrédité.`,
    },
  });
}
