/** The PDFs every fuzz run starts from: the golden invoice packaged as Factur-X, then text PDFs we draw. */
import { localContext, services } from '../service';
import { goldenCii } from '../testing/hostile-xml';
import { drawInvoice, LAYOUT_INVOICES } from '../testing/layout-invoices';

export async function pdfSeeds(drawn: number): Promise<Uint8Array[]> {
  const made = await services.convert(
    {
      fields: { output: 'facturx_pdfa3' },
      files: { cii: { filename: 'invoice.xml', bytes: new TextEncoder().encode(goldenCii()) } },
      query: {},
    },
    localContext(),
  );
  const pdf = made.ok ? (made.body as { result?: { pdf?: string } }).result?.pdf : undefined;
  if (!pdf) throw new Error(`the golden invoice did not convert: ${JSON.stringify(made.body)}`);
  const texts = await Promise.all(
    LAYOUT_INVOICES.slice(0, drawn).map((invoice) => drawInvoice(invoice.rows)),
  );
  return [new Uint8Array(Buffer.from(pdf, 'base64')), ...texts];
}
