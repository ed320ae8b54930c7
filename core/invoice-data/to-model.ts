/**
 * `invoice_data` (validated, complete or a draft) to the invoice model: what the payload leaves out, the
 * model leaves out. Document allowances come first in the model's `allowanceCharges`, then charges, so
 * that a model path maps back to the payload (see fieldOfModelPath). Each credit transfer is a payment
 * means of its own (BG-16 repeated), as CII carries several accounts. from-model.ts is the inverse.
 */
import type { Address, AllowanceCharge, Amount, Invoice, InvoiceLine, Party } from '../model/invoice';
import type { InvoiceDataDraft } from './schema';

type Data = InvoiceDataDraft;
type Line = NonNullable<Data['lines']>[number];
type DataAddress = NonNullable<Data['seller']>['address'];
type DataIdentifier = { value?: string | undefined; scheme?: string | undefined };

const dec = (v: string | number | undefined): string | undefined =>
  v === undefined ? undefined : String(v).trim();

/** A payload amount as a model amount; the currency is the invoice's (BT-5), so none is stated. */
const money = (v: string | number | undefined): Amount | undefined =>
  v === undefined ? undefined : { value: String(v).trim() };

/** Drops undefined members so that the model holds only what was given. */
function compact<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as T;
}

/** `o` without its undefined members, or nothing when none is left (a draft line without item). */
function given<T extends object>(o: T): T | undefined {
  const out = compact(o);
  return Object.keys(out).length > 0 ? out : undefined;
}

/** An identifier with its scheme; none without a value (a scheme alone identifies nothing). */
function id(i: DataIdentifier | undefined) {
  return i?.value !== undefined ? compact({ value: i.value, scheme: i.scheme }) : undefined;
}

function address(a: DataAddress | undefined): Address | undefined {
  if (!a) return undefined;
  return compact({
    postcode: a.postal_code,
    line1: a.line1,
    line2: a.line2,
    line3: a.line3,
    city: a.city,
    country: a.country_code,
    subdivision: a.country_subdivision,
  });
}

type DataParty = NonNullable<Data['seller']> | NonNullable<Data['buyer']>;

function party(p: DataParty): Party {
  const ids = (p.identifiers ?? []).flatMap((i) => id(i) ?? []);
  const taxRegistrations = [
    ...(p.vat_id ? [{ id: { value: p.vat_id, scheme: 'VA' } }] : []),
    ...('tax_registration_id' in p && p.tax_registration_id
      ? [{ id: { value: p.tax_registration_id, scheme: 'FC' } }]
      : []),
  ];
  const c = p.contact;
  return compact({
    ids: ids.filter((i) => !i.scheme),
    globalIds: ids.filter((i) => i.scheme) as { value: string; scheme: string }[],
    name: p.name,
    description: 'additional_legal_info' in p ? p.additional_legal_info : undefined,
    legalOrganization:
      id(p.legal_registration) || p.trading_name
        ? compact({ id: id(p.legal_registration), tradingName: p.trading_name })
        : undefined,
    contacts: c ? [compact({ personName: c.name, phone: c.phone, email: c.email })] : undefined,
    address: address(p.address),
    electronicAddress: id(p.electronic_address),
    taxRegistrations: taxRegistrations.length > 0 ? taxRegistrations : undefined,
  });
}

/** A payload or saved-profile party (BG-4, BG-7) as a model party. */
export const partyOf = (p: DataParty): Party => clean(party(p));

function clean(p: Party): Party {
  const out = { ...p };
  if (out.ids?.length === 0) delete out.ids;
  if (out.globalIds?.length === 0) delete out.globalIds;
  return out;
}

interface DataAllowanceCharge {
  amount?: string | number | undefined;
  base_amount?: string | number | undefined;
  percentage?: string | number | undefined;
  vat_category_code?: string | undefined;
  vat_rate?: string | number | undefined;
  reason?: string | undefined;
  reason_code?: string | undefined;
}

