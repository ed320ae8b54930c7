import { describe, expect, it } from 'vitest';
import { checkFacturxPdf } from '../check';
import { extractFacturx } from '../facturx-read';
import { packageFacturx } from '../facturx-write';
import { pdfjsAttachments, pdfjsText } from '../pdfjs-testing';
import { formatAmount, formatDate } from './format';
import { renderInvoice } from './invoice-render';
import { sampleInvoice } from './sample-invoice';

const XML = Buffer.from(
  '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"><rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext></rsm:CrossIndustryInvoice>',
);

describe('format', () => {
  it('groups and pads decimals without rounding', () => {
    expect(formatAmount({ value: '1234567.5' }, 'fr')).toBe('1\u00a0234\u00a0567,50');
    expect(formatAmount({ value: '-1234.125' }, 'en')).toBe('-1,234.125');
    expect(formatDate('2026-03-15', 'fr')).toBe('15/03/2026');
  });
});

describe('renderInvoice', () => {
  it('draws every mandatory mention, in French, and packages into a clean Factur-X PDF/A-3', async () => {
    const r = await renderInvoice(sampleInvoice(3), 'fr');
    if (!r.ok) throw new Error(r.error.message);
    // pdfjs reports the no-break spaces that group digits as plain spaces.
    const text = (await pdfjsText(r.pdf)).join('\n').replace(/\u00a0/g, ' ');
    for (const s of [
      'Facture FA-2026-0042',
      'Atelier Dupont SARL',
      'SIRET : 12345678901234',
      'SIREN : 987654321',
      'N° TVA intracommunautaire : FR32123456789',
      '12 rue des Lilas',
      '15/03/2026',
      'Atelier œuvre « été »',
      'Détail de la TVA',
      'Net à payer',
      '1 080,00 EUR',
      'IBAN : FR7630006000011234567890189',
      'Virement à 30 jours',
      'Pénalités de retard',
    ]) {
      expect(text).toContain(s);
    }
    const packaged = packageFacturx(r.pdf, XML, 'EN16931');
    if (!packaged.ok) throw new Error(packaged.error.message);
    const check = checkFacturxPdf(packaged.pdf);
    expect([...check.pdfa.findings, ...check.facturx_pdf.findings]).toEqual([]);
    expect(Buffer.from((await pdfjsAttachments(packaged.pdf))['factur-x.xml']!).equals(XML)).toBe(true);
    const back = extractFacturx(packaged.pdf, 'x.pdf');
    expect(back.ok && Buffer.from(back.xml).equals(XML)).toBe(true);
  });

  it('continues long line lists on further pages, with English labels', async () => {
    const r = await renderInvoice(sampleInvoice(80), 'en');
    if (!r.ok) throw new Error(r.error.message);
    const pages = await pdfjsText(r.pdf);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[1]).toContain('Description');
    expect(pages.at(-1)).toContain('Amount due');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(pages.join(' ')).toContain('Prestation de conseil n°80');
  });

  it('keeps huge cells on one page and wraps endless words quickly', async () => {
    const invoice = sampleInvoice(2);
    invoice.lines![0]!.product = { name: 'x'.repeat(20_000), description: 'mot '.repeat(5_000) };
    const started = performance.now();
    const r = await renderInvoice(invoice, 'fr');
    expect(performance.now() - started).toBeLessThan(10_000);
    if (!r.ok) throw new Error(r.error.message);
    const pages = await pdfjsText(r.pdf);
    expect(pages.join(' ')).toContain('…');
    expect(pages.at(-1)).toContain('Net à payer');
  });
});
