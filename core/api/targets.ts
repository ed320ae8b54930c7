/**
 * What a request asks to be validated against, before any document is read: the explicit
 * `validation_target`, or the legacy controls in `options` (`validation_profile: fr_ctc`,
 * `jurisdiction`). Resolving `auto` needs document evidence (seller/buyer country) and is the engine's job.
 */
import { z } from 'zod';
import { PROFILES } from '../cii/profile';

export const VALIDATION_TARGETS = ['en16931', 'france_2026'] as const;
export const validationTargetSchema = z.enum(VALIDATION_TARGETS);
export type ValidationTarget = z.infer<typeof validationTargetSchema>;

export const profileSchema = z.enum(PROFILES);
export type { Profile } from '../cii/profile';

/** `target.status` of convert and repair responses. */
export const targetStatusSchema = z.enum([
  'verified',
  'failed',
  'blocked',
  'incomplete',
  'not_run',
  'not_evaluated',
]);
export type TargetStatus = z.infer<typeof targetStatusSchema>;

/** `validationReadiness.frCtc.status`. */
export const frCtcStatusSchema = z.enum(['passed', 'incomplete', 'blocked', 'not_run', 'not_evaluated']);

/** Jurisdiction values of the legacy `options.jurisdiction`; `auto` lets document evidence decide. */
export const jurisdictionSchema = z.enum(['FR', 'UNKNOWN', 'auto']);
export type Jurisdiction = z.infer<typeof jurisdictionSchema>;

/** The target a request asked for, and which control said so. */
export type TargetRequest =
  | {
      readonly kind: 'explicit';
      readonly target: ValidationTarget;
      readonly source: 'validation_target' | 'legacy_validation_profile';
    }
  | {
      /** France 2026 when the jurisdiction (FR) or, for UNKNOWN/auto, the document's FR parties say so. */
      readonly kind: 'auto';
      readonly jurisdiction: Jurisdiction;
    }
  | { readonly kind: 'default'; readonly target: 'en16931' };

export interface TargetControls {
  /** The `validation_target` form field, already checked. */
  readonly validationTarget?: ValidationTarget;
  /** Legacy `options.validation_profile` (`fr_ctc` means France 2026). */
  readonly validationProfile?: string;
  /** Legacy `options.jurisdiction`. */
  readonly jurisdiction?: Jurisdiction;
}

/** The explicit field wins; then the legacy profile; then a legacy jurisdiction; else EN16931. */
export function targetRequestOf(controls: TargetControls): TargetRequest {
  if (controls.validationTarget) {
    return { kind: 'explicit', target: controls.validationTarget, source: 'validation_target' };
  }
  if (controls.validationProfile === 'fr_ctc' || controls.validationProfile === 'france_2026') {
    return { kind: 'explicit', target: 'france_2026', source: 'legacy_validation_profile' };
  }
  if (controls.validationProfile === 'en16931') {
    return { kind: 'explicit', target: 'en16931', source: 'legacy_validation_profile' };
  }
  if (controls.jurisdiction) return { kind: 'auto', jurisdiction: controls.jurisdiction };
  return { kind: 'default', target: 'en16931' };
}
