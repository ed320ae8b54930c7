/**
 * Dev-time oracle: the official artefacts' own verdicts on invoices of every Factur-X profile, computed by
 * Saxon-HE 9.9.1.5 (the version of the corpus's expected verdicts; Debian: `apt-get install
 * libsaxonhe-java`), for the tests that hold our engine to them rule for rule:
 *   npx tsx bin/dev/schematron-oracle.ts
 * For each invoice (the shared PDF corpus's embedded XML, which has every profile, and our own profile
 * fixtures) it runs the CEN EN16931 1.3.16 and FNFE BR-FR 1.4.0 Schematron and the Factur-X 1.09
 * Schematron of the profile the invoice declares (schematron-saxon.ts), and writes
 * core/validate/official-verdicts.json. Never run at install or test time.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { officialVerdicts, repo, shared } from './schematron-saxon';

const invoices = [
  ...readdirSync(path.join(shared, 'corpus/pdf'))
    .filter((f) => f.endsWith('.xml'))
    .map((f) => ({ name: `pdf/${f}`, file: path.join(shared, 'corpus/pdf', f) })),
  ...readdirSync(path.join(repo, 'core/rules/facturx/fixtures'))
    .filter((f) => f.endsWith('.xml'))
    .map((f) => ({ name: `fixtures/${f}`, file: path.join(repo, 'core/rules/facturx/fixtures', f) })),
];

const found = officialVerdicts(invoices.map((i) => i.file));
const verdicts = invoices.map((i) => ({
  file: i.name,
  sha256: createHash('sha256').update(readFileSync(i.file)).digest('hex'),
  ...found.get(i.file)!,
}));
writeFileSync(
  path.join(repo, 'core/validate/official-verdicts.json'),
  `${JSON.stringify({ producedBy: 'bin/dev/schematron-oracle.ts, Saxon-HE 9.9.1.5', verdicts }, null, 1)}\n`,
);
console.log(`wrote ${verdicts.length} verdicts`);