function allowanceCharge(a: DataAllowanceCharge, isCharge: boolean): AllowanceCharge {
  const category = a.vat_category_code;
  const rate = dec(a.vat_rate);
  return compact({
    isCharge,
    percent: dec(a.percentage),
    basisAmount: money(a.base_amount),
    amount: money(a.amount),
    reasonCode: a.reason_code,
    reason: a.reason,
    tax: category ? compact({ typeCode: 'VAT', categoryCode: category, rate }) : undefined,
  });
}

function line(l: Line): InvoiceLine {
  const item = l.item ?? {};
  const acs = [
    ...(l.allowances ?? []).map((a) => allowanceCharge(a, false)),
    ...(l.charges ?? []).map((c) => allowanceCharge(c, true)),
  ];
  const baseQuantity = dec(l.price_base_quantity);
  return compact({
    lineId: l.id,
    notes: l.note ? [{ content: l.note }] : undefined,
    product: given({
      globalId: id(item.standard_id),
      sellerId: item.seller_id,
      buyerId: item.buyer_id,
      name: item.name,
      description: item.description,
      characteristics: item.attributes?.map((a) => compact({ name: a.name, value: a.value })),
      classifications: item.classifications?.map((c) =>
        compact({
          code:
            c.value !== undefined
              ? compact({ value: c.value, listId: c.scheme, listVersionId: c.version })
              : undefined,
        }),
      ),
      originCountry: item.origin_country,
    }),
    buyerOrder: l.order_line_reference ? { lineId: l.order_line_reference } : undefined,
    grossPrice:
      l.gross_price !== undefined
        ? compact({
            amount: money(l.gross_price),
            basisQuantity: baseQuantity
              ? compact({ value: baseQuantity, unit: l.price_base_unit_code })
              : undefined,
            allowanceCharges:
              l.price_discount !== undefined
                ? [{ isCharge: false, amount: money(l.price_discount)! }]
                : undefined,
          })
        : undefined,
    netPrice:
      l.net_price !== undefined || baseQuantity
        ? compact({
            amount: money(l.net_price),
            basisQuantity: baseQuantity
              ? compact({ value: baseQuantity, unit: l.price_base_unit_code })
              : undefined,
          })
        : undefined,
    billedQuantity:
      l.quantity !== undefined ? compact({ value: dec(l.quantity)!, unit: l.unit_code }) : undefined,
    taxes: [compact({ typeCode: 'VAT', categoryCode: l.vat_category_code, rate: dec(l.vat_rate) })],
    period: l.period ? compact({ start: l.period.start_date, end: l.period.end_date }) : undefined,
    allowanceCharges: acs.length > 0 ? acs : undefined,
    summation: given({ lineTotal: money(l.net_amount) }),
    objectReferences:
      l.object_identifier?.value !== undefined
        ? [
            compact({
              id: l.object_identifier.value,
              typeCode: '130',
              referenceTypeCode: l.object_identifier.scheme,
            }),
          ]
        : undefined,
    accountingAccounts: l.accounting_reference ? [{ id: l.accounting_reference }] : undefined,
  });
}

