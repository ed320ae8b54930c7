/** `POST /api/v1/extract`: the embedded XML of a Factur-X PDF, optionally validated in the same call. */
import type { ExtractResponse } from '../api/extract';
import { booleanField } from '../api/form-fields';
import { enginesOf, type EngineChoice } from './engines';
import { idempotent } from './idempotency';
import { metered } from './quota';
import { enrichFlag, requestLang, requiredFile } from './request';
import { fail } from './result';
import { validationTarget } from './target-field';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

export async function extract(
  req: ServiceRequest,
  ctx: ServiceContext & EngineChoice,
): Promise<ServiceResult<ExtractResponse>> {
  const lang = requestLang(req);
  const upload = requiredFile(req, lang, ['pdf']);
  if (!upload.ok) return fail(upload.error);
  const { file } = upload.value;
  const validate = booleanField('validate', req.query.validate ?? req.fields.validate, false, lang);
  if (!validate.ok) return fail(validate.error);
  const target = validationTarget(req, lang);
  if (!target.ok) return fail(target.error);
  const enrich = enrichFlag(req, lang);
  if (!enrich.ok) return fail(enrich.error);
  return idempotent(ctx, 'extract', req, lang, () =>
    metered(ctx, '/api/v1/extract', lang, () =>
      enginesOf(ctx).extract({
        file,
        validate: validate.value ? target.value : null,
        enrich: enrich.value,
        lang,
        now: ctx.now(),
        ...(ctx.convoy ? { convoy: ctx.convoy } : {}),
      }),
    ),
  );
}
