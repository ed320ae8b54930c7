/**
 * `invoice_data`: the complete structured ERP payload of convert (input mode 2), defined once. The
 * TypeScript type, the runtime validation, the mapping to the model (to-model.ts) and the integration
 * contract (contract.ts) all come from this schema. Every field carries its EN16931 term in `.meta()`.
 *
 * Amounts, quantities and rates are decimal strings (`"1250.00"`); JSON numbers are accepted too and
 * read by their JSON text (`12.5` is `"12.5"`), never computed with as binary floats.
 */
import { globalRegistry, z } from 'zod';
import { REASONS } from '../api/reasons';
import { Decimal } from '../decimal/decimal';
import { UNCL1001_INVOICE_TYPES } from '../rules/codelists/uncl1001';

export interface FieldMeta {
  /** The EN16931 business term or group (`BT-27`); several when one field carries two. */
  readonly bt?: string;
  readonly description: string;
  /** Value used when the field is absent. */
  readonly default?: string;
}

const m = <T extends z.ZodType>(schema: T, bt: string | undefined, description: string): T =>
  schema.meta(bt ? { bt, description } : { description });

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

const decimal = (bt: string | undefined, description: string) =>
  m(
    z.union([
      z.string().refine((s) => DECIMAL_TEXT.test(s.trim()) && Decimal.parse(s) !== null, {
        message: REASONS.decimalText.en,
      }),
      z.number().refine((n) => Number.isFinite(n) && DECIMAL_TEXT.test(String(n)), {
        message: REASONS.decimalNumber.en,
      }),
    ]),
    bt,
    description,
  );

