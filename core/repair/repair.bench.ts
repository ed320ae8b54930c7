/**
 * Repair speed (`npm run bench repair`, or `npx tsx core/repair/repair.bench.ts`): an invoice of 100
 * lines given five defects (R001, R002, R006, R007, R009), median of repeated repairs (parse, rules,
 * edits, re-parses); the whole repairXml call adds the validation before and after. The corpus base
 * file (2 invoice lines, 205 XML lines) is measured the same way for comparison.
 */
import { pathToFileURL } from 'node:url';
import { formatMeasurement, measure } from '../testing/bench';
import { corpusDir } from '../testing/corpus-dir';
import { baseInvoice, invoiceWithLines } from '../testing/generated-invoice';
import { validateXml } from '../validate/validate';
import { parseXml } from '../xml/parse';
import { applyRules } from './apply-rules';
import { withFiveDefects } from './defective-invoice';
import { repairXml } from './repair';

const OPTIONS = { iterations: 200, warmup: 20 };

async function measureOne(name: string, valid: string): Promise<void> {
  const defective = withFiveDefects(valid);
  const check = repairXml(defective, { target: 'france_2026', lang: 'en' });
  if (!check.ok || Buffer.from(check.response.repaired_xml, 'base64').toString('utf8') !== valid) {
    throw new Error(`${name}: not repaired back to its valid source`);
  }
  console.log(
    `repair: ${name} (${defective.split('\n').length} XML lines, ${defective.length} chars), 5 defects`,
  );
  const rules = await measure(() => {
    const parsed = parseXml(defective);
    if (parsed.ok) applyRules(parsed.doc, {}, null, 'en');
  }, OPTIONS);
  console.log(formatMeasurement('  parse + rules + edits + re-parses (goal < 5 ms)', rules));
  const validation = await measure(() => validateXml(defective, { target: 'france_2026' }), OPTIONS);
  console.log(formatMeasurement('  one validation, france_2026', validation));
  const whole = await measure(() => repairXml(defective, { target: 'france_2026', lang: 'en' }), OPTIONS);
  console.log(formatMeasurement('  repairXml (validation before and after)', whole));
}

export default async function bench(): Promise<void> {
  const corpus = corpusDir();
  if (!corpus) {
    console.log('repair bench skipped: corpus not found at ../shared/corpus');
    return;
  }
  const base = baseInvoice(corpus);
  await measureOne('invoice of 100 invoice lines', invoiceWithLines(base, 100));
  await measureOne('FR-synthetic-base.xml, 2 invoice lines', base);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bench();
