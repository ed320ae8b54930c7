import { describe, expect, it } from 'vitest';
import { amountSpellings, truthHits } from './truth-hits';

describe('truthHits', () => {
  it('knows the usual spellings of an amount', () => {
    expect(amountSpellings('1234.56')).toEqual(
      expect.arrayContaining(['1234,56', '1.234,56', '1 234,56', '1,234.56', '1234.56']),
    );
  });

  it('finds the invoice number and the total, not a longer number that contains it', () => {
    expect(truthHits('Facture F-42\nTotal TTC 1 234,56 €', 'F-42', '1234.56')).toEqual({
      invoiceNumber: true,
      grandTotal: true,
    });
    expect(truthHits('Total 11 234,56', 'X', '1234.56').grandTotal).toBe(false);
    expect(truthHits('Summe 16,90 EUR', 'X', '16.90').grandTotal).toBe(true);
  });
});