function isCalendarDate(s: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!match) return false;
  const [y, mo, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const date = (bt: string | undefined, description: string) =>
  m(z.string().refine(isCalendarDate, { message: REASONS.isoDate.en }), bt, description);

const str = (bt: string | undefined, description: string, max = 1000) =>
  m(z.string().trim().min(1).max(max), bt, description);

const code = (bt: string | undefined, description: string, pattern: RegExp = /^[A-Za-z0-9._:-]{1,35}$/) =>
  m(z.string().regex(pattern), bt, description);

const country = (bt: string) => code(bt, 'ISO 3166-1 alpha-2 country code, e.g. FR', /^[A-Z]{2}$/);

const identifier = (bt: string, description: string) =>
  m(
    z.strictObject({
      value: str(bt, 'The identifier'),
      scheme: code(
        `${bt}-1`,
        'Scheme identifier (ISO 6523 ICD, e.g. 0002 SIREN, 0009 SIRET, 0088 GLN)',
      ).optional(),
    }),
    bt,
    description,
  );

const electronicAddress = (bt: string, description: string) =>
  m(
    z.strictObject({
      value: str(bt, 'The address, e.g. a SIREN or an e-mail address', 125),
      scheme: code(`${bt}-1`, 'EAS scheme, e.g. 0225 (French SIREN-based), 0009, EM', /^[A-Za-z0-9]{2,20}$/),
    }),
    bt,
    description,
  );

const address = (group: string, bts: readonly [string, string, string, string, string, string, string]) =>
  m(
    z.strictObject({
      line1: str(bts[0], 'Address line 1').optional(),
      line2: str(bts[1], 'Address line 2').optional(),
      line3: str(bts[2], 'Address line 3').optional(),
      city: str(bts[3], 'City').optional(),
      postal_code: str(bts[4], 'Post code', 20).optional(),
      country_subdivision: str(bts[5], 'Country subdivision').optional(),
      country_code: country(bts[6]),
    }),
    group,
    'Postal address',
  );

const contact = (group: string, bts: readonly [string, string, string]) =>
  m(
    z.strictObject({
      name: str(bts[0], 'Contact point (person or department)').optional(),
      phone: str(bts[1], 'Telephone number').optional(),
      email: str(bts[2], 'E-mail address').optional(),
    }),
    group,
    'Contact',
  );

/** BG-4 Seller, as `invoice_data.seller` and a saved seller profile carry it. */
export const SELLER = m(
  z.strictObject({
    name: str('BT-27', 'Seller name (legal name)'),
    trading_name: str('BT-28', 'Seller trading name').optional(),
    identifiers: z.array(identifier('BT-29', 'Seller identifier, e.g. SIRET with scheme 0009')).optional(),
    legal_registration: identifier(
      'BT-30',
      'Seller legal registration identifier, e.g. SIREN with scheme 0002',
    ).optional(),
    vat_id: code(
      'BT-31',
      'Seller VAT identifier with country prefix, e.g. FR32123456789',
      /^[A-Z]{2}[A-Za-z0-9+*.]{2,13}$/,
    ).optional(),
    tax_registration_id: str('BT-32', 'Seller tax registration identifier (scheme FC)').optional(),
    additional_legal_info: str(
      'BT-33',
      'Seller additional legal information (legal form, share capital…)',
    ).optional(),
    electronic_address: electronicAddress('BT-34', 'Seller electronic address').optional(),
    address: address('BG-5', ['BT-35', 'BT-36', 'BT-162', 'BT-37', 'BT-38', 'BT-39', 'BT-40']),
    contact: contact('BG-6', ['BT-41', 'BT-42', 'BT-43']).optional(),
  }),
  'BG-4',
  'Seller',
);

/** BG-7 Buyer, as `invoice_data.buyer` and a saved buyer profile carry it. */
export const BUYER = m(
  z.strictObject({
    name: str('BT-44', 'Buyer name'),
    trading_name: str('BT-45', 'Buyer trading name').optional(),
    identifiers: z.array(identifier('BT-46', 'Buyer identifier')).optional(),
    legal_registration: identifier(
      'BT-47',
      'Buyer legal registration identifier, e.g. SIREN with scheme 0002',
    ).optional(),
    vat_id: code(
      'BT-48',
      'Buyer VAT identifier with country prefix',
      /^[A-Z]{2}[A-Za-z0-9+*.]{2,13}$/,
    ).optional(),
    electronic_address: electronicAddress('BT-49', 'Buyer electronic address').optional(),
    address: address('BG-8', ['BT-50', 'BT-51', 'BT-163', 'BT-52', 'BT-53', 'BT-54', 'BT-55']),
    contact: contact('BG-9', ['BT-56', 'BT-57', 'BT-58']).optional(),
  }),
  'BG-7',
  'Buyer',
);

/** BG-17 Credit transfer. */
export const CREDIT_TRANSFER = m(
  z.strictObject({
    account_id: str('BT-84', 'Payment account identifier (IBAN)', 34),
    account_name: str('BT-85', 'Payment account name').optional(),
    service_provider_id: str('BT-86', 'Payment service provider (BIC)', 11).optional(),
  }),
  'BG-17',
  'Credit transfer',
);

const vatCategory = (bt: string) =>
  code(bt, 'VAT category code (UNCL5305: S, Z, E, AE, K, G, O, L, M)', /^(S|Z|E|AE|K|G|O|L|M)$/);

interface AllowanceTerms {
  amount: string;
  base: string;
  percent: string;
  reason: string;
  code: string;
}

const allowanceFields = (bts: AllowanceTerms) => ({
  amount: decimal(bts.amount, 'Amount (computed from base × percentage when absent)').optional(),
  base_amount: decimal(bts.base, 'Base amount').optional(),
  percentage: decimal(bts.percent, 'Percentage').optional(),
  reason: str(bts.reason, 'Reason').optional(),
  reason_code: code(bts.code, 'Reason code (UNCL5189 allowances, UNCL7161 charges)').optional(),
});

const label = (group: string) => (group === 'BG-20' || group === 'BG-27' ? 'Allowance' : 'Charge');

/** BG-27, BG-28: a line's allowances and charges take the line's VAT. */
const lineAllowanceOrCharge = (group: string, bts: AllowanceTerms) =>
  m(z.strictObject(allowanceFields(bts)), group, label(group));

/** BG-20, BG-21: document allowances and charges carry their own VAT category and rate. */
const documentAllowanceOrCharge = (group: string, bts: AllowanceTerms & { category: string; rate: string }) =>
  m(
    z.strictObject({
      ...allowanceFields(bts),
      vat_category_code: vatCategory(bts.category),
      vat_rate: decimal(bts.rate, 'VAT rate in percent').optional(),
    }),
    group,
    label(group),
  );

const period = (group: string, start: string, end: string) =>
  m(
    z.strictObject({
      start_date: date(start, 'Start date').optional(),
      end_date: date(end, 'End date').optional(),
    }),
    group,
    'Period',
  );

const LINE = m(
  z.strictObject({
    id: str('BT-126', 'Line identifier, unique in the invoice', 100),
    note: str('BT-127', 'Line note').optional(),
    object_identifier: identifier('BT-128', 'Invoice line object identifier').optional(),
    quantity: decimal('BT-129', 'Invoiced quantity'),
    unit_code: code('BT-130', 'Unit of measure (UN/ECE Rec 20, e.g. C62 unit, HUR hour, KGM kilogram)'),
    net_amount: decimal('BT-131', 'Line net amount (computed when absent, checked when given)').optional(),
    order_line_reference: str('BT-132', 'Referenced purchase order line').optional(),
    accounting_reference: str('BT-133', 'Buyer accounting reference of the line').optional(),
    period: period('BG-26', 'BT-134', 'BT-135').optional(),
    allowances: z
      .array(
        lineAllowanceOrCharge('BG-27', {
          amount: 'BT-136',
          base: 'BT-137',
          percent: 'BT-138',
          reason: 'BT-139',
          code: 'BT-140',
        }),
      )
      .optional(),
    charges: z
      .array(
        lineAllowanceOrCharge('BG-28', {
          amount: 'BT-141',
          base: 'BT-142',
          percent: 'BT-143',
          reason: 'BT-144',
          code: 'BT-145',
        }),
      )
      .optional(),
    net_price: decimal('BT-146', 'Item net price (after price discount), excluding VAT'),
    price_discount: decimal('BT-147', 'Item price discount').optional(),
    gross_price: decimal('BT-148', 'Item gross price').optional(),
    price_base_quantity: decimal('BT-149', 'Quantity the price applies to (default 1)').optional(),
    price_base_unit_code: code('BT-150', 'Unit of the price base quantity').optional(),
    vat_category_code: vatCategory('BT-151'),
    vat_rate: decimal('BT-152', 'VAT rate in percent, e.g. 20').optional(),
    item: m(
      z.strictObject({
        name: str('BT-153', 'Item name'),
        description: str('BT-154', 'Item description', 5000).optional(),
        seller_id: str('BT-155', "Item seller's identifier").optional(),
        buyer_id: str('BT-156', "Item buyer's identifier").optional(),
        standard_id: identifier('BT-157', 'Item standard identifier, e.g. GTIN with scheme 0160').optional(),
        classifications: z
          .array(
            m(
              z.strictObject({
                value: str('BT-158', 'Classification code'),
                scheme: code('BT-158-1', 'Classification scheme (UNTDID 7143, e.g. STI, HS)'),
                version: str('BT-158-2', 'Scheme version').optional(),
              }),
              'BT-158',
              'Item classification identifier',
            ),
          )
          .optional(),
        origin_country: country('BT-159').optional(),
        attributes: z
          .array(
            m(
              z.strictObject({
                name: str('BT-160', 'Attribute name'),
                value: str('BT-161', 'Attribute value'),
              }),
              'BG-32',
              'Item attribute',
            ),
          )
          .optional(),
      }),
      'BG-31',
      'Item information',
    ),
  }),
  'BG-25',
  'Invoice line',
);

export const invoiceDataSchema = z.strictObject({
  number: str('BT-1', 'Invoice number', 100),
  type_code: z
    .enum([...UNCL1001_INVOICE_TYPES] as [string, ...string[]])
    .meta({
      bt: 'BT-3',
      description:
        'Invoice type code (UNTDID 1001, the codes EN 16931 admits): 380 invoice, 381 credit note, 384 corrective, 386 prepayment, 389 self-billed…',
      default: '380',
    })
    .optional(),
  issue_date: date('BT-2', 'Invoice issue date'),
  currency_code: code('BT-5', 'Invoice currency (ISO 4217), e.g. EUR', /^[A-Z]{3}$/),
  vat_accounting_currency_code: code(
    'BT-6',
    'VAT accounting currency when it differs',
    /^[A-Z]{3}$/,
  ).optional(),
  vat_accounting_total: decimal('BT-111', 'Total VAT in the accounting currency (with BT-6)').optional(),
  tax_point_date: date('BT-7', 'VAT point date').optional(),
  vat_point_date_code: code('BT-8', 'VAT point date code (UNTDID 2475: 5, 29, 72)', /^(5|29|72)$/).optional(),
  due_date: date('BT-9', 'Payment due date').optional(),
  buyer_reference: str('BT-10', 'Buyer reference (service code, routing reference)').optional(),
  project_reference: str('BT-11', 'Project reference').optional(),
  contract_reference: str('BT-12', 'Contract reference').optional(),
  purchase_order_reference: str('BT-13', 'Purchase order reference').optional(),
  sales_order_reference: str('BT-14', 'Sales order reference').optional(),
  receiving_advice_reference: str('BT-15', 'Receiving advice reference').optional(),
  despatch_advice_reference: str('BT-16', 'Despatch advice reference').optional(),
  tender_reference: str('BT-17', 'Tender or lot reference').optional(),
  invoiced_object_identifier: identifier('BT-18', 'Invoiced object identifier').optional(),
  buyer_accounting_reference: str('BT-19', 'Buyer accounting reference').optional(),
  payment_terms: str('BT-20', 'Payment terms (text)', 5000).optional(),
  notes: z
    .array(
      m(
        z.strictObject({
          subject_code: code(
            'BT-21',
            'Subject (UNTDID 4451), e.g. PMT, PMD, AAB, REG',
            /^[A-Z]{3}$/,
          ).optional(),
          content: str('BT-22', 'Note text', 5000),
        }),
        'BG-1',
        'Invoice note',
      ),
    )
    .optional(),
  business_process: str(
    'BT-23',
    'Business process type, e.g. S1, B1, M1 (France 2026 cadre de facturation)',
  ).optional(),
  preceding_invoices: z
    .array(
      m(
        z.strictObject({
          reference: str('BT-25', 'Preceding invoice number'),
          issue_date: date('BT-26', 'Preceding invoice issue date').optional(),
        }),
        'BG-3',
        'Preceding invoice reference',
      ),
    )
    .optional(),
  seller: SELLER,
  buyer: BUYER,
  payee: m(
    z.strictObject({
      name: str('BT-59', 'Payee name'),
      identifier: identifier('BT-60', 'Payee identifier').optional(),
      legal_registration: identifier('BT-61', 'Payee legal registration identifier').optional(),
    }),
    'BG-10',
    'Payee, when different from the seller',
  ).optional(),
  tax_representative: m(
    z.strictObject({
      name: str('BT-62', 'Seller tax representative name'),
      vat_id: code('BT-63', 'Tax representative VAT identifier', /^[A-Z]{2}[A-Za-z0-9+*.]{2,13}$/),
      address: address('BG-12', ['BT-64', 'BT-65', 'BT-164', 'BT-66', 'BT-67', 'BT-68', 'BT-69']),
    }),
    'BG-11',
    'Seller tax representative',
  ).optional(),
  delivery: m(
    z.strictObject({
      party_name: str('BT-70', 'Deliver to party name').optional(),
      location_id: identifier('BT-71', 'Deliver to location identifier').optional(),
      date: date('BT-72', 'Actual delivery date').optional(),
      address: address('BG-15', ['BT-75', 'BT-76', 'BT-165', 'BT-77', 'BT-78', 'BT-79', 'BT-80']).optional(),
    }),
    'BG-13',
    'Delivery information',
  ).optional(),
  invoicing_period: period('BG-14', 'BT-73', 'BT-74').optional(),
  payment: m(
    z.strictObject({
      means_code: code(
        'BT-81',
        'Payment means (UNTDID 4461): 30 credit transfer, 58 SEPA credit transfer, 59 SEPA direct debit, 48 card',
        /^[0-9A-Z]{1,3}$/,
      ),
      means_text: str('BT-82', 'Payment means text').optional(),
      remittance_information: str('BT-83', 'Remittance information').optional(),
      credit_transfers: z.array(CREDIT_TRANSFER).optional(),
      card: m(
        z.strictObject({
          account_number: str('BT-87', 'Card primary account number (last digits only)', 20),
          holder_name: str('BT-88', 'Card holder name').optional(),
        }),
        'BG-18',
        'Payment card',
      ).optional(),
      direct_debit: m(
        z.strictObject({
          mandate_reference: str('BT-89', 'Mandate reference').optional(),
          creditor_id: str('BT-90', 'Bank assigned creditor identifier').optional(),
          debited_account: str('BT-91', 'Debited account (IBAN)', 34).optional(),
        }),
        'BG-19',
        'Direct debit',
      ).optional(),
    }),
    'BG-16',
    'Payment instructions',
  ).optional(),
  allowances: z
    .array(
      documentAllowanceOrCharge('BG-20', {
        amount: 'BT-92',
        base: 'BT-93',
        percent: 'BT-94',
        category: 'BT-95',
        rate: 'BT-96',
        reason: 'BT-97',
        code: 'BT-98',
      }),
    )
    .optional(),
  charges: z
    .array(
      documentAllowanceOrCharge('BG-21', {
        amount: 'BT-99',
        base: 'BT-100',
        percent: 'BT-101',
        category: 'BT-102',
        rate: 'BT-103',
        reason: 'BT-104',
        code: 'BT-105',
      }),
    )
    .optional(),
  vat_breakdown: z
    .array(
      m(
        z.strictObject({
          category_code: vatCategory('BT-118'),
          rate: decimal('BT-119', 'VAT rate in percent').optional(),
          taxable_amount: decimal(
            'BT-116',
            'Taxable amount (computed when absent, checked when given)',
          ).optional(),
          tax_amount: decimal('BT-117', 'VAT amount (computed when absent, checked when given)').optional(),
          exemption_reason: str('BT-120', 'VAT exemption reason text').optional(),
          exemption_reason_code: code(
            'BT-121',
            'VAT exemption reason code (VATEX), e.g. VATEX-EU-IC',
          ).optional(),
        }),
        'BG-23',
        'VAT breakdown entry',
      ),
    )
    .optional(),
  totals: m(
    z.strictObject({
      line_total: decimal('BT-106', 'Sum of line net amounts').optional(),
      allowance_total: decimal('BT-107', 'Sum of document allowances').optional(),
      charge_total: decimal('BT-108', 'Sum of document charges').optional(),
      tax_exclusive: decimal('BT-109', 'Total without VAT').optional(),
      tax_total: decimal('BT-110', 'Total VAT').optional(),
      tax_inclusive: decimal('BT-112', 'Total with VAT').optional(),
      prepaid: decimal('BT-113', 'Paid amount').optional(),
      rounding: decimal('BT-114', 'Rounding amount').optional(),
      amount_due: decimal('BT-115', 'Amount due for payment').optional(),
    }),
    'BG-22',
    'Document totals: each computed when absent, checked when given',
  ).optional(),
  attachments: z
    .array(
      m(
        z.strictObject({
          id: str('BT-122', 'Supporting document reference'),
          description: str('BT-123', 'Description').optional(),
          url: str('BT-124', 'External document location').optional(),
          content: m(
            z.strictObject({
              base64: m(z.string().regex(/^[A-Za-z0-9+/=\s]+$/), 'BT-125', 'Base64 content'),
              mime_code: code('BT-125-1', 'MIME type, e.g. application/pdf', /^[a-z]+\/[A-Za-z0-9.+-]+$/),
              filename: str('BT-125-2', 'File name'),
            }),
            'BT-125',
            'Attached document',
          ).optional(),
        }),
        'BG-24',
        'Additional supporting document',
      ),
    )
    .optional(),
  lines: m(
    z.array(LINE).min(1),
    'BG-25',
    'Invoice lines; without them the invoice is a document-level one (Factur-X BASIC WL), whose totals and VAT breakdown are given',
  ).optional(),
});

export type InvoiceData = z.infer<typeof invoiceDataSchema>;

/** Every field of `T` optional, at every depth: a payload still being completed. */
export type Draft<T> = T extends readonly (infer U)[]
  ? Draft<U>[]
  : T extends object
    ? { [K in keyof T]?: Draft<T[K]> }
    : T;

/**
 * `invoice_data` with any field left out, every given one checked as the full payload checks it: the
 * candidate invoice a dry run hands back (`candidateInvoiceData`), and what a dry run accepts, so that an
 * invoice being completed (read from a PDF, corrected in a form) is judged by the rules that need what it
 * lacks rather than refused.
 */
export type InvoiceDataDraft = Draft<InvoiceData>;

function draftOf(schema: z.ZodType): z.ZodType {
  const meta = globalRegistry.get(schema);
  const withMeta = (s: z.ZodType) => (meta ? s.meta(meta) : s);
  if (schema instanceof z.ZodOptional) return draftOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodArray) return withMeta(z.array(draftOf(schema.element as z.ZodType)));
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, v]) => [k, draftOf(v).optional()]),
    );
    return withMeta(z.strictObject(shape));
  }
  return schema;
}

export const invoiceDataDraftSchema = draftOf(invoiceDataSchema) as z.ZodType<InvoiceDataDraft>;
