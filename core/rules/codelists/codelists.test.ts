import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceDir } from '../../testing/corpus';
import { EAS_CODES } from './eas';
import { ISO3166_COUNTRIES } from './iso3166';
import { ISO4217_CURRENCIES } from './iso4217';
import { ISO6523_ICD } from './iso6523-icd';
import { MIME_CODES } from './mime-codes';
import { UNCL1001_INVOICE_TYPES } from './uncl1001';
import { UNCL1153_REFERENCE_TYPES } from './uncl1153';
import { UNCL2475_VAT_DATE_CODES } from './uncl2475';
import { UNCL4451_TEXT_SUBJECTS } from './uncl4451';
import { UNCL4461_PAYMENT_MEANS } from './uncl4461';
import { UNCL5189_ALLOWANCE_REASONS } from './uncl5189';
import { UNCL5305_VAT_CATEGORIES } from './uncl5305';
import { UNCL7143_ITEM_CLASSIFICATIONS } from './uncl7143';
import { UNCL7161_CHARGE_REASONS } from './uncl7161';
import { UNECE_UNIT_CODES } from './unece-rec20';
import { VATEX_CODES } from './vatex';

describe('code lists', () => {
  it('hold the codes invoices use, case-sensitively', () => {
    expect(ISO4217_CURRENCIES.has('EUR')).toBe(true);
    expect(ISO4217_CURRENCIES.has('eur')).toBe(false);
    expect(ISO3166_COUNTRIES.has('FR')).toBe(true);
    expect(UNCL1001_INVOICE_TYPES.has('380')).toBe(true);
    expect(UNCL1001_INVOICE_TYPES.has('381')).toBe(true);
    expect(UNCL5305_VAT_CATEGORIES).toEqual(new Set(['AE', 'L', 'M', 'E', 'S', 'Z', 'G', 'O', 'K', 'B']));
    expect(UNECE_UNIT_CODES.has('C62')).toBe(true);
    expect(UNECE_UNIT_CODES.has('PCE')).toBe(false);
    expect(EAS_CODES.has('0225')).toBe(true);
    expect(ISO6523_ICD.has('0009')).toBe(true);
    expect(VATEX_CODES.has('VATEX-EU-IC')).toBe(true);
    expect(UNCL2475_VAT_DATE_CODES).toEqual(new Set(['5', '29', '72']));
    expect(MIME_CODES.has('application/pdf')).toBe(true);
  });

  const reference = referenceDir();
  it.skipIf(!reference)(
    'equal the lists embedded in the EN16931 1.3.16 artefact (run the generator if not)',
    () => {
      const sch = readFileSync(
        path.join(reference!, 'en16931-cii-1.3.16/preprocessed/EN16931-CII-validation-preprocessed.sch'),
        'utf8',
      );
      const listOf = (id: string): string[] => {
        const test = new RegExp(`<assert id="${id}"[^>]*test="([^"]*)"`).exec(sch)![1]!;
        return /contains\('( [^']* )'/.exec(test)![1]!.trim().split(' ');
      };
      const lists: [string, ReadonlySet<string>][] = [
        ['BR-CL-01', UNCL1001_INVOICE_TYPES],
        ['BR-CL-04', ISO4217_CURRENCIES],
        ['BR-CL-06', UNCL2475_VAT_DATE_CODES],
        ['BR-CL-07', UNCL1153_REFERENCE_TYPES],
        ['BR-CL-08', UNCL4451_TEXT_SUBJECTS],
        ['BR-CL-11', ISO6523_ICD],
        ['BR-CL-13', UNCL7143_ITEM_CLASSIFICATIONS],
        ['BR-CL-14', ISO3166_COUNTRIES],
        ['BR-CL-16', UNCL4461_PAYMENT_MEANS],
        ['BR-CL-18', UNCL5305_VAT_CATEGORIES],
        ['BR-CL-19', UNCL5189_ALLOWANCE_REASONS],
        ['BR-CL-20', UNCL7161_CHARGE_REASONS],
        ['BR-CL-22', VATEX_CODES],
        ['BR-CL-23', UNECE_UNIT_CODES],
        ['BR-CL-25', EAS_CODES],
      ];
      for (const [id, set] of lists) expect([...set], id).toEqual(listOf(id));
    },
  );
});
