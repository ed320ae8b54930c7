/**
 * The text fields of `POST /api/v1/convert`, checked once at the edge. Files are checked by the service
 * (it sniffs their bytes); everything here needs no engine.
 */
import { z } from 'zod';
import { apiError } from './errors';
import {
  booleanField,
  enumField,
  failed,
  invalidField,
  jsonField,
  NOT_JSON,
  oneOf,
  parsed,
  type Parsed,
} from './form-fields';
import {
  invoicePatchSchema,
  partyContextSchema,
  type InvoicePatch,
  type PartyContext,
} from './inline-context';
import { LANGS, type Lang } from './lang';
import { REASONS } from './reasons';
import {
  jurisdictionSchema,
  profileSchema,
  targetRequestOf,
  VALIDATION_TARGETS,
  type TargetRequest,
} from './targets';

export const CONVERT_OUTPUTS = ['facturx_pdfa3', 'xml_cii'] as const;
export type ConvertOutput = (typeof CONVERT_OUTPUTS)[number];

/** The `options` JSON field. Unknown keys are kept: older clients send more than we read. */
export const convertOptionsSchema = z.looseObject({
  output_profile: profileSchema.optional(),
  lang: z.enum(LANGS).optional(),
  /** `strict` (default) refuses OCR confidence below 70 %; `lenient` accepts it with a warning. */
  confidence_mode: z.enum(['strict', 'lenient']).optional(),
  /** Country (ISO 3166-1 alpha-2) of the seller, for BT-40 when the document does not show it. */
  seller_hint: z
    .string()
    .regex(/^[A-Z]{2}$/, REASONS.countryCode.en)
    .optional(),
  /** Country of the buyer, for BT-55 when the document does not show it. */
  buyer_hint: z
    .string()
    .regex(/^[A-Z]{2}$/, REASONS.countryCode.en)
    .optional(),
  /** Legacy: `fr_ctc` means France 2026. */
  validation_profile: z.string().optional(),
  jurisdiction: jurisdictionSchema.optional(),
  require_profile: z.union([z.boolean(), z.string()]).optional(),
  message_type: z.string().optional(),
  /** Legacy: `xml_only` is refused on a final conversion without `output=xml_cii`. */
  mode: z.string().optional(),
});
export type ConvertOptions = z.infer<typeof convertOptionsSchema>;

/** Full ERP invoice payload; its fields are described by the integration contract, checked by the engine. */
export const invoiceDataSchema = z.record(z.string(), z.unknown());
export type InvoiceData = z.infer<typeof invoiceDataSchema>;

/** Explicit tenant-scoped profile reuse, when asked for. */
export interface ProfileSelection {
  readonly sellerProfileId?: string;
  readonly buyerProfileId?: string;
}

export interface ConvertFields {
  readonly output: ConvertOutput;
  readonly dryRun: boolean;
  readonly options: ConvertOptions;
  readonly target: TargetRequest;
  readonly invoiceData?: InvoiceData;
  readonly invoicePatch?: InvoicePatch;
  readonly sellerContext?: PartyContext;
  readonly buyerContext?: PartyContext;
  readonly profiles: ProfileSelection | null;
}

type Fields = Readonly<Record<string, string>>;

function contextField(name: 'seller_context' | 'buyer_context', fields: Fields, lang: Lang) {
  return jsonField(name, fields[name], partyContextSchema, {
    malformed: () => invalidField(name, NOT_JSON, lang),
    invalid: (path, reason) => invalidField(path, reason, lang),
  });
}

/** One selector given under two aliases must name the same record. */
function selector(fields: Fields, names: readonly [string, string], lang: Lang): Parsed<string | undefined> {
  const values = names.map((name) => fields[name]?.trim()).filter((v): v is string => !!v);
  if (new Set(values).size > 1) {
    return failed(
      apiError('profile_selector_conflict', undefined, {
        lang,
        message: {
          en: `${names[0]} and ${names[1]} name different profiles.`,
          fr: `${names[0]} et ${names[1]} désignent des profils différents.`,
        },
      }),
    );
  }
  return parsed(values[0]);
}

