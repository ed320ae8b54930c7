/**
 * The review form as data: which `invoice_data` fields it offers, under which business term, with which
 * kind of input. One table serves the form, the link from a finding to the field that clears it (by BT),
 * and the names of the fields the backend says are missing (by path).
 */
import type { CodeList } from '../shared/code-names';
import type { MessageKey } from '../i18n/messages';
import type { Path } from './draft-edit';

export type InputKind = 'text' | 'long' | 'date' | 'decimal' | 'code';

export interface FieldSpec {
  /** Inside the draft, or inside one entry of a table. */
  readonly path: Path;
  readonly bt: string;
  readonly kind?: InputKind;
  /** For `code`: the code list its choices come from (their names shown), else free `suggestions`. */
  readonly list?: CodeList;
  readonly suggestions?: readonly string[];
  /** In a table: a column of words (a name, a reason) that wants more room than a figure or a code. */
  readonly wide?: boolean;
}

export interface SectionSpec {
  readonly id: string;
  readonly title: MessageKey;
  readonly fields: readonly FieldSpec[];
}

/** A repeated group (lines, VAT breakdown, notes…) shown as a table, one entry a row. */
export interface TableSpec {
  readonly id: string;
  readonly title: MessageKey;
  /** The list in the draft. */
  readonly path: Path;
  /** The group whose entries the provenance numbers (`BG-25[2]/BT-131`), when it does. */
  readonly group?: string;
  readonly columns: readonly FieldSpec[];
  /** What a new row starts with. */
  readonly newEntry: (index: number) => Readonly<Record<string, unknown>>;
}

const field = (path: Path, bt: string, more: Omit<FieldSpec, 'path' | 'bt'> = {}): FieldSpec => ({
  path,
  bt,
  ...more,
});

const address = (party: 'seller' | 'buyer', bts: readonly [string, string, string, string, string]) => [
  field([party, 'address', 'line1'], bts[0]),
  field([party, 'address', 'line2'], bts[1]),
  field([party, 'address', 'postal_code'], bts[2]),
  field([party, 'address', 'city'], bts[3]),
  field([party, 'address', 'country_code'], bts[4], { kind: 'code', list: 'country' }),
];

/** BT-23 values of the French e-invoicing frame: goods, services, mixed; already paid; after a down payment. */
const businessProcesses = ['B1', 'S1', 'M1', 'B2', 'S2', 'M2', 'B4', 'S4', 'M4'];

