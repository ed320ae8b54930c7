/**
 * Issue 15: the batch path does no work twice. The invoice XML a convert is given is parsed once (read
 * into the model and judged from the same tree); counted on the parser itself, not timed.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { convertResponseSchema } from '../api/convert-response';
import { blankPdf } from '../pdf/test-pdfs';
import { localContext, services } from '../service';
import type { FilePart, ServiceRequest } from '../service/types';
import { goldenCii } from '../testing/hostile-xml';
import * as parse from '../xml/parse';

vi.mock('../xml/parse', async (actual) => {
  const real = await actual<typeof parse>();
  return { ...real, parseXml: vi.fn(real.parseXml) };
});

const parseXml = vi.mocked(parse.parseXml);
/** How many times an invoice (not an XMP packet or other XML) was parsed since the last reset. */
const invoiceParses = (): number =>
  parseXml.mock.calls.filter(([text]) => text.includes('CrossIndustryInvoice')).length;

const part = (filename: string, bytes: Uint8Array): FilePart => ({ filename, bytes });
const xml = (): Uint8Array => new TextEncoder().encode(goldenCii());

async function convert(files: Record<string, FilePart>, fields: Record<string, string> = {}) {
  const request: ServiceRequest = { fields, files, query: {} };
  const result = await services.convert(request, localContext());
  expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(200);
  return convertResponseSchema.parse(result.body);
}

beforeEach(() => {
  parseXml.mockClear();
});

describe('the invoice XML of a convert is parsed once', () => {
  it('an uploaded CII packaged into a PDF, kept byte for byte', async () => {
    const carrier = await blankPdf();
    parseXml.mockClear();
    const body = await convert({ file: part('carrier.pdf', carrier), cii: part('in.xml', xml()) });
    expect(body.success).toBe(true);
    expect(body.result.sourceXml?.keptByteForByte).toBe(true);
    expect(invoiceParses()).toBe(1);
  });

  it('an uploaded CII delivered as XML', async () => {
    const body = await convert({ cii: part('in.xml', xml()) }, { output: 'xml_cii' });
    expect(body.success).toBe(true);
    expect(invoiceParses()).toBe(1);
  });

  it('an uploaded CII on a dry run', async () => {
    const body = await convert({ file: part('in.xml', xml()) }, { dry_run: 'true' });
    expect(body.result.extraction?.sourceType).toBe('xml_document');
    expect(invoiceParses()).toBe(1);
  });

  it('an uploaded CII written again in another profile: the upload once, the candidate once', async () => {
    const body = await convert(
      { cii: part('in.xml', xml()) },
      { output: 'xml_cii', options: '{"output_profile":"BASIC"}' },
    );
    expect(body.result.sourceXml?.rewrittenBecause).toEqual(['output_profile']);
    expect(invoiceParses()).toBe(2);
  });
});
