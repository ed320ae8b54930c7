/**
 * Agreement with the official BR-FR 1.4.0 verdicts over the whole CII corpus: for every file, the set of
 * BR-FR rule ids we report equals the set in its expected verdict (`brfr.failed`). The CEN examples count
 * too: they are not French invoices, and their verdicts list the French requirements they miss.
 *
 * Where the official run has no verdict (`brfr.error`), two cases:
 * - the file is not namespace-well-formed (an undeclared prefix): the official XSLT cannot even load it,
 *   and neither does our engine run rules on it (it rejects the document first), so both reject it;
 * - the XSLT stopped on a value it could not cast: every expected id must be ours, and we may report more
 *   only as findings on the defective value itself (the official run never reached the other rules).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeCorpus } from '../../testing/corpus';
import { readVerdicts } from '../../testing/cii-verdicts';
import { parseXml } from '../../xml/parse';
import { runRuleSets, ruleInput } from '../run';
import { france2026Rules } from './index';
import { isUncastableFinding } from '../schematron-pattern';

interface Disagreement {
  readonly file: string;
  readonly missing: string[];
  readonly extra: string[];
}

describeCorpus('BR-FR 1.4.0 agreement with the official verdicts', (corpus) => {
  it('reports exactly the official set of BR-FR ids for every corpus file', () => {
    const verdicts = readVerdicts(corpus);
    const disagreements: Disagreement[] = [];
    for (const verdict of verdicts) {
      const source = readFileSync(path.join(corpus, 'cii', verdict.file), 'utf8');
      const parsed = parseXml(source);
      const expected = new Set(verdict.brfr.failed.map((f) => f.id));
      if (!parsed.ok || parsed.doc.undeclaredPrefixes.length > 0) {
        if (verdict.brfr.error === undefined)
          disagreements.push({ file: verdict.file, missing: [...expected], extra: ['(document rejected)'] });
        continue;
      }
      const findings = runRuleSets(ruleInput(parsed.doc), [france2026Rules]);
      const ours = new Set(findings.map((f) => f.rule.id));
      const missing = [...expected].filter((id) => !ours.has(id)).sort();
      let extra = [...ours].filter((id) => !expected.has(id)).sort();
      if (verdict.brfr.error !== undefined) {
        // Extra ids are tolerated only as findings on the value the official XSLT stopped on.
        extra = extra.filter((id) => findings.some((f) => f.rule.id === id && !isUncastableFinding(f)));
      }
      if (missing.length > 0 || extra.length > 0) disagreements.push({ file: verdict.file, missing, extra });
    }
    const agreeing = verdicts.length - disagreements.length;
    console.log(
      `BR-FR 1.4.0 agreement: ${agreeing}/${verdicts.length} files (${((100 * agreeing) / verdicts.length).toFixed(1)}%)`,
    );
    for (const d of disagreements) {
      console.log(`  ${d.file}: missing [${d.missing.join(', ')}] extra [${d.extra.join(', ')}]`);
    }
    expect(disagreements).toEqual([]);
  });
});
