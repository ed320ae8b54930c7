/**
 * The whole engine against the official verdicts of the CII corpus, for both targets: the SET of rule
 * ids of each report must equal the official one — for `en16931` the EN16931 ids plus `XSD` when the
 * Factur-X schema rejects the file, for `france_2026` also the BR-FR ids.
 *
 * One test per rule family, so a failure says which family disagrees. Where an official artefact
 * aborted (its verdict has an `error`), the engine may refuse the file too (an error value), or report:
 * then every official id must be ours, and an extra id is accepted only when its issues all sit on a
 * value the official error quotes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { errorValues, readVerdicts, type OfficialVerdict } from '../testing/cii-verdicts';
import { describeCorpus } from '../testing/corpus';
import type { ValidationTarget } from '../api/targets';
import { validateXml } from './validate';

const FAMILIES: Readonly<Record<string, (id: string) => boolean>> = {
  'EN16931 model (BR, BR-CO, BR-DEC, VAT categories)': (id) => !/^(BR-CL-|CII-|BR-FR-|XSD$)/.test(id),
  'EN16931 code lists (BR-CL)': (id) => id.startsWith('BR-CL-'),
  'EN16931 CII syntax (CII-SR, CII-DT)': (id) => id.startsWith('CII-'),
  'Factur-X structure (XSD)': (id) => id === 'XSD',
  'France 2026 (BR-FR)': (id) => id.startsWith('BR-FR-'),
};

interface FileResult {
  readonly file: string;
  /** null when the engine refused the file (error value). */
  readonly ours: ReadonlyMap<string, readonly string[]> | null;
  readonly expected: ReadonlySet<string>;
  /** The values an official error quotes, when an official artefact aborted. */
  readonly defects: readonly string[];
  readonly officialError: boolean;
}

function expectedIds(v: OfficialVerdict, target: ValidationTarget): Set<string> {
  const ids = v.en16931.failed.map((f) => f.id);
  if (target === 'france_2026') ids.push(...v.brfr.failed.map((f) => f.id));
  if (!v.xsd.valid) ids.push('XSD');
  return new Set(ids);
}

function run(corpus: string, target: ValidationTarget): FileResult[] {
  return readVerdicts(corpus).map((v) => {
    const source = readFileSync(path.join(corpus, 'cii', v.file), 'utf8');
    const outcome = validateXml(source, { target, filename: v.file });
    const errors = [v.en16931.error, target === 'france_2026' ? v.brfr.error : undefined].filter(
      (e): e is string => e !== undefined,
    );
    let ours: Map<string, string[]> | null = null;
    if (outcome.ok) {
      ours = new Map();
      for (const issue of outcome.report.issues)
        ours.set(issue.ruleId, [...(ours.get(issue.ruleId) ?? []), issue.message]);
    }
    return {
      file: v.file,
      ours,
      expected: expectedIds(v, target),
      defects: errors.flatMap(errorValues),
      officialError: errors.length > 0,
    };
  });
}

function familyDisagreements(results: readonly FileResult[], inFamily: (id: string) => boolean): string[] {
  const out: string[] = [];
  for (const r of results) {
    const found = r.ours;
    if (found === null) continue;
    const expected = [...r.expected].filter(inFamily);
    const ours = [...found.keys()].filter(inFamily);
    const missing = expected.filter((id) => !found.has(id));
    let extra = ours.filter((id) => !r.expected.has(id));
    if (r.officialError) {
      extra = extra.filter((id) => !found.get(id)!.every((m) => r.defects.some((d) => m.includes(`"${d}"`))));
    }
    if (missing.length + extra.length > 0)
      out.push(`${r.file}: missing [${missing.join(', ')}] extra [${extra.join(', ')}]`);
  }
  return out;
}

for (const target of ['en16931', 'france_2026'] as const) {
  describeCorpus(`engine agrees with the official verdicts, target ${target}`, (corpus) => {
    const results = run(corpus, target);
    const families = Object.entries(FAMILIES).filter(
      ([name]) => target === 'france_2026' || !name.startsWith('France'),
    );
    const agreeing = results.filter((r) =>
      families.every(([, f]) => familyDisagreements([r], f).length === 0),
    );
    console.log(
      `engine agreement, target ${target}: ${agreeing.length}/${results.length} files ` +
        `(${results.filter((r) => r.ours === null).length} refused as unreadable)`,
    );

    it('refuses only files the official artefacts could not process either', () => {
      expect(results.filter((r) => r.ours === null && !r.officialError).map((r) => r.file)).toEqual([]);
    });

    for (const [name, inFamily] of families) {
      it(`agrees on ${name}`, () => {
        expect(familyDisagreements(results, inFamily)).toEqual([]);
      });
    }
  });
}
