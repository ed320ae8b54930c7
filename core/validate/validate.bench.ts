/**
 * Validation throughput (run by bin/bench.mjs, or `npx tsx core/validate/validate.bench.ts`): the whole
 * CII corpus in one process (median and p95 per invoice, peak RSS), generated invoices of 10, 1,000 and
 * 5,000 lines (cost must grow linearly), and memory over 10,000 validations.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusDir } from '../testing/corpus';
import { baseInvoice, invoiceWithLines } from '../testing/generated-invoice';
import type { ValidationTarget } from '../api/targets';
import { validateXml } from './validate';

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function timeOne(source: string, target: ValidationTarget): number {
  const start = performance.now();
  const outcome = validateXml(source, { target });
  const elapsed = performance.now() - start;
  if (!outcome.ok && outcome.error.code === 'invalid_options') throw new Error(outcome.error.message);
  return elapsed;
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export default function bench(): void {
  const corpus = corpusDir();
  if (!corpus) {
    console.log('validate bench: corpus not found at ../shared/corpus, skipped');
    return;
  }
  const files = ['valid', 'mutants'].flatMap((dir) =>
    readdirSync(path.join(corpus, 'cii', dir))
      .filter((f) => f.endsWith('.xml'))
      .map((f) => readFileSync(path.join(corpus, 'cii', dir, f), 'utf8')),
  );

  for (const target of ['en16931', 'france_2026'] as const) {
    for (const source of files) timeOne(source, target); // warm-up: JIT and lazy rule-set digests
    const times: number[] = [];
    for (let round = 0; round < 5; round++) for (const source of files) times.push(timeOne(source, target));
    times.sort((a, b) => a - b);
    console.log(
      `corpus ${files.length} files, target ${target}: median ${percentile(times, 50).toFixed(3)} ms, ` +
        `p95 ${percentile(times, 95).toFixed(3)} ms per invoice`,
    );
  }

  const base = baseInvoice(corpus);
  for (const n of [10, 1000, 5000]) {
    const source = invoiceWithLines(base, n);
    timeOne(source, 'france_2026');
    const times = [0, 1, 2].map(() => timeOne(source, 'france_2026')).sort((a, b) => a - b);
    console.log(
      `generated invoice, ${n} lines (${mb(source.length)}), france_2026: ${percentile(times, 50).toFixed(1)} ms`,
    );
  }

  const typical = invoiceWithLines(base, 10);
  const before = process.memoryUsage().rss;
  for (let i = 0; i < 10_000; i++) validateXml(typical, { target: 'france_2026' });
  const after = process.memoryUsage().rss;
  console.log(`10,000 validations of a 10-line invoice: RSS before ${mb(before)}, after ${mb(after)}`);
  console.log(`peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) bench();