function profileSelection(fields: Fields, lang: Lang): Parsed<ProfileSelection | null> {
  const seller = selector(fields, ['seller_profile_id', 'issuer_id'], lang);
  if (!seller.ok) return seller;
  const buyer = selector(fields, ['buyer_profile_id', 'client_id'], lang);
  if (!buyer.ok) return buyer;
  const reuse = fields.profile_reuse?.trim();
  if (reuse !== undefined && reuse !== '' && reuse !== 'explicit') {
    return failed(invalidField('profile_reuse', oneOf(['explicit']), lang));
  }
  const hasSelector = seller.value !== undefined || buyer.value !== undefined;
  if (reuse === 'explicit') {
    if (!hasSelector) return failed(apiError('profile_reuse_selector_required', undefined, { lang }));
    return parsed({
      ...(seller.value !== undefined ? { sellerProfileId: seller.value } : {}),
      ...(buyer.value !== undefined ? { buyerProfileId: buyer.value } : {}),
    });
  }
  if (hasSelector) return failed(apiError('profile_reuse_requires_explicit_opt_in', undefined, { lang }));
  return parsed(null);
}

/** Checks the text fields of a convert request, in the order a client most likely needs to fix them. */
export function parseConvertFields(fields: Fields, lang: Lang): Parsed<ConvertFields> {
  const options = jsonField('options', fields.options, convertOptionsSchema, {
    malformed: () => apiError('invalid_options_json', undefined, { lang }),
    invalid: (path, reason) =>
      apiError('invalid_options', undefined, {
        lang,
        message: { en: `Invalid ${path}: ${reason.en}.`, fr: `${path} invalide : ${reason.fr}.` },
      }),
  });
  if (!options.ok) return options;
  const output = enumField('output', fields.output, CONVERT_OUTPUTS, 'facturx_pdfa3', lang);
  if (!output.ok) return output;
  const dryRun = booleanField('dry_run', fields.dry_run, false, lang);
  if (!dryRun.ok) return dryRun;
  const opts = options.value ?? {};
  if (opts.mode === 'xml_only' && !dryRun.value && output.value !== 'xml_cii') {
    return failed(
      apiError('invalid_options', undefined, {
        lang,
        message: {
          en: 'options.mode=xml_only is no longer supported on a final conversion: send output=xml_cii.',
          fr: 'options.mode=xml_only n’est plus accepté pour une conversion finale : envoyez output=xml_cii.',
        },
      }),
    );
  }
  const target = enumField(
    'validation_target',
    fields.validation_target,
    VALIDATION_TARGETS,
    undefined,
    lang,
  );
  if (!target.ok) return target;
  const invoiceData = jsonField('invoice_data', fields.invoice_data, invoiceDataSchema, {
    malformed: () => invalidField('invoice_data', NOT_JSON, lang),
    invalid: (path, reason) => invalidField(path, reason, lang),
  });
  if (!invoiceData.ok) return invoiceData;
  if (invoiceData.value && fields.invoice_patch?.trim()) {
    return failed(
      apiError('invalid_invoice_patch', undefined, {
        lang,
        message: {
          en: 'invoice_patch cannot be combined with a full invoice_data.',
          fr: 'invoice_patch ne peut pas être combiné avec un invoice_data complet.',
        },
      }),
    );
  }
  const invoicePatch = jsonField('invoice_patch', fields.invoice_patch, invoicePatchSchema, {
    malformed: () => apiError('invalid_invoice_patch', undefined, { lang, status: 422 }),
    invalid: (path, reason) =>
      apiError('invalid_invoice_patch', undefined, {
        lang,
        status: 422,
        message: { en: `Invalid ${path}: ${reason.en}.`, fr: `${path} invalide : ${reason.fr}.` },
      }),
  });
  if (!invoicePatch.ok) return invoicePatch;
  const seller = contextField('seller_context', fields, lang);
  if (!seller.ok) return seller;
  const buyer = contextField('buyer_context', fields, lang);
  if (!buyer.ok) return buyer;
  const profiles = profileSelection(fields, lang);
  if (!profiles.ok) return profiles;

  return parsed({
    output: output.value ?? 'facturx_pdfa3',
    dryRun: dryRun.value,
    options: opts,
    target: targetRequestOf({
      ...(target.value ? { validationTarget: target.value } : {}),
      ...(opts.validation_profile ? { validationProfile: opts.validation_profile } : {}),
      ...(opts.jurisdiction ? { jurisdiction: opts.jurisdiction } : {}),
    }),
    ...(invoiceData.value ? { invoiceData: invoiceData.value } : {}),
    ...(invoicePatch.value ? { invoicePatch: invoicePatch.value } : {}),
    ...(seller.value ? { sellerContext: seller.value } : {}),
    ...(buyer.value ? { buyerContext: buyer.value } : {}),
    profiles: profiles.value,
  });
}
