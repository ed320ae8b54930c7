/**
 * What the engine returns: the report of core/api (cli.md's shape), or an error value for input it cannot
 * judge at all.
 */
import type { ErrorCode } from '../api/errors';
import type { LocalizedText } from '../api/lang';
import type { ValidationReportBody } from '../api/validation-report';

export type ValidationErrorCode = Extract<
  ErrorCode,
  'invalid_data_format' | 'file_too_large' | 'invalid_options'
>;

/** Input the engine cannot judge (not XML, not CII, hostile or oversized XML, unknown target). */
export interface ValidationError {
  readonly code: ValidationErrorCode;
  /** In English, for logs. */
  readonly message: string;
  readonly localized: LocalizedText;
  /** The document was refused for a bound of the rules' work, not for what it is (`time`: their time). */
  readonly bound?: 'time';
}

export const validationError = (
  code: ValidationErrorCode,
  localized: LocalizedText,
  bound?: ValidationError['bound'],
): ValidationOutcome => ({
  ok: false,
  error: { code, message: localized.en, localized, ...(bound ? { bound } : {}) },
});

export type ValidationOutcome =
  | { readonly ok: true; readonly report: ValidationReportBody }
  | { readonly ok: false; readonly error: ValidationError };
