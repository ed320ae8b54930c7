/**
 * The invoice model as `invoice_data`: the inverse of to-model.ts, so that a candidate read from a PDF,
 * an XML or completed by profiles and contexts can be handed back as the payload a client reviews,
 * corrects and sends again. What the model leaves out, the payload leaves out (a draft); for any payload,
 * `invoiceDataOf(invoiceDataToModel(d))` maps back to the same model.
 *
 * What `invoice_data` cannot express is left out (see `NOT_EXPRESSIBLE` in the tests): the Factur-X
 * EXTENDED additions without a business term, a second contact, VAT point date or code on another VAT
 * breakdown entry than the first, a buyer's tax registration (FC), a tax type other than VAT, and the
 * order of allowances among charges (allowances come first).
 */
import type {
  Address,
  AllowanceCharge,
  Amount,
  Invoice,
  InvoiceLine,
  Party,
  ReferencedDocument,
} from '../model/invoice';
import { valueAt } from '../api/reasons';
import { fieldPath } from './convert';
import { invoiceDataDraftSchema, type InvoiceDataDraft } from './schema';

type Data = InvoiceDataDraft;
type Line = NonNullable<Data['lines']>[number];
type DataAddress = NonNullable<NonNullable<Data['seller']>['address']>;
type Identifier = { value: string; scheme?: string };

/**
 * `o` without undefined members, empty texts and empty lists; nothing when none is left. An element a
 * CII file leaves empty says nothing that `invoice_data` could carry.
 */
function given<T extends object>(o: T): T | undefined {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return Object.keys(out).length > 0 ? (out as T) : undefined;
}

const value = (a: Amount | undefined): string | undefined => a?.value;

const list = <T, U>(items: readonly T[] | undefined, map: (item: T) => U | undefined): U[] | undefined => {
  const out = (items ?? []).map(map).filter((x): x is U => x !== undefined);
  return out.length > 0 ? out : undefined;
};

function address(a: Address | undefined): DataAddress | undefined {
  if (!a) return undefined;
  return given({
    line1: a.line1,
    line2: a.line2,
    line3: a.line3,
    city: a.city,
    postal_code: a.postcode,
    country_subdivision: a.subdivision,
    country_code: a.country,
  });
}

function identifier(i: { value: string; scheme?: string } | undefined): Identifier | undefined {
  return i === undefined ? undefined : given({ value: i.value, scheme: i.scheme });
}

/** BT-29 (BT-46, BT-60, BT-71): identifiers without scheme, then with one. */
const identifiersOf = (p: Party): Identifier[] =>
  [...(p.ids ?? []), ...(p.globalIds ?? [])].flatMap((i) => identifier(i) ?? []);

const registration = (p: Party, scheme: string): string | undefined =>
  p.taxRegistrations?.find((r) => r.id?.scheme === scheme)?.id?.value;

function party(p: Party | undefined, role: 'seller' | 'buyer') {
  if (!p) return undefined;
  const contact = p.contacts?.[0];
  return given({
    name: p.name,
    trading_name: p.legalOrganization?.tradingName,
    identifiers: identifiersOf(p),
    legal_registration: identifier(p.legalOrganization?.id),
    vat_id: registration(p, 'VA'),
    ...(role === 'seller'
      ? { tax_registration_id: registration(p, 'FC'), additional_legal_info: p.description }
      : {}),
    electronic_address: p.electronicAddress && given({ ...p.electronicAddress }),
    address: address(p.address),
    contact: contact && given({ name: contact.personName, phone: contact.phone, email: contact.email }),
  });
}

function allowanceOrCharge(ac: AllowanceCharge, withVat: boolean) {
  return given({
    amount: value(ac.amount),
    base_amount: value(ac.basisAmount),
    percentage: ac.percent,
    reason: ac.reason,
    reason_code: ac.reasonCode,
    ...(withVat ? { vat_category_code: ac.tax?.categoryCode, vat_rate: ac.tax?.rate } : {}),
  });
}

/** Allowances (BG-20, BG-27) and charges (BG-21, BG-28) apart. */
function allowancesAndCharges(acs: readonly AllowanceCharge[] | undefined, withVat: boolean) {
  return {
    allowances: list(
      acs?.filter((ac) => ac.isCharge !== true),
      (ac) => allowanceOrCharge(ac, withVat),
    ),
    charges: list(
      acs?.filter((ac) => ac.isCharge === true),
      (ac) => allowanceOrCharge(ac, withVat),
    ),
  };
}

