/**
 * Reading form fields at the edge: JSON text fields checked against their schema, booleans spelled
 * `true`/`false`, each failure turned into the error value the interface names for that field.
 */
import type { z } from 'zod';
import { apiError, type ApiErrorResult } from './errors';
import type { Lang, LocalizedText } from './lang';
import { issueReason } from './reasons';

export type Parsed<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiErrorResult };

export const parsed = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const failed = (error: ApiErrorResult): Parsed<never> => ({ ok: false, error });

/** `a.b[0].c` and the reason of the first issue of a failed parse of `root`, rooted at the field name. */
export function firstIssue(
  field: string,
  error: z.ZodError,
  root: unknown,
): { path: string; reason: LocalizedText } {
  const issue = error.issues[0];
  const path = (issue?.path ?? []).reduce<string>(
    (at, key) => (typeof key === 'number' ? `${at}[${key}]` : `${at}.${String(key)}`),
    field,
  );
  return { path, reason: issue ? issueReason(issue, root) : { en: 'invalid', fr: 'invalide' } };
}

export interface JsonFieldErrors {
  /** The text is not JSON at all. */
  readonly malformed: () => ApiErrorResult;
  /** JSON, but not of the expected shape; `path` names the offending member. */
  readonly invalid: (path: string, reason: LocalizedText) => ApiErrorResult;
}

/** An optional JSON form field: absent or blank is undefined; otherwise parsed and checked. */
export function jsonField<S extends z.ZodType>(
  field: string,
  raw: string | undefined,
  schema: S,
  errors: JsonFieldErrors,
): Parsed<z.infer<S> | undefined> {
  if (raw === undefined || raw.trim() === '') return parsed(undefined);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return failed(errors.malformed());
  }
  const checked = schema.safeParse(json);
  if (checked.success) return parsed(checked.data);
  const { path, reason } = firstIssue(field, checked.error, json);
  return failed(errors.invalid(path, reason));
}

/** `invalid_data_format` naming the field, with the reason in the message. */
export function invalidField(
  path: string,
  reason: LocalizedText,
  lang: Lang,
  status?: 400 | 422,
): ApiErrorResult {
  return apiError(
    'invalid_data_format',
    { field: path },
    {
      lang,
      ...(status ? { status } : {}),
      message: {
        en: `Invalid value for ${path}: ${reason.en}.`,
        fr: `Valeur invalide pour ${path} : ${reason.fr}.`,
      },
    },
  );
}

/** The reason of a value outside an enumeration. */
export const oneOf = (values: readonly string[]): LocalizedText => ({
  en: `expected one of ${values.join(', ')}`,
  fr: `une valeur parmi ${values.join(', ')} attendue`,
});

/** Not JSON text at all. */
export const NOT_JSON: LocalizedText = { en: 'not valid JSON', fr: 'JSON invalide' };

/** A boolean form field or query parameter spelled `true` or `false` (absent: the default). */
export function booleanField(
  name: string,
  raw: string | undefined,
  fallback: boolean,
  lang: Lang,
): Parsed<boolean> {
  if (raw === undefined || raw === '') return parsed(fallback);
  if (raw === 'true') return parsed(true);
  if (raw === 'false') return parsed(false);
  return failed(invalidField(name, { en: 'expected true or false', fr: 'true ou false attendu' }, lang));
}

/** A text field restricted to an enumeration (absent: the default). */
export function enumField<const T extends string>(
  name: string,
  raw: string | undefined,
  values: readonly T[],
  fallback: T | undefined,
  lang: Lang,
): Parsed<T | undefined> {
  if (raw === undefined || raw === '') return parsed(fallback);
  if ((values as readonly string[]).includes(raw)) return parsed(raw as T);
  return failed(invalidField(name, oneOf(values), lang));
}
