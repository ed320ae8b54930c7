import { describe, expect, it } from 'vitest';
import {
  ADDRESS_SCHEME_NAMES,
  ALLOWANCE_REASON_NAMES,
  CHARGE_REASON_NAMES,
  IDENTIFIER_SCHEME_NAMES,
  INVOICE_TYPE_NAMES,
  NOTE_SUBJECT_NAMES,
  PAYMENT_MEANS_NAMES,
  UNIT_NAMES,
  VAT_CATEGORY_NAMES,
  vatexName,
} from './code-names';
import { EAS_CODES } from './eas';
import { ISO6523_ICD } from './iso6523-icd';
import { UNCL1001_INVOICE_TYPES } from './uncl1001';
import { UNCL4451_TEXT_SUBJECTS } from './uncl4451';
import { UNCL4461_PAYMENT_MEANS } from './uncl4461';
import { UNCL5189_ALLOWANCE_REASONS } from './uncl5189';
import { UNCL5305_VAT_CATEGORIES } from './uncl5305';
import { UNCL7161_CHARGE_REASONS } from './uncl7161';
import { UNECE_UNIT_CODES } from './unece-rec20';
import { VATEX_CODES } from './vatex';

const tables = {
  'invoice types': [INVOICE_TYPE_NAMES, UNCL1001_INVOICE_TYPES],
  'VAT categories': [VAT_CATEGORY_NAMES, UNCL5305_VAT_CATEGORIES],
  'payment means': [PAYMENT_MEANS_NAMES, UNCL4461_PAYMENT_MEANS],
  units: [UNIT_NAMES, UNECE_UNIT_CODES],
  'note subjects': [NOTE_SUBJECT_NAMES, UNCL4451_TEXT_SUBJECTS],
  'allowance reasons': [ALLOWANCE_REASON_NAMES, UNCL5189_ALLOWANCE_REASONS],
  'charge reasons': [CHARGE_REASON_NAMES, UNCL7161_CHARGE_REASONS],
  'identifier schemes': [IDENTIFIER_SCHEME_NAMES, ISO6523_ICD],
  'address schemes': [ADDRESS_SCHEME_NAMES, EAS_CODES],
} as const;

describe('code names', () => {
  it.each(Object.entries(tables))(
    'names only codes of the %s list, in both languages',
    (_name, [names, list]) => {
      expect(Object.keys(names).filter((code) => !list.has(code))).toEqual([]);
      for (const name of Object.values(names)) {
        expect(name.en.trim()).not.toBe('');
        expect(name.fr.trim()).not.toBe('');
      }
    },
  );

  it('names every VAT category and every VATEX exemption reason', () => {
    expect([...UNCL5305_VAT_CATEGORIES].filter((code) => !VAT_CATEGORY_NAMES[code])).toEqual([]);
    expect([...VATEX_CODES].filter((code) => !vatexName(code))).toEqual([]);
  });

  it('reads the article of a VATEX code', () => {
    expect(vatexName('VATEX-EU-132-1A')).toEqual({
      en: 'Exempt based on article 132, section 1 (a) of Council Directive 2006/112/EC',
      fr: 'Exonération sur le fondement de l’article 132, paragraphe 1, point a) de la directive 2006/112/CE',
    });
    expect(vatexName('VATEX-EU-79-C')?.en).toBe(
      'Exempt based on article 79, point c of Council Directive 2006/112/EC',
    );
    expect(vatexName('VATEX-EU-132')?.en).toBe(
      'Exempt based on article 132 of Council Directive 2006/112/EC',
    );
    expect(vatexName('VATEX-FR-CGI261D-1BIS')?.fr).toBe(
      'Exonération sur le fondement de l’article 261 D, 1bis du CGI',
    );
    expect(vatexName('VATEX-FR-298SEXDECIESA')?.en).toBe(
      'Exempt based on article 298 sexdecies A of the French tax code (CGI)',
    );
    expect(vatexName('VATEX-EU-IC')?.fr).toBe('Livraison intracommunautaire');
    expect(vatexName('NOT-A-CODE')).toBeUndefined();
  });
});
