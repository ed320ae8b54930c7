/**
 * Every error body of the /api/v1 Errors table, as typed values: the machine code, its HTTP status,
 * the extra fields some codes carry, and a bilingual message. Services return these; adapters send
 * them as they are.
 */
import { z } from 'zod';
import type { Lang, LocalizedText } from './lang';

/**
 * What each code means to a caller, in one place: its HTTP statuses (the first is the default, the
 * others allowed alternatives) and the exit code of the command line (spec/cli.md): 2 when the request
 * or its file is refused as input (bad input or usage: an unreadable, encrypted or corrupt PDF, XML that
 * is not well-formed, a file too large), 1 when the document was read but is not valid, not converted or
 * not delivered (the body says why). The server, the command line and the desktop bridge answer the same
 * refusal with the same code, status and exit code from this table.
 */
export const ERRORS = {
  invalid_options_json: { status: [400], exit: 2 },
  invalid_options: { status: [400], exit: 2 },
  invalid_invoice_patch: { status: [400, 422], exit: 2 },
  invalid_constraints_json: { status: [400], exit: 2 },
  authentication_required: { status: [401], exit: 2 },
  quota_exceeded: { status: [402], exit: 2 },
  idempotency_conflict: { status: [409], exit: 2 },
  idempotency_in_progress: { status: [409], exit: 2 },
  inline_context_conflict: { status: [409], exit: 1 },
  file_too_large: { status: [413], exit: 2 },
  unsupported_media_type: { status: [415], exit: 2 },
  unextractable_pdf: { status: [422], exit: 2 },
  ocr_confidence_too_low: { status: [422], exit: 1 },
  insufficient_data: { status: [422], exit: 1 },
  invalid_data_format: { status: [422, 400], exit: 2 },
  pdf_validation_failed: { status: [422], exit: 1 },
  validation_profile_unavailable: { status: [422], exit: 1 },
  rate_limit_exceeded: { status: [429], exit: 2 },
  ocr_service_unavailable: { status: [503], exit: 1 },
  ocr_quota_exhausted: { status: [503], exit: 1 },
  requested_output_unavailable: { status: [503], exit: 1 },
  validation_service_unavailable: { status: [503], exit: 1 },
  ocr_timeout: { status: [504], exit: 1 },
  // Profile reuse: the interface names the codes but not their statuses; these are ours.
  profile_reuse_requires_explicit_opt_in: { status: [400], exit: 2 },
  profile_reuse_selector_required: { status: [400], exit: 2 },
  profile_selector_conflict: { status: [400], exit: 2 },
  seller_profile_not_found: { status: [404], exit: 2 },
  buyer_profile_not_found: { status: [404], exit: 2 },
  profile_inline_context_conflict: { status: [409], exit: 1 },
  // Ours, beyond the table.
  not_found: { status: [404], exit: 2 },
  method_not_allowed: { status: [405], exit: 2 },
  internal_error: { status: [500], exit: 1 },
  // A convert its caller cancelled (desktop cancel, HTTP client gone): 499 as proxies log a client that
  // closed its request; nobody may be left to read it.
  cancelled: { status: [499], exit: 1 },
  // The desktop bridge: a caller that is not the app's page, a call of the wrong shape.
  forbidden: { status: [403], exit: 2 },
  invalid_request: { status: [400], exit: 2 },
  // Public sandbox key creation (two steps, activation by e-mail).
  sandbox_key_exists: { status: [409], exit: 2 },
  activation_pending: { status: [409], exit: 2 },
  activation_token_invalid: { status: [404], exit: 2 },
  activation_token_expired: { status: [410], exit: 2 },
  activation_token_used: { status: [410], exit: 2 },
  // Jobs (work answered 202) and bearer tokens.
  job_not_found: { status: [404], exit: 2 },
  // The one-time sign-in address a loopback server prints.
  sign_in_token_invalid: { status: [404], exit: 2 },
  sign_in_token_used: { status: [410], exit: 2 },
} as const satisfies Record<
  string,
  { readonly status: readonly [number, ...number[]]; readonly exit: 1 | 2 }
