import { describe, expect, it } from 'vitest';
import { CODE_NAMES, VAT_CATEGORY_NAMES, vatexName, type NamedCodeList } from './code-names';
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

/** Each named list beside the official list its codes must come from. */
const officialLists: Record<NamedCodeList, ReadonlySet<string>> = {
  invoiceType: UNCL1001_INVOICE_TYPES,
  vatCategory: UNCL5305_VAT_CATEGORIES,
  paymentMeans: UNCL4461_PAYMENT_MEANS,
  unit: UNECE_UNIT_CODES,
  noteSubject: UNCL4451_TEXT_SUBJECTS,
  allowanceReason: UNCL5189_ALLOWANCE_REASONS,
  chargeReason: UNCL7161_CHARGE_REASONS,
  identifierScheme: ISO6523_ICD,
  addressScheme: EAS_CODES,
};

describe('code names', () => {
  it.each(Object.entries(officialLists))(
    'names only codes of the %s list, in both languages',
    (name, list) => {
      const names = CODE_NAMES[name as NamedCodeList];
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
