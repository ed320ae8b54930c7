import type { ApiErrorResult } from '../api/errors';
import type { ServiceResult } from './types';

/** An error value as a failed service result. */
export const fail = (error: ApiErrorResult): ServiceResult<never> => ({ ok: false, ...error });
