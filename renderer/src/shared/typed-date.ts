/**
 * A date as the page's language writes it and as the data holds it (`YYYY-MM-DD`): French pages write
 * `JJ/MM/AAAA`, English ones the ISO form the rest of the English page shows. Pure, for the date input.
 */
import { formatDate } from '../../../core/pdf/render/format';
import type { Lang } from '../i18n/messages';

/** How a date is typed, said to the user (`JJ/MM/AAAA`). */
export const DATE_PATTERN: Readonly<Record<Lang, string>> = { en: 'YYYY-MM-DD', fr: 'JJ/MM/AAAA' };

/** Day first (fr): `31/12/2026`, `31.12.2026`, `31-12-2026`, `1/2/2026`, or the eight digits `31122026`. */
const DAY_FIRST = [/^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/, /^(\d{2})()(\d{2})(\d{4})$/];
/** Year first (en): `2026-12-31`, `2026/12/31`, `2026-2-1`, or `20261231`. */
const YEAR_FIRST = [/^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})$/, /^(\d{4})()(\d{2})(\d{2})$/];

const iso = (year: string, month: string, day: string): string =>
  `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;

/** Whether an ISO date is one of the calendar (2026-02-30 is not). */
function exists(date: string): boolean {
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date;
}

/** The ISO date a typed text means in this language, or null when it is no date (yet). */
export function parseTypedDate(text: string, lang: Lang): string | null {
  const typed = text.trim();
  for (const pattern of lang === 'fr' ? DAY_FIRST : YEAR_FIRST) {
    const m = pattern.exec(typed);
    if (!m) continue;
    const date = lang === 'fr' ? iso(m[4]!, m[3]!, m[1]!) : iso(m[1]!, m[3]!, m[4]!);
    return exists(date) ? date : null;
  }
  return null;
}

/** An ISO date as this language writes it; anything else as it is. */
export const typedDate = (value: string, lang: Lang): string => formatDate(value, lang);

/** The ISO date `days` from this one. */
export function shiftDate(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}