>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** Codes only the desktop bridge answers (refusals of its own callers); the rest are HTTP answers too. */
const BRIDGE_ONLY: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['forbidden', 'invalid_request']);
export const HTTP_ERROR_CODES = ERROR_CODES.filter((code) => !BRIDGE_ONLY.has(code));

/** The HTTP statuses of each code (from {@link ERRORS}). */
export const ERROR_STATUS = Object.fromEntries(ERROR_CODES.map((code) => [code, ERRORS[code].status])) as {
  readonly [C in ErrorCode]: (typeof ERRORS)[C]['status'];
};

/** The command line's exit code for a refusal with this code (from {@link ERRORS}). */
export const errorExitCode = (code: ErrorCode): 1 | 2 => ERRORS[code].exit;

/** Strict-mode OCR confidence threshold, in percent. */
export const OCR_CONFIDENCE_THRESHOLD = 70;

const planSchema = z.enum(['sandbox', 'launch', 'scale', 'business', 'local']);

const nextStepSchema = z.object({
  action: z.enum(['upgrade_launch', 'upgrade_scale', 'upgrade_business', 'view_docs']),
  label: z.string(),
  href: z.string(),
  description: z.string(),
  api_payload: z.record(z.string(), z.unknown()).nullable(),
});

const conflictsSchema = z.object({
  conflicts: z.array(z.object({ field: z.string(), document_value: z.string(), context_value: z.string() })),
});

const profileConflictsSchema = z.object({
  conflicts: z.array(z.object({ field: z.string(), profile_value: z.string(), context_value: z.string() })),
});

/**
 * Why a PDF could not be used, so that a client tells a plain PDF (no Factur-X data yet: convert it) from
 * one that cannot be read at all. The message says it in words; this says it to programs.
 */
export const UNEXTRACTABLE_REASONS = {
  no_embedded_xml: 'The PDF is readable but carries no embedded invoice XML: it can be converted.',
  not_facturx_xml: 'The PDF embeds an XML that declares no Factur-X profile (e.g. ZUGFeRD 1.0).',
  no_invoice_text: 'The PDF is readable but no invoice term could be found in its text.',
  encrypted: 'The PDF is encrypted or password-protected.',
  unreadable: 'The PDF is damaged or its pages cannot be read.',
} as const;

export type UnextractableReason = keyof typeof UNEXTRACTABLE_REASONS;

const unextractableReasonSchema = z
  .enum(Object.keys(UNEXTRACTABLE_REASONS) as [UnextractableReason, ...UnextractableReason[]])
  .meta({
    description: Object.entries(UNEXTRACTABLE_REASONS)
      .map(([reason, meaning]) => `\`${reason}\`: ${meaning}`)
      .join(' '),
  });

const retryAfterSchema = z.object({ retry_after_seconds: z.int().nonnegative() });

/** The extra fields of the codes that carry some; every other code carries `error` and `message` only. */
export const ERROR_EXTRAS = {
  quota_exceeded: z.object({
    plan: planSchema,
    quota: z.int().nonnegative(),
    period_start: z.iso.datetime(),
    upgrade_url: z.string(),
    docs_url: z.string(),
    checkout_context: z.object({
      endpoint: z.string(),
      channel: z.string(),
      payload: z.object({
        plan_code: z.string(),
        source: z.string(),
        trigger_event: z.literal('quota_exceeded'),
        from_endpoint: z.string(),
      }),
    }),
    next_steps: z.array(nextStepSchema),
  }),
  idempotency_in_progress: z.object({ processing_since: z.iso.datetime() }),
  inline_context_conflict: conflictsSchema,
  profile_inline_context_conflict: profileConflictsSchema,
  ocr_confidence_too_low: z.object({
    confidence: z.number().min(0).max(100),
    threshold: z.literal(OCR_CONFIDENCE_THRESHOLD),
  }),
  unextractable_pdf: z.object({ reason: unextractableReasonSchema }),
  insufficient_data: z.object({ missing_fields: z.array(z.string()).min(1) }),
  invalid_data_format: z.object({ field: z.string() }),
  rate_limit_exceeded: retryAfterSchema,
  ocr_service_unavailable: retryAfterSchema,
  ocr_quota_exhausted: retryAfterSchema,
} satisfies Partial<Record<ErrorCode, z.ZodObject>>;

