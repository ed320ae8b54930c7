/**
 * Learning a supplier: the layout an accountant's corrected invoice shows is remembered (where each
 * term sat, by its label), and the seller's next invoice — more lines, so its totals block stands lower
 * — is read by it, still under the invoice's arithmetic. Runs on our own fixtures (no ../shared).
 */
import { describe, expect, it } from 'vitest';
import { invoiceDataModel } from '../../invoice-data/convert';
import { drawInvoice } from '../../testing/layout-invoices';
import {
  MOREL,
  MOREL_INVOICES,
  supplierInvoice,
  type SupplierInvoice,
} from '../../testing/supplier-invoices';
import { readPdfText } from '../../text/pdf-text';
import type { DocumentText } from '../../text/page-text';
import { extractFields } from '../extract-fields';
import { learnSellerLayout } from './learn';
import { sellerKeys } from './seller-keys';
import { readSellerLayout, type SellerLayout } from './seller-layout';

const [first, second] = MOREL_INVOICES.map(supplierInvoice) as [SupplierInvoice, SupplierInvoice];

async function textOf(invoice: SupplierInvoice): Promise<DocumentText> {
  const read = await readPdfText(await drawInvoice(invoice.rows));
  if (!read.ok) throw new Error(read.error.message);
  return read.text;
}

function corrected(invoice: SupplierInvoice) {
  const read = invoiceDataModel(invoice.invoiceData);
  if (!read.ok) throw new Error(JSON.stringify(read.error.body));
  return read.model;
}

const termsRead = (extraction: ReturnType<typeof extractFields>) => ({
  'BT-1': extraction.invoice.number,
  'BT-2': extraction.invoice.issueDate,
  'BT-9': extraction.invoice.paymentTerms?.[0]?.dueDate,
  'BT-109': extraction.invoice.totals?.taxBasisTotal?.value,
  'BT-110': extraction.invoice.totals?.taxTotals?.[0]?.value,
  'BT-112': extraction.invoice.totals?.grandTotal?.value,
});

describe('a seller layout', () => {
  it('is kept under the seller’s checked identifiers only', () => {
    const model = corrected(first);
    expect(sellerKeys(model)).toEqual([`VAT ${MOREL.vatId}`, `SIREN ${MOREL.siren}`, `IBAN ${MOREL.iban}`]);
    // A digit misread breaks the key: no layout is fetched by it.
    const misread = {
      ...model,
      seller: {
        ...model.seller,
        taxRegistrations: [{ id: { value: 'FR44732829321', scheme: 'VA' } }],
        legalOrganization: undefined,
      },
      paymentMeans: [],
    };
    expect(sellerKeys(misread)).toEqual([]);
  });

  it('teaches the reader the terms it missed on the seller’s next invoice', async () => {
    const [text1, text2] = [await textOf(first), await textOf(second)];
    // Unaided, the reader abstains on the number, the due date and the totals of this layout.
    const unaided = termsRead(extractFields(text2));
    expect(unaided['BT-1']).toBeUndefined();
    expect(unaided['BT-112']).not.toBe(second.truth['BT-112']);

    const layout = learnSellerLayout(text1, corrected(first));
    expect(layout).not.toBeNull();
    expect(Object.keys(layout!.terms)).toEqual(
      expect.arrayContaining(['BT-1', 'BT-2', 'BT-9', 'BT-27', 'BT-31', 'BT-109', 'BT-110', 'BT-112']),
    );
    expect(layout!.terms['BT-112']?.label?.text).toBe('somme à verser');
    // What the store gives back is checked, and small.
    const stored = JSON.stringify(layout);
    expect(stored.length).toBeLessThan(4000);
    expect(readSellerLayout(stored)).toEqual(layout);
    expect(readSellerLayout('{"version":2}')).toBeNull();
    expect(readSellerLayout('not json')).toBeNull();

    const read = extractFields(text2, { sellerLayout: layout! });
    expect(termsRead(read)).toEqual(second.truth);
    expect(read.sellerLayoutTerms).toEqual(
      expect.arrayContaining(['BT-1', 'BT-9', 'BT-109', 'BT-110', 'BT-112']),
    );
    // The totals balance: they are given for sure; the number by its place and label only.
    expect(read.evidence['BT-112']!.confidence).toBeGreaterThanOrEqual(0.9);
    expect(read.evidence['BT-1']!.confidence).toBeLessThan(0.9);
    // Lower on the page than where they were learned: found by their labels.
    expect(read.evidence['BT-112']!.box.y).toBeGreaterThan(read.evidence['BT-1']!.box.y + 100);
  });

  it('is not taken where it does not balance', async () => {
    const [text1, text2] = [await textOf(first), await textOf(second)];
    const layout = learnSellerLayout(text1, corrected(first))!;
    // A layout that remembers the VAT amount's place for the gross total: that reading cannot balance.
    const wrong: SellerLayout = { ...layout, terms: { ...layout.terms, 'BT-112': layout.terms['BT-110']! } };
    const read = extractFields(text2, { sellerLayout: wrong });
    expect(read.sellerLayoutTerms).not.toContain('BT-112');
    expect(read.invoice.totals?.grandTotal?.value).toBe(second.truth['BT-112']);
  });

  it('found at its box alone, fills what the reader left empty but never overrules it', async () => {
    const [text1, text2] = [await textOf(first), await textOf(second)];
    const layout = learnSellerLayout(text1, corrected(first))!;
    const { label: _issueLabel, ...issue } = layout.terms['BT-9']!;
    const { label: _numberLabel, ...number } = layout.terms['BT-1']!;
    // The issue date remembered, without its label, where the due date stands.
    const moved: SellerLayout = { ...layout, terms: { 'BT-2': issue, 'BT-1': number } };
    const read = extractFields(text2, { sellerLayout: moved });
    expect(read.invoice.issueDate).toBe(second.truth['BT-2']);
    expect(read.invoice.number).toBe(second.truth['BT-1']);
    expect(read.sellerLayoutTerms).toEqual(['BT-1']);
  });
});
