/**
 * OCR of the corpus scans (run by bin/bench.mjs: `npm run bench -- ocr`): time per page, both on the
 * clock and in processor time (tesseract runs in a thread of this process; on a machine busy with other
 * work the clock counts their time too, the processor time does not), with the engine started once
 * beforehand as the product keeps it; the share of the words of each page read exactly, against the
 * text layer of the `.plain.pdf` the scan was made from (word-accuracy.ts); mean word confidence, peak
 * memory, and in how many scans the BT-1 invoice number and BT-112 grand total of the truth appear
 * verbatim, per invoice language. Also the time to draw a page for OCR when it holds no scanned JPEG
 * (measured on the text-layer corpus PDFs).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatMeasurement, summarize } from '../testing/bench';
import { corpusDir } from '../testing/corpus-dir';
import { readPdfText } from '../text/pdf-text';
import { ocrPdf, OCR_LANGS } from './ocr-pdf';
import { pageImages } from './page-images';
import { scanPdf } from './scan-fixture';
import { precision, recall, totalAccuracy, wordAccuracy, type WordAccuracy } from './word-accuracy';
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
  words: WordAccuracy[];
}

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

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
  const cpuPerPage: number[] = [];
  const byLang = new Map<string, Tally>();
  const warm = performance.now();
  await ocrPdf(await scanPdf());
  console.log(`  engine start and a first small page: ${(performance.now() - warm).toFixed(0)} ms`);
  for (const entry of manifest.invoices) {
    if (!entry.files.scan) continue;
    const truth = JSON.parse(readFileSync(path.join(dir, entry.files.truth), 'utf8')) as Truth;
    const start = performance.now();
    const cpu = process.cpuUsage();
    const r = await ocrPdf(readFileSync(path.join(dir, entry.files.scan)));
    const ms = performance.now() - start;
    const cpuUsed = cpuMs(cpu);
    if (!r.ok) {
      console.log(`  ${entry.name}: ${r.error.code} ${r.error.message}`);
      continue;
    }
    for (let i = 0; i < r.text.pages.length; i += 1) {
      perPage.push(ms / r.text.pages.length);
      cpuPerPage.push(cpuUsed / r.text.pages.length);
    }
    const hits = truthHits(plainText(r.text), truth.invoiceNumber, truth.totals.taxInclusive);
    const layer = await readPdfText(readFileSync(path.join(dir, entry.files.plain)));
    const words = layer.ok
      ? r.text.pages.flatMap((p) => {
          const expected = layer.text.pages[p.number - 1];
          return expected ? [wordAccuracy(expected, p)] : [];
        })
      : [];
    const tally = byLang.get(entry.language) ?? { docs: 0, confidence: 0, numbers: 0, totals: 0, words: [] };
    tally.words.push(...words);
    tally.docs += 1;
    tally.confidence += r.text.confidence ?? 0;
    tally.numbers += hits.invoiceNumber ? 1 : 0;
    tally.totals += hits.grandTotal ? 1 : 0;
    byLang.set(entry.language, tally);
    console.log(
      `  ${entry.name} (${entry.language}, ${r.text.pages.length} p): ${(ms / 1000).toFixed(1)} s ` +
        `(processor ${(cpuUsed / 1000).toFixed(1)} s), words read exactly ${recall(totalAccuracy(words)).toFixed(1)} %, ` +
        `confidence ${(r.text.confidence ?? 0).toFixed(1)}, BT-1 ${hits.invoiceNumber ? 'found' : 'MISSED'}, ` +
        `BT-112 ${hits.grandTotal ? 'found' : 'MISSED'}`,
    );
  }
  console.log(formatMeasurement(`ocr per page (${OCR_LANGS}, ${perPage.length} pages)`, summarize(perPage)));
  console.log(formatMeasurement(`ocr processor time per page`, summarize(cpuPerPage)));
  const all: Tally = { docs: 0, confidence: 0, numbers: 0, totals: 0, words: [] };
  const line = (name: string, t: Tally) => {
    const words = totalAccuracy(t.words);
    console.log(
      `ocr ${name}: ${t.docs} scans, words read exactly ${recall(words).toFixed(1)} % ` +
        `(${words.matched}/${words.expected}, precision ${precision(words).toFixed(1)} %), ` +
        `mean confidence ${(t.confidence / t.docs).toFixed(1)}, ` +
        `BT-1 found ${t.numbers}/${t.docs}, BT-112 found ${t.totals}/${t.docs}`,
    );
  };
  for (const [lang, t] of [...byLang].sort()) {
    line(lang, t);
    all.docs += t.docs;
    all.confidence += t.confidence;
    all.numbers += t.numbers;
    all.totals += t.totals;
    all.words.push(...t.words);
  }
  line('all', all);
  const drawn: number[] = [];
  for (const entry of manifest.invoices.slice(0, 10)) {
    const start = performance.now();
    const r = await pageImages(readFileSync(path.join(dir, entry.files.plain)));
    if (r.ok) for (const _ of r.pages) drawn.push((performance.now() - start) / r.pages.length);
  }
  console.log(formatMeasurement(`page drawn for OCR at 300 dpi (${drawn.length} pages)`, summarize(drawn)));
}
