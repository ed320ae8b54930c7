/**
 * The repair against the shared CII corpus: every mutant whose defect R001–R009 can fix is repaired into
 * a document our validator finds free of fatal findings, like the official verdict of its valid
 * original; every other mutant comes back byte-identical with an empty diff, judged as before.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { ValidationTarget } from '../api/targets';
import { readVerdicts, type OfficialVerdict } from '../testing/cii-verdicts';
import { describeCorpus } from '../testing/corpus';
import type { RepairRuleId } from './change';
import type { RepairResponse } from '../api/repair';
import { repairXml } from './repair';

/** The mutants the repair fixes, and the rules that must appear in the diff. */
const REPAIRED: Readonly<Record<string, readonly RepairRuleId[]>> = {
  'BR-03__issue-date-format-missing__CII_business_example_Z.xml': ['R001'],
  'BR-03__issue-date-iso-dashes__CII_example7.xml': ['R001'],
  'CII-DT-x__delivery-date-iso-dashes__CII_business_example_01.xml': ['R001'],
  'CII-DT-x__due-date-iso-dashes__CII_business_example_Z.xml': ['R001'],
  'BR-CO-15__decimal-comma-grand-total__CII_example3.xml': ['R002'],
  'BR-27__decimal-comma-net-price__CII_example9.xml': ['R002'],
  'XSD__decimal-comma-quantity__CII_example8.xml': ['R002'],
  'XSD__wrong-rsm-namespace-uri__CII_example9.xml': ['R005'],
  'XSD__zugferd1-namespace-uri__CII_example8.xml': ['R005'],
  'XSD__ram-namespace-typo__FR-synthetic-base.xml': ['R005'],
  'XSD__rsm-element-with-ram-prefix__CII_business_example_Z.xml': ['R005'],
  'XML__undeclared-prefix__huf_example_cii.xml': ['R005'],
  'BR-64__item-global-id-without-scheme__CII_business_example_02.xml': ['R006'],
  'BR-FR-10_BT-30__seller-legal-id-without-scheme__FR-synthetic-base.xml': ['R006'],
  'BR-FR-CO-10_BT-29-1__seller-global-id-without-scheme__FR-synthetic-base.xml': ['R006'],
  'BR-62__seller-endpoint-without-scheme__CII_example9.xml': ['R006'],
  'BR-63__buyer-endpoint-without-scheme__CII_example9.xml': ['R006'],
  'BR-CL-04__lowercase-currency-code__XRechnung-O.xml': ['R007'],
  'BR-CL-03__lowercase-currency-attribute__CII_example3.xml': ['R007'],
  'BR-12__missing-sum-line-net__CII_business_example_01.xml': ['R008'],
  'BR-15__missing-amount-due__CII_example8.xml': ['R008'],
  'BR-CL-23__unit-code-PCE__CII_example3.xml': ['R009'],
  'BR-CL-23__unit-code-pieces__CII_example8.xml': ['R009'],
};

/**
 * Mutants of kind `repairable` that are deliberately left as they are, and why. They come back
 * byte-identical and, where the defect is fatal for the target, with repairSuccessful false.
 */
const LEFT_ALONE: Readonly<Record<string, string>> = {
  'XSD__amount-with-thousands-separator__CII_example4.xml':
    '`1 4000` is no valid thousands grouping: reading it as 14000 would be a guess (R002 declines it)',
  'BR-CL-14__lowercase-buyer-country__CII_example9.xml':
    'country code case: no published rule (R007 is currencies)',
  'BR-CL-01__whitespace-padded-type-code__CII_example8.xml':
    'padded code: no published rule covers it (R003/R004 are unpublished); not fatal for EN16931',
  'BR-FR-02_BT-1__invoice-number-with-spaces__FR-synthetic-base.xml':
    'an invoice number is an identifier: changing its spaces changes it',
  'BR-FR-10_BT-30__seller-siren-with-spaces__FR-synthetic-base.xml':
    'identifier spacing: no published rule covers it (R006 adds schemes, it does not edit identifiers)',
};

function targetOf(base: string): ValidationTarget {
  return base === 'FR-synthetic-base.xml' ? 'france_2026' : 'en16931';
}

