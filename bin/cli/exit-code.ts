/** The exit code of one answer: 0 delivered and valid, 1 processed but not valid or not converted, 2 bad input. */
import type { ApiErrorBody, ErrorCode } from '../../core/api/errors';
import type { ServiceName } from '../../core/service';
import type { ServiceResult } from '../../core/service/types';
import { EXIT, type ExitCode } from './io';

/** Errors that judge the document itself rather than the request. */
const DOCUMENT_VERDICTS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'unextractable_pdf',
  'ocr_confidence_too_low',
  'insufficient_data',
  'invalid_invoice_patch',
  'inline_context_conflict',
  'profile_inline_context_conflict',
  'pdf_validation_failed',
  'requested_output_unavailable',
]);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function successCode(service: ServiceName, body: unknown): ExitCode {
  if (!isRecord(body)) return EXIT.ok;
  switch (service) {
    case 'validate':
      return body.valid === true ? EXIT.ok : EXIT.notValid;
    case 'extract':
      return isRecord(body.validation) && body.validation.valid === false ? EXIT.notValid : EXIT.ok;
    case 'convert':
      return body.success === true ? EXIT.ok : EXIT.notValid;
    case 'repair':
      return body.repairSuccessful === true ? EXIT.ok : EXIT.notValid;
    case 'contract':
    case 'openapi':
    case 'limits':
    case 'report':
    case 'profiles':
    case 'jobs':
    case 'token':
      return EXIT.ok;
  }
}

export function exitCodeOf(service: ServiceName, result: ServiceResult<unknown>): ExitCode {
  if (result.ok) return successCode(service, result.body);
  const body: ApiErrorBody = result.body;
  return 'error' in body && DOCUMENT_VERDICTS.has(body.error) ? EXIT.notValid : EXIT.badInput;
}
