/**
 * `convert --cii`: the XML the user gave goes into the Factur-X PDF (or `result.xml`) byte for byte
 * while our data does not change it (its hash is what the sender archives), comments, attribute order
 * and unused namespace declarations included; it is written again only for another profile, saved
 * profiles or a request context that completes it, and `result.sourceXml` says so.
 */
import { describe, expect, it } from 'vitest';
import { convertResponseSchema } from '../api/convert-response';
import { extractFacturx } from '../pdf/facturx-read';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import { blankPdf } from '../pdf/test-pdfs';
import { MemoryStorage } from '../service/memory-storage';
import { localContext, services } from '../service';
import type { FilePart, ServiceRequest } from '../service/types';
import { goldenCii } from '../testing/hostile-xml';

/** An ERP's own writing of a valid invoice: a comment, an unused declaration, attributes in its order. */
function erpXml(): Uint8Array {
  const xml = goldenCii()
    .replace(
      '<rsm:CrossIndustryInvoice ',
      '<!-- written by the ERP -->\r\n<rsm:CrossIndustryInvoice xmlns:erp="urn:example:erp" ',
    )
    .replace(/\n/g, '\r\n');
  return new Uint8Array(Buffer.from(xml, 'utf8'));
}

const part = (filename: string, bytes: Uint8Array): FilePart => ({ filename, bytes });

/** The ERP's invoice without the seller's electronic address (BT-34), which France 2026 requires. */
function withoutSellerAddress(): Uint8Array {
  const xml = Buffer.from(erpXml())
    .toString('utf8')
    .replace(
      /<ram:URIUniversalCommunication><ram:URIID schemeID="0225">[^<]*<\/ram:URIID><\/ram:URIUniversalCommunication>/,
      '',
    );
  return new Uint8Array(Buffer.from(xml));
}

async function convert(files: Record<string, FilePart>, fields: Record<string, string> = {}) {
  const request: ServiceRequest = { fields, files, query: {} };
  const result = await services.convert(request, localContext());
  expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(200);
  return convertResponseSchema.parse(result.body);
}

describe('an uploaded CII kept byte for byte', () => {
  it('is the XML embedded in the Factur-X PDF, and the result says it was kept', async () => {
    const xml = erpXml();
    const body = await convert({ file: part('carrier.pdf', await blankPdf()), cii: part('erp.xml', xml) });
    expect(body.success).toBe(true);
    expect(body.result.sourceXml).toEqual({ keptByteForByte: true, rewrittenBecause: [] });
    const extracted = extractFacturx(Buffer.from(body.result.pdf!, 'base64'), 'out.pdf');
    if (!extracted.ok) throw new Error(extracted.error.message);
    expect(Buffer.from(extracted.xml).equals(Buffer.from(xml))).toBe(true);
    expect(Buffer.from(body.result.xml, 'base64').equals(Buffer.from(xml))).toBe(true);
    // That Factur-X PDF converted again: its embedded XML is the source, kept as it is.
    const again = await convert(
      { file: part('facturx.pdf', Buffer.from(body.result.pdf!, 'base64')) },
      { output: 'xml_cii' },
    );
    expect(again.result.sourceXml).toEqual({ keptByteForByte: true, rewrittenBecause: [] });
    expect(Buffer.from(again.result.xml, 'base64').equals(Buffer.from(xml))).toBe(true);
  });

  it('is the delivered XML with output xml_cii', async () => {
    const xml = erpXml();
    const body = await convert({ cii: part('erp.xml', xml) }, { output: 'xml_cii' });
    expect(Buffer.from(body.result.xml, 'base64').equals(Buffer.from(xml))).toBe(true);
    expect(body.result.sourceXml?.keptByteForByte).toBe(true);
  });

  it('is written again for another profile, and the result says why', async () => {
    const body = await convert(
      { cii: part('erp.xml', erpXml()) },
      { output: 'xml_cii', options: '{"output_profile":"EXTENDED"}' },
    );
    expect(body.result.sourceXml).toEqual({ keptByteForByte: false, rewrittenBecause: ['output_profile'] });
    expect(Buffer.from(body.result.xml, 'base64').toString('utf8')).not.toContain('written by the ERP');
  });

  it('is written again when the request context completes it, and the result says why', async () => {
    const body = await convert(
      { cii: part('erp.xml', withoutSellerAddress()) },
      {
        output: 'xml_cii',
        seller_context: '{"electronic_address":{"value":"732829320","scheme_id":"0225"}}',
      },
    );
    expect(body.result.sourceXml).toEqual({ keptByteForByte: false, rewrittenBecause: ['request_context'] });
    expect(Buffer.from(body.result.xml, 'base64').toString('utf8')).toContain('732829320');
  });

  it('is written again when a saved profile completes it, and the result says why', async () => {
    const storage = new MemoryStorage();
    await storage.putTenant({ id: 'acme', email: '', plan: 'local', createdAt: '2026-11-01T00:00:00Z' });
    const context = { tenant: 'acme', storage, now: () => new Date('2026-11-20T09:00:00Z') };
    const saved = await services.profiles(
      {
        fields: {
          operation: 'save',
          role: 'seller',
          id: 'atelier',
          body: JSON.stringify({ data: { seller: GOLDEN_EXAMPLES[0]!.invoice_data.seller } }),
        },
        files: {},
        query: {},
      },
      context,
    );
    expect(saved.status).toBe(200);
    const result = await services.convert(
      {
        fields: { output: 'xml_cii', profile_reuse: 'explicit', seller_profile_id: 'atelier' },
        files: { cii: part('erp.xml', withoutSellerAddress()) },
        query: {},
      },
      context,
    );
    expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(200);
    const body = convertResponseSchema.parse(result.body);
    expect(body.result.sourceXml).toEqual({ keptByteForByte: false, rewrittenBecause: ['saved_profile'] });
    expect(Buffer.from(body.result.xml, 'base64').toString('utf8')).toContain('732829320');
  });

  it('says nothing of a source XML when the invoice came as invoice_data', async () => {
    const body = await convert(
      {},
      { invoice_data: JSON.stringify(GOLDEN_EXAMPLES[0]!.invoice_data), output: 'xml_cii' },
    );
    expect(body.result.sourceXml).toBeUndefined();
  });
});
