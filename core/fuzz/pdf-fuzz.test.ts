/**
 * Fuzzing of every entry point that reads a PDF (validate, extract, and a convert dry run), at the
 * service level: a Factur-X PDF the project makes from its golden invoice and text PDFs it draws
 * (core/testing/layout-invoices.ts), mutated by core/fuzz/mutations.ts (broken cross-references,
 * streams, dictionaries, bytes), must each get a result or a coded refusal of the Errors table. The run
 * is bounded by its number of inputs and seeded (core/fuzz/coded-answer.ts); a failure prints the seed
 * and the shrunk input.
 */
import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { localContext, services } from '../service';
import type { ServiceRequest } from '../service/types';
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

describe('fuzzed PDFs on validate, extract and a convert dry run', () => {
  it('our own Factur-X and text PDFs, mutated: a result or a coded refusal each', async () => {
    const ctx = localContext();
    await fc.assert(
      fc.asyncProperty(mutatedPdf(seeds), async (bytes) => {
        expectCodedAnswer('validate', await services.validate(upload(bytes), ctx));
        expectCodedAnswer('extract', await services.extract(upload(bytes), ctx));
        expectCodedAnswer('convert dry run', await services.convert(upload(bytes, { dry_run: 'true' }), ctx));
      }),
      fuzzParameters(60),
    );
  });
});
