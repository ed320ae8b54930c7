/**
 * Why a PDF cannot be packaged as Factur-X PDF/A-3, in both languages. `{detail}` is what the source
 * held (an action kind, an annotation subtype, a font or file name), quoted as it is.
 */
import { fillText, type LocalizedText } from '../api/lang';

export const PACKAGING_REFUSALS = {
  empty_pdf: { en: 'The uploaded PDF is empty.', fr: 'Le PDF envoyé est vide.' },
  empty_xml: { en: 'The invoice XML is empty.', fr: 'Le XML de la facture est vide.' },
  profile_mismatch: {
    en: 'The XML declares {detail}, not the requested profile.',
    fr: 'Le XML déclare {detail}, pas le profil demandé.',
  },
  no_pages: { en: 'The PDF has no pages.', fr: 'Le PDF n’a aucune page.' },
  no_catalog_reference: {
    en: 'The PDF is damaged: its structure does not say where the document begins.',
    fr: 'Le PDF est endommagé : sa structure n’indique pas où commence le document.',
  },
  action: {
    en: 'The PDF contains an automatic action ({detail}), which an archivable invoice (PDF/A-3) may not hold.',
    fr: 'Le PDF contient une action automatique ({detail}), qu’une facture archivable (PDF/A-3) ne peut pas contenir.',
  },
  xfa: {
    en: 'The PDF contains a dynamic form, which an archivable invoice (PDF/A-3) may not hold.',
    fr: 'Le PDF contient un formulaire dynamique, qu’une facture archivable (PDF/A-3) ne peut pas contenir.',
  },
  annotation: {
    en: 'The PDF contains an annotation of a kind ({detail}) that an archivable invoice (PDF/A-3) may not hold.',
    fr: 'Le PDF contient une annotation d’un type ({detail}) qu’une facture archivable (PDF/A-3) ne peut pas contenir.',
  },
  hidden_annotation: {
    en: 'The PDF has a hidden or non-printing annotation, which an archivable invoice (PDF/A-3) may not hold.',
    fr: 'Le PDF a une annotation masquée ou non imprimable, qu’une facture archivable (PDF/A-3) ne peut pas contenir.',
  },
  pdfa_claim: {
    en: 'The PDF declares itself {detail}, a kind of archive that cannot be turned into Factur-X (PDF/A-3).',
    fr: 'Le PDF se déclare {detail}, un type d’archive qui ne peut pas devenir Factur-X (PDF/A-3).',
  },
  attachment: {
    en: 'The PDF carries an attached file ({detail}) that an archivable invoice (PDF/A-3) cannot hold as it is.',
    fr: 'Le PDF porte un fichier joint ({detail}) qu’une facture archivable (PDF/A-3) ne peut pas contenir tel quel.',
  },
  missing_icc: {
    en: 'The application is incomplete: the colour profile it ships with is missing. Reinstall it.',
    fr: 'L’application est incomplète : le profil de couleurs livré avec elle manque. Réinstallez-la.',
  },
  missing_fonts: {
    en: 'The application is incomplete: the fonts it ships with are missing. Reinstall it.',
    fr: 'L’application est incomplète : les polices livrées avec elle manquent. Réinstallez-la.',
  },
  device_cmyk: {
    en: 'The pages use print colours (CMYK) without the colour profile an archivable invoice (PDF/A-3) then needs.',
    fr: 'Les pages utilisent des couleurs d’impression (CMJN) sans le profil de couleurs qu’une facture archivable (PDF/A-3) exige alors.',
  },
  not_substitutable: {
    en: 'The font {detail} is not included in the PDF and no font of the application can stand in for it.',
    fr: 'La police {detail} n’est pas incluse dans le PDF et aucune police de l’application ne peut la remplacer.',
  },
  substitute_missing: {
    en: 'The application is incomplete: the font {detail} that stands in for a font the PDF does not include is missing. Reinstall it.',
    fr: 'L’application est incomplète : la police {detail}, qui remplace une police absente du PDF, manque. Réinstallez-la.',
  },
} as const satisfies Record<string, LocalizedText>;

export type PackagingRefusal = keyof typeof PACKAGING_REFUSALS;

export const packagingText = (reason: PackagingRefusal, detail = ''): LocalizedText =>
  fillText(PACKAGING_REFUSALS[reason], { detail });
