/**
 * OCR of the corpus scans (run by bin/bench.mjs: `npm run bench -- ocr`): seconds per page, mean word
 * confidence, peak memory, and in how many scans the BT-1 invoice number and BT-112 grand total of the
 * truth appear verbatim in the OCR text, per invoice language (there is no German data: fra+eng reads
 * German invoices too, and the per-language figures show what that costs). Also the time to draw a
 * page for OCR when it holds no scanned JPEG (measured on the text-layer corpus PDFs).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatMeasurement, summarize } from '../testing/bench';
import { corpusDir } from '../testing/corpus-dir';
import { ocrPdf } from './ocr-pdf';
import { pageImages } from './page-images';
import { plainText, truthHits } from './truth-hits';

interface ManifestEntry {
  readonly name: string;
  readonly language: string;
  readonly files: { readonly scan?: string; readonly plain: string; readonly truth: string };
}

interface Truth {
  readonly invoiceNumber: string;
  readonly totals: { readonly taxInclusive: string };
}

interface Tally {
  docs: number;
  confidence: number;
  numbers: number;
  totals: number;
}

export default async function bench(): Promise<void> {
  const corpus = corpusDir();
  if (!corpus) {
    console.log('ocr: skipped, corpus not found at ../shared/corpus');
    return;
  }
  const dir = path.join(corpus, 'pdf');
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    invoices: ManifestEntry[];
  };
  const perPage: number[] = [];
  const byLang = new Map<string, Tally>();
  for (const entry of manifest.invoices) {
    if (!entry.files.scan) continue;
    const truth = JSON.parse(readFileSync(path.join(dir, entry.files.truth), 'utf8')) as Truth;
    const start = performance.now();
    const r = await ocrPdf(readFileSync(path.join(dir, entry.files.scan)));
    const ms = performance.now() - start;
    if (!r.ok) {
      console.log(`  ${entry.name}: ${r.error.code} ${r.error.message}`);
      continue;
    }
    for (let i = 0; i < r.text.pages.length; i += 1) perPage.push(ms / r.text.pages.length);
    const hits = truthHits(plainText(r.text), truth.invoiceNumber, truth.totals.taxInclusive);
    const tally = byLang.get(entry.language) ?? { docs: 0, confidence: 0, numbers: 0, totals: 0 };
    tally.docs += 1;
    tally.confidence += r.text.confidence ?? 0;
    tally.numbers += hits.invoiceNumber ? 1 : 0;
    tally.totals += hits.grandTotal ? 1 : 0;
    byLang.set(entry.language, tally);
    console.log(
      `  ${entry.name} (${entry.language}, ${r.text.pages.length} p): ${(ms / 1000).toFixed(1)} s, ` +
        `confidence ${(r.text.confidence ?? 0).toFixed(1)}, BT-1 ${hits.invoiceNumber ? 'found' : 'MISSED'}, ` +
        `BT-112 ${hits.grandTotal ? 'found' : 'MISSED'}`,
    );
  }
  console.log(formatMeasurement(`ocr per page (fra+eng, ${perPage.length} pages)`, summarize(perPage)));
  const all: Tally = { docs: 0, confidence: 0, numbers: 0, totals: 0 };
  for (const [lang, t] of [...byLang].sort()) {
    console.log(
      `ocr ${lang}: ${t.docs} scans, mean confidence ${(t.confidence / t.docs).toFixed(1)}, ` +
        `BT-1 found ${t.numbers}/${t.docs}, BT-112 found ${t.totals}/${t.docs}`,
    );
    all.docs += t.docs;
    all.confidence += t.confidence;
    all.numbers += t.numbers;
    all.totals += t.totals;
  }
  console.log(
    `ocr all: ${all.docs} scans, mean confidence ${(all.confidence / all.docs).toFixed(1)}, ` +
      `BT-1 found ${all.numbers}/${all.docs}, BT-112 found ${all.totals}/${all.docs}`,
  );
  const drawn: number[] = [];
  for (const entry of manifest.invoices.slice(0, 10)) {
    const start = performance.now();
    const r = await pageImages(readFileSync(path.join(dir, entry.files.plain)));
    if (r.ok) for (const _ of r.pages) drawn.push((performance.now() - start) / r.pages.length);
  }
  console.log(formatMeasurement(`page drawn for OCR at 300 dpi (${drawn.length} pages)`, summarize(drawn)));
}
