/** The JSON bodies of `POST /api/v1/convert`: 200 (final and dry-run) and 202 (accepted, processing). */
import { z } from 'zod';
import { invoiceDataDraftSchema } from '../invoice-data/schema';
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

/** Why a convert wrote an uploaded XML again instead of keeping it byte for byte. */
export const xmlRewriteSchema = z.enum(['output_profile', 'saved_profile', 'request_context']);
export type XmlRewrite = z.infer<typeof xmlRewriteSchema>;

/**
 * A dry run that read a plain PDF with the layout remembered for its seller (learned from an earlier
 * invoice of that seller an accountant corrected and converted): the key it was found under, when it
 * was learned, and the terms it gave; `used` is false when none of its readings was taken (they did not
 * balance, or the page no longer shows them where they were).
 */
export const sellerLayoutUseSchema = z.object({
  used: z.boolean(),
  /** The seller's identifier the layout is kept under: `VAT FR…`, `SIREN …` or `IBAN …`. */
  key: z.string(),
  learnedAt: z.iso.datetime(),
  terms: z.array(z.string()),
});
export type SellerLayoutUse = z.infer<typeof sellerLayoutUseSchema>;

export const convertResultSchema = z.object({
  durationMs: z.int().nonnegative(),
  convertedAt: z.iso.datetime(),
  targetProfile: z.string(),
  conversionSuccessful: z.boolean(),
  xmlSize: z.int().nonnegative(),
  pdfSize: z.int().nonnegative().optional(),
  /**
   * base64; the deliverable itself with output=xml_cii. On a dry run, the candidate CII XML (nothing is
   * delivered: `conversionSuccessful` stays false).
   */
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
  /**
   * With an XML source (a ready CII, or the XML of a Factur-X PDF): whether the candidate, and so the
   * deliverable, is that XML byte for byte; if not, why it was written again (another profile asked for,
   * saved profiles or the request context completing it).
   */
  sourceXml: z
    .object({ keptByteForByte: z.boolean(), rewrittenBecause: z.array(xmlRewriteSchema) })
    .optional(),
  sellerLayout: sellerLayoutUseSchema.optional(),
});

/** A place on a page in PDF points (1/72 in), origin at the page's top-left corner, y downwards. */
export const pageBoxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
});

/** Where one business term of the candidate came from, and its value. */
export const termProvenanceSchema = z.looseObject({
  source: z.enum(['document', 'profile', 'request_context', 'conflict']),
  /**
   * The value in canonical form, as `candidateInvoiceData` carries it: dates `YYYY-MM-DD`, amounts and
   * quantities decimal strings, codes as codes; absent for a group.
   */
  value: z.string().optional(),
  /** Read from a PDF: the 1-based page, the box of the words, the words, how sure the reader is (0–1). */
  page: z.int().positive().optional(),
  box: pageBoxSchema.optional(),
  text: z.string().optional(),
  confidence: z.number().min(0).max(1).optional(),
  /** How the page was read: its text layer (`native_text`) or OCR (`ocr`). */
  reader: z.string().optional(),
  /** Read where the seller's remembered layout places it (`result.sellerLayout`). */
  sellerLayout: z.literal(true).optional(),
  /** Filled by a saved profile: which one, in which version. */
  profileId: z.string().optional(),
  profileVersion: z.int().optional(),
});

/**
 * By business term (`BT-1`, `BG-23`); invoice line terms as `BG-25[n]/BT-…` and VAT breakdown terms as
 * `BG-23[n]/BT-…`, n from 1 in the order of `candidateInvoiceData`.
 */
export const fieldProvenanceSchema = z.record(z.string(), termProvenanceSchema);

/** One finding the convert's verdict depends on, and what clears it. */
export const requirementSchema = z.object({
  ruleId: z.string(),
  /** The business term that clears it, when the rule names one. */
  bt: z.string().nullable(),
  /** `blocking`: no deliverable while it stands; `advisory`: France 2026, produced and marked. */
  kind: z.enum(['blocking', 'advisory']),
  message: z.string(),
  /** The request input that can supply it (`seller_context.electronic_address`), when there is one. */
  input: z.string().nullable(),
});

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
  /**
   * What the findings require, blocking ones first: on a dry run, and on a final convert that was not
   * verified, to say what blocked it.
   */
  requirements: z.array(requirementSchema).optional(),
  // Dry-run only.
  fieldProvenance: fieldProvenanceSchema.optional(),
  validationTarget: validationTargetResolutionSchema.optional(),
  targetPreflight: targetPreflightSchema.optional(),
  conversionInputRecipe: conversionInputRecipeSchema.optional(),
  /**
   * Dry run: the candidate invoice as an `invoice_data` payload (fields it lacks left out). Sent back
   * unchanged as `invoice_data`, with the same PDF as `file`, it converts to the same XML.
   */
  candidateInvoiceData: invoiceDataDraftSchema.optional(),
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
