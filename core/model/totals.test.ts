import { describe, expect, it } from 'vitest';
import type { Invoice } from './invoice';
import { completeTotals } from './totals';

describe('the derived amounts of an invoice', () => {
  it('makes a VAT breakdown entry for each category of the lines, none for an allowance without one', () => {
    const invoice: Invoice = {
      lines: [
        {
          lineId: '1',
          summation: { lineTotal: { value: '100.00' } },
          taxes: [{ typeCode: 'VAT', categoryCode: 'S', rate: '20' }],
        },
      ],
      allowanceCharges: [{ isCharge: false, amount: { value: '10.00' }, reason: 'Remise' }],
    };
    const { invoice: completed } = completeTotals(invoice);
    expect(completed.vatBreakdown).toEqual([
      {
        taxAmount: { value: '20.00' },
        typeCode: 'VAT',
        basisAmount: { value: '100.00' },
        categoryCode: 'S',
        rate: '20',
      },
    ]);
  });
});
