/**
 * R006: required `schemeID` attributes that are missing, added only when the value itself says which
 * scheme it is in:
 *
 * - VAT identifiers (BT-31, BT-48, BT-63, `SpecifiedTaxRegistration/ID`) → `VA`, when the value starts
 *   with an ISO 3166 country code (or `EL`, `XI`) followed by digits/letters including a digit; other tax
 *   numbers (scheme `FC`) cannot be told apart for certain and are left.
 * - Legal registration identifiers (BT-30, BT-47, BT-61, `SpecifiedLegalOrganization/ID`) of a French
 *   party (country FR in its address or an FR VAT identifier): a SIREN (9 digits, valid INSEE key) →
 *   `0002`; a SIRET (14 digits, valid key) → `0009`. The same digits elsewhere may be anything.
 * - Party global identifiers (BT-29, BT-46, BT-60, BT-71 `GlobalID`): a GLN (13 digits, valid GS1
 *   check digit) → `0088`; a SIRET of a French party whose SIREN, when given, is its first nine digits
 *   → `0009`.
 * - Item standard identifiers (BT-157 `SpecifiedTradeProduct/GlobalID`): a GTIN (8, 12, 13 or 14 digits,
 *   valid GS1 check digit) → `0160`.
 * - Electronic addresses (BT-34, BT-49 `URIUniversalCommunication/URIID`): an e-mail address → `EM`.
 *   A SIREN-shaped address could be in scheme 0002, 0009 or 0225: not guessed.
 */
import { RAM } from '../../cii/namespaces';
import { ISO3166_COUNTRIES } from '../../rules/codelists/iso3166';
import { hasValidSirenKey, hasValidSiretKey } from '../../rules/france-2026/siren';
import { attribute, descend, textOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import { change, type Change, type Declined, type Message, type RuleOutput } from '../change';
import type { RepairRule, RuleContext } from '../rule';
import { elementsOf, pathOf } from '../rule';
import { addAttribute, leafText } from '../source-edits';
import { isEmailAddress, isGln, isGtin } from './identifier-checks';

const VAT_ID = /^([A-Z]{2})[0-9A-Z+*.]{2,13}$/;

function isVatId(value: string): boolean {
  const m = VAT_ID.exec(value);
  return m !== null && /\d/.test(value) && (ISO3166_COUNTRIES.has(m[1]!) || m[1] === 'EL' || m[1] === 'XI');
}

function isParty(el: XmlElement | null): el is XmlElement {
  return el !== null && el.ns === RAM && el.local.endsWith('TradeParty');
}

function isFrenchParty(party: XmlElement): boolean {
  const country = descend(party, [RAM, 'PostalTradeAddress'], [RAM, 'CountryID']);
  if (country && textOf(country).trim() === 'FR') return true;
  const vat = descend(party, [RAM, 'SpecifiedTaxRegistration'], [RAM, 'ID']);
  return (
    vat !== undefined && attribute(vat, 'schemeID')?.value === 'VA' && textOf(vat).trim().startsWith('FR')
  );
}

function partySiren(party: XmlElement): string | null {
  const id = descend(party, [RAM, 'SpecifiedLegalOrganization'], [RAM, 'ID']);
  return id ? textOf(id).trim() : null;
}

interface Derivation {
  readonly scheme: string;
  readonly what: Message;
}

function derive(el: XmlElement, value: string): Derivation | 'unknown' | null {
  const parent = el.parent;
  const grand = parent?.parent ?? null;
  if (el.local === 'ID' && parent?.local === 'SpecifiedTaxRegistration' && parent.ns === RAM) {
    return isVatId(value)
      ? { scheme: 'VA', what: { en: 'a VAT identifier', fr: 'un numéro de TVA' } }
      : 'unknown';
  }
  if (el.local === 'ID' && parent?.local === 'SpecifiedLegalOrganization' && isParty(grand)) {
    // BT-30-1 is optional in EN16931; only France (BR-FR-10) requires it.
    if (!isFrenchParty(grand)) return null;
    if (hasValidSirenKey(value)) return { scheme: '0002', what: { en: 'a SIREN', fr: 'un SIREN' } };
    if (hasValidSiretKey(value)) return { scheme: '0009', what: { en: 'a SIRET', fr: 'un SIRET' } };
    return 'unknown';
  }
  if (el.local === 'GlobalID' && isParty(parent)) {
    if (isGln(value)) return { scheme: '0088', what: { en: 'a GLN', fr: 'un GLN' } };
    const siren = partySiren(parent);
    if (isFrenchParty(parent) && hasValidSiretKey(value) && (siren === null || value.startsWith(siren))) {
      return { scheme: '0009', what: { en: 'a SIRET', fr: 'un SIRET' } };
    }
    return 'unknown';
  }
  if (el.local === 'GlobalID' && parent?.local === 'SpecifiedTradeProduct' && parent.ns === RAM) {
    return isGtin(value) ? { scheme: '0160', what: { en: 'a GTIN', fr: 'un GTIN' } } : 'unknown';
  }
  if (el.local === 'URIID' && parent?.local === 'URIUniversalCommunication' && isParty(grand)) {
    return isEmailAddress(value)
      ? { scheme: 'EM', what: { en: 'an e-mail address', fr: 'une adresse e-mail' } }
      : 'unknown';
  }
  return null;
}

function run({ doc, source }: RuleContext): RuleOutput {
  const changes: Change[] = [];
  const declined: Declined[] = [];
  for (const el of elementsOf(doc)) {
    if (el.ns !== RAM || (el.local !== 'ID' && el.local !== 'GlobalID' && el.local !== 'URIID')) continue;
    if (attribute(el, 'schemeID')) continue;
    const text = leafText(el, source);
    if (!text || text.value === '') continue;
    const found = derive(el, text.value);
    if (found === null) continue;
    if (found === 'unknown') {
      declined.push({
        ruleId: 'R006',
        path: pathOf(el, 'schemeID'),
        before: null,
        message: {
          en: `Identifier ${text.value} states no scheme and its scheme cannot be told for certain`,
          fr: `L'identifiant ${text.value} n'indique pas de schéma et son schéma ne peut être déterminé avec certitude`,
        },
      });
      continue;
    }
    changes.push(
      change({
        ruleId: 'R006',
        code: 'scheme_id_added',
        path: pathOf(el, 'schemeID'),
        edits: [addAttribute(el, 'schemeID', found.scheme)],
        before: null,
        after: found.scheme,
        message: {
          en: `Scheme ${found.scheme} added: ${text.value} is ${found.what.en}`,
          fr: `Schéma ${found.scheme} ajouté : ${text.value} est ${found.what.fr}`,
        },
      }),
    );
  }
  return { changes, declined };
}

export const r006SchemeIds: RepairRule = { id: 'R006', run };
