/** The printed labels of a rendered invoice, in French and English. */
import type { Lang } from '../../service/types';

const FR = {
  invoice: 'Facture',
  creditNote: 'Avoir',
  corrected: 'Facture rectificative',
  prepayment: "Facture d'acompte",
  selfBilled: 'Autofacture',
  number: 'N°',
  issueDate: "Date d'émission",
  dueDate: "Date d'échéance",
  deliveryDate: 'Date de livraison',
  period: 'Période de facturation',
  seller: 'Vendeur',
  buyer: 'Acheteur',
  siren: 'SIREN',
  siret: 'SIRET',
  legalId: 'Identifiant légal',
  vatId: 'N° TVA intracommunautaire',
  taxId: 'Identifiant fiscal',
  buyerReference: 'Référence acheteur',
  orderReference: 'Commande',
  contract: 'Contrat',
  precedingInvoice: 'Facture précédente',
  lineId: 'N°',
  description: 'Désignation',
  quantity: 'Qté',
  unit: 'Unité',
  unitPrice: 'Prix unit. HT',
  vatRate: 'TVA %',
  lineTotal: 'Montant HT',
  vatBreakdown: 'Détail de la TVA',
  category: 'Catégorie',
  rate: 'Taux',
  base: 'Base HT',
  vatAmount: 'Montant TVA',
  exemption: 'Motif d’exonération',
  totals: 'Totaux',
  lineTotalSum: 'Total HT des lignes',
  allowances: 'Remises',
  charges: 'Frais',
  taxBasis: 'Total HT',
  vatTotal: 'Total TVA',
  grandTotal: 'Total TTC',
  prepaid: 'Acompte versé',
  rounding: 'Arrondi',
  duePayable: 'Net à payer',
  allowanceCharge: 'Remises et frais du document',
  allowance: 'Remise',
  charge: 'Frais',
  payment: 'Paiement',
  paymentTerms: 'Conditions de paiement',
  iban: 'IBAN',
  bic: 'BIC',
  accountName: 'Titulaire',
  paymentReference: 'Référence de paiement',
  mandate: 'Mandat de prélèvement',
  notes: 'Notes',
  page: (n: number, of: number) => `Page ${n} / ${of}`,
  currency: 'Devise',
  electronicAddress: 'Adresse électronique',
  identifier: 'Identifiant',
  /** French typography puts a space before the colon. */
  colon: ' : ',
};

const EN: typeof FR = {
  invoice: 'Invoice',
  creditNote: 'Credit note',
  corrected: 'Corrected invoice',
  prepayment: 'Prepayment invoice',
  selfBilled: 'Self-billed invoice',
  number: 'No.',
  issueDate: 'Issue date',
  dueDate: 'Due date',
  deliveryDate: 'Delivery date',
  period: 'Invoicing period',
  seller: 'Seller',
  buyer: 'Buyer',
  siren: 'SIREN',
  siret: 'SIRET',
  legalId: 'Legal registration',
  vatId: 'VAT identifier',
  taxId: 'Tax registration',
  buyerReference: 'Buyer reference',
  orderReference: 'Purchase order',
  contract: 'Contract',
  precedingInvoice: 'Preceding invoice',
  lineId: 'No.',
  description: 'Description',
  quantity: 'Qty',
  unit: 'Unit',
  unitPrice: 'Net unit price',
  vatRate: 'VAT %',
  lineTotal: 'Net amount',
  vatBreakdown: 'VAT breakdown',
  category: 'Category',
  rate: 'Rate',
  base: 'Taxable amount',
  vatAmount: 'VAT amount',
  exemption: 'Exemption reason',
  totals: 'Totals',
  lineTotalSum: 'Sum of line net amounts',
  allowances: 'Allowances',
  charges: 'Charges',
  taxBasis: 'Total without VAT',
  vatTotal: 'Total VAT',
  grandTotal: 'Total with VAT',
  prepaid: 'Paid amount',
  rounding: 'Rounding',
  duePayable: 'Amount due',
  allowanceCharge: 'Document allowances and charges',
  allowance: 'Allowance',
  charge: 'Charge',
  payment: 'Payment',
  paymentTerms: 'Payment terms',
  iban: 'IBAN',
  bic: 'BIC',
  accountName: 'Account name',
  paymentReference: 'Payment reference',
  mandate: 'Direct debit mandate',
  notes: 'Notes',
  page: (n: number, of: number) => `Page ${n} of ${of}`,
  currency: 'Currency',
  electronicAddress: 'Electronic address',
  identifier: 'Identifier',
  colon: ': ',
};

export type Labels = typeof FR;

export const labelsFor = (lang: Lang): Labels => (lang === 'fr' ? FR : EN);

/** BT-3 in words. */
export function documentTitle(typeCode: string | undefined, l: Labels): string {
  switch (typeCode) {
    case '381':
      return l.creditNote;
    case '384':
      return l.corrected;
    case '386':
      return l.prepayment;
    case '389':
      return l.selfBilled;
    default:
      return l.invoice;
  }
}
