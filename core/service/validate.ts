/** `POST /api/v1/validate`: diagnose a CII XML or a Factur-X PDF; one invoice of quota when it delivers. */
import type { ValidationReportBody } from '../api/validation-report';
import { enginesOf, type EngineChoice } from './engines';
import { idempotent } from './idempotency';
import { metered } from './quota';
import { requestLang, requiredFile } from './request';
import { fail } from './result';
import { validationTarget } from './target-field';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

export async function validate(
  req: ServiceRequest,
  ctx: ServiceContext & EngineChoice,
): Promise<ServiceResult<ValidationReportBody>> {
  const lang = requestLang(req);
  const upload = requiredFile(req, lang, ['xml', 'pdf'], {
    en: 'Validation expects a CII XML or a Factur-X PDF.',
    fr: 'La validation attend un XML CII ou un PDF Factur-X.',
  });
  if (!upload.ok) return fail(upload.error);
  const { file, kind } = upload.value;
  const target = validationTarget(req, lang);
  if (!target.ok) return fail(target.error);
  return idempotent(ctx, 'validate', req, lang, () =>
    metered(ctx, '/api/v1/validate', lang, () =>
      enginesOf(ctx).validate({
        file,
        kind,
        target: target.value,
        lang,
        now: ctx.now(),
        ...(ctx.convoy ? { convoy: ctx.convoy } : {}),
      }),
    ),
  );
}
