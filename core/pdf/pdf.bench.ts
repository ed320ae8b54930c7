/**
 * PDF throughput (run by bin/bench.mjs, or `npx tsx core/pdf/pdf.bench.ts`), in one process after a warm-up:
 * packaging every 1-page plain PDF of the corpus with its XML, and extracting from every Factur-X PDF;
 * median and p95 per file of the per-file medians. Goals (issue 6): package < 2.5 ms, extract < 0.5 ms.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Profile } from '../cii/profile';
import { formatMeasurement, measure, summarize } from '../testing/bench';
import { corpusDir } from '../testing/corpus-dir';
import { checkFacturxPdf } from './check';
import { extractFacturx } from './facturx-read';
import { packageFacturx } from './facturx-write';

interface Entry {
  files: { facturx: string; xml: string; plain: string };
  profile: string;
  pages: number;
}

const ROUNDS = 25;

/** Median time of `fn` over ROUNDS runs, after 3 warm-up runs. */
async function perFile(fn: () => unknown): Promise<number> {
  return (await measure(fn, { iterations: ROUNDS, warmup: 3 })).medianMs;
}

function report(label: string, times: number[]): void {
  console.log(
    `${formatMeasurement(`${label}, per file (medians of ${times.length} files)`, summarize(times))}`,
  );
}

export default async function bench(): Promise<void> {
  const corpus = corpusDir();
  if (!corpus) {
    console.log('pdf bench: corpus not found at ../shared/corpus, skipped');
    return;
  }
  const dir = path.join(corpus, 'pdf');
  const { invoices } = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    invoices: Entry[];
  };
  const read = (f: string): Uint8Array => new Uint8Array(readFileSync(path.join(dir, f)));

  const packaging: number[] = [];
  const checking: number[] = [];
  for (const inv of invoices.filter((i) => i.pages === 1)) {
    const plain = read(inv.files.plain);
    const xml = read(inv.files.xml);
    const profile = (inv.profile === 'XRECHNUNG' ? 'EN16931' : inv.profile) as Profile;
    const first = packageFacturx(plain, xml, profile);
    if (!first.ok) continue;
    packaging.push(await perFile(() => packageFacturx(plain, xml, profile)));
    checking.push(await perFile(() => checkFacturxPdf(first.pdf)));
  }
  report('package 1-page PDF + XML', packaging);
  report('check packaged PDF', checking);

  const extracting: number[] = [];
  for (const inv of invoices) {
    const pdf = read(inv.files.facturx);
    extracting.push(await perFile(() => extractFacturx(pdf, inv.files.facturx)));
  }
  report('extract from Factur-X PDF', extracting);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void bench();
