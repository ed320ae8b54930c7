/**
 * France 2026 rules: the FNFE-MPE "BR-FR Flux 2" Schematron for CII, version 1.4.0 (2026-06-30), fatal
 * mode, as the `fr_ctc` stage of validation.
 *
 * Severity and readiness. In the 1.4.0 fatal-mode artefact every assertion is flagged `fatal`, and our
 * rules keep that flag. The product's readiness verdict (api-interface.md, validationReadiness.frCtc)
 * nevertheless treats a few of them as advisories: warnings that do not make the document invalid but
 * that France 2026 still requires before transmission, routing and lifecycle exchanges:
 *   - BR-FR-13_BT-34: the seller's electronic address (BT-34);
 *   - BR-FR-12_BT-49: the buyer's electronic address (BT-49);
 *   - BR-FR-05_BT-22_PMT / _PMD / _AAB: the legal notes (BT-22), non-fatal reserves, not routing data.
 * A document failing only these is "incomplete" (produce and mark, not ready for transmission), never
 * "passed". The list is data ({@link france2026Advisories}) for the convert service.
 */
import { shipped } from '../digests';
import type { RuleSet } from '../rule';
import { compileRuleSet } from './pattern';
import { BR_FR_CII_1_4_0 } from './rules-1.4.0';

/**
 * The artefact implemented (file, publication date, mode) as data. A new FNFE-MPE release is a new
 * definition module beside rules-1.4.0.ts (and lists-1.4.0.ts), selected here.
 */
export const france2026Definition = BR_FR_CII_1_4_0;

export const france2026Rules: RuleSet = shipped(compileRuleSet(BR_FR_CII_1_4_0, 'fr_ctc'));

export interface Advisory {
  readonly ruleId: string;
  /** Why France 2026 still needs it although it does not block the document. */
  readonly reason: 'required_before_transmission' | 'non_fatal_reserve';
}

/** Rule ids the readiness verdict reports as advisories (validationReadiness.frCtc.advisories). */
export const france2026Advisories: readonly Advisory[] = [
  { ruleId: 'BR-FR-13_BT-34', reason: 'required_before_transmission' },
  { ruleId: 'BR-FR-12_BT-49', reason: 'required_before_transmission' },
  { ruleId: 'BR-FR-05_BT-22_PMT', reason: 'non_fatal_reserve' },
  { ruleId: 'BR-FR-05_BT-22_PMD', reason: 'non_fatal_reserve' },
  { ruleId: 'BR-FR-05_BT-22_AAB', reason: 'non_fatal_reserve' },
];
