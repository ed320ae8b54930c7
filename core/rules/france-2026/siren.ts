/**
 * French company identifiers. SIREN (9 digits) identifies a legal unit (BT-30, BT-47, schemeID 0002);
 * SIRET (14 digits: SIREN + 5-digit establishment number, schemeID 0009) one of its establishments.
 *
 * The BR-FR 1.4.0 artefact checks only their shape (BR-FR-10, BR-FR-11, BR-FR-32) and that a SIRET starts
 * with the party's SIREN (BR-FR-09); its `\d` accepts any Unicode decimal digit, and so do we here. The
 * INSEE check key (Luhn) is not part of the artefact, so no BR-FR verdict depends on it: it is offered for
 * input forms and repair suggestions, which may warn about a probable typo.
 */
import { normalizeSpace } from './xpath-strings';

const NINE_DIGITS = /^\p{Nd}{9}$/u;
const FOURTEEN_DIGITS = /^\p{Nd}{14}$/u;
const ASCII_DIGITS = /^[0-9]+$/;

/** `matches(normalize-space(v), '^\d{9}$')` (BR-FR-10, BR-FR-32). */
export function isSirenShaped(value: string): boolean {
  return NINE_DIGITS.test(normalizeSpace(value));
}

/** `matches(v, '^\d{9}$')` without normalisation (BR-FR-11 writes it so: surrounding spaces fail). */
export function isStrictSirenShaped(value: string | undefined): boolean {
  return NINE_DIGITS.test(value ?? '');
}

/**
 * `custom:check-siret-siren-coherence` (BR-FR-09): the SIRET is exactly 14 digits (not normalised) and
 * its first 9 characters equal the SIREN. `siren` undefined is the empty sequence, which equals nothing.
 */
export function siretMatchesSiren(siret: string, siren: string | undefined): boolean {
  return FOURTEEN_DIGITS.test(siret) && siren !== undefined && [...siret].slice(0, 9).join('') === siren;
}

/** La Poste's SIREN: its establishments' SIRETs carry a different key (digit sum divisible by 5). */
const LA_POSTE_SIREN = '356000000';

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A 9-digit SIREN whose INSEE check key (Luhn) is right. */
export function hasValidSirenKey(siren: string): boolean {
  return siren.length === 9 && ASCII_DIGITS.test(siren) && luhnValid(siren);
}

/**
 * A 14-digit SIRET whose check key is right: Luhn over the 14 digits, except La Poste's establishments,
 * keyed so that the sum of the digits is a multiple of 5 (its head office also passes Luhn).
 */
export function hasValidSiretKey(siret: string): boolean {
  if (siret.length !== 14 || !ASCII_DIGITS.test(siret)) return false;
  if (luhnValid(siret)) return true;
  if (!siret.startsWith(LA_POSTE_SIREN)) return false;
  let sum = 0;
  for (let i = 0; i < siret.length; i++) sum += siret.charCodeAt(i) - 48;
  return sum % 5 === 0;
}
