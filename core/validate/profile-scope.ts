/**
 * Which EN16931 model rules apply to a Factur-X profile. MINIMUM and BASIC WL are not invoices in the
 * EN16931 sense (in Factur-X 1.09 they carry no invoice lines, and MINIMUM not even the buyer's
 * address, the line total or the VAT breakdown), so the rules that judge data those profiles cannot carry
 * are left out, and the report says so instead of failing the document on them. Every other rule
 * (header business rules, totals, code lists, syntax) applies as the Factur-X profile schematrons do.
 */
import type { Lang } from '../api/lang';
import type { Profile } from '../cii/profile';

/** Rules about invoice lines, or that compare the VAT breakdown with the lines. */
const LINE_BASED = [
  'BR-16',
  'BR-CO-10',
  ...['S', 'Z', 'E', 'AE', 'IC', 'G', 'O', 'AF', 'AG'].flatMap((c) => [`BR-${c}-01`, `BR-${c}-08`]),
];

/** MINIMUM also lacks the buyer postal address (BG-8), BT-106, the paid amount (BT-113) and the VAT breakdown (BG-23). */
const MINIMUM_ONLY = ['BR-10', 'BR-11', 'BR-12', 'BR-CO-13', 'BR-CO-14', 'BR-CO-16'];

const NOT_APPLICABLE: Partial<Record<Profile, ReadonlySet<string>>> = {
  MINIMUM: new Set([...LINE_BASED, ...MINIMUM_ONLY]),
  BASIC_WL: new Set(LINE_BASED),
};

/** Rule ids left out for this profile (empty for BASIC, EN16931, EXTENDED and undetected profiles). */
export function notApplicableRules(profile: Profile | null): ReadonlySet<string> {
  return (profile && NOT_APPLICABLE[profile]) ?? new Set();
}

export function profileNotes(profile: Profile | null, lang: Lang): string[] {
  if (profile !== 'MINIMUM' && profile !== 'BASIC_WL') return [];
  const name = profile === 'MINIMUM' ? 'MINIMUM' : 'BASIC WL';
  return [
    lang === 'fr'
      ? `Profil Factur-X ${name} : ce n'est pas une facture au sens de l'EN16931 (pas de lignes${profile === 'MINIMUM' ? ", ni adresse de l'acheteur ni ventilation de TVA" : ''}). Les règles portant sur ces données ne sont pas appliquées : ${[...notApplicableRules(profile)].join(', ')}.`
      : `Factur-X profile ${name} is not an invoice in the EN16931 sense (no invoice lines${profile === 'MINIMUM' ? ', no buyer address nor VAT breakdown' : ''}). The rules on data it does not carry are not applied: ${[...notApplicableRules(profile)].join(', ')}.`,
  ];
}
