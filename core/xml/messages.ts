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
    en: 'a markup declaration inside the document',
    fr: 'une déclaration de balisage dans le document',
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
  bad_char: {
    en: 'the character {detail} is not allowed in XML',
    fr: 'le caractère {detail} n’est pas permis en XML',
  },
  bad_utf8: {
    en: 'bytes that are not UTF-8 ({detail}) in a document read as UTF-8',
    fr: 'des octets qui ne sont pas de l’UTF-8 ({detail}) dans un document lu en UTF-8',
  },
  bad_bytes: {
    en: 'bytes that are not {detail}',
    fr: 'des octets qui ne sont pas du {detail}',
  },
  encoding_mismatch: {
    en: 'the declared encoding {detail} is not the one the document is written in',
    fr: 'l’encodage déclaré {detail} n’est pas celui dans lequel le document est écrit',
  },
  unsupported_encoding: {
    en: 'the encoding {detail} cannot be read (Factur-X requires UTF-8)',
    fr: 'l’encodage {detail} ne peut pas être lu (Factur-X exige l’UTF-8)',
  },
  utf16_without_bom: {
    en: 'a UTF-16 document must start with a byte-order mark',
    fr: 'un document UTF-16 doit commencer par une marque d’ordre des octets',
  },
  declaration_syntax: {
    en: "the XML declaration is malformed at '{detail}' (version, then encoding, then standalone)",
    fr: 'la déclaration XML est mal formée à « {detail} » (version, puis encoding, puis standalone)',
  },
  declaration_version: {
    en: 'the XML declaration must start with its version',
    fr: 'la déclaration XML doit commencer par sa version',
  },
  declaration_version_value: {
    en: 'the XML version "{detail}" is not a version of XML 1',
    fr: 'la version XML « {detail} » n’est pas une version d’XML 1',
  },
  declaration_encoding_value: {
    en: '"{detail}" is not an encoding name',
    fr: '« {detail} » n’est pas un nom d’encodage',
  },
  declaration_standalone_value: {
    en: 'standalone must be "yes" or "no", not "{detail}"',
    fr: 'standalone doit valoir « yes » ou « no », pas « {detail} »',
  },
  pi_target: {
    en: 'the processing instruction target {detail} is reserved or not a name without a colon',
    fr: 'la cible d’instruction de traitement {detail} est réservée ou n’est pas un nom sans deux-points',
  },
  pi_space: {
    en: 'white space is needed after a processing instruction target',
    fr: 'un espace est nécessaire après la cible d’une instruction de traitement',
  },
  comment_hyphens: {
    en: "'--' inside a comment",
    fr: "'--' à l’intérieur d’un commentaire",
  },
  cdata_end_in_text: {
    en: "']]>' in text outside a CDATA section",
    fr: "']]>' dans du texte hors d’une section CDATA",
  },
  bad_qname: {
    en: 'the name {detail} is not a qualified name (one colon at most, neither first nor last)',
    fr: 'le nom {detail} n’est pas un nom qualifié (un deux-points au plus, ni au début ni à la fin)',
  },
  xmlns_element: {
    en: 'the element {detail} uses the reserved prefix xmlns',
    fr: 'l’élément {detail} utilise le préfixe réservé xmlns',
  },
  reserved_namespace: {
    en: 'the namespace declaration {detail} misuses a reserved prefix or namespace',
    fr: 'la déclaration d’espace de noms {detail} détourne un préfixe ou un espace de noms réservé',
  },
  prefix_unbound: {
    en: 'the prefix {detail} is declared with an empty namespace',
    fr: 'le préfixe {detail} est déclaré avec un espace de noms vide',
  },
  too_many_elements: {
    en: 'more than {detail} elements',
    fr: 'plus de {detail} éléments',
  },
  too_many_attributes: {
    en: 'more than {detail} attributes on one element',
    fr: 'plus de {detail} attributs sur un élément',
  },
  too_many_namespace_declarations: {
    en: 'more than {detail} namespace declarations',
    fr: 'plus de {detail} déclarations d’espace de noms',
  },
  too_many_lines: {
    en: 'more than {detail} lines',
    fr: 'plus de {detail} lignes',
  },
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
  xml_limit_exceeded: REFUSED_AT,
  xml_unsupported_encoding: REFUSED_AT,
  xml_too_large: REFUSED,
  xml_empty: REFUSED_AT,
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
