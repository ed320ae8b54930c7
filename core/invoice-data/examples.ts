/**
 * Golden `invoice_data` payloads of the integration contract. Every party, identifier and account
 * here is invented (SIRENs pass the Luhn check but belong to no one); no customer data.
 */
import type { InvoiceData } from './schema';

const SELLER: InvoiceData['seller'] = {
  name: 'Atelier Exemple SAS',
  identifiers: [{ value: '73282932000074', scheme: '0009' }],
  legal_registration: { value: '732829320', scheme: '0002' },
  vat_id: 'FR44732829320',
  additional_legal_info: 'SAS au capital de 10 000 EUR, RCS Lyon 732 829 320',
  electronic_address: { value: '732829320', scheme: '0225' },
  address: { line1: '12 rue des Exemples', city: 'Lyon', postal_code: '69002', country_code: 'FR' },
  contact: { name: 'Service facturation', phone: '+33 4 00 00 00 00', email: 'facturation@atelier.example' },
};

const BUYER: InvoiceData['buyer'] = {
  name: 'Client Démonstration SARL',
  legal_registration: { value: '356000000', scheme: '0002' },
  vat_id: 'FR39356000000',
  electronic_address: { value: '356000000', scheme: '0225' },
  address: { line1: '5 avenue du Test', city: 'Paris', postal_code: '75008', country_code: 'FR' },
};

const FRENCH_NOTES: InvoiceData['notes'] = [
  {
    subject_code: 'PMT',
    content: 'En cas de retard de paiement, indemnité forfaitaire pour frais de recouvrement : 40 EUR.',
  },
  { subject_code: 'PMD', content: 'Pénalités de retard : trois fois le taux d’intérêt légal.' },
  { subject_code: 'AAB', content: 'Pas d’escompte pour paiement anticipé.' },
];

const PAYMENT: InvoiceData['payment'] = {
  means_code: '58',
  remittance_information: 'F-2026-0001',
  credit_transfers: [{ account_id: 'FR7630006000011234567890189', service_provider_id: 'AGRIFRPP' }],
};

export interface GoldenExample {
  readonly name: string;
  readonly description: string;
  readonly invoice_data: InvoiceData;
}

