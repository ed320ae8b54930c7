/**
 * Agreement of one rule family with the official EN16931 verdicts of the CII corpus: per file, the set
 * of rule ids we report (restricted to the family) must equal the set the artefact reported.
 *
 * Where the official XSLT aborted (`error` in the verdict: a decimal comma, an empty amount…), it gave
 * no verdict for the rules after the failure. There every expected id must be ours, and an extra id is
 * accepted only when its finding sits on the value the error names (the defect we report instead).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseXml } from '../xml/parse';
import { textOf } from '../xml/query';
import type { Finding, RuleSet } from '../rules/rule';
import { ruleInput, runRuleSets } from '../rules/run';
import { errorValues, readVerdicts } from './cii-verdicts';

export interface Disagreement {
  readonly file: string;
  readonly missing: readonly string[];
  readonly extra: readonly string[];
}

export interface Agreement {
  readonly files: number;
  readonly agreeing: number;
  readonly disagreements: readonly Disagreement[];
  /** One line for the test log: `BR-CL: 204/204 files agree (100.0%)`. */
  readonly summary: string;
}

function onDefect(finding: Finding, defects: readonly string[]): boolean {
  return defects.some((defect) => textOf(finding.at).trim() === defect.trim());
}

export function familyAgreement(
  corpus: string,
  label: string,
  sets: readonly RuleSet[],
  inFamily: (id: string) => boolean,
): Agreement {
  const disagreements: Disagreement[] = [];
  const verdicts = readVerdicts(corpus).filter((v) => !v.file.startsWith('pdf/'));
  for (const verdict of verdicts) {
    const source = readFileSync(path.join(corpus, 'cii', verdict.file), 'utf8');
    const parsed = parseXml(source);
    const expected = new Set(verdict.en16931.failed.map((f) => f.id).filter(inFamily));
    const findings = parsed.ok
      ? runRuleSets(ruleInput(parsed.doc), sets).filter((f) => inFamily(f.rule.id))
      : [];
    const ours = new Set(findings.map((f) => f.rule.id));
    const missing = [...expected].filter((id) => !ours.has(id));
    let extra = [...ours].filter((id) => !expected.has(id));
    if (verdict.en16931.error !== undefined) {
      const defects = errorValues(verdict.en16931.error);
      extra = extra.filter(
        (id) => !findings.filter((f) => f.rule.id === id).every((f) => onDefect(f, defects)),
      );
    }
    if (missing.length > 0 || extra.length > 0) disagreements.push({ file: verdict.file, missing, extra });
  }
  const agreeing = verdicts.length - disagreements.length;
  const percent = verdicts.length === 0 ? 0 : (100 * agreeing) / verdicts.length;
  return {
    files: verdicts.length,
    agreeing,
    disagreements,
    summary: `${label}: ${agreeing}/${verdicts.length} files agree (${percent.toFixed(1)}%)`,
  };
}