export const sections: readonly SectionSpec[] = [
  {
    id: 'header',
    title: 'review.header',
    fields: [
      field(['number'], 'BT-1'),
      field(['type_code'], 'BT-3', { kind: 'code', list: 'invoiceType' }),
      field(['issue_date'], 'BT-2', { kind: 'date' }),
      field(['due_date'], 'BT-9', { kind: 'date' }),
      field(['currency_code'], 'BT-5', {
        kind: 'code',
        list: 'currency',
        suggestions: ['EUR', 'CHF', 'GBP', 'USD'],
      }),
      field(['business_process'], 'BT-23', { kind: 'code', suggestions: businessProcesses }),
      field(['buyer_reference'], 'BT-10'),
      field(['purchase_order_reference'], 'BT-13'),
      field(['contract_reference'], 'BT-12'),
      field(['delivery', 'date'], 'BT-72', { kind: 'date' }),
      field(['delivery', 'address', 'country_code'], 'BT-80', { kind: 'code', list: 'country' }),
      field(['payment_terms'], 'BT-20', { kind: 'long' }),
    ],
  },
  {
    id: 'seller',
    title: 'review.seller',
    fields: [
      field(['seller', 'name'], 'BT-27'),
      field(['seller', 'trading_name'], 'BT-28'),
      field(['seller', 'identifiers', 0, 'value'], 'BT-29'),
      field(['seller', 'identifiers', 0, 'scheme'], 'BT-29-1', { kind: 'code', list: 'identifierScheme' }),
      field(['seller', 'legal_registration', 'value'], 'BT-30'),
      field(['seller', 'legal_registration', 'scheme'], 'BT-30-1', {
        kind: 'code',
        list: 'identifierScheme',
      }),
      field(['seller', 'vat_id'], 'BT-31'),
      field(['seller', 'electronic_address', 'value'], 'BT-34'),
      field(['seller', 'electronic_address', 'scheme'], 'BT-34-1', { kind: 'code', list: 'addressScheme' }),
      ...address('seller', ['BT-35', 'BT-36', 'BT-38', 'BT-37', 'BT-40']),
      field(['seller', 'contact', 'email'], 'BT-43'),
      field(['seller', 'additional_legal_info'], 'BT-33', { kind: 'long' }),
    ],
  },
  {
    id: 'buyer',
    title: 'review.buyer',
    fields: [
      field(['buyer', 'name'], 'BT-44'),
      field(['buyer', 'legal_registration', 'value'], 'BT-47'),
      field(['buyer', 'legal_registration', 'scheme'], 'BT-47-1', { kind: 'code', list: 'identifierScheme' }),
      field(['buyer', 'vat_id'], 'BT-48'),
      field(['buyer', 'electronic_address', 'value'], 'BT-49'),
      field(['buyer', 'electronic_address', 'scheme'], 'BT-49-1', { kind: 'code', list: 'addressScheme' }),
      ...address('buyer', ['BT-50', 'BT-51', 'BT-53', 'BT-52', 'BT-55']),
    ],
  },
  {
    id: 'totals',
    title: 'review.totals',
    fields: [
      field(['totals', 'line_total'], 'BT-106', { kind: 'decimal' }),
      field(['totals', 'allowance_total'], 'BT-107', { kind: 'decimal' }),
      field(['totals', 'charge_total'], 'BT-108', { kind: 'decimal' }),
      field(['totals', 'tax_exclusive'], 'BT-109', { kind: 'decimal' }),
      field(['totals', 'tax_total'], 'BT-110', { kind: 'decimal' }),
      field(['totals', 'tax_inclusive'], 'BT-112', { kind: 'decimal' }),
      field(['totals', 'prepaid'], 'BT-113', { kind: 'decimal' }),
      field(['totals', 'amount_due'], 'BT-115', { kind: 'decimal' }),
    ],
  },
  {
    id: 'payment',
    title: 'review.payment',
    fields: [
      field(['payment', 'means_code'], 'BT-81', { kind: 'code', list: 'paymentMeans' }),
      field(['payment', 'credit_transfers', 0, 'account_id'], 'BT-84'),
      field(['payment', 'credit_transfers', 0, 'service_provider_id'], 'BT-86'),
      field(['payment', 'credit_transfers', 0, 'account_name'], 'BT-85'),
      field(['payment', 'remittance_information'], 'BT-83'),
    ],
  },
];

