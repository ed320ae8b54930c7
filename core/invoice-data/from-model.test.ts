import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ciiToModel } from '../cii/read';
import type { Invoice } from '../model/invoice';
import { completeTotals } from '../model/totals';
import { describeCorpus } from '../testing/corpus';
import { GOLDEN_EXAMPLES } from './examples';
import { acceptedInvoiceData, invoiceDataOf } from './from-model';
import { invoiceDataDraftSchema, invoiceDataSchema } from './schema';
import { termValues } from './term-values';
import { invoiceDataToModel } from './to-model';

/**
 * Model paths `invoice_data` has no field for, found on the corpus CII files: the Factur-X EXTENDED
 * additions without a business term, and the EN 16931 details the payload folds together.
 */
const NOT_EXPRESSIBLE: readonly RegExp[] = [
  // EXTENDED: parties, documents, amounts and line details without an EN 16931 term.
  /^(invoicee|shipTo\.contacts|shipTo\.taxRegistrations|seller\.contacts\[\]\.department)/,
  /^(advancePayments|logisticsCharges|testIndicator|name$|deliveryNote|notes\[\]\.contentCode)/,
  /^(sellerOrder|buyerOrder)\.issueDate$/,
  /^paymentTerms\[\]\.discount/,
  /^vatBreakdown\[\]\.(lineTotalBasisAmount|allowanceChargeBasisAmount)/,
  /^lines\[\]\.(parentLineId|lineStatusReasonCode|packageQuantity|deliveryDate|deliveryNote|quotation)/,
  /^lines\[\]\.(additionalDocuments|shipTo|buyerOrder\.(id|issueDate)|summation\.totalAllowanceCharge)/,
  /^lines\[\]\.product\.(includedProducts|classifications\[\]\.name)/,
  /^lines\[\]\.notes\[\]\.(contentCode|subjectCode)/,
  /^lines\[\]\.grossPrice\.allowanceCharges\[\]\.(isCharge|reason)/,
  /^paymentMeans\[\]\.creditorGermanBankCode$/,
  // One per invoice in the payload: a second line note, price discount or payment term, a gross price
  // on another base quantity than the net price, another payment means code or text per account.
  /^lines\[\]\.(notes\[\]\.content|grossPrice\.(allowanceCharges\[\]\.amount|basisQuantity))/,
  /^paymentTerms\[\]\.(description|dueDate)$/,
  /^paymentMeans\[\]\.(information|creditorAccount\.proprietaryId)$/,
  // BT-11 has no name of its own (ram:Name repeats the reference); the line object's type code is 130.
  /^project\.name$/,
  /^lines\[\]\.objectReferences\[\]\.typeCode$/,
  // Identifiers: a scheme on a ram:ID, a buyer's FC registration, and VAT numbers the payload's pattern
  // refuses (spaces, slashes: left out, and named in `rejected`).
  /^(buyer|shipTo)\.(ids|globalIds)\[\]\.(value|scheme)$/,
  /^(seller|buyer|sellerTaxRepresentative)\.taxRegistrations\[\]\.id\.(value|scheme)$/,
  // A scheme whose identifier the file leaves empty identifies nothing.
  /^(seller|buyer)\.electronicAddress\.scheme$/,
  // An amount's currencyID beyond the VAT total's.
  /^totals\.\w+\.currency$/,
  // BT-17 and BT-18 come after the supporting documents (BG-24) in the payload's order.
  /^additionalDocuments\[\]\./,
];

/** Leaf paths (`lines[].product.name`) whose values differ; texts compared trimmed, empty as absent. */
function differences(a: unknown, b: unknown): Set<string> {
  const leaves = (v: unknown, p: string, out: Map<string, string>): void => {
    if (v === undefined || v === '') return;
    if (Array.isArray(v)) v.forEach((x, i) => leaves(x, `${p}[${i}]`, out));
    else if (typeof v === 'object' && v !== null)
      for (const [k, x] of Object.entries(v)) leaves(x, p ? `${p}.${k}` : k, out);
    else out.set(p, typeof v === 'string' ? v.trim() : String(v));
  };
  const [x, y] = [new Map<string, string>(), new Map<string, string>()];
  leaves(a, '', x);
  leaves(b, '', y);
  const out = new Set<string>();
  for (const key of new Set([...x.keys(), ...y.keys()]))
    if (x.get(key) !== y.get(key)) out.add(key.replace(/\[\d+\]/g, '[]'));
  return out;
}

const roundTrip = (invoice: Invoice): Invoice => invoiceDataToModel(acceptedInvoiceData(invoice).data);

