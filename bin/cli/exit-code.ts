/**
 * The exit code of one answer: 0 delivered and valid, 1 processed but not valid or not converted, 2 bad
 * input; a refusal gets the exit code of its error code in core/api/errors.ts, the table the server and
 * the desktop bridge answer from too.
 */
import { errorExitCode, type ApiErrorBody } from '../../core/api/errors';
import type { ServiceName } from '../../core/service';
import type { ServiceResult } from '../../core/service/types';
import { EXIT, type ExitCode } from './io';

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
  // The `detail`-only body is the 400 of an empty upload: bad input.
  return 'error' in body ? errorExitCode(body.error) : EXIT.badInput;
}
