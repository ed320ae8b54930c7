/**
 * The dry run learns each supplier (issue 10, part 5), end to end through the convert service: a seller's
 * invoice the reader half reads, the accountant's corrected convert of it, and the seller's next invoice
 * read by the layout it taught, the dry run saying so; another tenant of the same store learns nothing.
 */
import { describe, expect, it } from 'vitest';
import { convertResponseSchema, type ConvertResponse } from '../api/convert-response';
import { extractFields } from '../fields/extract-fields';
import { sellerKeys } from '../fields/supplier-layout/seller-keys';
import type { SellerLayoutMemory } from '../fields/supplier-layout/seller-layout';
import { services } from '../service';
import { MemoryStorage } from '../service/memory-storage';
import type { ServiceContext } from '../service/types';
import { drawInvoice } from '../testing/layout-invoices';
import { MOREL, MOREL_INVOICES, supplierInvoice, type SupplierInvoice } from '../testing/supplier-invoices';
import { readPdfText } from '../text/pdf-text';
import { readCandidate } from './candidate';
import { learnFromCorrection } from './seller-layout';

const [first, second] = MOREL_INVOICES.map(supplierInvoice) as [SupplierInvoice, SupplierInvoice];
const now = new Date('2026-03-02T09:30:00.000Z');

async function tenants(): Promise<[ServiceContext, ServiceContext]> {
  const storage = new MemoryStorage();
  const ctx = async (id: string): Promise<ServiceContext> => {
    await storage.putTenant({ id, email: `${id}@example.com`, plan: 'local', createdAt: now.toISOString() });
    return { tenant: id, storage, now: () => now };
  };
  return [await ctx('tn_a'), await ctx('tn_b')];
}

async function converted(
  ctx: ServiceContext,
  invoice: SupplierInvoice,
  fields: Record<string, string>,
): Promise<ConvertResponse> {
  const file = { filename: 'morel.pdf', bytes: await drawInvoice(invoice.rows) };
  const result = await services.convert({ fields, files: { file }, query: {} }, ctx);
  expect(result.status, JSON.stringify(result.body).slice(0, 600)).toBe(200);
  return convertResponseSchema.parse(result.body);
}

const dryRun = (ctx: ServiceContext, invoice: SupplierInvoice) =>
  converted(ctx, invoice, { dry_run: 'true' });

describe('a seller’s layout learned from a corrected convert', () => {
  it('reads the seller’s next invoice by it, and the dry run says so', async () => {
    const [ctx, other] = await tenants();
    const before = await dryRun(ctx, second);
    expect(before.result.sellerLayout).toBeUndefined();
    expect(before.fieldProvenance?.['BT-1']).toBeUndefined();

    // The accountant corrects the first invoice and converts it with its PDF as carrier.
    const delivered = await converted(ctx, first, { invoice_data: JSON.stringify(first.invoiceData) });
    expect(delivered.result.conversionSuccessful, JSON.stringify(delivered.requirements)).toBe(true);

    const after = await dryRun(ctx, second);
    expect(after.result.sellerLayout).toMatchObject({
      used: true,
      key: `VAT ${MOREL.vatId}`,
      learnedAt: now.toISOString(),
    });
    const provenance = after.fieldProvenance!;
    for (const [term, value] of Object.entries(second.truth))
      expect(provenance[term], term).toMatchObject({ source: 'document', value });
    expect(provenance['BT-1']!.sellerLayout).toBe(true);
    expect(provenance['BT-112']!.sellerLayout).toBe(true);
    expect(after.candidateInvoiceData).toMatchObject({ number: second.truth['BT-1'] });
    expect(after.result.sellerLayout!.terms).toEqual(expect.arrayContaining(['BT-1', 'BT-9', 'BT-112']));

    // Kept per tenant: another tenant of the same store reads the invoice as before.
    const elsewhere = await dryRun(other, second);
    expect(elsewhere.result.sellerLayout).toBeUndefined();
    expect(elsewhere.fieldProvenance).toEqual(before.fieldProvenance);
  }, 120_000);

  it('learns nothing from a dry run, nor from a convert without the seller’s PDF', async () => {
    const [ctx] = await tenants();
    await converted(ctx, first, { dry_run: 'true', invoice_data: JSON.stringify(first.invoiceData) });
    const xmlOnly = await services.convert(
      {
        fields: { invoice_data: JSON.stringify(first.invoiceData), output: 'xml_cii' },
        files: {},
        query: {},
      },
      ctx,
    );
    expect(xmlOnly.status).toBe(200);
    expect(await ctx.storage.findSellerLayout(ctx.tenant, [`VAT ${MOREL.vatId}`])).toBeNull();
    expect((await dryRun(ctx, second)).result.sellerLayout).toBeUndefined();
  }, 120_000);

  it('learns nothing from an invoice delivered exactly as the reader read it', async () => {
    const pdf = await drawInvoice(first.rows);
    const read = await readPdfText(pdf);
    if (!read.ok) throw new Error(read.error.message);
    const asRead = readCandidate(extractFields(read.text, {}).invoice);
    // The reader finds the seller's identifiers: what stops the learning below is the comparison.
    expect(sellerKeys(asRead)).toContain(`VAT ${MOREL.vatId}`);
    const learned: string[][] = [];
    const memory: SellerLayoutMemory = {
      recall: () => Promise.resolve(null),
      learn: (keys) => {
        learned.push([...keys]);
        return Promise.resolve();
      },
    };
    await learnFromCorrection(pdf, asRead, memory);
    expect(learned).toEqual([]);
    // One term the accountant set right is a correction: the layout is learned.
    await learnFromCorrection(pdf, { ...asRead, number: first.truth['BT-1'] }, memory);
    expect(learned).toEqual([expect.arrayContaining([`VAT ${MOREL.vatId}`])]);
  }, 60_000);
});
