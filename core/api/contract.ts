/**
 * `GET /api/v1/integration-contract`: the machine-readable description of `invoice_data`: every field
 * with its business term, cardinality per profile, rules, CII XPath and readiness level; the readiness
 * levels (what a payload needs for each); the golden examples.
 */
import { z } from 'zod';

/** What a payload can reach, in order: the Factur-X profiles up to EN16931, then France 2026. */
export const READINESS_LEVELS = ['MINIMUM', 'BASIC_WL', 'BASIC', 'EN16931', 'FRANCE_2026'] as const;
export type ReadinessLevel = (typeof READINESS_LEVELS)[number];

export const contractExampleSchema = z.object({
  name: z.string(),
  description: z.string(),
  invoice_data: z.record(z.string(), z.unknown()),
});

export const contractFieldSchema = z.object({
  /** `lines[].vat_rate`. */
  path: z.string(),
  type: z.string(),
  /** Required within its parent object (the payload as a whole: see `readiness`). */
  required: z.boolean(),
  bt: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string(),
  default: z.string().optional(),
  /** `0..1`, `1..n`… per Factur-X profile; null where the profile does not carry the term. */
  cardinality: z.record(z.string(), z.string().nullable()),
  rules: z.object({ en16931: z.array(z.string()), france_2026: z.array(z.string()) }),
  cii_xpath: z.string().nullable(),
  /** The lowest level that needs the field (derived from the rules), or `optional`. */
  readiness: z.enum([...READINESS_LEVELS, 'optional']),
  /**
   * Why: the rules that fail without the field (or its optional parent), the golden examples that need
   * it, and whether every kind of invoice does (`always`) or only some (a credit note, reverse charge…).
   */
  readiness_basis: z
    .object({ rules: z.array(z.string()), examples: z.array(z.string()), always: z.boolean() })
    .optional(),
});
export type ContractFieldEntry = z.infer<typeof contractFieldSchema>;

export const contractReadinessLevelSchema = z.object({
  level: z.enum(READINESS_LEVELS),
  description: z.string(),
  /** Fields every kind of invoice needs to reach this level (beyond the lower levels). */
  required_fields: z.array(z.string()),
  /** Fields only some kinds of invoice need for this level, with the golden examples that do. */
  conditional_fields: z.array(z.object({ path: z.string(), examples: z.array(z.string()) })),
  /** Choices: any one field of each group will do (BR-CO-26, BR-IC-10…). */
  one_of: z.array(
    z.object({ paths: z.array(z.string()), rules: z.array(z.string()), examples: z.array(z.string()) }),
  ),
});
export type ContractReadinessLevel = z.infer<typeof contractReadinessLevelSchema>;

/** How a client reviews the invoice a dry run read (from a PDF, an XML) and converts it once corrected. */
export const candidateReviewSchema = z.object({
  description: z.string(),
  steps: z.array(z.string()),
});

export const integrationContractSchema = z.object({
  version: z.string(),
  profiles: z.array(z.string()),
  readiness_levels: z.array(contractReadinessLevelSchema),
  fields: z.array(contractFieldSchema),
  examples: z.array(contractExampleSchema),
  candidate_review: candidateReviewSchema,
});
export type IntegrationContract = z.infer<typeof integrationContractSchema>;
