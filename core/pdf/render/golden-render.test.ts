import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ciiToModel } from '../../cii/read';
import { invoiceDataToCii } from '../../invoice-data/convert';
import { GOLDEN_EXAMPLES } from '../../invoice-data/examples';
import { describeCorpus } from '../../testing/corpus';
import { checkFacturxPdf } from '../check';
import { extractFacturx } from '../facturx-read';
import { packageFacturx } from '../facturx-write';
import { pdfjsAttachments, pdfjsText } from '../pdfjs-testing';
import { renderInvoice } from './invoice-render';

describe('golden invoice_data examples: render, package, check, read back', () => {
  it.each(GOLDEN_EXAMPLES.map((g) => [g.name, g] as const))('%s', async (_name, golden) => {
    const converted = invoiceDataToCii(golden.invoice_data, 'EN16931');
    if (!converted.ok || converted.xml === null) throw new Error(JSON.stringify(converted));
    const rendered = await renderInvoice(converted.model, 'fr');
    if (!rendered.ok) throw new Error(rendered.error.message);
    const xml = Buffer.from(converted.xml, 'utf8');
    const packaged = packageFacturx(rendered.pdf, xml, 'EN16931');
    if (!packaged.ok) throw new Error(packaged.error.message);
    const check = checkFacturxPdf(packaged.pdf);
    expect([...check.pdfa.findings, ...check.facturx_pdf.findings]).toEqual([]);
    expect(Buffer.from((await pdfjsAttachments(packaged.pdf))['factur-x.xml']!).equals(xml)).toBe(true);
    const back = extractFacturx(packaged.pdf, `${golden.name}.pdf`);
    expect(back.ok && Buffer.from(back.xml).equals(xml)).toBe(true);
    expect(back.ok && back.profile).toBe('EN16931');
    const text = (await pdfjsText(packaged.pdf)).join('\n');
    expect(text).toContain(converted.model.number!);
    expect(text).toContain(converted.model.seller!.name!);
  });
});

describeCorpus('rendering every corpus invoice from its XML', (corpus) => {
  const dir = path.join(corpus, 'pdf');
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    invoices: { name: string; files: { xml: string }; lineCount: number; language: string }[];
  };
  it.each(manifest.invoices.map((i) => [i.name, i] as const))('%s', async (_name, inv) => {
    const read = ciiToModel(readFileSync(path.join(dir, inv.files.xml), 'utf8'));
    if (!read.ok) throw new Error(read.error.message);
    const rendered = await renderInvoice(read.invoice, inv.language === 'fr' ? 'fr' : 'en');
    if (!rendered.ok) throw new Error(rendered.error.message);
    expect(checkFacturxPdf(rendered.pdf).pdfa.findings.filter((f) => f.id.startsWith('PDFA-FONT'))).toEqual(
      [],
    );
    const pages = await pdfjsText(rendered.pdf);
    if (read.invoice.number) expect(pages.join(' ')).toContain(read.invoice.number.trim().split(/\s+/)[0]);
  });
});
