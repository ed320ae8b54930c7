/**
 * `custom:is-valid-date-format` of the BR-FR artefact (BR-FR-03): the first 8 characters are a real
 * calendar date YYYYMMDD in the years 2000–2099. Anything after the 8th character is ignored, as the
 * artefact truncates before checking.
 */
import { xpathNumber } from './xpath-strings';

const YYYYMMDD_20XX = /^20\p{Nd}{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\p{Nd}|3[01])$/u;
const THIRTY_ONE_DAYS = new Set([1, 3, 5, 7, 8, 10, 12]);
const THIRTY_DAYS = new Set([4, 6, 9, 11]);

export function isFrenchDate(value: string): boolean {
  const short = [...value].slice(0, 8).join('');
  if (!YYYYMMDD_20XX.test(short)) return false;
  // number() is ASCII only: a non-ASCII digit makes a component NaN, with the artefact's consequences
  // (a NaN year is simply not a leap year; a NaN month or day fails).
  const year = xpathNumber(short.slice(0, 4));
  const month = xpathNumber(short.slice(4, 6));
  const day = xpathNumber(short.slice(6, 8));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const maxDay = THIRTY_ONE_DAYS.has(month)
    ? 31
    : THIRTY_DAYS.has(month)
      ? 30
      : month === 2
        ? leap
          ? 29
          : 28
        : 0;
  return day <= maxDay;
}
