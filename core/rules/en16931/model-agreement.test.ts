/**
 * Agreement with the official EN16931 CII artefact (1.3.16) on the shared corpus, restricted to the
 * model rules (every id except BR-CL-*, CII-SR-*, CII-DT-*): for each file, the set of ids we report must
 * equal the set the artefact reported (where the official XSLT aborted, see core/testing/family-agreement).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeCorpus, referenceDir } from '../../testing/corpus';
import { readVerdicts } from '../../testing/cii-verdicts';
import { familyAgreement } from '../../testing/family-agreement';
import { parseXml } from '../../xml/parse';
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
  it('reports exactly the model ids of every expected verdict', () => {
    const agreement = familyAgreement(corpus, 'EN16931 model', [en16931ModelRules], isModelId);
    // A document with an undeclared prefix is refused by the engine before any rule runs (as by the
    // official parser, whose verdict then carries an error): its rule findings do not count.
    const verdicts = new Map(readVerdicts(corpus).map((v) => [v.file, v]));
    const refused = (file: string): boolean => {
      const parsed = parseXml(readFileSync(path.join(corpus, 'cii', file), 'utf8'));
      return (
        parsed.ok &&
        parsed.doc.undeclaredPrefixes.length > 0 &&
        verdicts.get(file)?.en16931.error !== undefined
      );
    };
    const counted = agreement.disagreements.filter((d) => !refused(d.file));
    const refusedCount = agreement.disagreements.length - counted.length;
    console.log(
      `EN16931 model: ${agreement.files - refusedCount - counted.length}/${agreement.files - refusedCount} files agree` +
        ` (${refusedCount} refused as not namespace-well-formed, as the official parser does)`,
    );
    expect(counted).toEqual([]);
  });
});
