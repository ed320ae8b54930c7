/** `POST /api/v1/repair`: the `constraints` form field and the 200 body. */
import { z } from 'zod';
import { targetOutcomeSchema } from './convert-response';
import { apiError } from './errors';
import { enumField, invalidField, jsonField, parsed, type Parsed } from './form-fields';
import type { Lang } from './lang';
import { profileSchema, validationTargetSchema, type Profile } from './targets';
import { summarySchema } from './validation-report';

export const repairConstraintsSchema = z.strictObject({
  max_changes_allowed: z.int().nonnegative().optional(),
  do_not_modify_amounts: z.boolean().optional(),
  do_not_invent_missing_parties: z.boolean().optional(),
  target_profile: profileSchema.optional(),
});
export type RepairConstraints = z.infer<typeof repairConstraintsSchema>;

export interface RepairFields {
  readonly constraints: RepairConstraints;
  /** From the query, else from the constraints; undefined: detected from the XML. */
  readonly targetProfile?: Profile;
}

/** Malformed `constraints` JSON is a 400; well-formed JSON with wrong member types is a 422. */
export function parseRepairFields(
  fields: Readonly<Record<string, string>>,
  query: Readonly<Record<string, string>>,
  lang: Lang,
): Parsed<RepairFields> {
  const constraints = jsonField('constraints', fields.constraints, repairConstraintsSchema, {
    malformed: () => apiError('invalid_constraints_json', undefined, { lang }),
    invalid: (path, reason) => invalidField(path, reason, lang),
  });
  if (!constraints.ok) return constraints;
  const profile = enumField('target_profile', query.target_profile, profileSchema.options, undefined, lang);
  if (!profile.ok) return profile;
  const c = constraints.value ?? {};
  const targetProfile = profile.value ?? c.target_profile;
  return parsed({ constraints: c, ...(targetProfile ? { targetProfile } : {}) });
}

/** The deterministic repairs (R003 and R004 are not defined). */
export const REPAIR_RULES = ['R001', 'R002', 'R005', 'R006', 'R007', 'R008', 'R009'] as const;

export const repairChangeSchema = z.object({
  code: z.string(),
  path: z.string(),
  message: z.string(),
  beforeValue: z.string().nullable(),
  afterValue: z.string().nullable(),
  ruleReference: z.enum(REPAIR_RULES),
});
export type RepairChange = z.infer<typeof repairChangeSchema>;

export const repairValidationSchema = z.object({
  valid: z.boolean(),
  target: validationTargetSchema,
  summary: summarySchema,
  /** Present when the validator could not judge the document at all (e.g. an undeclared prefix). */
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

export const LEFT_UNDONE_REASONS = [
  'max_changes_allowed',
  'do_not_modify_amounts',
  'do_not_invent_missing_parties',
  'not_certain',
] as const;

/** A repair found but not made, and why (beyond the interface's table: what was left undone). */
export const leftUndoneSchema = z.object({
  ruleReference: z.enum(REPAIR_RULES),
  path: z.string(),
  reason: z.enum(LEFT_UNDONE_REASONS),
  message: z.string(),
  beforeValue: z.string().nullable(),
  /** What the repair would have written; null when no certain repair exists. */
  afterValue: z.string().nullable(),
});
export type LeftUndone = z.infer<typeof leftUndoneSchema>;
export type LeftUndoneReason = LeftUndone['reason'];

export const repairResponseSchema = z.object({
  durationMs: z.number().nonnegative(),
  /** base64 of the repaired XML. */
  repaired_xml: z.string(),
  diff_summary: z.array(repairChangeSchema),
  validation_before: repairValidationSchema,
  validation_after: repairValidationSchema,
  target: targetOutcomeSchema,
  repairSuccessful: z.boolean(),
  left_undone: z.array(leftUndoneSchema),
  /** The profile the repair worked for: requested, else detected from BT-24, else null. */
  targetProfile: profileSchema.nullable(),
});
export type RepairResponse = z.infer<typeof repairResponseSchema>;
