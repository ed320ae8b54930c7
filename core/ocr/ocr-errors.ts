/**
 * The errors of an OCR run, as values: the codes of the interface's Errors table it can answer, and the
 * answer of a run that was stopped or could not start its engine.
 */
import type { ErrorCode } from '../api/errors';
import type { Deadline } from './deadline';

export type OcrErrorCode = Extract<
  ErrorCode,
  'ocr_timeout' | 'ocr_service_unavailable' | 'unextractable_pdf' | 'cancelled'
>;

export interface OcrError {
  readonly code: OcrErrorCode;
  readonly message: string;
  /** `ocr_service_unavailable` only. */
  readonly retry_after_seconds?: number;
}

export type OcrFailure = { readonly ok: false; readonly error: OcrError };

/** Time allowed to a whole document, engine start included. */
export const DEFAULT_OCR_TIMEOUT_MS = 120_000;
const RETRY_AFTER_SECONDS = 30;

/** The answer of a run that its deadline stopped: cancelled by its caller, or out of time. */
export function interrupted(until: Deadline, timeoutMs: number): OcrFailure {
  return until.reason() === 'abort'
    ? { ok: false, error: { code: 'cancelled', message: 'OCR was cancelled' } }
    : { ok: false, error: { code: 'ocr_timeout', message: `OCR took longer than ${timeoutMs / 1000} s` } };
}

export function unavailable(message: string): OcrFailure {
  return {
    ok: false,
    error: { code: 'ocr_service_unavailable', message, retry_after_seconds: RETRY_AFTER_SECONDS },
  };
}

export const unextractable = (message: string): OcrFailure => ({
  ok: false,
  error: { code: 'unextractable_pdf', message },
});
