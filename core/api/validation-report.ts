/**
 * The validation report of cli.md: body of `POST /api/v1/validate`, of `facturx validate --json`, and the
 * `validation` object of extract. Top-level names follow the hosted service's public validate response.
 */
import { z } from 'zod';
import { profileSchema, validationTargetSchema } from './targets';

export const STAGES = ['pdfa', 'facturx_pdf', 'xsd', 'schematron', 'fr_ctc'] as const;
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
    schematron: stageResultSchema,
    fr_ctc: stageResultSchema,
  }),
  validationArtifacts: z.array(validationArtifactSchema),
  /** What the verdict covers when narrower than a full EN16931 check (MINIMUM, BASIC_WL). */
  notes: z.array(z.string()).optional(),
  legalDisclaimer: z.string(),
});
export type ValidationReportBody = z.infer<typeof validationReportSchema>;
