/**
 * What a report shows for each finding, values found included, is in plain words on real invoices: no
 * CII element or attribute name in any message of any stage, in English or in French. Run on our own
 * profile fixtures, and on the shared corpus (its valid examples, its one-defect mutants and the XML of
 * its real PDFs) where it is present.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeCorpus } from '../testing/corpus';
import { xmlNamesIn } from '../testing/plain-words';
import { validateXml } from './validate';

const here = path.dirname(fileURLToPath(import.meta.url));

const xmlFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .map((f) => path.join(dir, f));

/** `file (lang) rule: name` for each XML name a shown message holds. */
function namesShown(files: readonly string[]): string[] {
  const found: string[] = [];
  let issues = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const lang of ['en', 'fr'] as const) {
      const outcome = validateXml(bytes, { target: 'france_2026', lang, filename: path.basename(file) });
      if (!outcome.ok) continue;
      const report = outcome.report;
      for (const issue of [...report.issues, ...report.profileConformance.issues]) {
        issues++;
        for (const name of xmlNamesIn(issue.message))
          found.push(`${path.basename(file)} (${lang}) ${issue.ruleId}: ${name}`);
      }
    }
  }
  expect(issues).toBeGreaterThan(0);
  return found;
}

describe('findings in plain words on our profile fixtures', () => {
  it('names no XML element or attribute in any message', () => {
    expect(namesShown(xmlFiles(path.join(here, '../rules/facturx/fixtures')))).toEqual([]);
  });
});

describeCorpus('findings in plain words on the shared corpus', (corpus) => {
  it('names no XML element or attribute in any message, values found included', () => {
    const files = [
      ...xmlFiles(path.join(corpus, 'cii', 'valid')),
      ...xmlFiles(path.join(corpus, 'cii', 'mutants')),
      ...xmlFiles(path.join(corpus, 'pdf')),
    ];
    expect(namesShown(files)).toEqual([]);
  }, 300_000);
});
