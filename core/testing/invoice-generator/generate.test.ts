/**
 * The generated invoices are fit to measure a reader with: the same seed draws the same bytes, the
 * truth is arithmetically right (lines, allowances and charges, VAT per rate, prepaid and due) and its
 * identifiers carry right check keys, what the truth says is printed in the text layer, no two texts
 * of a page overlap, and a sample varies in language, type, currency, VAT regime and length.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../decimal/decimal';
import { hasValidSirenKey } from '../../rules/france-2026/siren';
import { readPdfText } from '../../text/pdf-text';
import { overlaps } from './canvas';
import { generateInvoice, type GeneratedInvoice } from './generate';

const d = (s: string | null | undefined): Decimal => Decimal.of(s ?? '0');

/** ISO 13616: the IBAN moved four characters round, letters as numbers, is 1 modulo 97. */
const ibanKeyRight = (iban: string): boolean =>
  BigInt(
    [...(iban.slice(4) + iban.slice(0, 4))]
      .map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c))
      .join(''),
  ) %
    97n ===
  1n;

function checkArithmetic({ truth }: GeneratedInvoice): void {
  const t = truth.totals;
  for (const line of truth.lines) {
    expect(d(line.quantity).times(d(line.netPrice)).round(2).equals(d(line.lineTotal)), line.name!).toBe(
      true,
    );
  }
  expect(Decimal.sum(truth.lines.map((l) => d(l.lineTotal))).equals(d(t.lineNet))).toBe(true);
  expect(d(t.lineNet).minus(d(t.allowances)).plus(d(t.charges)).equals(d(t.taxExclusive))).toBe(true);
  expect(Decimal.sum(truth.vatBreakdown.map((b) => d(b.base))).equals(d(t.taxExclusive))).toBe(true);
  for (const b of truth.vatBreakdown) {
    const tax = d(b.base).times(d(b.rate)).dividedBy(Decimal.of(100), 2, 'half-away')!;
    expect(tax.equals(d(b.amount))).toBe(true);
  }
  expect(Decimal.sum(truth.vatBreakdown.map((b) => d(b.amount))).equals(d(t.vat))).toBe(true);
  expect(d(t.taxExclusive).plus(d(t.vat)).equals(d(t.taxInclusive))).toBe(true);
  expect(d(t.taxInclusive).minus(d(t.prepaid)).equals(d(t.due))).toBe(true);
  if (truth.dueDate) expect(truth.dueDate >= truth.issueDate!).toBe(true);
}

function checkKeys({ truth }: GeneratedInvoice): void {
  for (const iban of truth.iban) expect(ibanKeyRight(iban), iban).toBe(true);
  for (const party of [truth.seller, truth.buyer]) {
    if (party.legalId?.scheme === '0002') expect(hasValidSirenKey(party.legalId.id)).toBe(true);
    const vat = party.vatId;
    if (vat?.startsWith('FR')) {
      const siren = vat.slice(4);
      expect(Number(vat.slice(2, 4))).toBe((12 + 3 * Number(BigInt(siren) % 97n)) % 97);
    }
  }
}

describe('generated invoices', () => {
  it('draws the same bytes from the same seed, and others from another', async () => {
    const [a, b, c] = await Promise.all([
      generateInvoice(7, 3),
      generateInvoice(7, 3),
      generateInvoice(8, 3),
    ]);
    expect(Buffer.from(a.pdf).equals(Buffer.from(b.pdf))).toBe(true);
    expect(a.truth).toEqual(b.truth);
    expect(c.truth).not.toEqual(a.truth);
  });

  it('carries a right truth, prints it, and lays out its texts apart, on a sample of 40', async () => {
    const sample: GeneratedInvoice[] = [];
    for (let i = 0; i < 40; i++) sample.push(await generateInvoice(11, i));
    for (const invoice of sample) {
      checkArithmetic(invoice);
      checkKeys(invoice);
      expect(overlaps(invoice.drawn).map(([x, y]) => `${x.text} / ${y.text}`)).toEqual([]);
      const read = await readPdfText(invoice.pdf);
      if (!read.ok) throw new Error(read.error.message);
      const text = read.text.pages
        .flatMap((p) => p.lines.map((l) => l.spans.map((s) => s.text).join(' ')))
        .join('\n');
      const squeezed = text.replace(/\s+/g, '');
      for (const value of [
        invoice.truth.invoiceNumber,
        invoice.truth.seller.name,
        invoice.truth.buyer.name,
      ]) {
        expect(squeezed, `${invoice.name}: ${value}`).toContain(value!.replace(/\s+/g, ''));
      }
      for (const iban of invoice.truth.iban) expect(squeezed).toContain(iban);
    }
    const kinds = (f: (g: GeneratedInvoice) => string) => new Set(sample.map(f)).size;
    expect(kinds((g) => g.language)).toBe(3);
    expect(kinds((g) => g.truth.typeCode!)).toBeGreaterThanOrEqual(3);
    expect(kinds((g) => g.truth.currency!)).toBeGreaterThanOrEqual(2);
    expect(kinds((g) => g.truth.vatBreakdown.map((b) => b.category).join())).toBeGreaterThanOrEqual(4);
    expect(sample.some((g) => g.pages > 1)).toBe(true);
    expect(sample.some((g) => g.truth.vatBreakdown.length > 1)).toBe(true);
  }, 120_000);
});
