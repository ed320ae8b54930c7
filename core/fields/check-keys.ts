/**
 * Check keys of printed identifiers, as their issuers publish them: Luhn (SIREN, SIRET, Italian VAT
 * numbers), ISO 7064 MOD 97-10 (IBAN) and the VAT identification numbers' keys by country. A VAT
 * number's body comes without its country prefix, already in its country's shape (values.ts); a country
 * missing here has no key we check: its numbers are neither proven nor refuted.
 */

/** Luhn's key (SIREN, SIRET): the digits from the right, every second doubled, sum to a multiple of 10. */
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

const digitsOf = (s: string): number[] => [...s].map(Number);

/** Σ digit × weight, the weights running down from `first`. */
const weighted = (digits: string, first: number): number =>
  digitsOf(digits).reduce((sum, d, i) => sum + d * (first - i), 0);

/** ISO 7064 MOD 11,10 (Germany). */
function mod1110(digits: string): boolean {
  let product = 10;
  for (const d of digitsOf(digits.slice(0, -1))) {
    const sum = (d + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === Number(digits.at(-1));
}

/** A number with letters as ISO 7064 MOD 97-10 reads it (A = 10 … Z = 35), modulo 97. */
function mod97(text: string): number {
  let rest = 0;
  for (const c of text) {
    const v = /\d/.test(c) ? c : String(c.charCodeAt(0) - 55);
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** IBAN lengths by country (ISO 13616 registry), for the countries whose invoices come here most. */
const IBAN_LENGTHS: ReadonlyMap<string, number> = new Map(
  'AT20 BE16 BG22 CH21 CY28 CZ24 DE22 DK18 EE20 ES24 FI18 FR27 GB22 GR27 HR21 HU28 IE22 IS26 IT27 LI21 LT20 LU20 LV21 MC27 MT31 NL18 NO15 PL28 PT25 RO24 SE24 SI19 SK24 SM27'
    .split(' ')
    .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))]),
);

/**
 * IBAN check (ISO 13616): its country's length, where known, and mod 97 = 1 with the first four
 * characters moved to the end. The length keeps a VAT number of the same letters ("NL753061107B01")
 * from passing for an IBAN by the chance of its key.
 */
export function isIban(candidate: string): boolean {
  const s = candidate.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false;
  const length = IBAN_LENGTHS.get(s.slice(0, 2));
  if (length !== undefined && s.length !== length) return false;
  return mod97(s.slice(4) + s.slice(0, 4)) === 1;
}

export const VAT_KEYS: Readonly<Record<string, (body: string) => boolean>> = {
  // The key is (12 + 3 × (SIREN mod 97)) mod 97; letter keys of some old numbers are not checked, and
  // are no proof.
  FR: (b) => /^\d{2}/.test(b) && (12 + 3 * (Number(b.slice(2)) % 97)) % 97 === Number(b.slice(0, 2)),
  DE: mod1110,
  // U, seven digits, a key: the even places doubled and their digits summed, (10 − (Σ + 4) mod 10) mod 10.
  AT: (b) => {
    const sum = digitsOf(b.slice(1, 8)).reduce(
      (s, d, i) => s + (i % 2 === 1 ? Math.floor((2 * d) / 10) + ((2 * d) % 10) : d),
      0,
    );
    return (10 - ((sum + 4) % 10)) % 10 === Number(b[8]);
  },
  // Ten digits: the last two are 97 − (the first eight mod 97).
  BE: (b) => 97 - (Number(b.slice(0, 8)) % 97) === Number(b.slice(8)),
  // Nine digits, B, two digits: the ninth is Σ weights 9…2 mod 11; sole traders' numbers since 2020
  // are instead "NL" and the number, mod 97 = 1.
  NL: (b) => weighted(b.slice(0, 8), 9) % 11 === Number(b[8]) || mod97(`NL${b}`) === 1,
  // Seven digits and a letter (and a second letter in the new form): Σ weights 8…2 (+ 9 × the second
  // letter) mod 23, as W, A, B, …, V.
  IE: (b) => {
    const m = /^(\d{7})([A-W])([A-I])?$/.exec(b);
    if (!m) return false;
    const extra = m[3] ? 9 * (m[3].charCodeAt(0) - 64) : 0;
    return 'WABCDEFGHIJKLMNOPQRSTUV'[(weighted(m[1]!, 8) + extra) % 23] === m[2];
  },
  // Nine digits (a branch adds three): Σ weights 8…2 of the first seven plus the last two, mod 97, is 0
  // (or 42 for the numbers issued since 2010, whose sum is taken + 55).
  GB: (b) => {
    const sum = weighted(b.slice(0, 7), 8) + Number(b.slice(7, 9));
    return sum % 97 === 0 || (sum + 55) % 97 === 0;
  },
  IT: isLuhn,
};
