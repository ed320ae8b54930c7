import { describe, expect, it } from 'vitest';
import { codeName, codeText } from './code-names';

describe('codeName', () => {
  it('names codes from the code lists, in English and French', () => {
    expect(codeName('unit', 'HUR', 'en')).toBe('hour');
    expect(codeName('unit', 'HUR', 'fr')).toBe('heure');
    expect(codeName('vatCategory', 'AE', 'fr')).toBe('Autoliquidation de la TVA');
    expect(codeName('paymentMeans', '58', 'en')).toBe('SEPA credit transfer');
    expect(codeName('vatex', 'vatex-eu-ic', 'en')).toBe('Intra-community supply');
    expect(codeText('invoiceType', '381', 'fr')).toBe('Avoir (381)');
  });

  it('names countries and currencies by the platform', () => {
    expect(codeName('country', 'DE', 'fr')).toBe('Allemagne');
    expect(codeName('country', 'DE', 'en')).toBe('Germany');
    expect(codeName('currency', 'EUR', 'en')).toBe('Euro');
  });

  it('keeps an unknown code as it is', () => {
    expect(codeName('unit', 'XYZ', 'en')).toBeUndefined();
    expect(codeText('unit', 'XYZ', 'en')).toBe('XYZ');
    expect(codeName('country', 'XY', 'en')).toBeUndefined();
    expect(codeName('country', 'not a code', 'en')).toBeUndefined();
    expect(codeText('unit', undefined, 'en')).toBe('');
  });
});
