/**
 * Values as printed on invoices, read into the model's forms: amounts in French, German and English
 * spellings to exact decimal text, dates to ISO, and identifiers checked by their own check digits
 * (check-keys.ts), so that a number that merely looks like one is not taken for it.
 */
import { Decimal } from '../decimal/decimal';
import { VAT_KEYS } from './check-keys';

// The profile form (renderer/src/profiles) checks SIRENs with it from here.
export { isLuhn } from './check-keys';

/**
 * An amount as printed: `1 234,56`, `1.234,56`, `1,234.56`, `1234.56`, `-12,5`, with € or EUR around; a
 * minus may stand before the currency sign (`-£49.50`), where it is still the amount's sign, and may be
 * the typographic minus sign U+2212 (`−12,50`), or stand after the cents as business software prints a
 * credit (`2.469,00-`).
 */
export const AMOUNT_PATTERN =
  /(?:[-−](?:€|£|US\$|\$)?)?\d{1,3}(?:[  .,'’]\d{3})*(?:[.,]\d{2}-(?![\w-])|(?:[.,]\d{1,4})?(?!\d))|(?:[-−](?:€|£|US\$|\$)?)?\d+(?:[.,]\d{2}-(?![\w-])|(?:[.,]\d{1,4})?(?!\d))/g;

/** The decimal text of a printed amount, or null. The last `,` or `.` followed by 1, 2 or 4 digits is the decimal mark. */
export function parseAmount(printed: string): string | null {
  const t = printed
    .replace(/[€£$\s  ]|EUR|US(?=\$)/g, '')
    .replace(/[’']/g, '')
    .replace(/^−/, '-')
    .replace(/^(\d[\d.,]*[.,]\d{2})-$/, '-$1');
  if (!/^-?[\d.,]+$/.test(t)) return null;
  const negative = t.startsWith('-');
  const body = negative ? t.slice(1) : t;
  // Three digits after the last mark make a thousands group ("1.234"), except after a lone 0 ("0.025");
  // unit prices show four decimals.
  const mark = /[.,](\d{1,2}|\d{4})$/.exec(body) ?? /(?<=^0)[.,](\d{3})$/.exec(body);
  let integer = body;
  let fraction = '';
  if (mark) {
    integer = body.slice(0, mark.index);
    fraction = mark[1] ?? '';
  }
  if (!/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(integer)) return null;
  const digits = integer.replace(/[.,]/g, '');
  const text = `${negative ? '-' : ''}${digits}${fraction ? `.${fraction}` : ''}`;
  return Decimal.parse(text) ? text : null;
}

/** Every amount printed on a line, left to right. */
export function amountsIn(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(AMOUNT_PATTERN)) {
    // A percentage is a rate, not an amount.
    if (/^\s*%/.test(line.slice((m.index ?? 0) + m[0].length))) continue;
    const value = parseAmount(m[0]);
    if (value !== null) out.push(value);
  }
  return out;
}

const MONTHS: Readonly<Record<string, number>> = {
  janvier: 1,
  février: 2,
  fevrier: 2,
  mars: 3,
  avril: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  août: 8,
  aout: 8,
  septembre: 9,
  octobre: 10,
  novembre: 11,
  décembre: 12,
  decembre: 12,
  januar: 1,
  februar: 2,
  märz: 3,
  maerz: 3,
  april: 4,
  juni: 6,
  juli: 7,
  august: 8,
  // September and November are the same words in German and English.
  september: 9,
  oktober: 10,
  november: 11,
  dezember: 12,
  january: 1,
  february: 2,
  march: 3,
  may: 5,
  june: 6,
  july: 7,
  october: 10,
  december: 12,
  // Abbreviated as French, German and English invoices print them ("26 avr. 2026", "3 Mrz 2026").
  jan: 1,
  janv: 1,
  févr: 2,
  fevr: 2,
  fév: 2,
  mrz: 3,
  avr: 4,
  juil: 7,
  déc: 12,
  feb: 2,
  mar: 3,
  apr: 4,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  okt: 10,
  nov: 11,
  dec: 12,
  dez: 12,
};

function iso(year: number, month: number, day: number): string | null {
  const y = year < 100 ? 2000 + year : year;
  const date = new Date(Date.UTC(y, month - 1, day));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

const DATE_PATTERNS: readonly [RegExp, (m: RegExpExecArray) => string | null][] = [
  [/\b(\d{4})-(\d{2})-(\d{2})\b/, (m) => iso(+m[1]!, +m[2]!, +m[3]!)],
  // Day first; a month over 12 in first place is the English order (02/17/26).
  [
    /\b(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})\b/,
    (m) => iso(+m[3]!, +m[2]!, +m[1]!) ?? (m[0].includes('/') ? iso(+m[3]!, +m[1]!, +m[2]!) : null),
  ],
  [
    /\b(\d{1,2})(?:er)?\.?\s+([a-zéûäè]{3,9})\.?\s+(\d{4})\b/i,
    (m) => {
      const month = MONTHS[m[2]!.toLowerCase()];
      return month ? iso(+m[3]!, month, +m[1]!) : null;
    },
  ],
  [
    /\b([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/i,
    (m) => {
      const month = MONTHS[m[1]!.toLowerCase()];
      return month ? iso(+m[3]!, month, +m[2]!) : null;
    },
  ],
];

/** The first date printed on a line, as `YYYY-MM-DD`, with the text it was read from. */
export function dateIn(line: string): { value: string; text: string } | null {
  let best: { value: string; text: string; at: number } | null = null;
  for (const [pattern, read] of DATE_PATTERNS) {
    const m = pattern.exec(line);
    const value = m ? read(m) : null;
    if (m && value && (!best || m.index < best.at)) best = { value, text: m[0], at: m.index };
  }
  return best && { value: best.value, text: best.text };
}

/** Every date printed on a line, left to right, with where it stands. */
export function datesIn(line: string): { value: string; text: string; index: number }[] {
  const out: { value: string; text: string; index: number }[] = [];
  for (const [pattern, read] of DATE_PATTERNS) {
    for (const m of line.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
      const value = read(m as RegExpExecArray);
      const index = m.index ?? 0;
      if (value && !out.some((d) => index < d.index + d.text.length && d.index < index + m[0].length))
        out.push({ value, text: m[0], index });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/**
 * Places of a text where digits are not an amount: dates and times, identifiers (IBAN, VAT numbers, a
 * code mixing letters and digits, a run of seven digits or more, numbers joined by slashes), phone
 * numbers, references to a law, a figure cut apart at a separator. A percentage is a rate, and is left out too.
 */
const NOT_AMOUNTS: readonly RegExp[] = [
  /\b\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})\b/g,
  /\b\d{4}-\d{2}-\d{2}\b/g,
  // Digit groups joined by hyphens ("2025-65696", "4711-0815"): a number of a document or an account.
  /(?<![\d.,-])\d+(?:-\d+)+(?![\d.,]*\d)/g,
  // A time of day ("10.15 Uhr", "8:30-12:00 h"): its hour and minutes can be one; "8.75 h" is hours,
  // and so is a count with its sign ("-11.25 h" on a credit note): no time of day is negative.
  /(?<![-−])\b(?:[01]?\d|2[0-3])[.:][0-5]\d\s*(?:-\s*(?:[01]?\d|2[0-3])[.:][0-5]\d\s*)?(?:uhr|h\b)/gi,
  /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/g,
  /\b(?=[\w-]*[A-Za-z])(?=[\w-]*\d)[A-Za-z0-9]+(?:[-/.][A-Za-z0-9]+)*/g,
  /(?<![\d.,])\d{7,}(?![.,]\d)/g,
  // A figure read cut at a thousands separator ("-243. 395,94", as OCR gives a figure whose separator
  // stands apart): neither piece is the amount, and the whole is not sure enough to be read as one.
  /(?<![\d.,])[-−]?\d{1,3}[.,][  ]\d{3}(?:[.,'’]\d{3})*(?:[.,]\d{1,4})?(?!\d)/g,
  /\b\d+(?:\/\d+)+\b/g,
  /(?:\+|\b00)\d{1,3}[\s\d/().-]{6,}\d/g,
  /(?:t[ée]l[ée]?(?:phone|fon)?|fax|phone|mobile?|portable|handy|📞|📱)\.?\s*:?\s*\(?[+\d][\d\s/().-]{5,}\d/gi,
  /[-−]?\d+(?:[.,]\d+)?\s*%/g,
  // A reference to a law: "§ 4 Nr. 14 UStG", "article 261 4 1° du CGI", "Art. 196".
  /(?:§+|\bart(?:\.|icle|ikel)?)\s*\d+[a-z]?(?:(?:\s+|-)(?:(?:abs|nr|al|no)\.?\s*)?\d+[a-z]?°?)*/gi,
];

export interface PrintedAmount {
  /** Decimal text (`1234.56`, `-12.5`). */
  readonly value: string;
  /** Where it starts in the text, and as printed. */
  readonly index: number;
  readonly text: string;
  /** Printed with decimals (`12,00`), not as a bare integer (`12`). */
  readonly decimals: boolean;
}

/**
 * An amount with its cents in brackets alone in its cell (the text's start or end, or two spaces, on
 * either side): the accountants' way of printing a negative amount in a column of amounts ("(316.71)",
 * "(€ 1,200.00)"). In a sentence ("innerhalb 14 Tagen (1.029,14)") brackets are only brackets.
 */
const BRACKETED =
  /(?<=^|\s{2})\(\s*(?:€|£|US\$|\$|[A-Z]{3}\s)?\s*\d[\d  .,'’]*[.,]\d{2}\s*(?:€|£|[A-Z]{3})?\s*\)(?=\s{2}|\s*$)/g;

/**
 * The amounts printed in a text, left to right: what AMOUNT_PATTERN finds outside the places that are not
 * amounts (dates, identifiers, phone numbers, references to a law, rates). An integer of more than six digits is taken for
 * an identifier, not for an amount. An amount bracketed alone in its cell is negative.
 */
export function moneyIn(text: string): PrintedAmount[] {
  if (!/\d/.test(text)) return [];
  // A date with its month in words ("Acompte du 16 janvier 2026", "Please pay by 8 May 2025").
  const blocked: [number, number][] = /\p{L}{3}/u.test(text)
    ? datesIn(text).map((d): [number, number] => [d.index, d.index + d.text.length])
    : [];
  for (const pattern of NOT_AMOUNTS) {
    pattern.lastIndex = 0;
    const found = pattern.test(text);
    pattern.lastIndex = 0;
    if (!found) continue;
    for (const m of text.matchAll(pattern)) blocked.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
  }
  const bracketed = text.includes('(')
    ? [...text.matchAll(BRACKETED)].map((m): [number, number] => [m.index ?? 0, (m.index ?? 0) + m[0].length])
    : [];
  const out: PrintedAmount[] = [];
  for (const m of text.matchAll(AMOUNT_PATTERN)) {
    const from = m.index ?? 0;
    const to = from + m[0].length;
    if (blocked.some(([a, b]) => from < b && to > a)) continue;
    const read = parseAmount(m[0]);
    if (read === null) continue;
    const value = bracketed.some(([a, b]) => from > a && to < b) && !read.startsWith('-') ? `-${read}` : read;
    const decimals = value.includes('.');
    if (!decimals && value.replace('-', '').length > 6) continue;
    out.push({ value, index: from, text: m[0], decimals });
  }
  return out;
}

/** The currency an amount's text names, if one: an ISO 4217 code or an unambiguous sign. */
export const CURRENCY_SIGNS: Readonly<Record<string, string>> = { '€': 'EUR', '£': 'GBP', US$: 'USD' };

/** IBANs as printed: a country code, two check digits, then groups of letters and digits. */
export const IBAN_PATTERN = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b/g;

/** The body of each country's VAT identifier after its prefix (EU VIES formats, GB, Switzerland). */
const VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CHE: /^\d{9}(?:MWST|TVA|IVA)?$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[0-9A-Z]\d{7}[0-9A-Z]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-Z]{2}\d{9}$/,
  GB: /^(?:\d{9}|\d{12})$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d{7}[A-Z]{1,2}$|^\d[A-Z]\d{5}[A-Z]$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** A VAT identifier where it is printed: a country prefix, then groups that each hold a digit. */
export const VAT_PATTERN = new RegExp(
  `\\b(${Object.keys(VAT_FORMATS)
    .sort((a, b) => b.length - a.length)
    .join('|')})((?:[\\s.-]?[0-9A-Z]*\\d[0-9A-Z]*){1,6})`,
  'g',
);

export interface VatIdReading {
  /** Without spaces or dots, prefix included (`FR11123456782`). */
  readonly value: string;
  /** It has its country's shape. */
  readonly wellFormed: boolean;
  /** Its check key agrees (true), disagrees (false), or its country's key is not checked here (null). */
  readonly keyOk: boolean | null;
}

/**
 * A printed VAT identifier read: its shape against its country's, and its check key where we know it
 * (check-keys.ts). A malformed one is still returned when it has 8 to 12 digits, for a caller that has
 * a VAT label beside it; a failing key lowers trust in it but does not reject it.
 */
export function readVatId(printed: string): VatIdReading | null {
  const read = readVatIdAsPrinted(printed);
  if (read?.keyOk !== false) return read;
  // OCR reads 0 as O and 1 as I or l: the digits that make the key agree are the printed ones.
  const digits = printed.replace(
    /^(\s*[A-Z]{2})(.*)$/,
    (_, prefix: string, rest: string) => prefix + rest.replace(/[Oo]/g, '0').replace(/[Il]/g, '1'),
  );
  const fixed = digits === printed ? null : readVatIdAsPrinted(digits);
  return fixed?.keyOk ? fixed : read;
}

function readVatIdAsPrinted(printed: string): VatIdReading | null {
  const s = printed.replace(/[\s.-]/g, '').toUpperCase();
  const m = /^(CHE|[A-Z]{2})([0-9A-Z]+)$/.exec(s);
  if (!m) return null;
  const [, country = '', body = ''] = m;
  const format = VAT_FORMATS[country];
  if (!format) return null;
  const wellFormed = format.test(body);
  const digits = body.replace(/\D/g, '').length;
  if (!wellFormed && (digits < 8 || digits > 12)) return null;
  const key = VAT_KEYS[country];
  const keyOk = wellFormed && key ? key(body) : null;
  return { value: s, wellFormed, keyOk };
}
