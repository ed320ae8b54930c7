/**
 * Why an input was refused, in both languages of the service. zod words its own checks (type, length,
 * pattern, unknown key…) and has English and French locales; the reasons our schemas state themselves
 * are in the table below, each schema giving the English text zod reports.
 */
import { z } from 'zod';
import type { LocalizedText } from './lang';

export const REASONS = {
  countryCode: { en: 'an ISO 3166-1 alpha-2 country code', fr: 'un code pays ISO 3166-1 alpha-2' },
  profileId: { en: '1 to 64 of A-Z a-z 0-9 _ . -', fr: '1 à 64 caractères parmi A-Z a-z 0-9 _ . -' },
  iban: { en: 'not an IBAN', fr: 'pas un IBAN' },
  schemeId: { en: '2 to 20 alphanumeric characters', fr: '2 à 20 caractères alphanumériques' },
  impossibleDate: { en: 'impossible date', fr: 'date impossible' },
  subjectCode: { en: 'not a UNCL4451 code', fr: 'pas un code UNCL4451' },
  decimalText: {
    en: 'Expected a decimal number written with a dot, e.g. "1250.00"',
    fr: 'Nombre décimal attendu, écrit avec un point, par exemple "1250.00"',
  },
  decimalNumber: { en: 'Expected a plain decimal number', fr: 'Nombre décimal simple attendu' },
  isoDate: { en: 'Expected an ISO date YYYY-MM-DD', fr: 'Date ISO AAAA-MM-JJ attendue' },
} as const satisfies Record<string, LocalizedText>;

const ownFrench = new Map<string, string>(Object.values(REASONS).map((reason) => [reason.en, reason.fr]));
const english = z.locales.en().localeError;
const french = z.locales.fr().localeError;

/** The value at a zod issue's path inside `root`. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = root;
  for (const step of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[step];
  }
  return at;
}

const textOf = (message: ReturnType<typeof english>): string | undefined =>
  typeof message === 'string' ? message : message?.message;

/**
 * The reason of an issue found in `root`, in English and French. A reported issue no longer carries the
 * refused value, which zod's wording of a type error needs: it is read again from `root`.
 */
export function issueReason(issue: z.core.$ZodIssue, root: unknown): LocalizedText {
  const own = ownFrench.get(issue.message);
  if (own !== undefined) return { en: issue.message, fr: own };
  const raw = { ...issue, input: valueAt(root, issue.path) } as unknown as Parameters<typeof english>[0];
  if (textOf(english(raw)) !== issue.message) return { en: issue.message, fr: issue.message };
  return { en: issue.message, fr: textOf(french(raw)) ?? issue.message };
}
