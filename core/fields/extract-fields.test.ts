import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderInvoice } from '../pdf/render/invoice-render';
import { sampleInvoice } from '../pdf/render/sample-invoice';
import { describeCorpus } from '../testing/corpus';
import { readPdfText } from '../text/pdf-text';
import type { DocumentText } from '../text/page-text';
import { extractFields } from './extract-fields';

async function textOf(pdf: Uint8Array): Promise<DocumentText> {
  const r = await readPdfText(pdf);
  if (!r.ok) throw new Error(r.error.message);
  return r.text;
}

describe('extractFields', () => {
  it('reads the document-level terms of a French invoice back, each with its evidence', async () => {
    const rendered = await renderInvoice(sampleInvoice(3), 'fr');
    if (!rendered.ok) throw new Error(rendered.error.message);
    const { invoice, evidence, language } = extractFields(await textOf(rendered.pdf));
    expect(language).toBe('fr');
    expect(invoice.number).toBe('FA-2026-0042');
    expect(invoice.issueDate).toBe('2026-03-15');
    expect(invoice.typeCode).toBe('380');
    expect(invoice.currency).toBe('EUR');
    expect(invoice.seller?.taxRegistrations?.[0]?.id?.value).toBe('FR32123456789');
    expect(invoice.seller?.name).toBe('Atelier Dupont SARL');
    expect(invoice.buyer?.name).toBe('Client Exemple SA');
    // The sample buyer's FR11987654321 has a wrong key (987654321 gives 05): not taken for a VAT number.
    expect(invoice.buyer?.taxRegistrations).toBeUndefined();
    expect(invoice.paymentMeans?.[0]?.creditorAccount?.iban).toBe('FR7630006000011234567890189');
    expect(invoice.totals).toMatchObject({
      taxBasisTotal: { value: '900.00' },
      grandTotal: { value: '1080.00' },
      duePayable: { value: '1080.00' },
    });
    expect(invoice.totals?.taxTotals?.[0]).toEqual({ value: '180.00', currency: 'EUR' });
    expect(evidence['BT-1']).toMatchObject({ page: 1, source: 'native_text' });
    expect(evidence['BT-1']?.text).toContain('FA-2026-0042');
    expect(evidence['BT-112']?.confidence).toBeGreaterThan(0.8);
  });

  it('tells a credit note by its title, and reads nothing out of nothing', () => {
    const line = (text: string, y: number) => ({
      text,
      x: 40,
      y,
      width: text.length * 5,
      height: 10,
      spans: [{ text, x: 40, y, width: text.length * 5, height: 10 }],
    });
    const credit = extractFields({
      source: 'native_text',
      pages: [{ number: 1, width: 595, height: 842, lines: [line('AVOIR N° AV-7', 40)] }],
    });
    expect(credit.invoice).toMatchObject({ number: 'AV-7', typeCode: '381' });
    const empty = extractFields({ source: 'ocr', pages: [], confidence: 0 });
    expect(empty.evidence).toEqual({});
  });
});

/** Key terms compared with the corpus truth (taken from each original's XML; amounts compared numerically). */
describeCorpus('field extraction from the corpus text layers', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  it('reads the key terms of the 40 plain PDFs at least as well as measured', async () => {
    const score: Record<string, number> = {};
    const hit = (key: string, ok: boolean) => (score[key] = (score[key] ?? 0) + (ok ? 1 : 0));
    const same = (a?: string, b?: string | null) => a !== undefined && b != null && Number(a) === Number(b);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.plain.pdf'))) {
      const truth = JSON.parse(
        readFileSync(path.join(dir, file.replace('.plain.pdf', '.truth.json')), 'utf8'),
      );
      const { invoice } = extractFields(await textOf(new Uint8Array(readFileSync(path.join(dir, file)))));
      hit('number', invoice.number?.toLowerCase() === truth.invoiceNumber?.trim().toLowerCase());
      hit('issueDate', invoice.issueDate === truth.issueDate);
      hit('currency', invoice.currency === truth.currency);
      hit(
        'sellerVat',
        !!truth.seller.vatId && invoice.seller?.taxRegistrations?.[0]?.id?.value === truth.seller.vatId,
      );
      hit('net', same(invoice.totals?.taxBasisTotal?.value, truth.totals.taxExclusive));
      hit('gross', same(invoice.totals?.grandTotal?.value, truth.totals.taxInclusive));
    }
    console.log('field extraction, correct of 40:', score);
    expect(score.number).toBeGreaterThanOrEqual(31);
    expect(score.issueDate).toBeGreaterThanOrEqual(27);
    expect(score.currency).toBe(40);
    expect(score.sellerVat).toBeGreaterThanOrEqual(30);
    expect(score.net).toBeGreaterThanOrEqual(29);
    expect(score.gross).toBeGreaterThanOrEqual(24);
  }, 60_000);
});