const period = (p: { start?: string; end?: string } | undefined) =>
  p && given({ start_date: p.start, end_date: p.end });

/** BT-18, BT-128: an object identifier, its scheme in the reference type code. */
const objectIdentifier = (d: ReferencedDocument | undefined) =>
  d?.id === undefined ? undefined : given({ value: d.id, scheme: d.referenceTypeCode });

function line(l: InvoiceLine): Line | undefined {
  const product = l.product;
  const base = l.netPrice?.basisQuantity ?? l.grossPrice?.basisQuantity;
  return given({
    id: l.lineId,
    note: l.notes?.[0]?.content,
    object_identifier: objectIdentifier(l.objectReferences?.[0]),
    quantity: l.billedQuantity?.value,
    unit_code: l.billedQuantity?.unit,
    net_amount: value(l.summation?.lineTotal),
    order_line_reference: l.buyerOrder?.lineId,
    accounting_reference: l.accountingAccounts?.[0]?.id,
    period: period(l.period),
    ...allowancesAndCharges(l.allowanceCharges, false),
    net_price: value(l.netPrice?.amount),
    price_discount: value(l.grossPrice?.allowanceCharges?.[0]?.amount),
    gross_price: value(l.grossPrice?.amount),
    price_base_quantity: base?.value,
    price_base_unit_code: base?.unit,
    vat_category_code: l.taxes?.[0]?.categoryCode,
    vat_rate: l.taxes?.[0]?.rate,
    item:
      product &&
      given({
        name: product.name,
        description: product.description,
        seller_id: product.sellerId,
        buyer_id: product.buyerId,
        standard_id: identifier(product.globalId),
        classifications: list(
          product.classifications,
          (c) =>
            c.code && given({ value: c.code.value, scheme: c.code.listId, version: c.code.listVersionId }),
        ),
        origin_country: product.originCountry,
        attributes: list(product.characteristics, (c) => given({ name: c.name, value: c.value })),
      }),
  });
}

function payment(invoice: Invoice) {
  const [means, ...others] = invoice.paymentMeans ?? [];
  const terms = invoice.paymentTerms?.[0];
  const transfers = [means, ...others].flatMap((m) => {
    const account = m?.creditorAccount;
    const transfer =
      account &&
      given({
        account_id: account.iban ?? account.proprietaryId,
        account_name: account.name,
        service_provider_id: m.creditorBic,
      });
    return transfer ? [transfer] : [];
  });
  const directDebit = given({
    mandate_reference: terms?.mandateReference,
    creditor_id: invoice.creditorReference,
    debited_account: means?.debtorAccount?.iban,
  });
  return given({
    means_code: means?.typeCode,
    means_text: means?.information,
    remittance_information: invoice.paymentReference,
    credit_transfers: transfers,
    card: means?.card && given({ account_number: means.card.id, holder_name: means.card.holderName }),
    direct_debit: directDebit,
  });
}

function totals(invoice: Invoice) {
  const t = invoice.totals;
  if (!t) return undefined;
  const own = t.taxTotals?.find((x) => x.currency === undefined || x.currency === invoice.currency);
  return given({
    line_total: value(t.lineTotal),
    allowance_total: value(t.allowanceTotal),
    charge_total: value(t.chargeTotal),
    tax_exclusive: value(t.taxBasisTotal),
    tax_total: own?.value,
    tax_inclusive: value(t.grandTotal),
    prepaid: value(t.prepaidAmount),
    rounding: value(t.roundingAmount),
    amount_due: value(t.duePayable),
  });
}

/** The partner identifier of a payee or a deliver-to place: with its scheme when it has one. */
const partyIdentifier = (p: Party): Identifier | undefined => identifiersOf(p)[0];