export const GOLDEN_EXAMPLES: readonly GoldenExample[] = [
  {
    name: 'domestic_b2b_fr',
    description:
      'Simple domestic French B2B invoice, one VAT rate, with what France 2026 asks: SIREN (0002) and SIRET (0009), VAT identifiers, electronic addresses (BT-34/BT-49), PMT/PMD/AAB notes, business process (BT-23) and due date.',
    invoice_data: {
      number: 'F-2026-0001',
      type_code: '380',
      issue_date: '2026-09-01',
      currency_code: 'EUR',
      due_date: '2026-10-01',
      business_process: 'S1',
      buyer_reference: 'SERVICE-ACHATS',
      purchase_order_reference: 'PO-4521',
      payment_terms: 'Paiement à 30 jours par virement',
      notes: FRENCH_NOTES,
      seller: SELLER,
      buyer: BUYER,
      delivery: { date: '2026-08-28' },
      payment: PAYMENT,
      lines: [
        {
          id: '1',
          quantity: '3',
          unit_code: 'HUR',
          net_price: '85.00',
          vat_category_code: 'S',
          vat_rate: '20',
          item: { name: 'Conseil en organisation', seller_id: 'CONS-H' },
        },
        {
          id: '2',
          quantity: '2',
          unit_code: 'C62',
          net_price: '49.90',
          vat_category_code: 'S',
          vat_rate: '20',
          item: { name: 'Classeur d’archives' },
        },
      ],
    },
  },
  {
    name: 'credit_note_fr',
    description:
      'Credit note (type 381) cancelling part of an invoice, with the preceding invoice reference (BT-25, BT-26).',
    invoice_data: {
      number: 'AV-2026-0007',
      type_code: '381',
      issue_date: '2026-09-15',
      currency_code: 'EUR',
      business_process: 'S1',
      notes: FRENCH_NOTES,
      preceding_invoices: [{ reference: 'F-2026-0001', issue_date: '2026-09-01' }],
      seller: SELLER,
      buyer: BUYER,
      payment: PAYMENT,
      lines: [
        {
          id: '1',
          quantity: '1',
          unit_code: 'HUR',
          net_price: '85.00',
          vat_category_code: 'S',
          vat_rate: '20',
          item: { name: 'Conseil en organisation (heure non réalisée)' },
        },
      ],
    },
  },
  {
    name: 'multi_rate_allowances_charges',
    description:
      'Invoice with two VAT rates (20 % and 5.5 %), a line allowance, a document-level allowance by percentage and a document-level charge; totals and VAT breakdown given and checked.',
    invoice_data: {
      number: 'F-2026-0042',
      issue_date: '2026-09-03',
      currency_code: 'EUR',
      due_date: '2026-10-03',
      business_process: 'S1',
      notes: FRENCH_NOTES,
      seller: SELLER,
      buyer: BUYER,
      payment: PAYMENT,
      allowances: [
        {
          base_amount: '500.00',
          percentage: '5',
          vat_category_code: 'S',
          vat_rate: '20',
          reason: 'Remise fidélité',
          reason_code: '95',
        },
      ],
      charges: [
        {
          amount: '15.00',
          vat_category_code: 'S',
          vat_rate: '20',
          reason: 'Frais de livraison',
          reason_code: 'DL',
        },
      ],
      lines: [
        {
          id: '1',
          quantity: '10',
          unit_code: 'C62',
          net_price: '50.00',
          vat_category_code: 'S',
          vat_rate: '20',
          item: { name: 'Lampe de bureau' },
        },
        {
          id: '2',
          quantity: '12',
          unit_code: 'C62',
          net_price: '8.25',
          allowances: [{ amount: '4.00', reason: 'Promotion', reason_code: '95' }],
          vat_category_code: 'S',
          vat_rate: '5.5',
          item: { name: 'Livre de cuisine' },
        },
      ],
      vat_breakdown: [
        { category_code: 'S', rate: '20', taxable_amount: '490.00', tax_amount: '98.00' },
        { category_code: 'S', rate: '5.5', taxable_amount: '95.00', tax_amount: '5.23' },
      ],
      totals: {
        line_total: '595.00',
        allowance_total: '25.00',
        charge_total: '15.00',
        tax_exclusive: '585.00',
        tax_total: '103.23',
        tax_inclusive: '688.23',
        amount_due: '688.23',
      },
    },
  },
  {
    name: 'intra_community_reverse_charge',
    description:
      'Intra-community supply of goods to a German buyer: VAT category K at 0 %, exemption reason and VATEX code, both VAT identifiers, delivery country.',
    invoice_data: {
      number: 'F-2026-0100',
      issue_date: '2026-09-10',
      currency_code: 'EUR',
      due_date: '2026-10-10',
      business_process: 'B1',
      notes: FRENCH_NOTES,
      seller: SELLER,
      buyer: {
        name: 'Beispiel Handel GmbH',
        vat_id: 'DE123456789',
        electronic_address: { value: 'einkauf@beispiel.example', scheme: 'EM' },
        address: { line1: 'Musterstraße 1', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
      },
      delivery: {
        date: '2026-09-08',
        address: { line1: 'Musterstraße 1', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
      },
      payment: PAYMENT,
      vat_breakdown: [
        {
          category_code: 'K',
          rate: '0',
          exemption_reason:
            'Autoliquidation : livraison intracommunautaire exonérée, article 262 ter I du CGI',
          exemption_reason_code: 'VATEX-EU-IC',
        },
      ],
      lines: [
        {
          id: '1',
          quantity: '40',
          unit_code: 'C62',
          net_price: '27.50',
          vat_category_code: 'K',
          vat_rate: '0',
          item: { name: 'Chaise empilable', origin_country: 'FR' },
        },
      ],
    },
  },
];
