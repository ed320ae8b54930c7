import { describe, expect, it } from 'vitest';
import { XML_REASONS, xmlErrorText, type XmlReason } from './messages';
import { parseXml, type ParseOptions } from './parse';

function failure(src: string, options?: ParseOptions) {
  const r = parseXml(src, options);
  if (r.ok) throw new Error(`expected a failure for ${src}`);
  return r.error;
}

/** One input per reason the parser gives (text outside the root is caught earlier as another reason). */
const INPUTS: readonly [XmlReason, string, ParseOptions?][] = [
  ['too_large', '<a/>', { maxLength: 2 }],
  ['empty', '  \n'],
  ['doctype', '<!DOCTYPE a><a/>'],
  ['markup_declaration', '<a><!ENTITY x "y"></a>'],
  ['too_deep', '<a><a><a/></a></a>', { maxDepth: 2 }],
  ['expected_root', '<?xml version="1.0"?>'],
  ['after_root', '<a/><b/>'],
  ['declaration_not_first', '<!-- c --><?xml version="1.0"?><a/>'],
  ['unterminated_pi', '<?pi <a/>'],
  ['unterminated_comment', '<a><!-- x</a>'],
  ['unterminated_cdata', '<a><![CDATA[x</a>'],
  ['unexpected_end_tag', '</a>'],
  ['end_tag_mismatch', '<a></b>'],
  ['expected_name', '<a><1/></a>'],
  ['unexpected_end', '<a><b>'],
  ['attribute_space', '<a b="1"c="2"/>'],
  ['attribute_unquoted', '<a b=1/>'],
  ['attribute_unterminated', '<a b="1/>'],
  ['attribute_lt', '<a b="<"/>'],
  ['attribute_duplicate', '<a b="1" b="2"/>'],
  ['bare_ampersand', '<a>&amp</a>'],
  ['bad_char_reference', '<a>&#0;</a>'],
  ['undefined_entity', '<a>&x;</a>'],
  ['expected_char', '<a b"1"/>'],
];

describe('XML parse failures in both languages', () => {
  it.each(INPUTS)('%s', (reason, src, options) => {
    const error = failure(src, options);
    expect(error.reason).toBe(reason);
    const text = xmlErrorText(error);
    expect(text.en).toMatch(/^The XML is/);
    expect(text.fr).toMatch(/^Le XML est/);
    expect(text.en).not.toContain('{');
    expect(text.fr).not.toContain('{');
    const phrase = (lang: 'en' | 'fr') => XML_REASONS[reason][lang].split('{detail}')[0]!;
    expect(text.en).toContain(phrase('en'));
    expect(text.fr).toContain(phrase('fr'));
    expect(error.message).toContain(phrase('en'));
  });

  it('quotes the detail and says where, in the words of each language', () => {
    const error = failure('<a>\n  <b></a>');
    expect(error).toMatchObject({ code: 'xml_not_well_formed', line: 2, column: 6, detail: '<b> … </a>' });
    expect(xmlErrorText(error)).toEqual({
      en: 'The XML is not well-formed (line 2, column 6): the end tag does not match its start tag: <b> … </a>.',
      fr: 'Le XML est mal formé (ligne 2, colonne 6) : la balise de fin ne correspond pas à sa balise ouvrante : <b> … </a>.',
    });
    expect(xmlErrorText(failure('<a/>', { maxLength: 3 }))).toEqual({
      en: 'The XML is refused: larger than 3 characters.',
      fr: 'Le XML est refusé : plus de 3 caractères.',
    });
    expect(xmlErrorText(failure('<a>&#xD800;</a>')).fr).toContain('référence de caractère invalide &#xD800;');
  });
});
