/**
 * CII read/write speed (run by bin/bench.mjs, or `npx tsx core/cii/cii.bench.ts`): read + write of a
 * 100-line invoice, median per invoice (goal < 2 ms); a typical invoice_data (10 lines, two VAT rates)
 * to CII XML (goal < 0.5 ms).
 */
import { pathToFileURL } from 'node:url';
import { invoiceDataToCii } from '../invoice-data/convert';
import { GOLDEN_EXAMPLES } from '../invoice-data/examples';
import type { InvoiceData } from '../invoice-data/schema';
import { formatMeasurement, measure } from '../testing/bench';
import { corpusDir } from '../testing/corpus-dir';
import { baseInvoice, invoiceWithLines } from '../testing/generated-invoice';
import { ciiToModel } from './read';
import { modelToCii } from './write';

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

export default async function bench(): Promise<void> {
  const corpus = corpusDir();
  if (corpus) {
    const xml = invoiceWithLines(baseInvoice(corpus), 100);
    const m = await measure(
      () => {
        const r = ciiToModel(xml);
        if (!r.ok) throw new Error(r.error.message);
        modelToCii(r.invoice, 'EN16931');
      },
      { iterations: 500, warmup: 50 },
    );
    console.log(
      `${formatMeasurement(`cii read + write, 100 lines (${(xml.length / 1024).toFixed(0)} KB)`, m)} (goal: median < 2 ms)`,
    );
  } else {
    console.log('cii read + write: skipped, corpus not found at ../shared/corpus');
  }
  const payload = typicalPayload();
  const m = await measure(
    () => {
      const r = invoiceDataToCii(payload, 'EN16931');
      if (!r.ok) throw new Error(JSON.stringify(r.error));
    },
    { iterations: 2000, warmup: 50 },
  );
  console.log(
    `${formatMeasurement('invoice_data → CII, 10 lines, two VAT rates', m)} (goal: median < 0.5 ms)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void bench();
