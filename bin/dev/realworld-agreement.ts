/**
 * Dev-time measure of issue 14 on invoices nobody here wrote: for every CII file of a folder, the
 * official artefacts' verdicts (schematron-saxon.ts: CEN EN16931 1.3.16, FNFE BR-FR 1.4.0, the Factur-X
 * 1.09 rules of the declared profile) beside ours, for both targets and the profile stage:
 *   npx tsx bin/dev/realworld-agreement.ts FOLDER [--json OUT]
 * It prints, by declared profile, the files agreeing rule for rule (the same rules, the same number of
 * times) for `en16931` (the CEN rules), `france_2026` (CEN and BR-FR) and the profile stage, whether the
 * verdict `valid` agrees with the artefacts' (no fatal finding), and each differing rule with the number
 * of files where only the artefact (`-`) or only we (`+`) report it. `--json` writes the per-file
 * differences. The folder's files are read, never copied: they belong to other projects.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidationReportBody } from '../../core/api/validation-report';
import { officialTally, oursTally, type OfficialVerdict } from '../../core/testing/official-tally';
import { validateXml } from '../../core/validate/validate';
import { officialVerdicts, type OfficialVerdicts } from './schematron-saxon';

const SIDES = ['en16931', 'france_2026', 'profile'] as const;
type Side = (typeof SIDES)[number];

interface FileResult {
  readonly file: string;
  readonly profile: string;
  /** Per side: the rules only the artefact (`-id`) or only we (`+id`) report, empty when agreeing. */
  readonly diff: Record<Side, string[]>;
  /** Per target: whether our `valid` is the artefacts' (no fatal finding, no dynamic error). */
  readonly validAgrees: Record<'en16931' | 'france_2026', boolean>;
  /** Per target: whether our verdict differs only by our structure (XSD) stage's findings. */
  readonly xsdOnly: Record<'en16931' | 'france_2026', boolean>;
  readonly note?: string;
}

function xmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return xmlFiles(file);
    return /\.xml$/i.test(name) ? [file] : [];
  });
}

/** `id×n` tallies compared: what only one side has, as `-id` (artefact only) or `+id` (ours only). */
function difference(official: string[] | string, ours: string[] | string): string[] {
  if (typeof official === 'string' || typeof ours === 'string')
    return official === ours ? [] : [`-${String(official)}`, `+${String(ours)}`];
  const count = (t: string[]) =>
    new Map(t.map((e) => [e.slice(0, e.lastIndexOf('×')), Number(e.slice(e.lastIndexOf('×') + 1))]));
  const a = count(official);
  const b = count(ours);
  const out: string[] = [];
  for (const id of new Set([...a.keys(), ...b.keys()])) {
    const d = (b.get(id) ?? 0) - (a.get(id) ?? 0);
    if (d < 0) out.push(`-${id}`);
    if (d > 0) out.push(`+${id}`);
  }
  return out.sort();
}

const rejects = (v: OfficialVerdict): boolean =>
  v !== null && ('error' in v || v.some((f) => f.flag === 'fatal'));