/** The invoice model as an `invoice_data` payload, complete or a draft as the model is. */
export function invoiceDataOf(invoice: Invoice): Data {
  const documents = invoice.additionalDocuments ?? [];
  const accounting = invoice.totals?.taxTotals?.find(
    (x) => x.currency !== undefined && x.currency !== invoice.currency && x.currency === invoice.taxCurrency,
  );
  const firstVat = invoice.vatBreakdown?.[0];
  const delivery = invoice.shipTo;
  const payee = invoice.payee;
  const representative = invoice.sellerTaxRepresentative;
  return (
    given({
      number: invoice.number,
      type_code: invoice.typeCode,
      issue_date: invoice.issueDate,
      currency_code: invoice.currency,
      vat_accounting_currency_code: invoice.taxCurrency,
      vat_accounting_total: accounting?.value,
      tax_point_date: firstVat?.taxPointDate,
      vat_point_date_code: firstVat?.dueDateTypeCode,
      due_date: invoice.paymentTerms?.[0]?.dueDate,
      buyer_reference: invoice.buyerReference,
      project_reference: invoice.project?.id,
      contract_reference: invoice.contract?.id,
      purchase_order_reference: invoice.buyerOrder?.id,
      sales_order_reference: invoice.sellerOrder?.id,
      receiving_advice_reference: invoice.receivingAdvice?.id,
      despatch_advice_reference: invoice.despatchAdvice?.id,
      tender_reference: documents.find((d) => d.typeCode === '50')?.id,
      invoiced_object_identifier: objectIdentifier(documents.find((d) => d.typeCode === '130')),
      buyer_accounting_reference: invoice.accountingAccounts?.[0]?.id,
      payment_terms: invoice.paymentTerms?.[0]?.description,
      notes: list(invoice.notes, (n) => given({ subject_code: n.subjectCode, content: n.content })),
      business_process: invoice.businessProcess,
      preceding_invoices: list(invoice.precedingInvoices, (p) =>
        given({ reference: p.id, issue_date: p.issueDate }),
      ),
      seller: party(invoice.seller, 'seller'),
      buyer: party(invoice.buyer, 'buyer'),
      payee:
        payee &&
        given({
          name: payee.name,
          identifier: partyIdentifier(payee),
          legal_registration: identifier(payee.legalOrganization?.id),
        }),
      tax_representative:
        representative &&
        given({
          name: representative.name,
          vat_id: registration(representative, 'VA'),
          address: address(representative.address),
        }),
      delivery: given({
        party_name: delivery?.name,
        location_id: delivery && partyIdentifier(delivery),
        date: invoice.deliveryDate,
        address: address(delivery?.address),
      }),
      invoicing_period: period(invoice.invoicingPeriod),
      payment: payment(invoice),
      ...allowancesAndCharges(invoice.allowanceCharges, true),
      vat_breakdown: list(invoice.vatBreakdown, (v) =>
        given({
          category_code: v.categoryCode,
          rate: v.rate,
          taxable_amount: value(v.basisAmount),
          tax_amount: value(v.taxAmount),
          exemption_reason: v.exemptionReason,
          exemption_reason_code: v.exemptionReasonCode,
        }),
      ),
      totals: totals(invoice),
      attachments: list(
        documents.filter((d) => d.typeCode === '916'),
        (d) =>
          given({
            id: d.id,
            description: d.name,
            url: d.uri,
            content:
              d.attachment &&
              given({
                base64: d.attachment.value,
                mime_code: d.attachment.mimeCode,
                filename: d.attachment.filename,
              }),
          }),
      ),
      lines: list(invoice.lines, line),
    }) ?? {}
  );
}

export interface AcceptedInvoiceData {
  readonly data: Data;
  /** Payload fields whose value the schema refuses (a reader's odd read), left out: path and value. */
  readonly rejected: readonly { readonly field: string; readonly value: unknown }[];
}

/** Removes the member at `path` of a JSON value in place. */
function remove(json: unknown, path: readonly PropertyKey[]): void {
  const at = valueAt(json, path.slice(0, -1));
  const last = path[path.length - 1];
  if (typeof at !== 'object' || at === null || last === undefined) return;
  if (Array.isArray(at) && typeof last === 'number') at.splice(last, 1);
  else delete (at as Record<PropertyKey, unknown>)[last];
}

/**
 * `invoice` as an `invoice_data` draft that the schema accepts as a whole: a value it refuses (a VAT
 * number with a space, a date that is no calendar date) is left out and named, never sent back for the
 * client to be refused with.
 */
export function acceptedInvoiceData(invoice: Invoice): AcceptedInvoiceData {
  const data = structuredClone(invoiceDataOf(invoice)) as Data;
  const rejected: { field: string; value: unknown }[] = [];
  for (let round = 0; round < 100; round++) {
    const parsed = invoiceDataDraftSchema.safeParse(data);
    if (parsed.success) return { data: parsed.data, rejected };
    // Deepest first, so that removing one list element does not shift the path of another.
    const issues = [...parsed.error.issues].sort((a, b) => b.path.length - a.path.length);
    const [issue] = issues;
    if (!issue || issue.path.length === 0) break;
    rejected.push({ field: fieldPath(issue.path), value: valueAt(data, issue.path) });
    remove(data, issue.path);
  }
  return { data: {}, rejected: [{ field: 'invoice_data', value: invoiceDataOf(invoice) }] };
}
