/**
 * Failures of the PDF layer as values, with the HTTP status and machine code of api-interface.md
 * (Errors). An empty upload is the one 400 whose body carries `detail` only: `code` is `empty_file` here
 * and the adapters render it as they render every empty-file error.
 */
import { apiError, emptyFileError, type ApiErrorResult, type UnextractableReason } from '../api/errors';
import type { Lang, LocalizedText } from '../api/lang';
import type { OpenError } from './reader/document';
export type PdfErrorCode =
  | 'empty_file'
  | 'unsupported_media_type'
  | 'unextractable_pdf'
  | 'invalid_data_format'
  | 'requested_output_unavailable';

export interface PdfError {
  readonly code: PdfErrorCode;
  readonly status: 400 | 415 | 422 | 503;
  /** In English, for logs. */
  readonly message: string;
  readonly localized: LocalizedText;
  /** For `invalid_data_format`: the input at fault. */
  readonly field?: string;
  /** For `unextractable_pdf`: why, for programs (a damaged PDF when not said). */
  readonly reason?: UnextractableReason;
}

const STATUS: Readonly<Record<PdfErrorCode, PdfError['status']>> = {
  empty_file: 400,
  unsupported_media_type: 415,
  unextractable_pdf: 422,
  invalid_data_format: 422,
  requested_output_unavailable: 503,
};

export function pdfError(code: PdfErrorCode, localized: LocalizedText, field?: string): PdfError {
  const error = { code, status: STATUS[code], message: localized.en, localized };
  return field === undefined ? error : { ...error, field };
}

/** A PDF that cannot be used, with the reason programs read. */
export const unextractable = (reason: UnextractableReason, localized: LocalizedText): PdfError => ({
  ...pdfError('unextractable_pdf', localized),
  reason,
});

/** A PDF our reader could not open: not a PDF at all (415), or one we cannot read (422). */
export function openFailure(error: OpenError): PdfError {
  if (error.code === 'not_pdf') return pdfError('unsupported_media_type', error.localized);
  return unextractable(error.code === 'encrypted' ? 'encrypted' : 'unreadable', error.localized);
}

/** The API error body of a PDF failure, in the language of the request. */
export function pdfApiError(error: PdfError, lang: Lang): ApiErrorResult {
  const message = error.localized;
  switch (error.code) {
    case 'empty_file':
      return emptyFileError(lang);
    case 'invalid_data_format':
      return apiError('invalid_data_format', { field: error.field ?? 'file' }, { lang, message });
    case 'unextractable_pdf':
      return apiError('unextractable_pdf', { reason: error.reason ?? 'unreadable' }, { lang, message });
    case 'unsupported_media_type':
    case 'requested_output_unavailable':
      return apiError(error.code, undefined, { lang, message });
  }
}
