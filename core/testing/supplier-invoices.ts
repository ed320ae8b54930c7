/**
 * Invoices of one seller of our own, in a layout of its own the reader was not built for: the document
 * terms in a table under headings it does not know ("Pièce", "Émise le", "Payable au") and a totals
 * block with the seller's own words ("Valeur des travaux", "Part de l'État", "Somme à verser"), lower on
 * the page the more lines the invoice has. Drawn by layout-invoices.ts's drawInvoice, each with the
 * invoice an accountant would correct it to (invoice_data) and its truth. They show the reader learning
 * a supplier (core/fields/supplier-layout): a first invoice corrected, the next read by its layout.
 */
import type { DrawnRow } from './layout-invoices';

/** The seller's identifiers: a French VAT id and SIREN whose keys hold, and a checked IBAN. */
export const MOREL = {
  name: 'Atelier Morel',
  vatId: 'FR44732829320',
  siren: '732829320',
  iban: 'FR7630006000011234567890189',
} as const;

export interface SupplierInvoiceSpec {
  readonly number: string;
  /** YYYY-MM-DD. */
  readonly issueDate: string;
  readonly dueDate: string;
  /** Net amounts of its lines (2 decimals), all at 20 % VAT. */
  readonly lines: readonly (readonly [name: string, net: string])[];
}

export interface SupplierInvoice {
  readonly rows: readonly DrawnRow[];
  /** The invoice as an accountant confirms it: an `invoice_data` payload. */
  readonly invoiceData: Record<string, unknown>;
  readonly truth: {
    readonly 'BT-1': string;
    readonly 'BT-2': string;
    readonly 'BT-9': string;
    readonly 'BT-109': string;
    readonly 'BT-110': string;
    readonly 'BT-112': string;
  };
}

const cents = (amount: string): bigint => BigInt(amount.replace('.', ''));
const decimal = (c: bigint): string => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
/** 1250.00 → "1 250,00", as the seller prints it. */
const printed = (amount: string): string => {
  const [units = '0', fraction = '00'] = amount.split('.');
  return `${units.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${fraction}`;
};
const french = (iso: string): string => iso.split('-').reverse().join('/');

export function supplierInvoice(spec: SupplierInvoiceSpec): SupplierInvoice {
  const net = spec.lines.reduce((s, [, amount]) => s + cents(amount), 0n);
  const vat = (net * 20n + 50n) / 100n;
  const [netText, vatText, grossText] = [net, vat, net + vat].map(decimal) as [string, string, string];
  const lineRows: DrawnRow[] = spec.lines.map(([name, amount], i) => [
    262 + 14 * i,
    [
      [40, name],
      [300, '1'],
      [360, printed(amount)],
      [470, printed(amount)],
    ],
  ]);
  const totalsAt = 262 + 14 * spec.lines.length + 24;
  const rows: DrawnRow[] = [
    [40, [[40, 'ATELIER MOREL']], 16],
    [62, [[40, 'Menuiserie et agencement']]],
    [74, [[40, '12 rue des Tanneurs, 69007 Lyon']]],
    [86, [[40, `N° TVA ${MOREL.vatId}`]]],
    [120, [[330, 'Boulangerie Caron SAS']]],
    [132, [[330, '3 place Bellecour']]],
    [144, [[330, '69002 Lyon']]],
    [
      196,
      [
        [40, 'Pièce'],
        [160, 'Émise le'],
        [280, 'Payable au'],
      ],
    ],
    [
      208,
      [
        [40, spec.number],
        [160, french(spec.issueDate)],
        [280, french(spec.dueDate)],
      ],
    ],
    [
      246,
      [
        [40, 'Travaux'],
        [300, 'Qté'],
        [360, 'P.U.'],
        [470, 'Montant'],
      ],
    ],
    ...lineRows,
    [
      totalsAt,
      [
        [330, 'Valeur des travaux'],
        [470, printed(netText)],
      ],
    ],
    [
      totalsAt + 14,
      [
        [330, "Part de l'État (20 %)"],
        [470, printed(vatText)],
      ],
    ],
    [
      totalsAt + 28,
      [
        [330, 'Somme à verser'],
        [470, printed(grossText)],
      ],
    ],
    [totalsAt + 70, [[40, 'Règlement par virement : FR76 3000 6000 0112 3456 7890 189']]],
  ];
  const invoiceData = {
    number: spec.number,
    issue_date: spec.issueDate,
    type_code: '380',
    currency_code: 'EUR',
    due_date: spec.dueDate,
    seller: {
      name: MOREL.name,
      vat_id: MOREL.vatId,
      legal_registration: { value: MOREL.siren, scheme: '0002' },
      address: { line1: '12 rue des Tanneurs', city: 'Lyon', postal_code: '69007', country_code: 'FR' },
    },
    buyer: {
      name: 'Boulangerie Caron SAS',
      address: { line1: '3 place Bellecour', city: 'Lyon', postal_code: '69002', country_code: 'FR' },
    },
    payment: { means_code: '58', credit_transfers: [{ account_id: MOREL.iban }] },
    lines: spec.lines.map(([name, amount], i) => ({
      id: String(i + 1),
      quantity: '1',
      unit_code: 'C62',
      net_price: amount,
      vat_category_code: 'S',
      vat_rate: '20',
      item: { name },
    })),
    vat_breakdown: [{ category_code: 'S', rate: '20', taxable_amount: netText, tax_amount: vatText }],
    totals: {
      line_total: netText,
      tax_exclusive: netText,
      tax_total: vatText,
      tax_inclusive: grossText,
      amount_due: grossText,
    },
  };
  return {
    rows,
    invoiceData,
    truth: {
      'BT-1': spec.number,
      'BT-2': spec.issueDate,
      'BT-9': spec.dueDate,
      'BT-109': netText,
      'BT-110': vatText,
      'BT-112': grossText,
    },
  };
}

/** Two invoices of the seller: the first one corrected, the second one read by what it taught. */
export const MOREL_INVOICES: readonly SupplierInvoiceSpec[] = [
  {
    number: 'AM/25/0142',
    issueDate: '2025-02-03',
    dueDate: '2025-03-05',
    lines: [
      ['Pose de parquet chêne', '980.00'],
      ['Plinthes et finitions', '270.00'],
    ],
  },
  {
    number: 'AM/25/0199',
    issueDate: '2025-04-17',
    dueDate: '2025-05-17',
    lines: [
      ['Agencement cuisine', '2140.00'],
      ['Plan de travail stratifié', '385.50'],
      ['Dépose ancienne cuisine', '160.00'],
      ['Évacuation des gravats', '95.00'],
    ],
  },
];