function compare(file: string, official: OfficialVerdicts): FileResult {
  const bytes = readFileSync(file);
  const reports = {} as Record<'en16931' | 'france_2026', ValidationReportBody>;
  for (const target of ['en16931', 'france_2026'] as const) {
    const outcome = validateXml(bytes, { target });
    if (!outcome.ok) {
      // An input we refuse whole agrees with artefacts that could not read it either.
      const unread = [official.en16931, official.brfr].every((v) => 'error' in v);
      const refused = unread ? [] : [`+refused: ${outcome.error.code}`];
      return {
        file,
        profile: official.profile ?? 'unreadable',
        diff: { en16931: refused, france_2026: refused, profile: refused },
        validAgrees: { en16931: unread, france_2026: unread },
        xsdOnly: { en16931: false, france_2026: false },
        note: outcome.error.message,
      };
    }
    reports[target] = outcome.report;
  }
  const stage = (target: 'en16931' | 'france_2026', s: string) =>
    reports[target].issues.filter((i) => i.stage === s);
  const en = reports.en16931;
  const fr = reports.france_2026;
  const officialValid = {
    en16931: !rejects(official.en16931),
    france_2026: !(rejects(official.en16931) || rejects(official.brfr)),
  };
  const validByRules = (target: 'en16931' | 'france_2026') =>
    !reports[target].issues.some((i) => i.severity === 'fatal' && i.stage !== 'xsd');
  return {
    file,
    profile: en.profile ?? official.profile ?? 'unknown',
    diff: {
      en16931: difference(
        officialTally(official.en16931),
        oursTally(stage('en16931', 'schematron'), official.en16931),
      ),
      france_2026: [
        ...difference(
          officialTally(official.en16931),
          oursTally(stage('france_2026', 'schematron'), official.en16931),
        ),
        ...difference(officialTally(official.brfr), oursTally(stage('france_2026', 'fr_ctc'), official.brfr)),
      ],
      profile: difference(
        officialTally(official.facturx),
        oursTally(fr.profileConformance.issues, official.facturx),
      ),
    },
    validAgrees: {
      en16931: en.valid === officialValid.en16931,
      france_2026: fr.valid === officialValid.france_2026,
    },
    xsdOnly: {
      en16931: en.valid !== officialValid.en16931 && validByRules('en16931') === officialValid.en16931,
      france_2026:
        fr.valid !== officialValid.france_2026 && validByRules('france_2026') === officialValid.france_2026,
    },
  };
}

function table(results: readonly FileResult[]): string[] {
  const lines: string[] = [];
  const profiles = [...new Set(results.map((r) => r.profile))].sort();
  const pct = (n: number, of: number) => `${n}/${of} (${of ? Math.round((100 * n) / of) : 0} %)`;
  const row = (name: string, rs: readonly FileResult[]) =>
    `${name.padEnd(10)} ${String(rs.length).padStart(5)}  ` +
    SIDES.map((s) => pct(rs.filter((r) => r.diff[s].length === 0).length, rs.length).padEnd(16)).join(' ') +
    (['en16931', 'france_2026'] as const)
      .map((t) => pct(rs.filter((r) => r.validAgrees[t]).length, rs.length).padEnd(16))
      .join(' ');
  lines.push(
    `${'profile'.padEnd(10)} ${'files'.padStart(5)}  ${[...SIDES.map((s) => `rules ${s}`), 'valid en16931', 'valid france_2026'].map((h) => h.padEnd(16)).join(' ')}`,
  );
  for (const p of profiles)
    lines.push(
      row(
        p,
        results.filter((r) => r.profile === p),
      ),
    );
  lines.push(row('all', results));
  for (const t of ['en16931', 'france_2026'] as const) {
    const n = results.filter((r) => r.xsdOnly[t]).length;
    if (n > 0)
      lines.push(
        `valid ${t}: ${n} file(s) differ only by our structure (XSD) stage, which the Schematron artefacts do not run`,
      );
  }
  for (const side of SIDES) {
    const counts = new Map<string, number>();
    for (const r of results) for (const d of new Set(r.diff[side])) counts.set(d, (counts.get(d) ?? 0) + 1);
    if (counts.size === 0) continue;
    lines.push('', `differing rules, ${side} (-: the artefact only, +: ours only; files):`);
    for (const [d, n] of [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])))
      lines.push(`  ${d.padEnd(40)} ${n}`);
  }
  return lines;
}

const [dir, ...rest] = process.argv.slice(2);
if (!dir) throw new Error('usage: realworld-agreement.ts FOLDER [--json OUT]');
const files = xmlFiles(path.resolve(dir)).filter((f) =>
  readFileSync(f, 'utf8').includes('CrossIndustryInvoice'),
);
const official = officialVerdicts(files);
const results = files.map((f) => compare(f, official.get(f)!));
console.log(table(results).join('\n'));
const json = rest.indexOf('--json');
if (json >= 0)
  writeFileSync(
    rest[json + 1]!,
    `${JSON.stringify(
      results.map((r) => ({ ...r, file: path.relative(dir, r.file) })),
      null,
      1,
    )}\n`,
  );