export const tables: readonly TableSpec[] = [
  {
    id: 'lines',
    title: 'review.lines',
    path: ['lines'],
    group: 'BG-25',
    columns: [
      field(['id'], 'BT-126'),
      field(['item', 'name'], 'BT-153', { wide: true }),
      field(['quantity'], 'BT-129', { kind: 'decimal' }),
      field(['unit_code'], 'BT-130', { kind: 'code', list: 'unit' }),
      field(['net_price'], 'BT-146', { kind: 'decimal' }),
      field(['vat_category_code'], 'BT-151', { kind: 'code', list: 'vatCategory' }),
      field(['vat_rate'], 'BT-152', { kind: 'decimal' }),
      field(['net_amount'], 'BT-131', { kind: 'decimal' }),
    ],
    newEntry: (index) => ({ id: String(index + 1), unit_code: 'C62', vat_category_code: 'S' }),
  },
  {
    id: 'vat',
    title: 'review.vat',
    path: ['vat_breakdown'],
    group: 'BG-23',
    columns: [
      field(['category_code'], 'BT-118', { kind: 'code', list: 'vatCategory' }),
      field(['rate'], 'BT-119', { kind: 'decimal' }),
      field(['taxable_amount'], 'BT-116', { kind: 'decimal' }),
      field(['tax_amount'], 'BT-117', { kind: 'decimal' }),
      field(['exemption_reason'], 'BT-120', { wide: true }),
      field(['exemption_reason_code'], 'BT-121', { kind: 'code', list: 'vatex' }),
    ],
    newEntry: () => ({ category_code: 'S' }),
  },
  {
    id: 'allowances',
    title: 'review.allowances',
    path: ['allowances'],
    columns: [
      field(['reason'], 'BT-97', { wide: true }),
      field(['amount'], 'BT-92', { kind: 'decimal' }),
      field(['vat_category_code'], 'BT-95', { kind: 'code', list: 'vatCategory' }),
      field(['vat_rate'], 'BT-96', { kind: 'decimal' }),
    ],
    newEntry: () => ({ vat_category_code: 'S' }),
  },
  {
    id: 'charges',
    title: 'review.charges',
    path: ['charges'],
    columns: [
      field(['reason'], 'BT-104', { wide: true }),
      field(['amount'], 'BT-99', { kind: 'decimal' }),
      field(['vat_category_code'], 'BT-102', { kind: 'code', list: 'vatCategory' }),
      field(['vat_rate'], 'BT-103', { kind: 'decimal' }),
    ],
    newEntry: () => ({ vat_category_code: 'S' }),
  },
  {
    id: 'notes',
    title: 'review.notes',
    path: ['notes'],
    columns: [
      field(['subject_code'], 'BT-21', { kind: 'code', list: 'noteSubject' }),
      field(['content'], 'BT-22', { kind: 'long', wide: true }),
    ],
    newEntry: () => ({}),
  },
  {
    id: 'preceding',
    title: 'review.preceding',
    path: ['preceding_invoices'],
    columns: [field(['reference'], 'BT-25'), field(['issue_date'], 'BT-26', { kind: 'date' })],
    newEntry: () => ({}),
  },
];

/** Every field of the form with its full path, the table entries given as they are in a draft. */
export function fieldAtPath(path: Path): FieldSpec | undefined {
  const text = JSON.stringify(path);
  for (const section of sections) {
    const found = section.fields.find((spec) => JSON.stringify(spec.path) === text);
    if (found) return found;
  }
  for (const table of tables) {
    const [index, ...rest] = path.slice(table.path.length);
    if (JSON.stringify(path.slice(0, table.path.length)) !== JSON.stringify(table.path)) continue;
    if (typeof index !== 'number') continue;
    const column = table.columns.find((spec) => JSON.stringify(spec.path) === JSON.stringify(rest));
    if (column) return { ...column, path };
  }
  return undefined;
}

/** A path as the API writes it (`lines[1].quantity`) as a path of the draft. */
export function pathOf(text: string): Path {
  return [...text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) =>
    match[2] !== undefined ? Number(match[2]) : (match[1] as string),
  );
}

/**
 * The groups a finding may name as a whole (BR-16: at least one invoice line; BR-08: the seller's postal
 * address), each by the term the form fills first for it.
 */
const GROUP_STARTS: Readonly<Record<string, string>> = {
  'BG-1': 'BT-21',
  'BG-3': 'BT-25',
  'BG-4': 'BT-27',
  'BG-5': 'BT-35',
  'BG-7': 'BT-44',
  'BG-8': 'BT-50',
  'BG-13': 'BT-72',
  'BG-15': 'BT-80',
  'BG-16': 'BT-81',
  'BG-17': 'BT-84',
  'BG-20': 'BT-92',
  'BG-21': 'BT-99',
  'BG-22': 'BT-106',
  'BG-23': 'BT-118',
  'BG-25': 'BT-126',
};

/** The term whose field a finding about `bt` leads to: the term itself, or the first of its group. */
export const fieldTermOf = (bt: string): string => GROUP_STARTS[bt] ?? bt;

/** Where the form shows a business term (or the group it starts): a field of a section, or a column of a table. */
export function placeOfTerm(term: string): { readonly table?: TableSpec } | undefined {
  const bt = fieldTermOf(term);
  if (sections.some((section) => section.fields.some((spec) => spec.bt === bt))) return {};
  const table = tables.find((spec) => spec.columns.some((column) => column.bt === bt));
  return table ? { table } : undefined;
}
