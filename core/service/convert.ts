/**
 * `POST /api/v1/convert`: a PDF, a full `invoice_data` or a ready CII XML into a Factur-X PDF/A-3 (or a
 * CII XML), with validation evidence. A final conversion reserves one invoice and is charged only when
 * it delivers; a dry run uses no quota and reports what is left.
 */
import { apiError } from '../api/errors';
import type { SellerLayoutMemory } from '../fields/supplier-layout/seller-layout';
import type { ConvertControl } from '../api/convert-progress';
import { parseConvertFields, type ConvertFields } from '../api/convert-request';
import type { ConvertAccepted, ConvertResponse } from '../api/convert-response';
import { failed, invalidField, parsed, type Parsed } from '../api/form-fields';
import { isLang, type Lang } from '../api/lang';
import { meteredOrJob } from './async-work';
import { engines, type ConvertInput } from './engines';
import { idempotent } from './idempotency';
import { convertAccepted, type JobPayload } from './jobs';
import { standing } from './quota';
import { enrichFlag, optionalFile, requestLang, sniffFile } from './request';
import { fail } from './result';
import type { ProfileRecord } from './storage';
import type { FilePart, ServiceContext, ServiceRequest, ServiceResult } from './types';

type ConvertBody = ConvertResponse | ConvertAccepted;

/** Charged when the answer carries a deliverable the engine counted. */
export const convertDelivered = (result: ServiceResult<ConvertBody>): boolean =>
  result.ok &&
  'conversionSuccessful' in result.body.result &&
  result.body.result.processedInvoicesCharged === 1;

type SavedProfiles = { sellerProfile?: ProfileRecord; buyerProfile?: ProfileRecord };

/** A checked convert request: its fields, uploads and language; the engine input once profiles are known. */
interface Prepared {
  readonly request: ConvertFields;
  readonly lang: Lang;
  input(
    profiles: SavedProfiles,
    quota: ConvertInput['quota'],
    now: Date,
    control?: ConvertControl,
  ): ConvertInput;
}

function prepare(req: ServiceRequest): Parsed<Prepared> {
  let lang: Lang = requestLang(req);
  const fields = parseConvertFields(req.fields, lang);
  if (!fields.ok) return fields;
  const request = fields.value;
  if (isLang(request.options.lang) && req.query.lang === undefined) lang = request.options.lang;
  const uploads = convertUploads(req, request, lang);
  if (!uploads.ok) return uploads;
  const enrich = enrichFlag(req, lang);
  if (!enrich.ok) return enrich;
  return parsed({
    request,
    lang,
    input: (profiles, quota, now, control = {}) => ({
      ...request,
      ...uploads.value,
      ...profiles,
      ...(control.onProgress ? { onProgress: control.onProgress } : {}),
      ...(control.signal ? { signal: control.signal } : {}),
      quota,
      enrich: enrich.value,
      lang,
      now,
    }),
  });
}

/** `control` lets the caller follow a long convert (OCR) and cancel it. */
export async function convert(
  req: ServiceRequest,
  ctx: ServiceContext,
  control: ConvertControl = {},
): Promise<ServiceResult<ConvertBody>> {
  const prepared = prepare(req);
  if (!prepared.ok) return fail(prepared.error);
  const { request, lang } = prepared.value;
  const profiles = await loadProfiles(ctx, request.profiles, lang);
  if (!profiles.ok) return fail(profiles.error);
  const input = (quota: ConvertInput['quota']): ConvertInput => ({
    ...prepared.value.input(profiles.value, quota, ctx.now(), control),
    sellerLayouts: sellerLayoutMemory(ctx),
    ...(ctx.convoy ? { convoy: ctx.convoy } : {}),
  });
  const saved = [profiles.value.sellerProfile, profiles.value.buyerProfile].flatMap((p) => (p ? [p] : []));
  return idempotent(
    ctx,
    'convert',
    req,
    lang,
    () =>
      request.dryRun
        ? standing(ctx).then((ticket) => engines.convert(input(ticket)))
        : meteredOrJob(ctx, ctx.jobs, {
            service: 'convert',
            endpoint: '/api/v1/convert',
            lang,
            request: req,
            profiles: saved,
            work: (ticket) => engines.convert(input(ticket)),
            delivered: convertDelivered,
            accepted: (jobId) => convertAccepted(jobId, request.target),
          }),
    saved.map((p) => `${p.role} ${p.id} ${p.version}`),
  );
}