type ExtrasSchemas = typeof ERROR_EXTRAS;
export type ErrorExtras<C extends ErrorCode> = C extends keyof ExtrasSchemas
  ? z.infer<ExtrasSchemas[C]>
  : Record<never, never>;

export type QuotaExceededExtras = ErrorExtras<'quota_exceeded'>;
export type NextStep = QuotaExceededExtras['next_steps'][number];

/** The body of one error code. */
export type ErrorBody<C extends ErrorCode = ErrorCode> = C extends ErrorCode
  ? { readonly error: C; readonly message: string } & Readonly<ErrorExtras<C>>
  : never;

/** The few 400 answers that carry `detail` only (an empty upload). */
export const detailBodySchema = z.strictObject({ detail: z.string() });
export type DetailBody = Readonly<z.infer<typeof detailBodySchema>>;

/** The body of one error code: `error`, `message`, and the code's extra fields. */
export const errorBodySchema = (code: ErrorCode) =>
  z.object({
    error: z.literal(code),
    message: z.string(),
    ...(ERROR_EXTRAS as Partial<Record<ErrorCode, z.ZodObject>>)[code]?.shape,
  });

export type ApiErrorBody = ErrorBody | DetailBody;

/** An error ready to send: the HTTP status and the JSON body. */
export interface ApiErrorResult<Body extends ApiErrorBody = ApiErrorBody> {
  readonly status: number;
  readonly body: Body;
}

