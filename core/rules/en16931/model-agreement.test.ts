/**
 * Agreement with the official EN16931 CII artefact (1.3.16) on the shared corpus, restricted to the
 * model rules (every id except BR-CL-*, CII-SR-*, CII-DT-*): for each file, the set of ids we report must
 * equal the set the artefact reported.
 *
 * Where the official XSLT aborted (the verdict has an `error`: a decimal comma, a space inside a number,
 * a duplicated element), every id it did report must be ours, and an extra id is accepted only when our
 * finding sits on the defective value itself (a value XPath cannot cast). Files that are not
 * namespace-well-formed are refused by the engine before any rule runs, as by the official parser.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeCorpus, referenceDir } from '../../testing/corpus';
import { readVerdicts } from '../../testing/cii-verdicts';
import { parseXml } from '../../xml/parse';
import { textOf } from '../../xml/query';
import { ruleInput, runRuleSets } from '../run';
import { parseDouble } from '../xpath/cast';
import { en16931ModelRules } from './index';

const isModelId = (id: string): boolean => !/^(BR-CL-|CII-SR-|CII-DT-)/.test(id);

it('implements exactly the model assertions of the artefact, with their flags', () => {
  const ref = referenceDir();
  if (!ref) return;
  const sch = readFileSync(
    path.join(ref, 'en16931-cii-1.3.16/preprocessed/EN16931-CII-validation-preprocessed.sch'),
    'utf8',
  );
  const official = new Map(
    [...sch.matchAll(/<assert id="([^"]+)" flag="([^"]+)"/g)]
      .filter((m) => isModelId(m[1]!))
      .map((m) => [m[1]!, m[2]!]),
  );
  const ours = new Map(en16931ModelRules.rules.map((r) => [r.id, r.severity as string]));
  expect(ours.size).toBe(en16931ModelRules.rules.length);
  expect([...ours.entries()].sort()).toEqual([...official.entries()].sort());
});

describeCorpus('EN16931 model rules agree with the official artefact', (corpus) => {
  const verdicts = readVerdicts(corpus);
  const disagreements: string[] = [];
  let agreeing = 0;
  let compared = 0;

  for (const verdict of verdicts) {
    const parsed = parseXml(readFileSync(path.join(corpus, 'cii', verdict.file), 'utf8'));
    if (!parsed.ok || parsed.doc.undeclaredPrefixes.length > 0) {
      if (!verdict.en16931.error)
        disagreements.push(`${verdict.file}: refused by our parser, not by the official one`);
      continue;
    }
    compared += 1;
    const findings = runRuleSets(ruleInput(parsed.doc), [en16931ModelRules]);
    const ours = new Set(findings.map((f) => f.rule.id));
    const expected = new Set(verdict.en16931.failed.map((f) => f.id).filter(isModelId));
    const missing = [...expected].filter((id) => !ours.has(id));
    let extra = [...ours].filter((id) => !expected.has(id));
    if (verdict.en16931.error) {
      const onDefectiveValue = (id: string): boolean =>
        findings.filter((f) => f.rule.id === id).every((f) => parseDouble(textOf(f.at)) === null);
      extra = extra.filter((id) => !onDefectiveValue(id));
    }
    if (missing.length === 0 && extra.length === 0) agreeing += 1;
    else disagreements.push(`${verdict.file}: missing [${missing.join(', ')}] extra [${extra.join(', ')}]`);
  }

  it('agrees on every file', () => {
    console.log(
      `EN16931 model agreement: ${agreeing}/${compared} files (${verdicts.length - compared} refused as not XML)`,
    );
    expect(disagreements).toEqual([]);
  });
});
