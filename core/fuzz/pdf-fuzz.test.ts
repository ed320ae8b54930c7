/**
 * Fuzzing of every entry point that reads a PDF (validate, extract, and a convert dry run), at the
 * service level: a Factur-X PDF the project makes from its golden invoice and text PDFs it draws
 * (core/testing/layout-invoices.ts), and the shared corpus's Factur-X PDFs when it is beside the
 * repository (other writers' PDFs: incremental updates, object streams, fonts), mutated by core/fuzz/mutations.ts (broken cross-references,
 * streams, dictionaries, bytes), must each get a result or a coded refusal of the Errors table. The run
 * is bounded by its number of inputs and seeded (core/fuzz/coded-answer.ts); a failure prints the seed
 * and the shrunk input.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { localContext, services } from '../service';
import type { ServiceRequest } from '../service/types';
import { describeCorpus } from '../testing/corpus';
import { expectCodedAnswer, fuzzParameters } from './coded-answer';
import { mutatedPdf } from './mutations';
import { pdfSeeds } from './seeds';

const upload = (bytes: Uint8Array, fields: Record<string, string> = {}): ServiceRequest => ({
  fields,
  files: { file: { filename: 'invoice.pdf', bytes } },
  query: {},
});

let seeds: Uint8Array[];

beforeAll(async () => {
  seeds = await pdfSeeds(2);
  // The first convert loads the PDF modules and fonts: seconds on a busy machine, beyond the hook default.
}, 180_000);

async function everyPdfEntry(bytes: Uint8Array): Promise<void> {
  const ctx = localContext();
  expectCodedAnswer('validate', await services.validate(upload(bytes), ctx));
  expectCodedAnswer('extract', await services.extract(upload(bytes), ctx));
  expectCodedAnswer('convert dry run', await services.convert(upload(bytes, { dry_run: 'true' }), ctx));
}

describe('fuzzed PDFs on validate, extract and a convert dry run', () => {
  it('our own Factur-X and text PDFs, mutated: a result or a coded refusal each', async () => {
    await fc.assert(fc.asyncProperty(mutatedPdf(seeds), everyPdfEntry), fuzzParameters(60));
  });
});

describeCorpus('fuzzed corpus PDFs on validate, extract and a convert dry run', (corpus) => {
  it('the shared corpus Factur-X PDFs, mutated: a result or a coded refusal each', async () => {
    const dir = path.join(corpus, 'pdf');
    const shared = readdirSync(dir)
      .filter((name) => name.endsWith('.facturx.pdf'))
      .sort()
      .map((name) => new Uint8Array(readFileSync(path.join(dir, name))));
    await fc.assert(fc.asyncProperty(mutatedPdf(shared), everyPdfEntry), fuzzParameters(40));
  });
});
