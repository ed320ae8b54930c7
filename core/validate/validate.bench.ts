/**
 * Validation throughput (run by bin/bench.mjs, or `npx tsx core/validate/validate.bench.ts`): the whole
 * CII corpus in one process (median and p95 per invoice, peak RSS), generated invoices of 10, 1,000 and
 * 5,000 lines (cost must grow linearly), and memory over 10,000 validations.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusDir } from '../testing/corpus-dir';
import { baseInvoice, invoiceWithLines } from '../testing/generated-invoice';
import type { ValidationTarget } from '../api/targets';
import { detectProfile } from '../cii/profile';
import { facturxProfileRules } from '../rules/facturx';
import { ruleInput, runRuleSets } from '../rules/run';
import { parseXml } from '../xml/parse';
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

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The profile stage's share of a validation (CPU time, which the other processes of a shared machine
 * inflate less than the wall clock): the declared profile's Factur-X rules alone on the same documents,
 * against the whole validation.
 */
function profileShare(files: readonly string[]): void {
  const docs = files.flatMap((source) => {
    const parsed = parseXml(source);
    const profile = parsed.ok ? detectProfile(parsed.doc.root) : null;
    return parsed.ok && profile ? [{ source, doc: parsed.doc, rules: facturxProfileRules(profile) }] : [];
  });
  let whole = 0;
  let profile = 0;
  for (let round = 0; round < 6; round++) {
    for (const { source, doc, rules } of docs) {
      const a = cpuMs();
      validateXml(source, { target: 'en16931' });
      const b = cpuMs();
      runRuleSets(ruleInput(doc), [rules]);
      const c = cpuMs();
      if (round > 0) {
        whole += b - a;
        profile += c - b;
      }
    }
  }
  const n = docs.length * 5;
  console.log(
    `profile stage on ${docs.length} files: ${(profile / n).toFixed(3)} ms CPU per invoice, ` +
      `${((100 * profile) / whole).toFixed(0)} % of a whole validation (${(whole / n).toFixed(3)} ms CPU)`,
  );
}

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

  profileShare(files);

  // CPU time as well as wall time: on a shared machine the wall clock also counts other processes.
  const base = baseInvoice(corpus);
  for (const n of [10, 1000, 5000]) {
    const source = invoiceWithLines(base, n);
    timeOne(source, 'france_2026');
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 3; i++) {
      const before = process.cpuUsage();
      wall.push(timeOne(source, 'france_2026'));
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
    }
    const w = percentile(
      [...wall].sort((a, b) => a - b),
      50,
    );
    const c = percentile(
      [...cpu].sort((a, b) => a - b),
      50,
    );
    console.log(
      `generated invoice, ${n} lines (${mb(source.length)}), france_2026: ${w.toFixed(1)} ms wall, ` +
        `${c.toFixed(1)} ms CPU (${((1000 * c) / n).toFixed(1)} µs CPU per line)`,
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
