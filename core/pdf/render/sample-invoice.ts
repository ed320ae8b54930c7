/** Test helper: a French invoice in the model's terms, with as many lines as asked. */
import type { Invoice, InvoiceLine } from '../../model/invoice';

const line = (n: number): InvoiceLine => ({
  lineId: String(n),
  product: {
    name: `Prestation de conseil n°${n} – analyse détaillée`,
    description: n === 1 ? 'Atelier œuvre « été »' : undefined,
  },
  billedQuantity: { value: '2.5', unit: 'HUR' },
  netPrice: { amount: { value: '120.00' } },
  taxes: [{ categoryCode: 'S', rate: '20.00' }],
  summation: { lineTotal: { value: '300.00' } },
});

export function sampleInvoice(lines: number): Invoice {
  return {
    specification: 'urn:cen.eu:en16931:2017',
    number: 'FA-2026-0042',
    typeCode: '380',
    issueDate: '2026-03-15',
    currency: 'EUR',
    notes: [
      {
        content:
          'Pénalités de retard : trois fois le taux d’intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €.',
      },
    ],
    seller: {
      name: 'Atelier Dupont SARL',
      legalOrganization: { id: { value: '12345678901234', scheme: '0009' } },
      address: { line1: '12 rue des Lilas', postcode: '75011', city: 'Paris', country: 'FR' },
      taxRegistrations: [{ id: { value: 'FR32123456789', scheme: 'VA' } }],
    },
    buyer: {
      name: 'Client Exemple SA',
      legalOrganization: { id: { value: '987654321', scheme: '0002' } },
      address: { line1: '3 avenue du Port', postcode: '13002', city: 'Marseille', country: 'FR' },
      taxRegistrations: [{ id: { value: 'FR11987654321', scheme: 'VA' } }],
    },
    buyerReference: 'SERVICE-ACHATS',
    lines: Array.from({ length: lines }, (_, i) => line(i + 1)),
    vatBreakdown: [
      {
        categoryCode: 'S',
        rate: '20.00',
        basisAmount: { value: `${300 * lines}.00` },
        taxAmount: { value: `${60 * lines}.00` },
      },
    ],
    paymentTerms: [{ description: 'Virement à 30 jours', dueDate: '2026-04-14' }],
    paymentMeans: [
      { typeCode: '58', creditorAccount: { iban: 'FR7630006000011234567890189' }, creditorBic: 'AGRIFRPP' },
    ],
    totals: {
      lineTotal: { value: `${300 * lines}.00` },
      taxBasisTotal: { value: `${300 * lines}.00` },
      taxTotals: [{ value: `${60 * lines}.00`, currency: 'EUR' }],
      grandTotal: { value: `${360 * lines}.00` },
      duePayable: { value: `${360 * lines}.00` },
    },
  };
}
