/**
 * The errors of an OCR run, as values: the codes of the interface's Errors table it can answer, and the
 * answer of a run that was stopped or could not start its engine.
 */
import type { ErrorCode } from '../api/errors';
import { fillText, type LocalizedText } from '../api/lang';
import { PdfJsBeyond } from '../text/pdfjs-bounded';
import type { Deadline } from './deadline';
import { unrenderable } from './page-images';

export type OcrErrorCode = Extract<
  ErrorCode,
  'ocr_timeout' | 'ocr_service_unavailable' | 'unextractable_pdf' | 'cancelled'
>;

export interface OcrError {
  readonly code: OcrErrorCode;
  readonly message: string;
  /** `ocr_service_unavailable` only. */
  readonly retry_after_seconds?: number;
  /** Why, in words for the user, when a bound refused the file. */
  readonly localized?: LocalizedText;
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

const BEYOND: Readonly<Record<PdfJsBeyond['bound'], LocalizedText>> = {
  time: {
    en: 'The PDF is refused: drawing one of its pages to read it takes longer than {limit} s, the bound for one page.',
    fr: 'Le PDF est refusé : dessiner une de ses pages pour la lire prend plus de {limit} s, la limite pour une page.',
  },
  memory: {
    en: 'The PDF is refused: drawing one of its pages to read it needs more than {limit} MB of memory, the bound for one page.',
    fr: 'Le PDF est refusé : dessiner une de ses pages pour la lire demande plus de {limit} Mo de mémoire, la limite pour une page.',
  },
};

/** A page that could not be drawn; beyond a bound of the drawing, a refusal that says which. */
export function undrawable(reason: unknown): OcrFailure {
  if (!(reason instanceof PdfJsBeyond)) return unextractable(unrenderable(reason));
  const localized = fillText(BEYOND[reason.bound], { limit: reason.limit });
  return { ok: false, error: { code: 'unextractable_pdf', message: localized.en, localized } };
}
