/**
 * Fuzzing of every entry point that reads XML (validate, repair, convert --cii), at the service level:
 * the project's own CII fixtures (and the shared corpus's valid CII when it is beside the repository),
 * mutated by core/fuzz/mutations.ts, must each get a result or a coded refusal of the Errors table. The
 * run is bounded by its number of inputs and seeded (core/fuzz/coded-answer.ts); a failure prints the
 * seed and the shrunk input.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { localContext, services } from '../service';
import type { ServiceRequest } from '../service/types';
import { describeCorpus } from '../testing/corpus';
import { expectCodedAnswer, fuzzParameters } from './coded-answer';
import { mutatedXml } from './mutations';

const here = path.dirname(fileURLToPath(import.meta.url));
const xmlFiles = (dir: string): Uint8Array[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.xml'))
    .sort()
    .map((name) => new Uint8Array(readFileSync(path.join(dir, name))));

const own = xmlFiles(path.join(here, '..', 'rules', 'facturx', 'fixtures'));

const upload = (bytes: Uint8Array, part: 'file' | 'cii'): ServiceRequest => ({
  fields: part === 'cii' ? { output: 'xml_cii' } : {},
  files: { [part]: { filename: 'invoice.xml', bytes } },
  query: {},
});

async function everyXmlEntry(bytes: Uint8Array): Promise<void> {
  const ctx = localContext();
  expectCodedAnswer('validate', await services.validate(upload(bytes, 'file'), ctx));
  expectCodedAnswer('repair', await services.repair(upload(bytes, 'file'), ctx));
  expectCodedAnswer('convert --cii', await services.convert(upload(bytes, 'cii'), ctx));
}

describe('fuzzed XML on validate, repair and convert --cii', () => {
  it('the project fixtures, mutated: a result or a coded refusal each', async () => {
    await fc.assert(fc.asyncProperty(mutatedXml(own), everyXmlEntry), fuzzParameters(120));
  });
});

describeCorpus('fuzzed corpus XML on validate, repair and convert --cii', (corpus) => {
  it('the shared corpus valid CII, mutated: a result or a coded refusal each', async () => {
    const shared = xmlFiles(path.join(corpus, 'cii', 'valid'));
    await fc.assert(fc.asyncProperty(mutatedXml(shared), everyXmlEntry), fuzzParameters(80));
  });
});
