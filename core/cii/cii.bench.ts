/**
 * CII read/write speed (run by bin/bench.mjs, or `npx tsx core/cii/cii.bench.ts`): read + write of a
 * 100-line invoice, median per invoice (goal < 2 ms); a typical invoice_data (10 lines, two VAT rates)
 * to CII XML (goal < 0.5 ms).
 */
import { pathToFileURL } from 'node:url';
import { invoiceDataToCii } from '../invoice-data/convert';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import type { InvoiceData } from '../invoice-data/schema';
import { corpusDir } from '../testing/corpus-dir';
import { baseInvoice, invoiceWithLines } from '../testing/generated-invoice';
import { ciiToModel } from './read';
import { modelToCii } from './write';

function median(run: () => void, iterations: number): number {
  for (let i = 0; i < 50; i++) run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? NaN;
}

function typicalPayload(): InvoiceData {
  const example = structuredClone(GOLDEN_EXAMPLES[0]!.invoice_data);
  example.lines = Array.from({ length: 10 }, (_, i) => ({
    id: String(i + 1),
    quantity: String(i + 1),
    unit_code: 'C62',
    net_price: `${10 + i}.25`,
    vat_category_code: 'S' as const,
    vat_rate: i % 2 === 0 ? '20' : '5.5',
    item: { name: `Article ${i + 1}`, seller_id: `ART-${i + 1}` },
  }));
  return example;
}

export default function bench(): void {
  const corpus = corpusDir();
  if (corpus) {
    const xml = invoiceWithLines(baseInvoice(corpus), 100);
    const ms = median(() => {
      const r = ciiToModel(xml);
      if (!r.ok) throw new Error(r.error.message);
      modelToCii(r.invoice, 'EN16931');
    }, 500);
    console.log(
      `cii read + write, 100 lines (${(xml.length / 1024).toFixed(0)} KB): median ${ms.toFixed(3)} ms (goal < 2 ms)`,
    );
  } else {
    console.log('cii read + write: skipped, corpus not found at ../shared/corpus');
  }
  const payload = typicalPayload();
  const ms = median(() => {
    const r = invoiceDataToCii(payload, 'EN16931');
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }, 2000);
  console.log(`invoice_data → CII, 10 lines, two VAT rates: median ${ms.toFixed(3)} ms (goal < 0.5 ms)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) bench();
