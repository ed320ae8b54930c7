/**
 * `repairXml`: validate, apply the deterministic repairs R001–R009 to the source text, validate again,
 * and build the repair response of api-interface.md. The output is the input with the changed spans
 * replaced and nothing else, in the encoding it came in: a document that needs nothing comes back
 * byte-identical. Every
 * intermediate text is re-parsed; if one ever failed to parse, the answer is an error, never a partial
 * file.
 */
import { base64Of } from '../service/base64';
import { parseRepairFields, type RepairResponse } from '../api/repair';
import { apiError, emptyFileError, type ApiErrorResult } from '../api/errors';
import type { Lang } from '../api/lang';
import type { TargetStatus, ValidationTarget } from '../api/targets';
import type { Profile } from '../cii/profile';
import type { Clock } from '../rules/time-limit';
import { validateXml } from '../validate/validate';
import { xmlErrorText } from '../xml/messages';
import { encodeXml } from '../xml/encode';
import { readXml } from '../xml/parse-bytes';
import type { XmlEncoding, XmlError } from '../xml/tree';
import { applyRules } from './apply-rules';

export interface RepairOptions {
  /** The `constraints` form field as sent (JSON text), absent or blank for none. */
  readonly constraints?: string;
  /** The `target_profile` query parameter, as sent. */
  readonly targetProfile?: string;
  readonly target: ValidationTarget;
  readonly lang: Lang;
  /** The time bound of each validation's rules (default: the validation engine's). */
  readonly timeLimitMs?: number;
  /** The clock of that bound (default: the process's). */
  readonly clock?: Clock;
}

export type RepairOutcome =
  | { readonly ok: true; readonly response: RepairResponse }
  | { readonly ok: false; readonly error: ApiErrorResult };

/** Repairs a document given as bytes (read by their encoding) or as decoded text (written back as UTF-8). */
export function repairXml(input: string | Uint8Array, options: RepairOptions): RepairOutcome {
  const started = performance.now();
  const { lang, target } = options;
  const fields = parseRepairFields(
    options.constraints === undefined ? {} : { constraints: options.constraints },
    options.targetProfile === undefined ? {} : { target_profile: options.targetProfile },
    lang,
  );
  if (!fields.ok) return { ok: false, error: fields.error };
  const { constraints, targetProfile } = fields.value;

  const parsed = readXml(input);
  if (!parsed.ok) return { ok: false, error: unreadable(parsed.error, lang) };
  const { source, encoding } = parsed.doc;
  if (parsed.doc.root.local !== 'CrossIndustryInvoice') {
    return { ok: false, error: notCii(parsed.doc.root.name, lang) };
  }

  const judge = (text: string) =>
    validationOf(text, encoding, { target, lang, timeLimitMs: options.timeLimitMs, clock: options.clock });
  const before = judge(source);
  if ('refused' in before) return { ok: false, error: before.refused };
  const run = applyRules(parsed.doc, constraints, targetProfile ?? null, lang);
  if (!run.ok) return { ok: false, error: apiError('internal_error', undefined, { lang }) };
  const unchanged = run.output === source;
  const after = unchanged ? before : judge(run.output);
  if ('refused' in after) return { ok: false, error: after.refused };
  const repaired = unchanged && typeof input !== 'string' ? input : encodeXml(run.output, encoding);
  if (!repaired) return { ok: false, error: notWritable(encoding, lang) };

  return {
    ok: true,
    response: {
      durationMs: Math.round(performance.now() - started),
      repaired_xml: base64Of(repaired),
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
        status: targetStatus(after.summary),
        missing_inputs: [],
        not_run_reason: null,
      },
      repairSuccessful: after.summary.valid,
      left_undone: [...run.leftUndone],
      targetProfile: targetProfile ?? before.profile,
    },
  };
}

/**
 * As for convert: a France 2026 document without fatal findings but with advisories (warnings such as
 * BR-FR-12/13) is `incomplete`, not ready for transmission; repairSuccessful only asks for no fatal one.
 */
function targetStatus(v: RepairResponse['validation_before']): TargetStatus {
  if (!v.valid) return 'failed';
  return v.target === 'france_2026' && v.summary.warningCount > 0 ? 'incomplete' : 'verified';
}

function validationOf(
  source: string,
  encoding: XmlEncoding,
  { target, lang, timeLimitMs, clock }: Pick<RepairOptions, 'target' | 'lang' | 'timeLimitMs' | 'clock'>,
): { summary: RepairResponse['validation_before']; profile: Profile | null } | { refused: ApiErrorResult } {
  const outcome = validateXml(source, {
    target,
    lang,
    encoding,
    ...(timeLimitMs === undefined ? {} : { timeLimitMs }),
    ...(clock === undefined ? {} : { clock }),
  });
  if (outcome.ok) {
    const { valid, summary, profile } = outcome.report;
    return { summary: { valid, target, summary }, profile };
  }
  // Beyond a bound of the work on it the document is refused, as every endpoint refuses it.
  if (outcome.error.bound) {
    const message = outcome.error.localized;
    return { refused: apiError('invalid_data_format', { field: 'file' }, { lang, message }) };
  }
  // The validator refuses to judge it: a rejection, counted as one fatal finding.
  return {
    summary: {
      valid: false,
      target,
      summary: { errorCount: 1, warningCount: 0 },
      error: { code: outcome.error.code, message: outcome.error.localized[lang] },
    },
    profile: null,
  };
}

function unreadable(error: XmlError, lang: Lang): ApiErrorResult {
  if (error.code === 'xml_empty') return emptyFileError(lang);
  if (error.code === 'xml_too_large') return apiError('file_too_large', undefined, { lang });
  const text = xmlErrorText(error);
  return apiError(
    'invalid_data_format',
    { field: 'file' },
    {
      lang,
      message: {
        en: `Nothing was repaired. ${text.en}`,
        fr: `Rien n’a été réparé. ${text.fr}`,
      },
    },
  );
}

/** The repaired text holds characters the document's own encoding cannot write. */
function notWritable(encoding: XmlEncoding, lang: Lang): ApiErrorResult {
  return apiError(
    'invalid_data_format',
    { field: 'file' },
    {
      lang,
      message: {
        en: `Nothing was repaired: the repaired XML cannot be written in ${encoding.name}, the encoding of the document. Factur-X requires UTF-8: convert the document to UTF-8 first.`,
        fr: `Rien n’a été réparé : le XML réparé ne peut pas être écrit en ${encoding.name}, l’encodage du document. Factur-X exige l’UTF-8 : convertissez d’abord le document en UTF-8.`,
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
