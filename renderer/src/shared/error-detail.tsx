import type { ReactNode } from 'react';
import type { ShownError } from '../backend/backend';
import { useI18n, type Translate } from '../i18n/i18n';
import './shared.css';

/** The errors a user meets through the interface, each told in the interface's own plain words. */
const plainCodes = [
  'authentication_required',
  'quota_exceeded',
  'file_too_large',
  'unsupported_media_type',
  'unextractable_pdf',
  'ocr_confidence_too_low',
  'insufficient_data',
  'invalid_data_format',
  'pdf_validation_failed',
  'validation_profile_unavailable',
  'rate_limit_exceeded',
  'ocr_service_unavailable',
  'ocr_quota_exhausted',
  'ocr_timeout',
  'requested_output_unavailable',
  'validation_service_unavailable',
  'inline_context_conflict',
  'profile_inline_context_conflict',
  'seller_profile_not_found',
  'buyer_profile_not_found',
  'backend_unreachable',
  'internal_error',
] as const;

/**
 * What an error means for the user. The server's message is written for API clients (it may name
 * headers or form fields), so a known code is told in the interface's words; another one keeps the
 * server's message, the best there is.
 */
export function plainError(error: ShownError, t: Translate): string {
  const known = plainCodes.find((code) => code === error.error);
  if (known) return t(`error.${known}`);
  return error.message || t('error.other');
}

interface Props {
  readonly error: ShownError;
  /** What failed, said before the error. */
  readonly heading?: string;
  /** Announced at once: the error answers something the user just did. */
  readonly alert?: boolean;
  readonly testId?: string;
  /** What the user can do about it. */
  readonly children?: ReactNode;
}

/** An error in plain words; its code and the server's own message stay in the technical details. */
export function ErrorDetail({ error, heading, alert, testId, children }: Props) {
  const { t } = useI18n();
  return (
    <div className="answer-error" role={alert ? 'alert' : undefined} data-testid={testId}>
      {heading && <p>{heading}</p>}
      <p className="error-text" data-testid="error-text">
        {plainError(error, t)}
      </p>
      {children}
      <details className="technical">
        <summary>{t('error.technical')}</summary>
        <code data-testid="error-code">{error.error}</code>
        <p data-testid="error-message">{error.message}</p>
      </details>
    </div>
  );
}
