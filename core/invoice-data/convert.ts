/**
 * The XML path of convert for `invoice_data`: validate the payload (errors as the API's error values),
 * map it to the model, complete and check the totals, write the CII of the requested profile.
 */
import { apiError, type ApiErrorResult, type ErrorBody } from '../api/errors';
import { issueReason, valueAt } from '../api/reasons';
import type { Profile } from '../cii/profile';
import { modelToCii, type CiiWritten } from '../cii/write';
import type { Invoice } from '../model/invoice';
import { completeTotals } from '../model/totals';
import { invoiceDataDraftSchema, invoiceDataSchema, type InvoiceData, type InvoiceDataDraft } from './schema';
import { fieldOfModelPath, invoiceDataToModel } from './to-model';

type DataError = ApiErrorResult<ErrorBody<'invalid_data_format'> | ErrorBody<'insufficient_data'>>;

export type InvoiceDataResult<T = InvoiceData> =
  { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: DataError };

/** `lines[2].quantity` from a zod path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const step of path) out += typeof step === 'number' ? `[${step}]` : `${out ? '.' : ''}${String(step)}`;
  return out;
}

/**
 * Validates a payload (already parsed JSON, or JSON text). Missing required fields are 422
 * `insufficient_data` with every missing field; otherwise the first bad field is 422 `invalid_data_format`.
 * A draft (a dry run) may leave any field out: only the fields it gives are checked.
 */
export function parseInvoiceData(input: unknown, draft?: false): InvoiceDataResult;
export function parseInvoiceData(input: unknown, draft: boolean): InvoiceDataResult<InvoiceDataDraft>;
export function parseInvoiceData(input: unknown, draft = false): InvoiceDataResult<InvoiceDataDraft> {
  let json = input;
  if (typeof input === 'string') {
    try {
      json = JSON.parse(input);
    } catch {
      return { ok: false, error: apiError('invalid_data_format', { field: 'invoice_data' }) };
    }
  }
  const parsed = (draft ? invoiceDataDraftSchema : invoiceDataSchema).safeParse(json);
  if (parsed.success) return { ok: true, data: parsed.data };
  const missing: string[] = [];
  for (const issue of parsed.error.issues) {
    const absent =
      (issue.code === 'invalid_type' || issue.code === 'invalid_union') &&
      valueAt(json, issue.path) === undefined;
    const empty = issue.code === 'too_small' && Array.isArray(valueAt(json, issue.path));
    if (absent || empty) missing.push(fieldPath(issue.path) || 'invoice_data');
  }
  if (missing.length > 0)
    return { ok: false, error: apiError('insufficient_data', { missing_fields: missing }) };
  const first = parsed.error.issues[0];
  const field = first ? fieldPath(first.path) || 'invoice_data' : 'invoice_data';
  const reason = first ? issueReason(first, json) : undefined;
  return {
    ok: false,
    error: apiError(
      'invalid_data_format',
      { field },
      {
        message: reason
          ? { en: `${field}: ${reason.en}`, fr: `${field} : format invalide (${reason.fr})` }
          : undefined,
      },
    ),
  };
}

export type InvoiceDataModelResult =
  { readonly ok: true; readonly model: Invoice } | { readonly ok: false; readonly error: DataError };

/**
 * invoice_data → the model, totals computed where absent and checked where given. A complete payload
 * whose amounts disagree is refused (422 `invalid_data_format` naming the first field); a draft keeps its
 * amounts as given, for the rules to judge.
 */
export function invoiceDataModel(json: unknown, draft = false): InvoiceDataModelResult {
  const parsed = parseInvoiceData(json, draft);
  if (!parsed.ok) return parsed;
  const completed = completeTotals(invoiceDataToModel(parsed.data));
  const [first] = completed.mismatches;
  if (draft || !first) return { ok: true, model: completed.invoice };
  const field = fieldOfModelPath(first.path, parsed.data);
  return {
    ok: false,
    error: apiError(
      'invalid_data_format',
      { field },
      {
        message: {
          en: `${field}: given ${first.given}, computed ${first.computed} (EN16931 rounding to 2 decimals)`,
          fr: `${field} : ${first.given} fourni, ${first.computed} calculé (arrondi EN16931 à 2 décimales)`,
        },
      },
    ),
  };
}

export type InvoiceDataToCiiResult =
  | ({ readonly ok: true; readonly model: Invoice } & CiiWritten)
  | { readonly ok: false; readonly error: DataError };

/**
 * invoice_data → model → CII XML of `profile` (core/cii/write.ts: `xml` null when the payload lacks what
 * the profile's schema requires); totals computed where absent and checked where given.
 */
export function invoiceDataToCii(json: unknown, profile: Profile): InvoiceDataToCiiResult {
  const read = invoiceDataModel(json);
  if (!read.ok) return read;
  return { ok: true, model: read.model, ...modelToCii(read.model, profile) };
}
