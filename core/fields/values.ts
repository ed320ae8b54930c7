/**
 * Values as printed on invoices, read into the model's forms: amounts in French, German and English
 * spellings to exact decimal text, dates to ISO, and identifiers checked by their own check digits
 * (IBAN mod 97, SIREN/SIRET Luhn, French VAT key), so that a number that merely looks like one is not
 * taken for it.
 */
import { Decimal } from '../decimal/decimal';

/** An amount as printed: `1 234,56`, `1.234,56`, `1,234.56`, `1234.56`, `-12,5`, with € or EUR around. */
export const AMOUNT_PATTERN =
  /-?\d{1,3}(?:[  .,'’]\d{3})*(?:[.,]\d{1,4})?(?!\d)|-?\d+(?:[.,]\d{1,4})?(?!\d)/g;

/** The decimal text of a printed amount, or null. The last `,` or `.` followed by 1, 2 or 4 digits is the decimal mark. */
export function parseAmount(printed: string): string | null {
  const t = printed.replace(/[€\s  ]|EUR/g, '').replace(/[’']/g, '');
  if (!/^-?[\d.,]+$/.test(t)) return null;
  const negative = t.startsWith('-');
  const body = negative ? t.slice(1) : t;
  // Three digits after the last mark make a thousands group ("1.234"); unit prices show four decimals.
  const mark = /[.,](\d{1,2}|\d{4})$/.exec(body);
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
  oktober: 10,
  dezember: 12,
  january: 1,
  february: 2,
  march: 3,
  may: 5,
  june: 6,
  july: 7,
  october: 10,
  december: 12,
  jan: 1,
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
  [/\b(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})\b/, (m) => iso(+m[3]!, +m[2]!, +m[1]!)],
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

/** IBAN check (ISO 13616, mod 97 = 1). */
export function isIban(candidate: string): boolean {
  const s = candidate.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const c of moved) {
    const v = /\d/.test(c) ? c : String(c.charCodeAt(0) - 55);
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** Luhn check, as SIREN (9 digits) and SIRET (14 digits) carry. */
export function isLuhn(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((c, i) => {
    let d = Number(c);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  });
  return sum % 10 === 0;
}

/** A VAT identifier (BT-31/BT-48) as printed, normalized; French ones must have the right key. */
export function vatIdOf(printed: string): string | null {
  const s = printed.replace(/[\s.-]/g, '').toUpperCase();
  const m =
    /^(FR)([0-9A-Z]{2})(\d{9})$|^(DE)(\d{9})$|^(AT)(U\d{8})$|^(BE)(0?\d{9,10})$|^(LU)(\d{8})$|^(NL)(\d{9}B\d{2})$|^(IT)(\d{11})$|^(ES)([0-9A-Z]\d{7}[0-9A-Z])$|^(GB)(\d{9}|\d{12})$/.exec(
      s,
    );
  if (!m) return null;
  if (m[1] === 'FR' && /^\d{2}$/.test(m[2]!)) {
    const key = (12 + 3 * (Number(m[3]) % 97)) % 97;
    if (key !== Number(m[2])) return null;
  }
  return s;
}

/** Candidates for a VAT identifier on a line, spaces and dots allowed where they are usually printed. */
export const VAT_PATTERN =
  /\bFR\s?[0-9A-Z]{2}\s?\d{3}\s?\d{3}\s?\d{3}\b|\bDE\s?\d{3}\s?\d{3}\s?\d{3}\b|\bATU\s?\d{8}\b|\bBE\s?0?\d{3}[\s.]?\d{3}[\s.]?\d{3}\b|\b(?:LU|NL|IT|ES|GB)[0-9A-Z]{8,12}\b/g;