/** The official verdict, read for a target: no fatal finding, no processing error, XSD-valid. */
function officiallyClean(v: OfficialVerdict, target: ValidationTarget): boolean {
  const clean = (a: OfficialVerdict['en16931']): boolean =>
    !a.error && a.failed.every((f) => f.flag !== 'fatal');
  return v.xsd.valid && clean(v.en16931) && (target === 'en16931' || clean(v.brfr));
}

function repaired(body: RepairResponse): string {
  return Buffer.from(body.repaired_xml, 'base64').toString('utf8');
}

describeCorpus('repair on the CII corpus', (corpus) => {
  const verdicts = new Map(readVerdicts(corpus).map((v) => [v.file, v]));
  const read = (file: string): string => readFileSync(path.join(corpus, 'cii', file), 'utf8');
  const mutants = [...verdicts.values()].filter((v) => v.mutation !== null);

  it('knows every listed mutant', () => {
    for (const file of [...Object.keys(REPAIRED), ...Object.keys(LEFT_ALONE)]) {
      expect(verdicts.has(`mutants/${file}`), file).toBe(true);
    }
    const repairable = mutants
      .filter((v) => v.mutation?.kind === 'repairable')
      .map((v) => path.basename(v.file));
    expect(repairable.filter((f) => !(f in REPAIRED) && !(f in LEFT_ALONE))).toEqual([]);
  });

  it.each(Object.entries(REPAIRED))('repairs %s', (file, rules) => {
    const verdict = verdicts.get(`mutants/${file}`)!;
    const target = targetOf(verdict.mutation!.base);
    const base = verdicts.get(`valid/${verdict.mutation!.base}`)!;
    expect(officiallyClean(base, target)).toBe(true);

    const outcome = repairXml(read(verdict.file), { target, lang: 'en' });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const body = outcome.response;
    expect(body.validation_before.valid).toBe(false);
    expect([...new Set(body.diff_summary.map((d) => d.ruleReference))].sort()).toEqual([...rules]);
    expect(body.validation_after).toMatchObject({ valid: true, summary: { errorCount: 0 } });
    expect(body.repairSuccessful).toBe(true);
    expect(body.target).toMatchObject({ requested: target, executed: target, status: 'verified' });
  });

  it('leaves every other mutant byte-identical, judged as the official verdict judges it', () => {
    for (const verdict of mutants) {
      const file = path.basename(verdict.file);
      if (file in REPAIRED) continue;
      const target = targetOf(verdict.mutation!.base);
      const source = read(verdict.file);
      const outcome = repairXml(source, { target, lang: 'en' });
      expect(outcome.ok, file).toBe(true);
      if (!outcome.ok) continue;
      expect(outcome.response.diff_summary, file).toEqual([]);
      expect(repaired(outcome.response) === source, file).toBe(true);
      expect(outcome.response.repairSuccessful, file).toBe(officiallyClean(verdict, target));
      if (file in LEFT_ALONE && !officiallyClean(verdict, target)) {
        expect(outcome.response.target.status, file).toBe('failed');
      }
    }
  });

  it('returns every valid file byte-identical with an empty diff', () => {
    for (const verdict of verdicts.values()) {
      if (verdict.mutation !== null) continue;
      const source = read(verdict.file);
      const target = targetOf(path.basename(verdict.file));
      const outcome = repairXml(source, { target, lang: 'fr' });
      expect(outcome.ok, verdict.file).toBe(true);
      if (!outcome.ok) continue;
      expect(outcome.response.diff_summary, verdict.file).toEqual([]);
      expect(repaired(outcome.response) === source, verdict.file).toBe(true);
      expect(outcome.response.repairSuccessful, verdict.file).toBe(true);
    }
  });

  it('declines the ambiguous thousands grouping and says why', () => {
    const file = 'mutants/XSD__amount-with-thousands-separator__CII_example4.xml';
    const outcome = repairXml(read(file), { target: 'en16931', lang: 'en' });
    expect(outcome.ok && outcome.response.left_undone).toEqual([
      expect.objectContaining({ ruleReference: 'R002', reason: 'not_certain', beforeValue: '1 4000' }),
    ]);
    expect(outcome.ok && outcome.response.repairSuccessful).toBe(false);
  });
});
