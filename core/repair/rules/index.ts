/**
 * The repair rules in the order they run. Namespace fixes come first (the other rules find elements
 * by namespace), then the value and attribute fixes, then the additions (R008 computes totals from
 * amounts R002 may have just made readable); the engine re-parses between these groups.
 *
 * Deliberately not repaired, for want of a published rule or of certainty: white space around codes
 * (` 380 `) and inside identifiers (`100 000 009`), the case of country codes (R007 is about
 * currencies), invoice numbers, dates in another format than 102, and any value that would have to be
 * guessed. R003 and R004 are not published and are not used.
 */
import type { RepairRule } from '../rule';
import { r001Dates } from './r001-dates';
import { r002DecimalSeparators } from './r002-decimal-separators';
import { r005Namespaces } from './r005-namespaces';
import { r006SchemeIds } from './r006-scheme-ids';
import { r007CurrencyCase } from './r007-currency-case';
import { r008MissingElements } from './r008-missing-elements';
import { r009UnitCodes } from './r009-unit-codes';

export interface RuleGroup {
  readonly rules: readonly RepairRule[];
  /** Run again after its changes: a fixed declaration can reveal the prefixes left to fix. */
  readonly untilStable: boolean;
}

export const RULE_GROUPS: readonly RuleGroup[] = [
  { rules: [r005Namespaces], untilStable: true },
  {
    rules: [r001Dates, r002DecimalSeparators, r006SchemeIds, r007CurrencyCase, r009UnitCodes],
    untilStable: false,
  },
  { rules: [r008MissingElements], untilStable: false },
];
