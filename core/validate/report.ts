/**
 * The validation report of spec/cli.md (`facturx validate --json`, body of `POST /api/v1/validate`).
 * Written against cli.md until core/api publishes the shared types and the disclaimer text.
 */
import type { Profile } from '../cii/profile';
import type { Severity, Stage } from '../rules/rule';

export const VALIDATION_TARGETS = ['en16931', 'france_2026'] as const;
export type ValidationTarget = (typeof VALIDATION_TARGETS)[number];

export interface ValidationIssue {
  /** The official rule id, letter for letter; `XSD` for a schema-level error. */
  readonly ruleId: string;
  readonly severity: Severity;
  readonly message: string;
  /** XPath of the element concerned, written with the rsm/ram/udt/qdt prefixes. */
  readonly location: string;
  /** The main business term concerned (`BT-112`), null when the rule names none. */
  readonly bt: string | null;
  readonly stage: Stage;
}

export interface StageResult {
  readonly passed: boolean;
  readonly skipped: boolean;
  readonly skip_reason: string | null;
  readonly error_count: number;
  readonly warning_count: number;
}

export interface ValidationArtifact {
  readonly id: string;
  readonly family: string;
  readonly profile: string;
  readonly syntax: 'CII';
  readonly version: string;
  readonly sourceAuthority: string;
  /** sha256 of the canonical serialization of our rule-set definition (changes when our rules change). */
  readonly sha256: string;
  readonly status: 'available';
}

export interface ValidationReport {
  readonly valid: boolean;
  readonly target: ValidationTarget;
  readonly profile: Profile | null;
  readonly filename: string | null;
  readonly validatedAt: string;
  readonly durationMs: number;
  readonly summary: { readonly errorCount: number; readonly warningCount: number };
  readonly issues: readonly ValidationIssue[];
  readonly stages: Readonly<Record<Stage, StageResult>>;
  readonly validationArtifacts: readonly ValidationArtifact[];
  /** What the verdict covers when it is narrower than a full EN16931 check (profiles MINIMUM, BASIC_WL…). */
  readonly notes: readonly string[];
  readonly legalDisclaimer: string;
}

export type ValidationErrorCode = 'invalid_data_format' | 'file_too_large' | 'invalid_options';

/** Input the engine cannot judge at all (not XML, not CII, hostile or oversized XML, unknown target). */
export interface ValidationError {
  readonly code: ValidationErrorCode;
  readonly message: string;
}

export type ValidationOutcome =
  | { readonly ok: true; readonly report: ValidationReport }
  | { readonly ok: false; readonly error: ValidationError };

export const LEGAL_DISCLAIMER =
  'This validation is documentary and technical evidence only: it is not acceptance by an approved ' +
  'platform (PA) and not a statement of tax compliance.';
