/**
 * The validation report of cli.md: body of `POST /api/v1/validate`, of `facturx validate --json`, and the
 * `validation` object of extract. Top-level names follow the hosted service's public validate response.
 */
import { z } from 'zod';
import { profileSchema, validationTargetSchema } from './targets';

export const STAGES = ['pdfa', 'facturx_pdf', 'xsd', 'profile', 'schematron', 'fr_ctc'] as const;
export const severitySchema = z.enum(['fatal', 'warning']);

export const validationIssueSchema = z.object({
  /** The official rule id letter for letter (`BR-CO-10`, `BR-FR-05_BT-22_PMT`); `XSD` for schema errors. */
  ruleId: z.string().min(1),
  severity: severitySchema,
  message: z.string(),
  location: z.string(),
  bt: z.string().nullable(),
  stage: z.enum(STAGES),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const stageResultSchema = z.object({
  passed: z.boolean(),
  skipped: z.boolean(),
  skip_reason: z.string().nullable(),
  error_count: z.int().nonnegative(),
  warning_count: z.int().nonnegative(),
});
export type StageResult = z.infer<typeof stageResultSchema>;

export const validationArtifactSchema = z.object({
  id: z.string(),
  family: z.string(),
  profile: z.string(),
  syntax: z.string(),
  version: z.string(),
  sourceAuthority: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  status: z.enum(['available']),
});
export type ValidationArtifact = z.infer<typeof validationArtifactSchema>;

export const summarySchema = z.object({
  errorCount: z.int().nonnegative(),
  warningCount: z.int().nonnegative(),
});

/**
 * The document against the Factur-X rules of the profile it declares (BT-24), apart from the target
 * verdict: a MINIMUM invoice may conform to its profile and still not be an EN 16931 invoice.
 */
export const profileConformanceSchema = z.object({
  /** The declared profile; null when BT-24 names none we know (the profile rules are then not run). */
  profile: profileSchema.nullable(),
  /** No fatal finding of the profile rules; null when they were not run. */
  conforms: z.boolean().nullable(),
  summary: summarySchema,
  issues: z.array(validationIssueSchema),
  /**
   * For a BASIC WL invoice checked for France 2026: what FNFE-MPE accepts for it during the first year of
   * the reform, its profile rules plus the BR-FR rules (the target verdict stays the full one).
   */
  franceFirstYear: z
    .object({
      accepted: z.boolean(),
      errorCount: z.int().nonnegative(),
      /** The rule sets this acceptance is judged on. */
      ruleSets: z.array(z.string()),
    })
    .nullable(),
  /** The verdict in plain words, in the report's language. */
  statement: z.string(),
});
export type ProfileConformance = z.infer<typeof profileConformanceSchema>;

export const validationReportSchema = z.object({
  /** True exactly when no issue has severity `fatal`. */
  valid: z.boolean(),
  target: validationTargetSchema,
  profile: profileSchema.nullable(),
  filename: z.string().nullable(),
  validatedAt: z.iso.datetime(),
  durationMs: z.number().nonnegative(),
  summary: summarySchema,
  issues: z.array(validationIssueSchema),
  stages: z.object({
    pdfa: stageResultSchema,
    facturx_pdf: stageResultSchema,
    xsd: stageResultSchema,
    /** The Factur-X rules of the declared profile; its findings are in `profileConformance`, not `issues`. */
    profile: stageResultSchema,
    schematron: stageResultSchema,
    fr_ctc: stageResultSchema,
  }),
  profileConformance: profileConformanceSchema,
  validationArtifacts: z.array(validationArtifactSchema),
  /** What the reader should know beside the verdict (why a MINIMUM or BASIC WL invoice is not an EN 16931 one). */
  notes: z.array(z.string()).optional(),
  legalDisclaimer: z.string(),
});
export type ValidationReportBody = z.infer<typeof validationReportSchema>;
