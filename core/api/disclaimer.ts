import type { LocalizedText } from './lang';

/**
 * The legal disclaimer every validation and conversion response carries (truth boundary 5 of the
 * interface): the verdict is documentary and technical evidence, nothing more.
 */
export const LEGAL_DISCLAIMER: LocalizedText = {
  en:
    'This validation is documentary and technical evidence only: it is not acceptance by an approved ' +
    'platform (PA) and not a statement of tax compliance.',
  fr:
    'Cette validation constitue uniquement une preuve documentaire et technique : elle ne vaut ni ' +
    'acceptation par une plateforme agréée (PA), ni attestation de conformité fiscale.',
};
