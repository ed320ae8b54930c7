/**
 * PDF throughput (run by bin/bench.mjs, or `npx tsx core/pdf/pdf.bench.ts`), in one process after a warm-up:
 * packaging every 1-page plain PDF of the corpus with its XML, and extracting from every Factur-X PDF;
 * median and p95 per file of the per-file medians. Goals (issue 6): package < 2.5 ms, extract < 0.5 ms.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Profile } from '../cii/profile';
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

function medianOf(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

function p95Of(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(0.95 * s.length))] ?? NaN;
}

/** Median time of `fn` over ROUNDS runs, after 3 warm-up runs. */
function perFile(fn: () => unknown): number {
  for (let i = 0; i < 3; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return medianOf(times);
}

function report(label: string, times: number[]): void {
  console.log(
    `${label}: median ${medianOf(times).toFixed(3)} ms, p95 ${p95Of(times).toFixed(3)} ms per file (${times.length} files)`,
  );
}

export default function bench(): void {
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
    packaging.push(perFile(() => packageFacturx(plain, xml, profile)));
    checking.push(perFile(() => checkFacturxPdf(first.pdf)));
  }
  report('package 1-page PDF + XML', packaging);
  report('check packaged PDF', checking);

  const extracting = invoices.map((inv) => {
    const pdf = read(inv.files.facturx);
    return perFile(() => extractFacturx(pdf, inv.files.facturx));
  });
  report('extract from Factur-X PDF', extracting);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) bench();
