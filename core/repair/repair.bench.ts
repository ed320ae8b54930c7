/**
 * Repair speed (`npx tsx core/repair/repair.bench.ts`, or a bench harness calling the default export):
 * an invoice of 100 lines given five defects (R001, R002, R006, R007, R009), median of repeated
 * repairs (parse, rules, edits, re-parses); the whole call adds the validation before and after.
 */
import { pathToFileURL } from 'node:url';
import { corpusDir } from '../testing/corpus';
import { baseInvoice, invoiceWithLines } from '../testing/generated-invoice';
import { validateXml } from '../validate/validate';
import { parseXml } from '../xml/parse';
import { applyRules } from './apply-rules';
import { withFiveDefects } from './defective-invoice';
import { repairXml } from './repair';

const RUNS = 200;

function median(run: () => void): number {
  for (let i = 0; i < 20; i++) run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export default async function bench(): Promise<void> {
  const corpus = corpusDir();
  if (!corpus) {
    console.log('repair bench skipped: corpus not found at ../shared/corpus');
    return;
  }
  const base = baseInvoice(corpus);
  await Promise.resolve();
  measure('invoice of 100 invoice lines', invoiceWithLines(base, 100));
  measure('FR-synthetic-base.xml, 2 invoice lines', base);
}

function measure(name: string, valid: string): void {
  const defective = withFiveDefects(valid);
  const check = repairXml(defective, { target: 'france_2026', lang: 'en' });
  if (!check.ok || Buffer.from(check.response.repaired_xml, 'base64').toString('utf8') !== valid) {
    throw new Error(`${name}: not repaired back to its valid source`);
  }
  const size = `${defective.split('\n').length} XML lines, ${defective.length} chars`;
  const repair = median(() => repairXml(defective, { target: 'france_2026', lang: 'en' }));
  const rules = median(() => {
    const parsed = parseXml(defective);
    if (parsed.ok) applyRules(parsed.doc, {}, null, 'en');
  });
  const validation = median(() => validateXml(defective, { target: 'france_2026' }));
  console.log(`repair: ${name} (${size}), 5 defects, france_2026, median of ${RUNS} runs`);
  console.log(`  parse + rules + edits + re-parses   ${rules.toFixed(2)} ms (goal < 5 ms)`);
  console.log(`  one validation                      ${validation.toFixed(2)} ms`);
  console.log(`  repairXml (validation before, after) ${repair.toFixed(2)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bench();
