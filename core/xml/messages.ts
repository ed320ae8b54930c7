/**
 * The words of XML parse failures in both languages: one template per error code (with the position),
 * and one short phrase per reason the parser can give. `{detail}` is what the source actually held (a
 * name, a reference, a limit), quoted as it is in either language.
 */
import { fillText, type LocalizedText } from '../api/lang';
import type { XmlError, XmlErrorCode } from './tree';

export const XML_REASONS = {
  too_large: { en: 'larger than {detail} characters', fr: 'plus de {detail} caractères' },
  empty: { en: 'the document is empty', fr: 'le document est vide' },
  doctype: {
    en: 'DOCTYPE declarations are refused (no DTD, no entities)',
    fr: 'les déclarations DOCTYPE sont refusées (ni DTD, ni entités)',
  },
  markup_declaration: {
    en: 'markup declarations are refused',
    fr: 'les déclarations de balisage sont refusées',
  },
  too_deep: {
    en: 'elements nested more than {detail} levels deep',
    fr: 'éléments imbriqués sur plus de {detail} niveaux',
  },
  expected_root: { en: 'the root element is missing', fr: 'l’élément racine manque' },
  after_root: { en: 'content after the root element', fr: 'contenu après l’élément racine' },
  declaration_not_first: {
    en: 'the XML declaration must come first',
    fr: 'la déclaration XML doit venir en premier',
  },
  unterminated_pi: {
    en: 'unterminated processing instruction',
    fr: 'instruction de traitement non terminée',
  },
  unterminated_comment: { en: 'unterminated comment', fr: 'commentaire non terminé' },
  unterminated_cdata: { en: 'unterminated CDATA section', fr: 'section CDATA non terminée' },
  unexpected_end_tag: { en: 'unexpected end tag', fr: 'balise de fin inattendue' },
  end_tag_mismatch: {
    en: 'the end tag does not match its start tag: {detail}',
    fr: 'la balise de fin ne correspond pas à sa balise ouvrante : {detail}',
  },
  expected_name: { en: 'a name was expected', fr: 'un nom était attendu' },
  text_outside_root: { en: 'text outside the root element', fr: 'texte hors de l’élément racine' },
  unexpected_end: { en: 'unexpected end of document', fr: 'fin de document inattendue' },
  attribute_space: {
    en: 'white space is needed between attributes',
    fr: 'un espace est nécessaire entre les attributs',
  },
  attribute_unquoted: {
    en: 'an attribute value must be quoted',
    fr: 'une valeur d’attribut doit être entre guillemets',
  },
  attribute_unterminated: { en: 'unterminated attribute value', fr: 'valeur d’attribut non terminée' },
  attribute_lt: { en: "'<' in an attribute value", fr: "'<' dans une valeur d’attribut" },
  attribute_duplicate: { en: 'duplicate attribute {detail}', fr: 'attribut {detail} en double' },
  bare_ampersand: {
    en: "'&' that does not start a reference",
    fr: "'&' qui ne commence pas une référence",
  },
  bad_char_reference: {
    en: 'invalid character reference {detail}',
    fr: 'référence de caractère invalide {detail}',
  },
  undefined_entity: { en: 'undefined entity {detail}', fr: 'entité non définie {detail}' },
  expected_char: { en: "'{detail}' was expected", fr: "'{detail}' était attendu" },
} as const satisfies Record<string, LocalizedText>;

export type XmlReason = keyof typeof XML_REASONS;

const REFUSED: LocalizedText = { en: 'The XML is refused: {reason}.', fr: 'Le XML est refusé : {reason}.' };

const REFUSED_AT: LocalizedText = {
  en: 'The XML is refused (line {line}, column {column}): {reason}.',
  fr: 'Le XML est refusé (ligne {line}, colonne {column}) : {reason}.',
};

const SENTENCES: Readonly<Record<XmlErrorCode, LocalizedText>> = {
  xml_not_well_formed: {
    en: 'The XML is not well-formed (line {line}, column {column}): {reason}.',
    fr: 'Le XML est mal formé (ligne {line}, colonne {column}) : {reason}.',
  },
  xml_doctype_forbidden: REFUSED_AT,
  xml_too_deep: REFUSED_AT,
  xml_too_large: REFUSED,
  xml_empty: REFUSED,
};

/** The phrase of one reason, its detail filled in. */
export const xmlReasonText = (reason: XmlReason, detail = ''): LocalizedText =>
  fillText(XML_REASONS[reason], { detail });

/** The whole sentence of a parse failure, with its position, in both languages. */
export function xmlErrorText(error: XmlError): LocalizedText {
  const reason = xmlReasonText(error.reason, error.detail);
  const sentence = SENTENCES[error.code];
  const where = { line: error.line, column: error.column };
  return {
    en: fillText(sentence, { ...where, reason: reason.en }).en,
    fr: fillText(sentence, { ...where, reason: reason.fr }).fr,
  };
}
