/**
 * `repairXml`: validate, apply the deterministic repairs R001–R009 to the source text, validate again,
 * and build the repair response of api-interface.md. The output is the input with the changed spans
 * replaced and nothing else: a document that needs nothing comes back byte-identical. Every
 * intermediate text is re-parsed; if one ever failed to parse, the answer is an error, never a partial
 * file.
 */
import { parseRepairFields, type RepairConstraints, type RepairResponse } from '../api/repair';
import { apiError, emptyFileError, type ApiErrorResult } from '../api/errors';
import type { Lang } from '../api/lang';
import type { ValidationTarget } from '../api/targets';
import type { Profile } from '../cii/profile';
import { validateXml } from '../validate/validate';
import { parseXml } from '../xml/parse';
import type { XmlDocument } from '../xml/tree';
import { applyEdits, overlaps } from './apply-edits';
import type { Change, Edit, RepairRuleId } from './change';
import { RULE_GROUPS } from './rules/index';

export interface RepairOptions {
  /** The `constraints` form field as sent (JSON text), absent or blank for none. */
  readonly constraints?: string;
  /** The `target_profile` query parameter, as sent. */
  readonly targetProfile?: string;
  readonly target: ValidationTarget;
  readonly lang: Lang;
}

export type LeftUndoneReason =
  'max_changes_allowed' | 'do_not_modify_amounts' | 'do_not_invent_missing_parties' | 'not_certain';

/** A repair found but not made, and why (beyond the interface's table: what was left undone). */
export interface LeftUndone {
  readonly ruleReference: RepairRuleId;
  readonly path: string;
  readonly reason: LeftUndoneReason;
  readonly message: string;
  readonly beforeValue: string | null;
  /** What the repair would have written; null when no certain repair exists. */
  readonly afterValue: string | null;
}

type RepairValidation = RepairResponse['validation_before'] & {
  /** Present when the validator could not judge the document at all (e.g. undeclared prefix). */
  readonly error?: { readonly code: string; readonly message: string };
};

export type RepairBody = RepairResponse & {
  readonly validation_before: RepairValidation;
  readonly validation_after: RepairValidation;
  readonly left_undone: readonly LeftUndone[];
  /** The profile the repair worked for: requested, else detected from BT-24, else null. */
  readonly targetProfile: Profile | null;
};

export type RepairOutcome =
  | { readonly ok: true; readonly response: RepairBody }
  | { readonly ok: false; readonly error: ApiErrorResult };

/** Passes per rule group: a fix may reveal the next one (a declaration fixed, then a prefix). */
const MAX_PASSES = 3;

export function repairXml(source: string, options: RepairOptions): RepairOutcome {
  const started = performance.now();
  const { lang, target } = options;
  const fields = parseRepairFields(
    options.constraints === undefined ? {} : { constraints: options.constraints },
    options.targetProfile === undefined ? {} : { target_profile: options.targetProfile },
    lang,
  );
  if (!fields.ok) return { ok: false, error: fields.error };
  const { constraints, targetProfile } = fields.value;

  const parsed = parseXml(source);
  if (!parsed.ok) return { ok: false, error: unreadable(parsed.error, lang) };
  if (parsed.doc.root.local !== 'CrossIndustryInvoice') {
    return { ok: false, error: notCii(parsed.doc.root.name, lang) };
  }

  const before = validationOf(source, target, lang);
  const run = applyRules(parsed.doc, constraints, targetProfile ?? null, lang);
  if (!run.ok) return { ok: false, error: apiError('internal_error', undefined, { lang }) };
  const after = run.output === source ? before : validationOf(run.output, target, lang);

  return {
    ok: true,
    response: {
      durationMs: Math.round(performance.now() - started),
      repaired_xml: Buffer.from(run.output, 'utf8').toString('base64'),
      diff_summary: run.applied.map((c) => ({
        code: c.code,
        path: c.path,
        message: c.message[lang],
        beforeValue: c.before,
        afterValue: c.after,
        ruleReference: c.ruleId,
      })),
      validation_before: before.summary,
      validation_after: after.summary,
      target: {
        requested: target,
        executed: target,
        status: after.summary.valid ? 'verified' : 'failed',
        missing_inputs: [],
        not_run_reason: null,
      },
      repairSuccessful: after.summary.valid,
      left_undone: run.leftUndone,
      targetProfile: targetProfile ?? before.profile,
    },
  };
}

function validationOf(
  source: string,
  target: ValidationTarget,
  lang: Lang,
): { summary: RepairValidation; profile: Profile | null } {
  const outcome = validateXml(source, { target, lang });
  if (outcome.ok) {
    const { valid, summary, profile } = outcome.report;
    return { summary: { valid, target, summary }, profile };
  }
  // The validator refuses to judge it: a rejection, counted as one fatal finding.
  return {
    summary: { valid: false, target, summary: { errorCount: 1, warningCount: 0 }, error: outcome.error },
    profile: null,
  };
}

interface RuleRun {
  readonly ok: true;
  readonly output: string;
  readonly applied: readonly Change[];
  readonly leftUndone: readonly LeftUndone[];
}

function applyRules(
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
      const accepted: Change[] = [];
      const edits: Edit[] = [];
      for (const rule of group) {
        const out = rule.run({ doc: current, source: current.source, requestedProfile });
        for (const d of out.declined) leave(d, 'not_certain', null);
        for (const c of out.changes) {
          const refusal = refusalOf(c, constraints, applied.length + accepted.length, budget);
          if (refusal) leave(c, refusal, c.after);
          else if (!c.edits.some((e) => edits.some((taken) => overlaps(e, taken)))) {
            accepted.push(c);
            edits.push(...c.edits);
          }
        }
      }
      if (accepted.length === 0) break;
      const next = parseXml(applyEdits(current.source, edits));
      if (!next.ok || next.doc.undeclaredPrefixes.length > current.undeclaredPrefixes.length)
        return { ok: false };
      applied.push(...accepted);
      current = next.doc;
    }
  }
  return { ok: true, output: current.source, applied, leftUndone: [...undone.values()] };
}

function refusalOf(
  c: Change,
  constraints: RepairConstraints,
  count: number,
  budget: number,
): LeftUndoneReason | null {
  if (constraints.do_not_modify_amounts && c.altersAmountValue) return 'do_not_modify_amounts';
  // Party data is created only when the caller allows it explicitly.
  if (constraints.do_not_invent_missing_parties !== false && c.createsPartyData) {
    return 'do_not_invent_missing_parties';
  }
  return count >= budget ? 'max_changes_allowed' : null;
}

function unreadable(
  error: { code: string; message: string; line: number; column: number },
  lang: Lang,
): ApiErrorResult {
  if (error.code === 'xml_empty') return emptyFileError(lang);
  if (error.code === 'xml_too_large') return apiError('file_too_large', undefined, { lang });
  return apiError(
    'invalid_data_format',
    { field: 'file' },
    {
      lang,
      message: {
        en: `Not a readable XML document, nothing was repaired: ${error.message} (line ${error.line}, column ${error.column})`,
        fr: `Document XML illisible, rien n'a été réparé : ${error.message} (ligne ${error.line}, colonne ${error.column})`,
      },
    },
  );
}

function notCii(root: string, lang: Lang): ApiErrorResult {
  return apiError(
    'invalid_data_format',
    { field: 'file' },
    {
      lang,
      message: {
        en: `Not a CII invoice (root element ${root}), nothing was repaired`,
        fr: `Pas une facture CII (élément racine ${root}), rien n'a été réparé`,
      },
    },
  );
}