/** A convert accepted as a job, run by a worker: the same request, the profiles as they were accepted. */
export async function convertJobWork(payload: JobPayload, now: Date): Promise<ServiceResult<ConvertBody>> {
  const prepared = prepare(payload.request);
  if (!prepared.ok) return fail(prepared.error);
  const role = (wanted: ProfileRecord['role']) => payload.profiles.find((p) => p.role === wanted);
  const seller = role('seller');
  const buyer = role('buyer');
  return engines.convert(
    prepared.value.input(
      { ...(seller ? { sellerProfile: seller } : {}), ...(buyer ? { buyerProfile: buyer } : {}) },
      { remainingAfterCharge: payload.remainingAfterCharge },
      now,
    ),
  );
}

/**
 * The uploaded carrier or source (`file`: a PDF, or an XML on a dry run) and the ready CII XML (`cii`),
 * at least one input in all, and no combination the interface forbids.
 */
function convertUploads(
  req: ServiceRequest,
  request: ConvertFields,
  lang: Lang,
): Parsed<{ file?: FilePart; fileKind?: 'pdf' | 'xml'; cii?: FilePart }> {
  const upload = optionalFile(req, 'file', lang);
  if (!upload.ok) return upload;
  const ciiUpload = optionalFile(req, 'cii', lang);
  if (!ciiUpload.ok) return ciiUpload;
  const file = upload.value;
  const cii = ciiUpload.value;
  const fileKind = file ? sniffFile(file.bytes) : undefined;
  if (fileKind === 'other' || (fileKind === 'xml' && !request.dryRun)) {
    return failed(
      apiError('unsupported_media_type', undefined, {
        lang,
        message: {
          en: 'Convert expects a PDF; an XML upload is accepted only with dry_run=true.',
          fr: 'La conversion attend un PDF ; un XML n’est accepté qu’avec dry_run=true.',
        },
      }),
    );
  }
  if (cii && request.invoiceData) {
    return failed(
      invalidField(
        'cii',
        { en: 'send either invoice_data or cii, not both', fr: 'envoyez invoice_data ou cii, pas les deux' },
        lang,
        400,
      ),
    );
  }
  if (cii && request.invoicePatch) {
    return failed(
      apiError('invalid_invoice_patch', undefined, {
        lang,
        message: {
          en: 'invoice_patch cannot be combined with a full CII invoice.',
          fr: 'invoice_patch ne peut pas être combiné avec une facture CII complète.',
        },
      }),
    );
  }
  if (cii && sniffFile(cii.bytes) !== 'xml')
    return failed(invalidField('cii', { en: 'not an XML document', fr: 'pas un document XML' }, lang));
  if (!file && !request.invoiceData && !cii) {
    return failed(apiError('insufficient_data', { missing_fields: ['file'] }, { lang }));
  }
  return parsed({
    ...(file && fileKind ? { file, fileKind } : {}),
    ...(cii ? { cii } : {}),
  });
}

/** This tenant's seller layouts, as the convert reads and teaches them. */
const sellerLayoutMemory = (ctx: ServiceContext): SellerLayoutMemory => ({
  recall: (keys) => ctx.storage.findSellerLayout(ctx.tenant, keys),
  learn: (keys, layout) => ctx.storage.saveSellerLayout(ctx.tenant, keys, layout, ctx.now().toISOString()),
});

/** Saved profiles of this tenant only; an unknown selector is refused. */
async function loadProfiles(
  ctx: ServiceContext,
  selection: { readonly sellerProfileId?: string; readonly buyerProfileId?: string } | null,
  lang: Lang,
): Promise<Parsed<SavedProfiles>> {
  if (!selection) return parsed({});
  const value: SavedProfiles = {};
  if (selection.sellerProfileId !== undefined) {
    const found = await ctx.storage.findProfile(ctx.tenant, 'seller', selection.sellerProfileId);
    if (!found) return failed(apiError('seller_profile_not_found', undefined, { lang }));
    value.sellerProfile = found;
  }
  if (selection.buyerProfileId !== undefined) {
    const found = await ctx.storage.findProfile(ctx.tenant, 'buyer', selection.buyerProfileId);
    if (!found) return failed(apiError('buyer_profile_not_found', undefined, { lang }));
    value.buyerProfile = found;
  }
  return parsed(value);
}
