/** The JSON bodies of `POST /api/v1/convert`: 200 (final and dry-run) and 202 (accepted, processing). */
import { z } from 'zod';
import { invoicePatchSchema, partyContextSchema } from './inline-context';
import { frCtcStatusSchema, targetStatusSchema, validationTargetSchema } from './targets';
import { validationArtifactSchema } from './validation-report';

export const targetOutcomeSchema = z.object({
  requested: z.string(),
  executed: z.string().nullable(),
  status: targetStatusSchema,
  missing_inputs: z.array(z.string()),
  not_run_reason: z.string().nullable(),
});
export type TargetOutcome = z.infer<typeof targetOutcomeSchema>;

/** The readiness of one artifact role (uploaded source, generated candidate, final deliverable). */
const artifactReadinessSchema = z.looseObject({ valid: z.boolean(), target: z.string() });

/** The canonical executable verdict; `success` alone never says France 2026 readiness. */
export const validationReadinessSchema = z.looseObject({
  frCtc: z.object({
    status: frCtcStatusSchema,
    /** `['target_profile_valid']` for France 2026. */
    dependsOn: z.array(z.string()),
    /** France 2026 rule ids raised as advisories. */
    advisories: z.array(z.string()),
    targetProfileValid: z.boolean(),
  }),
  /** Stays `not_submitted` until a real PA lifecycle event exists. */
  paAcceptance: z.literal('not_submitted'),
  submittedSourceReadiness: artifactReadinessSchema.optional(),
  candidateValidationReadiness: artifactReadinessSchema.optional(),
  finalGeneratedValidation: artifactReadinessSchema.optional(),
});

export const convertResultSchema = z.object({
  durationMs: z.int().nonnegative(),
  convertedAt: z.iso.datetime(),
  targetProfile: z.string(),
  conversionSuccessful: z.boolean(),
  xmlSize: z.int().nonnegative(),
  pdfSize: z.int().nonnegative().optional(),
  /** base64; the deliverable itself with output=xml_cii. */
  xml: z.string(),
  /** base64 PDF of an ephemeral response. */
  pdf: z.string().optional(),
  /** Link to the PDF when persistent storage is enabled, instead of `pdf`. */
  pdfUrl: z.string().optional(),
  extraction: z.object({ sourceType: z.string(), pageCount: z.int().nonnegative() }),
  validation: z.object({ valid: z.boolean(), profile: z.string() }),
  packagingPerformed: z.boolean(),
  processedInvoicesCharged: z.union([z.literal(0), z.literal(1)]),
  remainingInvoices: z.int(),
  validationStatus: z.string(),
  validationScopeLabel: z.string(),
  appliedValidationProfiles: z.array(z.string()),
  skippedValidationProfiles: z.array(z.object({ profile: z.string(), reason: z.string() })),
  unsupportedValidationProfiles: z.array(z.unknown()),
  validationArtifacts: z.array(validationArtifactSchema),
  messageType: z.string(),
  legalDisclaimer: z.string(),
});

export const fieldProvenanceSchema = z.record(
  z.string(),
  z.looseObject({ source: z.enum(['document', 'profile', 'request_context', 'conflict']) }),
);

export const validationTargetResolutionSchema = z.looseObject({
  requested: z.string(),
  resolved: validationTargetSchema.nullable(),
  source: z.string(),
  conflict: z.boolean().optional(),
});

export const targetPreflightSchema = z.looseObject({
  status: z.string(),
  /** Replay the recipe only when true and `unsupportedBlockers` is empty. */
  exhaustive: z.boolean(),
  requiredInputs: z.array(z.unknown()),
  unsupportedBlockers: z.array(z.unknown()),
});

export const conversionInputRecipeSchema = z.object({
  requiredInputs: z.array(z.unknown()),
  examplePayload: z.object({
    invoice_patch: invoicePatchSchema.optional(),
    seller_context: partyContextSchema.optional(),
    buyer_context: partyContextSchema.optional(),
  }),
});

export const convertResponseSchema = z.object({
  success: z.boolean(),
  target: targetOutcomeSchema,
  result: convertResultSchema,
  validationReadiness: validationReadinessSchema,
  // Dry-run only.
  requirements: z.array(z.unknown()).optional(),
  fieldProvenance: fieldProvenanceSchema.optional(),
  validationTarget: validationTargetResolutionSchema.optional(),
  targetPreflight: targetPreflightSchema.optional(),
  conversionInputRecipe: conversionInputRecipeSchema.optional(),
});
export type ConvertResponse = z.infer<typeof convertResponseSchema>;

/** 202: accepted, still processing. */
export const convertAcceptedSchema = z.object({
  success: z.literal(false),
  target: targetOutcomeSchema.extend({
    status: z.literal('not_run'),
    executed: z.null(),
    not_run_reason: z.literal('async_processing_not_completed'),
  }),
  result: z.object({ status: z.literal('processing'), jobId: z.string().min(1) }),
  validationReadiness: validationReadinessSchema.optional(),
});
export type ConvertAccepted = z.infer<typeof convertAcceptedSchema>;
