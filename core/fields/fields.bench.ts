/**
 * Reading invoices out of PDFs without XML (run by bin/bench.mjs, `npm run bench -- fields`): over the
 * corpus plain PDFs, the text layer per page and field extraction per invoice, after a warm-up, and how
 * many invoices had their lines read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatMeasurement, measure, summarize } from '../testing/bench';
import { corpusDir } from '../testing/corpus-dir';
import { readPdfText } from '../text/pdf-text';
import { extractFields } from './extract-fields';

export default async function bench(): Promise<void> {
  const corpus = corpusDir();
  if (!corpus) {
    console.log('fields bench: corpus not found at ../shared/corpus, skipped');
    return;
  }
  const dir = path.join(corpus, 'pdf');
  const perPage: number[] = [];
  const perInvoice: number[] = [];
  let withLines = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.plain.pdf'))) {
    const pdf = new Uint8Array(readFileSync(path.join(dir, file)));
    const first = await readPdfText(pdf);
    if (!first.ok) continue;
    const read = await measure(() => readPdfText(pdf), { iterations: 5, warmup: 1 });
    perPage.push(read.medianMs / Math.max(1, first.text.pages.length));
    if (extractFields(first.text).invoice.lines) withLines++;
    const fields = await measure(() => extractFields(first.text), { iterations: 20, warmup: 3 });
    perInvoice.push(fields.medianMs);
  }
  console.log(
    formatMeasurement(`PDF text layer, per page (medians of ${perPage.length} PDFs)`, summarize(perPage)),
  );
  console.log(formatMeasurement('field extraction, per invoice', summarize(perInvoice)));
  console.log(
    `invoice lines read (and adding up to the totals) in ${withLines} of ${perInvoice.length} PDFs`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void bench();
