/**
 * The engine against the official artefacts on invoices of every Factur-X profile: the shared corpus's
 * real PDFs' embedded XML (MINIMUM, BASIC WL, BASIC, EN16931, EXTENDED, XRechnung) and our own profile
 * fixtures. official-verdicts.json holds what Saxon-HE 9.9.1.5 reported running the CEN EN16931 1.3.16,
 * FNFE BR-FR 1.4.0 and Factur-X 1.09 profile Schematron on each file (bin/dev/schematron-oracle.ts);
 * for every file and every artefact our findings must be the same rules, the same number of times
 * (core/testing/official-tally.ts; where the official XSLT stopped on a dynamic error, two dates where
 * it expects one…, ours must reject the file too).
 * The fixtures' part runs without the shared corpus.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../testing/corpus';
import { officialTally, oursTally, type OfficialVerdict } from '../testing/official-tally';
import { validateXml } from './validate';

interface OfficialVerdicts {
  readonly verdicts: readonly {
    readonly file: string;
    readonly sha256: string;
    readonly profile: string | null;
    readonly en16931: OfficialVerdict;
    readonly brfr: OfficialVerdict;
    readonly facturx: OfficialVerdict;
  }[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const official = JSON.parse(
  readFileSync(path.join(here, 'official-verdicts.json'), 'utf8'),
) as OfficialVerdicts;
const corpus = corpusDir();

function fileOf(name: string): string | null {
  if (name.startsWith('fixtures/')) return path.join(here, '../rules/facturx', name);
  return corpus ? path.join(corpus, name) : null;
}

const fixtures = official.verdicts.filter((v) => v.file.startsWith('fixtures/'));
const shared = official.verdicts.filter((v) => !v.file.startsWith('fixtures/'));

for (const [name, verdicts] of [
  ['our profile fixtures', fixtures],
  ['the shared corpus PDFs’ embedded XML', shared],
] as const) {
  const run = name.startsWith('our') || corpus ? describe : describe.skip;
  run(`official verdicts on ${name}: EN16931, BR-FR and Factur-X profile rules`, () => {
    it.each(verdicts.map((v) => [v.file, v] as const))('%s', (_file, v) => {
      const file = fileOf(v.file)!;
      expect(existsSync(file)).toBe(true);
      const bytes = readFileSync(file);
      // A changed file needs new official verdicts: run bin/dev/schematron-oracle.ts.
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(v.sha256);
      const outcome = validateXml(bytes.toString('utf8'), { target: 'france_2026' });
      if (!outcome.ok) throw new Error(outcome.error.message);
      const r = outcome.report;
      expect(r.profile).toBe(v.profile);
      expect({
        en16931: oursTally(
          r.issues.filter((i) => i.stage === 'schematron'),
          v.en16931,
        ),
        brfr: oursTally(
          r.issues.filter((i) => i.stage === 'fr_ctc'),
          v.brfr,
        ),
        facturx: oursTally(r.profileConformance.issues, v.facturx),
      }).toEqual({
        en16931: officialTally(v.en16931),
        brfr: officialTally(v.brfr),
        facturx: officialTally(v.facturx),
      });
    });
  });
}
