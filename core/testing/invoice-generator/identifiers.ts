/**
 * Identifiers as real invoices print them, each with its check key computed by its public algorithm:
 * VAT numbers (DE ISO 7064 MOD 11,10; FR key from the SIREN; AT, BE, NL, IE, GB weights), SIREN and
 * SIRET (INSEE's Luhn key), IBAN (ISO 13616, MOD 97-10, with the French RIB key inside), BIC.
 */
import { hasValidSirenKey, hasValidSiretKey } from '../../rules/france-2026/siren';
import type { Random } from './random';

/** The first of the ten last digits that makes `check` accept the number. */
function keyedDigit(head: string, check: (candidate: string) => boolean): string {
  for (let d = 0; d < 10; d++) if (check(head + d)) return head + d;
  throw new Error(`no key digit for ${head}`);
}

export const siren = (random: Random): string => keyedDigit(random.digits(8, false), hasValidSirenKey);

export const siret = (random: Random, ofSiren: string): string =>
  keyedDigit(ofSiren + '0' + random.digits(3), hasValidSiretKey);

const mod = (digits: string, m: bigint): number => Number(BigInt(digits) % m);

export const frenchVatId = (ofSiren: string): string =>
  `FR${String((12 + 3 * mod(ofSiren, 97n)) % 97).padStart(2, '0')}${ofSiren}`;

function germanKey(digits: string): number {
  let product = 10;
  for (const c of digits) {
    let sum = (Number(c) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

function austrianKey(digits: string): number {
  let sum = 0;
  [...digits].forEach((c, i) => {
    const d = Number(c);
    sum += i % 2 === 1 ? Math.floor((2 * d) / 10) + ((2 * d) % 10) : d;
  });
  return (10 - ((sum + 4) % 10)) % 10;
}

const weightedSum = (digits: string, first: number): number =>
  [...digits].reduce((sum, c, i) => sum + Number(c) * (first - i), 0);

/** A VAT identification number of the country, with a right key (the buyer's or the seller's). */
export function vatId(random: Random, country: string, frenchSiren?: string): string {
  switch (country) {
    case 'FR':
      return frenchVatId(frenchSiren ?? siren(random));
    case 'DE': {
      const head = random.digits(8, false);
      return `DE${head}${germanKey(head)}`;
    }
    case 'AT': {
      const head = random.digits(7);
      return `ATU${head}${austrianKey(head)}`;
    }
    case 'BE': {
      const head = '0' + random.digits(7, false);
      return `BE${head}${String(97 - mod(head, 97n)).padStart(2, '0')}`;
    }
    case 'NL': {
      for (;;) {
        const head = random.digits(8, false);
        const key = weightedSum(head, 9) % 11;
        if (key < 10) return `NL${head}${key}B0${random.int(1, 9)}`;
      }
    }
    case 'IE': {
      const head = random.digits(7);
      return `IE${head}${'WABCDEFGHIJKLMNOPQRSTUV'[weightedSum(head, 8) % 23]}`;
    }
    case 'GB': {
      const head = random.digits(7, false);
      return `GB${head}${String((97 - (weightedSum(head, 8) % 97)) % 97).padStart(2, '0')}`;
    }
    default:
      throw new Error(`no VAT number for ${country}`);
  }
}

const IBAN_LENGTH: Readonly<Record<string, (random: Random) => string>> = {
  DE: (r) => r.digits(8, false) + r.digits(10),
  AT: (r) => r.digits(5, false) + r.digits(11),
  NL: (r) => r.letters(4) + r.digits(10),
  GB: (r) => r.letters(4) + r.digits(6, false) + r.digits(8),
  IE: (r) => r.letters(4) + r.digits(6, false) + r.digits(8),
  CH: (r) => r.digits(5) + r.digits(12),
  BE: (r) => {
    const head = r.digits(10, false);
    return head + String(mod(head, 97n) || 97).padStart(2, '0');
  },
  FR: (r) => {
    const bank = r.digits(5, false);
    const branch = r.digits(5);
    const account = r.digits(11);
    const key = 97 - mod(String(89n * BigInt(bank) + 15n * BigInt(branch) + 3n * BigInt(account)), 97n);
    return bank + branch + account + String(key).padStart(2, '0');
  },
};

const asDigits = (text: string): string =>
  [...text].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');

/** An IBAN of the country (ISO 13616), without spaces. */
export function iban(random: Random, country: string): string {
  const bban = (IBAN_LENGTH[country] ?? IBAN_LENGTH.DE!)(random);
  const check = 98 - mod(asDigits(bban + country + '00'), 97n);
  return country + String(check).padStart(2, '0') + bban;
}

export const bic = (random: Random, country: string): string =>
  random.letters(4) + country + random.letters(1) + random.int(1, 9) + (random.chance(0.5) ? 'XXX' : '');

/** Groups of `size` characters, as IBANs, SIRENs and phone numbers are printed. */
export const grouped = (text: string, size: number, separator = ' '): string =>
  text.match(new RegExp(`.{1,${size}}`, 'g'))!.join(separator);