const MESSAGES: Readonly<Record<ErrorCode, LocalizedText>> = {
  invalid_options_json: {
    en: 'The options field is not valid JSON.',
    fr: 'Le champ options n’est pas un JSON valide.',
  },
  invalid_options: { en: 'The options are not valid.', fr: 'Les options ne sont pas valides.' },
  invalid_invoice_patch: {
    en: 'The invoice_patch field is not valid.',
    fr: 'Le champ invoice_patch n’est pas valide.',
  },
  invalid_constraints_json: {
    en: 'The constraints field is not valid JSON.',
    fr: 'Le champ constraints n’est pas un JSON valide.',
  },
  authentication_required: {
    en: 'Authentication required: send an X-API-Key header or an Authorization: Bearer header.',
    fr: 'Authentification requise : envoyez un en-tête X-API-Key ou Authorization: Bearer.',
  },
  quota_exceeded: {
    en: 'The invoice quota of your plan for this period is used up.',
    fr: 'Le quota de factures de votre offre pour cette période est épuisé.',
  },
  idempotency_conflict: {
    en: 'This Idempotency-Key was already used with a different request.',
    fr: 'Cette Idempotency-Key a déjà servi pour une requête différente.',
  },
  idempotency_in_progress: {
    en: 'A request with this Idempotency-Key is still being processed.',
    fr: 'Une requête avec cette Idempotency-Key est encore en cours de traitement.',
  },
  inline_context_conflict: {
    en: 'The request context contradicts data found in the document.',
    fr: 'Le contexte de la requête contredit des données présentes dans le document.',
  },
  file_too_large: {
    en: 'The upload exceeds the maximum size of this endpoint.',
    fr: 'Le fichier envoyé dépasse la taille maximale de ce point d’accès.',
  },
  unsupported_media_type: {
    en: 'This endpoint requires a PDF file.',
    fr: 'Ce point d’accès attend un fichier PDF.',
  },
  unextractable_pdf: {
    en: 'The PDF cannot be read: corrupt, password-protected, or without the expected content.',
    fr: 'Le PDF est illisible : corrompu, protégé par mot de passe ou sans le contenu attendu.',
  },
  ocr_confidence_too_low: {
    en: 'Text recognition confidence is below the threshold of strict mode.',
    fr: 'La confiance de la reconnaissance de texte est sous le seuil du mode strict.',
  },
  insufficient_data: {
    en: 'Required invoice data is missing.',
    fr: 'Des données obligatoires de la facture manquent.',
  },
  invalid_data_format: { en: 'A field has an invalid format.', fr: 'Un champ a un format invalide.' },
  pdf_validation_failed: {
    en: 'The generated PDF failed compliance validation.',
    fr: 'Le PDF généré n’a pas passé la validation de conformité.',
  },
  validation_profile_unavailable: {
    en: 'The requested France 2026 validation cannot run in this environment.',
    fr: 'La validation France 2026 demandée ne peut pas s’exécuter dans cet environnement.',
  },
  rate_limit_exceeded: {
    en: 'Too many requests; retry later.',
    fr: 'Trop de requêtes ; réessayez plus tard.',
  },
  ocr_service_unavailable: {
    en: 'The text recognition service is unavailable.',
    fr: 'Le service de reconnaissance de texte est indisponible.',
  },
  ocr_quota_exhausted: {
    en: 'The text recognition fallback is unavailable for now.',
    fr: 'Le recours à la reconnaissance de texte est indisponible pour le moment.',
  },
  requested_output_unavailable: {
    en: 'The requested PDF/A-3 output could not be produced; the quota was refunded.',
    fr: 'La sortie PDF/A-3 demandée n’a pas pu être produite ; le quota a été recrédité.',
  },
  validation_service_unavailable: {
    en: 'The validation service is unavailable.',
    fr: 'Le service de validation est indisponible.',
  },
  ocr_timeout: { en: 'Text recognition timed out.', fr: 'La reconnaissance de texte a expiré.' },
  profile_reuse_requires_explicit_opt_in: {
    en: 'A profile selector requires profile_reuse=explicit.',
    fr: 'Un sélecteur de profil exige profile_reuse=explicit.',
  },
  profile_reuse_selector_required: {
    en: 'profile_reuse=explicit requires a seller or buyer profile selector.',
    fr: 'profile_reuse=explicit exige un sélecteur de profil vendeur ou acheteur.',
  },
  profile_selector_conflict: {
    en: 'Profile selector aliases disagree.',
    fr: 'Les alias de sélecteur de profil ne concordent pas.',
  },
  seller_profile_not_found: {
    en: 'No seller profile with this identifier.',
    fr: 'Aucun profil vendeur avec cet identifiant.',
  },
  buyer_profile_not_found: {
    en: 'No buyer profile with this identifier.',
    fr: 'Aucun profil acheteur avec cet identifiant.',
  },
  profile_inline_context_conflict: {
    en: 'The saved profile contradicts the request context.',
    fr: 'Le profil enregistré contredit le contexte de la requête.',
  },
  not_found: { en: 'No such endpoint.', fr: 'Point d’accès inconnu.' },
  method_not_allowed: {
    en: 'This method is not allowed on this endpoint.',
    fr: 'Cette méthode n’est pas permise sur ce point d’accès.',
  },
  internal_error: {
    en: 'An unexpected error occurred.',
    fr: 'Une erreur inattendue s’est produite.',
  },
  cancelled: {
    en: 'The conversion was cancelled before it finished; nothing was produced or charged.',
    fr: 'La conversion a été annulée avant la fin ; rien n’a été produit ni décompté.',
  },
  sandbox_key_exists: {
    en: 'This e-mail address already has an API key; there is one sandbox key per address.',
    fr: 'Cette adresse e-mail a déjà une clé d’API ; il y a une clé sandbox par adresse.',
  },
  activation_pending: {
    en: 'An activation link was already sent to this address and is still valid: follow it, or ask again once it has expired.',
    fr: 'Un lien d’activation a déjà été envoyé à cette adresse et est encore valable : suivez-le, ou redemandez-en un après son expiration.',
  },
  activation_token_invalid: {
    en: 'This activation token is unknown.',
    fr: 'Ce jeton d’activation est inconnu.',
  },
  activation_token_expired: {
    en: 'This activation token has expired; ask for a new one.',
    fr: 'Ce jeton d’activation a expiré ; demandez-en un nouveau.',
  },
  forbidden: {
    en: 'This caller may not use the application’s services.',
    fr: 'Cet appelant ne peut pas utiliser les services de l’application.',
  },
  invalid_request: {
    en: 'The request does not have the expected shape.',
    fr: 'La requête n’a pas la forme attendue.',
  },
  activation_token_used: {
    en: 'This activation token was already used; its key was shown once, when it was activated.',
    fr: 'Ce jeton d’activation a déjà servi ; sa clé a été montrée une fois, lors de l’activation.',
  },
  job_not_found: {
    en: 'No job with this identifier.',
    fr: 'Aucune tâche avec cet identifiant.',
  },
  sign_in_token_invalid: {
    en: 'This sign-in address is not the one this server printed when it started.',
    fr: 'Cette adresse de connexion n’est pas celle que ce serveur a affichée à son démarrage.',
  },
  sign_in_token_used: {
    en: 'This sign-in address was already used; restart the server for a new one, or use an API key.',
    fr: 'Cette adresse de connexion a déjà servi ; redémarrez le serveur pour en obtenir une autre, ou utilisez une clé d’API.',
  },
};

