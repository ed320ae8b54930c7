/**
 * Documents answered side by side in one thread (a batch's, ServiceContext.convoy): each engine waits at
 * the end of each of its stages, so that a stage runs for every document in a row, and the answers are
 * those of the documents answered one at a time, durations left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import { invoiceDataToCii } from '../invoice-data/convert';
import { describeCorpus } from '../testing/corpus';
import { convoy, documentStages, type Convoy } from '../pool/convoy';
import { bytesAt } from './base64';
import { localContext, services } from '.';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

const encode = (text: string) => new TextEncoder().encode(text);

/** A convoy that notes the stage each document reaches, in the order they reach them. */
function noted(): { readonly convoy: Convoy; readonly reached: number[] } {
  const real = convoy();
  const reached: number[] = [];
  return {
    reached,
    convoy: { at: (stage) => (reached.push(stage), real.at(stage)) },
  };
}

/** A body as JSON, without what differs between two runs anyway: times and durations. */
const timeless = (result: ServiceResult<unknown>): string =>
  JSON.stringify(result.body)
    .replace(/"durationMs":[0-9.]+/g, '"durationMs":0')
    .replace(/"(validatedAt|convertedAt|extractedAt)":"[^"]+"/g, '"$1":""');

/** Three invoices that differ by their number, the second with a grand total that does not add up. */
const xmls = (() => {
  const written = invoiceDataToCii(GOLDEN_EXAMPLES[0]!.invoice_data, 'EN16931');
  if (!written.ok || written.xml === null) throw new Error(JSON.stringify(written));
  const xml = written.xml;
  return [1, 2, 3].map((i) => {
    const numbered = xml.replace(/(<rsm:ExchangedDocument>\s*<ram:ID>)([^<]*)</, `$1$2-${i}<`);
    return i === 2
      ? numbered.replace(/<ram:GrandTotalAmount>([^<]*)</, '<ram:GrandTotalAmount>1.00<')
      : numbered;
  });
})();

const fileRequest = (filename: string, bytes: Uint8Array, fields: Record<string, string> = {}) =>
  ({ fields, query: {}, files: { file: { filename, bytes } } }) satisfies ServiceRequest;

/** The answers one at a time, and side by side on a context with a convoy, with the stages reached. */
async function bothWays(
  requests: readonly ServiceRequest[],
  answer: (request: ServiceRequest, ctx: ServiceContext) => Promise<ServiceResult<unknown>>,
) {
  const alone: ServiceResult<unknown>[] = [];
  for (const request of requests) alone.push(await answer(request, localContext()));
  const { convoy: shared, reached } = noted();
  const ctx = { ...localContext(), convoy: shared };
  const together = await Promise.all(requests.map((request) => answer(request, ctx)));
  return { alone: alone.map(timeless), together: together.map(timeless), reached };
}

describe('documents answered side by side', () => {
  it('validate: reads every XML, then judges every one, and answers as one at a time', async () => {
    const requests = xmls.map((xml, i) => fileRequest(`inv${i}.xml`, encode(xml)));
    const { alone, together, reached } = await bothWays(requests, (r, ctx) => services.validate(r, ctx));
    expect(reached).toEqual([2, 2, 2, 3, 3, 3]);
    expect(together).toEqual(alone);
    expect(alone[1]).toContain('BR-CO-15');
  });

  it('convert: each stage for every invoice in a row, and the same answers', async () => {
    const requests = xmls.map((xml) => ({
      fields: { output: 'xml_cii' },
      query: {},
      files: { cii: { filename: 'invoice.xml', bytes: encode(xml) } },
    }));
    const { alone, together, reached } = await bothWays(requests, (r, ctx) => services.convert(r, ctx));
    // The invoice whose total does not add up stops after validation; the others go on to the end.
    expect(reached).toEqual([1, 1, 1, 2, 2, 2]);
    expect(together).toEqual(alone);
  });

  it('convert to Factur-X then extract with validation: every stage side by side, the same answers', async () => {
    const valid = [xmls[0]!, xmls[2]!];
    const requests = valid.map((xml) => ({
      fields: {},
      query: {},
      files: { cii: { filename: 'invoice.xml', bytes: encode(xml) } },
    }));
    const converted = await bothWays(requests, (r, ctx) => services.convert(r, ctx));
    expect(converted.reached).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    // The PDFs differ by their dates and identifiers: what they say of the invoice is the same.
    const said = (json: string) => {
      const body = JSON.parse(json) as { success: boolean; result: Record<string, unknown> };
      return [body.success, body.result.xmlSize, body.result.sourceXml];
    };
    expect(converted.together.map(said)).toEqual(converted.alone.map(said));

    const pdfs = await Promise.all(requests.map((r) => services.convert(r, localContext())));
    const extracts = pdfs.map((p, i) => {
      const pdf = bytesAt((p.body as { result: Record<string, unknown> }).result, 'pdf');
      if (!pdf) throw new Error('no PDF');
      return fileRequest(`inv${i}.pdf`, pdf, { validate: 'true' });
    });
    const extracted = await bothWays(extracts, (r, ctx) => services.extract(r, ctx));
    expect(extracted.reached).toEqual([1, 1, 2, 2, 3, 3]);
    expect(extracted.together).toEqual(extracted.alone);
  });
});

describeCorpus('documents of the corpus answered side by side', (corpus) => {
  const files = (folder: string, suffix: string) =>
    readdirSync(path.join(corpus, folder))
      .filter((name) => name.endsWith(suffix))
      .map((name) => fileRequest(name, new Uint8Array(readFileSync(path.join(corpus, folder, name)))));

  it('validates every CII example and single-defect variant as one at a time', async () => {
    const requests = [...files('cii/valid', '.xml'), ...files('cii/mutants', '.xml')];
    const { alone, together, reached } = await bothWays(requests, (r, ctx) => services.validate(r, ctx));
    expect(together).toEqual(alone);
    expect(reached.length).toBeGreaterThanOrEqual(requests.length);
  });

  it('extracts and validates every Factur-X PDF as one at a time', async () => {
    const requests = files('pdf', '.facturx.pdf');
    const { alone, together } = await bothWays(requests, (r, ctx) => services.validate(r, ctx));
    expect(together).toEqual(alone);
    const extracted = await bothWays(
      requests.map((r) => ({ ...r, query: { validate: 'true' } })),
      (r, ctx) => services.extract(r, ctx),
    );
    expect(extracted.together).toEqual(extracted.alone);
  });
});

describe('documentStages', () => {
  it("leaves out of a document's time what it waited for the others of its convoy", async () => {
    const slow: Convoy = { at: () => Promise.resolve(1000) };
    const stages = documentStages(slow);
    const began = stages.started();
    await stages.end(1);
    await stages.end(2);
    expect(stages.started() - began).toBeCloseTo(2000, 6);
    const alone = documentStages(undefined);
    const first = alone.started();
    await alone.end(1);
    expect(alone.started()).toBe(first);
  });
});
