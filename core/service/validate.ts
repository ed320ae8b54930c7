/** `POST /api/v1/validate`: diagnose a CII XML or a Factur-X PDF; one invoice of quota when it delivers. */
import { apiError } from '../api/errors';
import type { ValidationReportBody } from '../api/validation-report';
import { engines } from './engines';
import { idempotent } from './idempotency';
import { metered } from './quota';
import { requestLang, sniffFile, uploadedFile } from './request';
import { fail } from './result';
import { validationTarget } from './target-field';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

export async function validate(
  req: ServiceRequest,
  ctx: ServiceContext,
): Promise<ServiceResult<ValidationReportBody>> {
  const lang = requestLang(req);
  const { file, error } = uploadedFile(req, lang);
  if (error) return fail(error);
  if (!file) return fail(apiError('insufficient_data', { missing_fields: ['file'] }, { lang }));
  const kind = sniffFile(file.bytes);
  if (kind === 'other') {
    return fail(
      apiError('unsupported_media_type', undefined, {
        lang,
        message: {
          en: 'Validation expects a CII XML or a Factur-X PDF.',
          fr: 'La validation attend un XML CII ou un PDF Factur-X.',
        },
      }),
    );
  }
  const target = validationTarget(req, lang);
  if (!target.ok) return fail(target.error);
  return idempotent(ctx, 'validate', req, lang, () =>
    metered(ctx, '/api/v1/validate', lang, () =>
      engines.validate({ file, kind, target: target.value, lang, now: ctx.now() }),
    ),
  );
}