export function invoiceDataToModel(d: Data): Invoice {
  const payment = d.payment;
  const acs = [
    ...(d.allowances ?? []).map((a) => allowanceCharge(a, false)),
    ...(d.charges ?? []).map((c) => allowanceCharge(c, true)),
  ];
  const additionalDocuments = [
    ...(d.attachments ?? []).map((a) =>
      compact({
        id: a.id,
        uri: a.url,
        typeCode: '916',
        name: a.description,
        attachment:
          a.content?.base64 !== undefined
            ? compact({
                value: a.content.base64.replace(/\s+/g, ''),
                mimeCode: a.content.mime_code,
                filename: a.content.filename,
              })
            : undefined,
      }),
    ),
    ...(d.tender_reference ? [{ id: d.tender_reference, typeCode: '50' }] : []),
    ...(d.invoiced_object_identifier?.value !== undefined
      ? [
          compact({
            id: d.invoiced_object_identifier.value,
            typeCode: '130',
            referenceTypeCode: d.invoiced_object_identifier.scheme,
          }),
        ]
      : []),
  ];
  const t = d.totals;
  const vatBreakdown = d.vat_breakdown?.map((v, i) =>
    compact({
      taxAmount: money(v.tax_amount),
      typeCode: 'VAT',
      exemptionReason: v.exemption_reason,
      basisAmount: money(v.taxable_amount),
      categoryCode: v.category_code,
      exemptionReasonCode: v.exemption_reason_code,
      taxPointDate: i === 0 ? d.tax_point_date : undefined,
      dueDateTypeCode: i === 0 ? d.vat_point_date_code : undefined,
      rate: dec(v.rate),
    }),
  );
  const paymentTerms =
    d.payment_terms || d.due_date || payment?.direct_debit?.mandate_reference
      ? [
          compact({
            description: d.payment_terms,
            dueDate: d.due_date,
            mandateReference: payment?.direct_debit?.mandate_reference,
          }),
        ]
      : undefined;
  return compact<Invoice>({
    businessProcess: d.business_process,
    number: d.number,
    typeCode: d.type_code ?? '380',
    issueDate: d.issue_date,
    notes: d.notes?.map((n) => compact({ content: n.content, subjectCode: n.subject_code })),
    lines: d.lines?.map(line),
    buyerReference: d.buyer_reference,
    seller: d.seller ? partyOf(d.seller) : undefined,
    buyer: d.buyer ? partyOf(d.buyer) : undefined,
    sellerTaxRepresentative: d.tax_representative
      ? compact({
          name: d.tax_representative.name,
          address: address(d.tax_representative.address),
          taxRegistrations: d.tax_representative.vat_id
            ? [{ id: { value: d.tax_representative.vat_id, scheme: 'VA' } }]
            : undefined,
        })
      : undefined,
    sellerOrder: d.sales_order_reference ? { id: d.sales_order_reference } : undefined,
    buyerOrder: d.purchase_order_reference ? { id: d.purchase_order_reference } : undefined,
    contract: d.contract_reference ? { id: d.contract_reference } : undefined,
    additionalDocuments: additionalDocuments.length > 0 ? additionalDocuments : undefined,
    project: d.project_reference ? { id: d.project_reference, name: d.project_reference } : undefined,
    shipTo:
      d.delivery && (d.delivery.party_name || d.delivery.location_id || d.delivery.address)
        ? clean(
            compact({
              ...identifiers(d.delivery.location_id),
              name: d.delivery.party_name,
              address: address(d.delivery.address),
            }),
          )
        : undefined,
    deliveryDate: d.delivery?.date,
    despatchAdvice: d.despatch_advice_reference ? { id: d.despatch_advice_reference } : undefined,
    receivingAdvice: d.receiving_advice_reference ? { id: d.receiving_advice_reference } : undefined,
    creditorReference: payment?.direct_debit?.creditor_id,
    paymentReference: payment?.remittance_information,
    taxCurrency: d.vat_accounting_currency_code,
    currency: d.currency_code,
    payee: d.payee
      ? clean(
          compact({
            ...identifiers(d.payee.identifier),
            name: d.payee.name,
            legalOrganization: id(d.payee.legal_registration)
              ? { id: id(d.payee.legal_registration) }
              : undefined,
          }),
        )
      : undefined,
    paymentMeans: payment ? paymentMeans(payment) : undefined,
    vatBreakdown,
    invoicingPeriod: d.invoicing_period
      ? compact({ start: d.invoicing_period.start_date, end: d.invoicing_period.end_date })
      : undefined,
    allowanceCharges: acs.length > 0 ? acs : undefined,
    paymentTerms,
    totals: compact({
      lineTotal: money(t?.line_total),
      chargeTotal: money(t?.charge_total),
      allowanceTotal: money(t?.allowance_total),
      taxBasisTotal: money(t?.tax_exclusive),
      taxTotals: [
        ...(t?.tax_total !== undefined ? [{ value: dec(t.tax_total)!, currency: d.currency_code }] : []),
        ...(d.vat_accounting_total !== undefined && d.vat_accounting_currency_code
          ? [{ value: dec(d.vat_accounting_total)!, currency: d.vat_accounting_currency_code }]
          : []),
      ],
      roundingAmount: money(t?.rounding),
      grandTotal: money(t?.tax_inclusive),
      prepaidAmount: money(t?.prepaid),
      duePayable: money(t?.amount_due),
    }),
    precedingInvoices: d.preceding_invoices?.map((p) =>
      compact({ id: p.reference, issueDate: p.issue_date }),
    ),
    accountingAccounts: d.buyer_accounting_reference ? [{ id: d.buyer_accounting_reference }] : undefined,
  });
}

