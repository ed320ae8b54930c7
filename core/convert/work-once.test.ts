/**
 * Issue 15: the batch path does no work twice. The invoice XML a convert is given is parsed once (read
 * into the model and judged from the same tree); a PDF is opened and held to its bounds once, however
 * many readers (extraction, the PDF checks, packaging) look at it. Counted on the parser and on the
 * bounds check (which inflates every stream: the costly part of opening a PDF), not timed.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { convertResponseSchema } from '../api/convert-response';
import { blankPdf } from '../pdf/test-pdfs';
import { localContext, services } from '../service';
import type { FilePart, ServiceRequest } from '../service/types';
import { goldenCii } from '../testing/hostile-xml';
import * as bounds from '../pdf/reader/bounds';
import { PdfDocument } from '../pdf/reader/document';
import * as parse from '../xml/parse';

vi.mock('../xml/parse', async (actual) => {
  const real = await actual<typeof parse>();
  return { ...real, parseXml: vi.fn(real.parseXml) };
});
vi.mock('../pdf/reader/bounds', async (actual) => {
  const real = await actual<typeof bounds>();
  return { ...real, checkBounds: vi.fn(real.checkBounds) };
});

const parseXml = vi.mocked(parse.parseXml);
const checkBounds = vi.mocked(bounds.checkBounds);
const open = vi.spyOn(PdfDocument, 'open');
/** How many PDF documents were read (parsed) since the last reset, and how many times one was held to its bounds. */
const pdfOpenings = (): { pdfs: number; checks: number } => ({
  pdfs: new Set(open.mock.results.map((r) => (r.type === 'return' && r.value.ok ? r.value.doc : r))).size,
  checks: checkBounds.mock.calls.length,
});
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
  checkBounds.mockClear();
  open.mockClear();
});

async function facturxPdf(): Promise<Uint8Array> {
  const body = await convert({ file: part('carrier.pdf', await blankPdf()), cii: part('in.xml', xml()) });
  return new Uint8Array(Buffer.from(body.result.pdf!, 'base64'));
}

const upload = (
  filename: string,
  bytes: Uint8Array,
  fields: Record<string, string> = {},
): ServiceRequest => ({
  fields,
  files: { file: { filename, bytes, mediaType: 'application/pdf' } },
  query: {},
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

describe('a PDF is opened once', () => {
  it('packaging: the carrier once, the Factur-X PDF once for its extraction and its checks', async () => {
    const carrier = await blankPdf();
    checkBounds.mockClear();
    open.mockClear();
    await convert({ file: part('carrier.pdf', carrier), cii: part('in.xml', xml()) });
    expect(pdfOpenings()).toEqual({ pdfs: 2, checks: 2 });
  });

  it('a Factur-X PDF converted again: its XML and its carrier read from the one opening', async () => {
    const pdf = await facturxPdf();
    checkBounds.mockClear();
    open.mockClear();
    await convert({ file: part('facturx.pdf', pdf) });
    // The upload once (extraction and packaging), the new Factur-X PDF once.
    expect(pdfOpenings()).toEqual({ pdfs: 2, checks: 2 });
  });

  it('validating a Factur-X PDF: extraction and the PDF checks share it', async () => {
    const pdf = await facturxPdf();
    checkBounds.mockClear();
    open.mockClear();
    const result = await services.validate(
      upload('in.pdf', pdf, { validation_target: 'en16931' }),
      localContext(),
    );
    expect(result.status).toBe(200);
    expect(pdfOpenings()).toEqual({ pdfs: 1, checks: 1 });
  });

  it('extracting with validation, and a dry run of a Factur-X PDF', async () => {
    const pdf = await facturxPdf();
    checkBounds.mockClear();
    open.mockClear();
    const extracted = await services.extract(
      { ...upload('in.pdf', pdf), query: { validate: 'true' } },
      localContext(),
    );
    expect(extracted.status).toBe(200);
    expect(pdfOpenings()).toEqual({ pdfs: 1, checks: 1 });
    await convert({ file: part('in.pdf', pdf) }, { dry_run: 'true' });
    expect(pdfOpenings()).toEqual({ pdfs: 1, checks: 1 });
  });
});