export interface ErrorOptions<C extends ErrorCode> {
  readonly lang?: Lang;
  /** A more precise message than the code's default. */
  readonly message?: LocalizedText;
  /** One of the statuses the code allows, when not the default. */
  readonly status?: (typeof ERROR_STATUS)[C][number];
}

type ErrorArgs<C extends ErrorCode> = [keyof ErrorExtras<C>] extends [never]
  ? [extras?: ErrorExtras<C>, options?: ErrorOptions<C>]
  : [extras: ErrorExtras<C>, options?: ErrorOptions<C>];

/** Builds the status and body of an error: `apiError('insufficient_data', { missing_fields: ['BT-1'] })`. */
export function apiError<C extends ErrorCode>(
  code: C,
  ...[extras, options]: ErrorArgs<C>
): ApiErrorResult<ErrorBody<C>> {
  const lang = options?.lang ?? 'en';
  const message = (options?.message ?? MESSAGES[code])[lang];
  const body = { error: code, message, ...extras } as ErrorBody<C>;
  return { status: options?.status ?? ERROR_STATUS[code][0], body };
}

/** The default message of a code in one language. */
export const errorMessage = (code: ErrorCode, lang: Lang): string => MESSAGES[code][lang];

const EMPTY_FILE: LocalizedText = {
  en: 'Uploaded file is empty.',
  fr: 'Le fichier envoyé est vide.',
};

/** The `detail`-only 400 of an empty upload. */
export const emptyFileError = (lang: Lang): ApiErrorResult<DetailBody> => ({
  status: 400,
  body: { detail: EMPTY_FILE[lang] },
});

/** Runtime schema of any error body a client may receive (extra fields checked per code). */
export const apiErrorBodySchema: z.ZodType<ApiErrorBody> = z.union([
  detailBodySchema,
  z
    .object({ error: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]), message: z.string() })
    .loose()
    .superRefine((body, ctx) => {
      const extras = (ERROR_EXTRAS as Partial<Record<ErrorCode, z.ZodObject>>)[body.error];
      const checked = extras?.safeParse(body);
      if (checked && !checked.success) {
        for (const issue of checked.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
      }
    }),
]) as z.ZodType<ApiErrorBody>;

export const isDetailBody = (body: ApiErrorBody): body is DetailBody => 'detail' in body;