type CreditTransfer = NonNullable<NonNullable<Data['payment']>['credit_transfers']>[number];

/** BG-17 Credit transfer: BT-84 account, BT-85 its name, BT-86 the bank's BIC. */
export const creditTransferOf = (transfer: CreditTransfer) =>
  compact({
    creditorAccount: compact({ iban: transfer.account_id, name: transfer.account_name }),
    creditorBic: transfer.service_provider_id,
  });

/** BG-16: one payment means per credit transfer (the first also carries the card and the direct debit). */
function paymentMeans(p: NonNullable<Data['payment']>) {
  const [first, ...others] = p.credit_transfers ?? [];
  const means = (transfer: CreditTransfer | undefined, withAccounts: boolean) =>
    compact({
      typeCode: p.means_code,
      information: p.means_text,
      card:
        withAccounts && p.card
          ? compact({ id: p.card.account_number, holderName: p.card.holder_name })
          : undefined,
      debtorAccount:
        withAccounts && p.direct_debit?.debited_account
          ? { iban: p.direct_debit.debited_account }
          : undefined,
      ...(transfer ? creditTransferOf(transfer) : {}),
    });
  return [means(first, true), ...others.map((t) => means(t, false))];
}

/** A party identifier (BT-60, BT-71): `ram:GlobalID` with its scheme, else `ram:ID`. */
function identifiers(i: DataIdentifier | undefined) {
  const given = id(i);
  if (!given) return {};
  return given.scheme ? { globalIds: [given as { value: string; scheme: string }] } : { ids: [given] };
}

/**
 * The payload field a model path of a computed amount comes from: `lines[2].summation.lineTotal` →
 * `lines[2].net_amount`, `allowanceCharges[3].amount` → `charges[1].amount` (allowances come first).
 */
export function fieldOfModelPath(path: string, d: Data): string {
  const allowances = d.allowances?.length ?? 0;
  const ac = /^allowanceCharges\[(\d+)\]\.amount$/.exec(path);
  if (ac) {
    const i = Number(ac[1]);
    return i < allowances ? `allowances[${i}].amount` : `charges[${i - allowances}].amount`;
  }
  const lineAc = /^lines\[(\d+)\]\.allowanceCharges\[(\d+)\]\.amount$/.exec(path);
  if (lineAc) {
    const l = Number(lineAc[1]);
    const i = Number(lineAc[2]);
    const n = d.lines?.[l]?.allowances?.length ?? 0;
    return i < n ? `lines[${l}].allowances[${i}].amount` : `lines[${l}].charges[${i - n}].amount`;
  }
  const rules: [RegExp, string][] = [
    [/^lines\[(\d+)\]\.summation\.lineTotal$/, 'lines[$1].net_amount'],
    [/^vatBreakdown\[(\d+)\]\.basisAmount$/, 'vat_breakdown[$1].taxable_amount'],
    [/^vatBreakdown\[(\d+)\]\.taxAmount$/, 'vat_breakdown[$1].tax_amount'],
    [/^totals\.lineTotal$/, 'totals.line_total'],
    [/^totals\.chargeTotal$/, 'totals.charge_total'],
    [/^totals\.allowanceTotal$/, 'totals.allowance_total'],
    [/^totals\.taxBasisTotal$/, 'totals.tax_exclusive'],
    [/^totals\.taxTotals\[0\]$/, 'totals.tax_total'],
    [/^totals\.grandTotal$/, 'totals.tax_inclusive'],
    [/^totals\.duePayable$/, 'totals.amount_due'],
  ];
  for (const [re, field] of rules) if (re.test(path)) return path.replace(re, field);
  return path;
}
