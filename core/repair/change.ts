/**
 * What a repair rule proposes: one change per finding, made of one or more edits of the SOURCE text
 * (a prefix fix touches the start and the end tag). Rules never re-serialise the tree, so everything
 * outside the edited spans stays byte for byte as it was.
 */
import type { Lang } from '../service/types';

/** The published repair rules of api-interface.md (R003 and R004 are not published). */
export type RepairRuleId = 'R001' | 'R002' | 'R005' | 'R006' | 'R007' | 'R008' | 'R009';

/** `diff_summary[].code`: `format_corrected` as the interface shows it, and our codes for the other kinds. */
export type ChangeCode =
  | 'format_corrected'
  | 'format_attribute_added'
  | 'namespace_corrected'
  | 'prefix_corrected'
  | 'scheme_id_added'
  | 'code_corrected'
  | 'element_added';

/** Replace `source.slice(start, end)` by `text` (start === end inserts). */
export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export type Message = Readonly<Record<Lang, string>>;

export interface Change {
  readonly ruleId: RepairRuleId;
  readonly code: ChangeCode;
  /** XPath of the element concerned (`/@attr` appended for an attribute), written with CII_PREFIXES. */
  readonly path: string;
  readonly edits: readonly Edit[];
  /** The value as it was (`null` when the element or attribute was absent). */
  readonly before: string | null;
  readonly after: string;
  readonly message: Message;
  /** The change edits the content or an attribute of an amount element (local name `…Amount`). */
  readonly touchesAmount: boolean;
  /**
   * The change makes an amount denote a number it did not denote before: a new amount element, or a
   * different number. Rewriting `1 234,56` as `1234.56` keeps the number (see decimal-reading.ts), so
   * it does not alter the value. `do_not_modify_amounts` refuses exactly the changes where this is true.
   */
  readonly altersAmountValue: boolean;
  /** The change creates a party or a party aggregate (gated by `do_not_invent_missing_parties`). */
  readonly createsPartyData: boolean;
}

/** Something a rule recognised but chose not to change, because the fix would not be certain. */
export interface Declined {
  readonly ruleId: RepairRuleId;
  readonly path: string;
  readonly before: string | null;
  readonly message: Message;
}

export interface RuleOutput {
  readonly changes: readonly Change[];
  readonly declined: readonly Declined[];
}

export const NOTHING: RuleOutput = { changes: [], declined: [] };

type Flags = 'touchesAmount' | 'altersAmountValue' | 'createsPartyData';

/** A change with the flags false unless said otherwise. */
export function change(c: Omit<Change, Flags> & Partial<Pick<Change, Flags>>): Change {
  return { touchesAmount: false, altersAmountValue: false, createsPartyData: false, ...c };
}
