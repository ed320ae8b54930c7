/** `POST /api/v1/repair`: deterministic fixes to a CII XML, validated before and after. */
import { parseRepairFields, type RepairResponse } from '../api/repair';
import { enginesOf, type EngineChoice } from './engines';
import { idempotent } from './idempotency';
import { metered } from './quota';
import { enrichFlag, requestLang, requiredFile } from './request';
import { fail } from './result';
import { validationTarget } from './target-field';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

export async function repair(
  req: ServiceRequest,
  ctx: ServiceContext & EngineChoice,
): Promise<ServiceResult<RepairResponse>> {
  const lang = requestLang(req);
  const upload = requiredFile(req, lang, ['xml'], {
    en: 'Repair expects a CII XML file.',
    fr: 'La réparation attend un fichier XML CII.',
  });
  if (!upload.ok) return fail(upload.error);
  const { file } = upload.value;
  const fields = parseRepairFields(req.fields, req.query, lang);
  if (!fields.ok) return fail(fields.error);
  const enrich = enrichFlag(req, lang);
  if (!enrich.ok) return fail(enrich.error);
  const target = validationTarget(req, lang);
  if (!target.ok) return fail(target.error);
  return idempotent(ctx, 'repair', req, lang, () =>
    metered(ctx, '/api/v1/repair', lang, () =>
      enginesOf(ctx).repair({
        ...fields.value,
        file,
        target: target.value,
        enrich: enrich.value,
        lang,
        now: ctx.now(),
      }),
    ),
  );
}
