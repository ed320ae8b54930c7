/**
 * The repair engine: runs the rule groups over the document, keeps the changes the constraints allow
 * (never more than max_changes_allowed), applies them to the source text and re-parses after each
 * pass. Fails (never returns a partial text) if an edited text ever stopped parsing.
 */
import type { RepairConstraints } from '../api/repair';
import type { Lang } from '../api/lang';
import type { Profile } from '../cii/profile';
import { parseXml } from '../xml/parse';
import type { LeftUndone, LeftUndoneReason } from '../api/repair';
import type { XmlDocument } from '../xml/tree';
import { applyEdits, nonOverlapping } from './apply-edits';
import type { Change } from './change';
import { RULE_GROUPS } from './rules/index';

/** Passes per rule group: a fix may reveal the next one (a declaration fixed, then a prefix). */
const MAX_PASSES = 3;

export interface RuleRun {
  readonly ok: true;
  readonly output: string;
  readonly applied: readonly Change[];
  readonly leftUndone: readonly LeftUndone[];
}

export function applyRules(
  doc: XmlDocument,
  constraints: RepairConstraints,
  requestedProfile: Profile | null,
  lang: Lang,
): RuleRun | { readonly ok: false } {
  const budget = constraints.max_changes_allowed ?? Number.POSITIVE_INFINITY;
  const undone = new Map<string, LeftUndone>();
  const applied: Change[] = [];
  const leave = (
    c: Pick<Change, 'ruleId' | 'path' | 'before' | 'message'>,
    reason: LeftUndoneReason,
    after: string | null,
  ): void => {
    const key = `${c.ruleId} ${c.path} ${reason}`;
    if (!undone.has(key)) {
      undone.set(key, {
        ruleReference: c.ruleId,
        path: c.path,
        reason,
        message: c.message[lang],
        beforeValue: c.before,
        afterValue: after,
      });
    }
  };
  let current = doc;
  for (const group of RULE_GROUPS) {
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const proposed: Change[] = [];
      for (const rule of group.rules) {
        const out = rule.run({ doc: current, source: current.source, requestedProfile });
        for (const d of out.declined) leave(d, 'not_certain', null);
        for (const c of out.changes) {
          const refusal = refusalOf(c, constraints);
          if (refusal) leave(c, refusal, c.after);
          else proposed.push(c);
        }
      }
      const { kept, deferred } = nonOverlapping(proposed);
      const accepted: Change[] = [];
      for (const c of kept) {
        if (applied.length + accepted.length < budget) accepted.push(c);
        else leave(c, 'max_changes_allowed', c.after);
      }
      if (accepted.length === 0) break;
      const next = parseXml(
        applyEdits(
          current.source,
          accepted.flatMap((c) => c.edits),
        ),
        { encoding: current.encoding },
      );
      if (!next.ok || next.doc.undeclaredPrefixes.length > current.undeclaredPrefixes.length)
        return { ok: false };
      applied.push(...accepted);
      current = next.doc;
      // Another pass only when it can find something: a change deferred for an overlap, or R005.
      if (!group.untilStable && !deferred) break;
    }
  }
  return { ok: true, output: current.source, applied, leftUndone: [...undone.values()] };
}

/**
 * Why a change may not be made. `do_not_modify_amounts` refuses the changes that make an amount denote
 * another number than the one its text denoted (`altersAmountValue`: a new amount, a different number);
 * a format fix that keeps the number (`1 234,56` → `1234.56`, a currencyID in upper case) stays allowed.
 */
function refusalOf(c: Change, constraints: RepairConstraints): LeftUndoneReason | null {
  if (constraints.do_not_modify_amounts && c.altersAmountValue) return 'do_not_modify_amounts';
  // Party data is created only when the caller allows it explicitly.
  if (constraints.do_not_invent_missing_parties !== false && c.createsPartyData) {
    return 'do_not_invent_missing_parties';
  }
  return null;
}
