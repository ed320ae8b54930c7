/**
 * The bounds check of a new revision (issue 15): a Factur-X PDF we package is the carrier's bytes with a
 * revision appended; opening it decodes only the appended streams, the carrier's counting at the sizes
 * its own check measured. The verdict is the one a full check gives, and a file that does not begin with
 * the carrier's bytes is checked in full.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ciiToModel } from '../../cii/read';
import { goldenCii } from '../../testing/hostile-xml';
import { packageFacturx } from '../facturx-write';
import { renderInvoice } from '../render/invoice-render';
import { PDF_LIMITS } from './bounds';
import { PdfDocument } from './document';
import * as filters from './filters';
import { isName, PdfStream } from './objects';

vi.mock('./filters', async (actual) => {
  const real = await actual<typeof filters>();
  return { ...real, decodeStream: vi.fn(real.decodeStream) };
});

const decodeStream = vi.mocked(filters.decodeStream);
/** Streams the bounds check decoded (it gives a budget; other readers do not). */
const boundsDecodes = (): PdfStream[] =>
  decodeStream.mock.calls.filter((c) => c[2] !== undefined).map(([stream]) => stream);

let carrier: Uint8Array;
let packaged: Uint8Array;

beforeAll(async () => {
  const read = ciiToModel(goldenCii());
  if (!read.ok) throw new Error(read.error.message);
  const rendered = await renderInvoice(read.invoice, 'en');
  if (!rendered.ok) throw new Error('no carrier');
  carrier = rendered.pdf;
  const pack = packageFacturx(carrier, new TextEncoder().encode(goldenCii()), 'EN16931');
  if (!pack.ok) throw new Error(pack.error.message);
  packaged = pack.pdf;
});

beforeEach(() => {
  decodeStream.mockClear();
});

function streamsOf(bytes: Uint8Array): { doc: PdfDocument; streams: PdfStream[] } {
  const opened = PdfDocument.open(new Uint8Array(bytes));
  if (!opened.ok) throw new Error(opened.error.message);
  const { doc } = opened;
  const streams: PdfStream[] = [];
  for (const num of doc.objectNumbers()) {
    const s = doc.get(num);
    // Pictures are measured by their size, not decoded.
    if (s instanceof PdfStream && !isName(doc.resolve(s.dict.get('Subtype')), 'Image')) streams.push(s);
  }
  return { doc, streams };
}

/** How many streams of a document (pictures aside) have their data at or after byte `from`. */
function streamsFrom(bytes: Uint8Array, from: number): number {
  const { doc, streams } = streamsOf(bytes);
  return streams.filter((s) => s.raw.byteOffset - doc.bytes.byteOffset >= from).length;
}

/** Sum of the decoded sizes of a document's streams, pictures aside, measured by decoding each. */
function decodedTotal(bytes: Uint8Array): number {
  const { doc, streams } = streamsOf(bytes);
  return streams.reduce((sum, s) => {
    const d = doc.decode(s);
    return d.ok ? sum + d.bytes.length : sum;
  }, 0);
}

describe('the bounds check of a revision we appended', () => {
  it('decodes only the appended streams', () => {
    const appended = streamsFrom(packaged, carrier.length);
    const all = streamsFrom(packaged, 0);
    expect(appended).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(appended);
    decodeStream.mockClear();
    expect(PdfDocument.open(packaged).ok).toBe(true);
    const decoded = boundsDecodes();
    expect(decoded).toHaveLength(appended);
    for (const s of decoded)
      expect(s.raw.byteOffset - packaged.byteOffset).toBeGreaterThanOrEqual(carrier.length);
  });

  it('counts the carrier’s streams at their measured sizes: the verdict of a full check', () => {
    const total = decodedTotal(packaged);
    const all = streamsFrom(packaged, 0);
    decodeStream.mockClear();
    const beyond = PdfDocument.open(packaged, { ...PDF_LIMITS, maxDocumentBytes: total - 1 });
    expect(beyond.ok).toBe(false);
    if (!beyond.ok) expect(beyond.error.code).toBe('beyond_bounds');
    // Fewer streams decoded than a full check would: the carrier's sizes were taken as measured.
    expect(boundsDecodes().length).toBeLessThan(all);
    expect(PdfDocument.open(packaged, { ...PDF_LIMITS, maxDocumentBytes: total }).ok).toBe(true);
  });

  it('checks in full a file that does not begin with the carrier’s bytes', () => {
    const base = PdfDocument.open(carrier);
    if (!base.ok) throw new Error(base.error.message);
    const altered = new Uint8Array(packaged);
    // One byte of the carrier's part changed (in its last line, `%%EOF`, which the revision's xref does not need).
    altered[carrier.length - 2] = altered[carrier.length - 2] === 0x20 ? 0x0a : 0x20;
    PdfDocument.noteRevision(altered, base.doc);
    decodeStream.mockClear();
    PdfDocument.open(altered);
    expect(boundsDecodes()).toHaveLength(streamsFrom(altered, 0));
  });
});