describe('invoice model → invoice_data', () => {
  it.each(GOLDEN_EXAMPLES.map((e) => [e.name, e] as const))(
    '%s: the payload maps back to the same model, as given and completed',
    (_name, example) => {
      const given = invoiceDataToModel(invoiceDataSchema.parse(example.invoice_data));
      const completed = completeTotals(given).invoice;
      for (const model of [given, completed]) {
        const data = invoiceDataOf(model);
        expect(invoiceDataToModel(data)).toEqual(model);
        expect(acceptedInvoiceData(model).rejected).toEqual([]);
      }
      // Completed, the candidate is a complete payload, and converts as the example does.
      expect(invoiceDataSchema.safeParse(invoiceDataOf(completed)).success).toBe(true);
    },
  );

  it('leaves out what the model leaves out: an empty model is an empty draft', () => {
    expect(invoiceDataOf({})).toEqual({});
    expect(invoiceDataOf({ seller: { name: 'ACME' }, lines: [{ lineId: '1' }] })).toEqual({
      seller: { name: 'ACME' },
      lines: [{ id: '1' }],
    });
  });

  it('keeps every account of the seller (BG-16 repeated) and tells allowances from charges', () => {
    const model: Invoice = {
      paymentMeans: [
        { typeCode: '58', creditorAccount: { iban: 'FR7630006000011234567890189' } },
        { typeCode: '58', creditorAccount: { iban: 'DE89370400440532013000' } },
      ],
      allowanceCharges: [
        {
          isCharge: false,
          amount: { value: '5.00' },
          reason: 'Remise',
          tax: { categoryCode: 'S', rate: '20' },
        },
        { isCharge: true, amount: { value: '7.50' }, reason: 'Port', tax: { categoryCode: 'S', rate: '20' } },
      ],
    };
    const data = invoiceDataOf(model);
    expect(data.payment?.credit_transfers?.map((t) => t.account_id)).toEqual([
      'FR7630006000011234567890189',
      'DE89370400440532013000',
    ]);
    expect(data.allowances).toEqual([
      { amount: '5.00', reason: 'Remise', vat_category_code: 'S', vat_rate: '20' },
    ]);
    expect(data.charges).toEqual([
      { amount: '7.50', reason: 'Port', vat_category_code: 'S', vat_rate: '20' },
    ]);
    expect(invoiceDataToModel(data).paymentMeans).toEqual(model.paymentMeans);
  });

  it('leaves out and names a value the schema refuses, and keeps the rest', () => {
    const accepted = acceptedInvoiceData({
      number: 'F-1',
      issueDate: '2026-02-30',
      seller: { name: 'ACME', taxRegistrations: [{ id: { value: 'FR 12 345', scheme: 'VA' } }] },
    });
    expect(accepted.rejected).toEqual([
      { field: 'seller.vat_id', value: 'FR 12 345' },
      { field: 'issue_date', value: '2026-02-30' },
    ]);
    expect(accepted.data).toEqual({ number: 'F-1', seller: { name: 'ACME' } });
    expect(invoiceDataDraftSchema.safeParse(accepted.data).success).toBe(true);
  });
});

describe('business terms of a payload', () => {
  it('keys line and VAT breakdown terms by position, tells charges and the accounting VAT total apart', () => {
    const values = termValues({
      number: 'F-1',
      currency_code: 'EUR',
      vat_accounting_currency_code: 'USD',
      vat_accounting_total: '21.50',
      seller: { name: 'ACME', identifiers: [{ value: '123', scheme: '0009' }] },
      charges: [{ amount: '7.50', vat_category_code: 'S' }],
      vat_breakdown: [
        { category_code: 'S', rate: '20', taxable_amount: '100.00' },
        { category_code: 'Z', taxable_amount: '5.00' },
      ],
      totals: { tax_total: '20.00' },
      lines: [
        { id: '1', quantity: '2', unit_code: 'C62', item: { name: 'Vis' } },
        { id: '2', net_amount: '-12.00' },
      ],
    });
    expect(Object.fromEntries(values)).toMatchObject({
      'BT-1': 'F-1',
      'BG-4': undefined,
      'BT-27': 'ACME',
      'BT-29': '123',
      'BT-29-1': '0009',
      'BG-21': undefined,
      'BT-99': '7.50',
      'BT-102': 'S',
      'BT-110': '20.00',
      'BT-111': '21.50',
      'BG-23': undefined,
      'BG-23[1]/BT-118': 'S',
      'BG-23[1]/BT-119': '20',
      'BG-23[2]/BT-116': '5.00',
      'BG-25': undefined,
      'BG-25[1]/BT-126': '1',
      'BG-25[1]/BT-129': '2',
      'BG-25[1]/BT-130': 'C62',
      'BG-25[1]/BG-31': undefined,
      'BG-25[1]/BT-153': 'Vis',
      'BG-25[2]/BT-131': '-12.00',
    });
    expect(values.has('BT-92')).toBe(false);
    expect(values.has('BT-131')).toBe(false);
  });
});

describeCorpus('corpus CII → invoice_data → model', (corpus) => {
  const files = [path.join(corpus, 'cii/valid'), path.join(corpus, 'pdf')].flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.xml'))
      .map((f) => path.join(dir, f)),
  );

  it('keeps everything invoice_data can express, and the payload maps back to itself', () => {
    let read = 0;
    for (const file of files) {
      const r = ciiToModel(readFileSync(file, 'utf8'));
      if (!r.ok) continue;
      read += 1;
      const { specification: _, ...invoice } = r.invoice;
      const back = roundTrip(invoice);
      const lost = [...differences(invoice, back)].filter((p) => !NOT_EXPRESSIBLE.some((re) => re.test(p)));
      expect([path.basename(file), lost]).toEqual([path.basename(file), []]);
      expect(roundTrip(back)).toEqual(back);
      const rejected = acceptedInvoiceData(invoice).rejected.map((x) => x.field);
      expect(
        rejected.every((f) => /(^|\.)vat_id$/.test(f)),
        `${path.basename(file)}: ${rejected}`,
      ).toBe(true);
    }
    expect(read).toBeGreaterThan(40);
  });
});
