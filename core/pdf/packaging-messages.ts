/**
 * Why a PDF cannot be packaged as Factur-X PDF/A-3, in both languages. `{detail}` is what the source
 * held (an action kind, an annotation subtype, a font or file name), quoted as it is.
 */
import { fillText, type LocalizedText } from '../api/lang';

const PACKAGING_REFUSALS = {
  empty_pdf: { en: 'The uploaded PDF is empty.', fr: 'Le PDF envoyé est vide.' },
  empty_xml: { en: 'The invoice XML is empty.', fr: 'Le XML de la facture est vide.' },
  profile_mismatch: {
    en: 'The XML declares {detail}, not the requested profile.',
    fr: 'Le XML déclare {detail}, pas le profil demandé.',
  },
  no_pages: { en: 'The PDF has no pages.', fr: 'Le PDF n’a aucune page.' },
  no_catalog_reference: {
    en: 'The PDF trailer has no catalog reference.',
    fr: 'Le trailer du PDF ne référence aucun catalogue.',
  },
  action: {
    en: 'The PDF contains an action ({detail}), which PDF/A-3 forbids.',
    fr: 'Le PDF contient une action ({detail}), ce que PDF/A-3 interdit.',
  },
  xfa: {
    en: 'The PDF contains an XFA form, which PDF/A-3 forbids.',
    fr: 'Le PDF contient un formulaire XFA, ce que PDF/A-3 interdit.',
  },
  annotation: {
    en: 'The PDF contains a {detail} annotation, which PDF/A-3 forbids.',
    fr: 'Le PDF contient une annotation {detail}, ce que PDF/A-3 interdit.',
  },
  hidden_annotation: {
    en: 'The PDF has a hidden or non-printing direct annotation.',
    fr: 'Le PDF a une annotation directe masquée ou non imprimable.',
  },
  pdfa_claim: {
    en: 'The source claims {detail}, which cannot become PDF/A-3 by packaging.',
    fr: 'La source se déclare {detail}, qui ne peut pas devenir PDF/A-3 par empaquetage.',
  },
  attachment: {
    en: 'The PDF carries an attachment ({detail}) that PDF/A-3 §6.8 does not accept as it is.',
    fr: 'Le PDF porte une pièce jointe ({detail}) que PDF/A-3 §6.8 n’accepte pas telle quelle.',
  },
  missing_icc: {
    en: 'The sRGB ICC profile (assets/icc/sRGB.icc) is missing.',
    fr: 'Le profil ICC sRGB (assets/icc/sRGB.icc) manque.',
  },
  missing_fonts: {
    en: 'The fonts in assets/fonts are missing.',
    fr: 'Les polices de assets/fonts manquent.',
  },
  device_cmyk: {
    en: 'The page content paints in DeviceCMYK, which PDF/A-3 allows only with a CMYK OutputIntent.',
    fr: 'Le contenu des pages peint en DeviceCMYK, ce que PDF/A-3 n’admet qu’avec un OutputIntent CMYK.',
  },
  not_substitutable: {
    en: 'Font {detail} is not embedded and cannot be substituted (PDF/A-3 §6.2.11.4).',
    fr: 'La police {detail} n’est pas intégrée et ne peut pas être remplacée (PDF/A-3 §6.2.11.4).',
  },
  substitute_missing: {
    en: 'The substitute font {detail} is missing from assets/ (PDF/A-3 §6.2.11.4).',
    fr: 'La police de remplacement {detail} manque dans assets/ (PDF/A-3 §6.2.11.4).',
  },
} as const satisfies Record<string, LocalizedText>;

export type PackagingRefusal = keyof typeof PACKAGING_REFUSALS;

export const packagingText = (reason: PackagingRefusal, detail = ''): LocalizedText =>
  fillText(PACKAGING_REFUSALS[reason], { detail });
