import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CII_PREFIXES, RAM, RSM, UDT } from '../../../cii/namespaces';
import { describeCorpus, referenceDir } from '../../../testing/corpus';
import { familyAgreement } from '../../../testing/family-agreement';
import { parseXml } from '../../../xml/parse';
import { xpathOf } from '../../../xml/query';
import { ruleInput, runRuleSets } from '../../run';
import { ciiSyntaxRules } from './index';

function findings(body: string): string[] {
  const parsed = parseXml(
    `<rsm:CrossIndustryInvoice xmlns:rsm="${RSM}" xmlns:ram="${RAM}" xmlns:udt="${UDT}">${body}</rsm:CrossIndustryInvoice>`,
  );
  if (!parsed.ok) throw new Error(parsed.error.message);
  return runRuleSets(ruleInput(parsed.doc), [ciiSyntaxRules]).map(
    (f) => `${f.rule.id} ${xpathOf(f.at, CII_PREFIXES)}`,
  );
}

const reference = referenceDir();

describe('CII syntax rules', () => {
  it.skipIf(!reference)('implement every CII-SR and CII-DT assertion of the artefact, with its flag', () => {
    const sch = readFileSync(
      path.join(reference!, 'en16931-cii-1.3.16/preprocessed/EN16931-CII-validation-preprocessed.sch'),
      'utf8',
    );
    const official = new Map(
      [...sch.matchAll(/<assert id="(CII-(?:SR|DT)-\d+)" flag="(\w+)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const ours = new Map(ciiSyntaxRules.rules.map((r) => [r.id, r.severity as string]));
    expect(ciiSyntaxRules.rules).toHaveLength(ours.size);
    expect(ours).toEqual(official);
  });

  it('checks the 102 date format with XPath regex semantics', () => {
    const date = (d: string) =>
      `<rsm:ExchangedDocument><ram:IssueDateTime><udt:DateTimeString format="102">${d}</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>`;
    const bad = (d: string) => findings(date(d)).filter((f) => f.startsWith('CII-DT-097'));
    expect(bad('20240131')).toEqual([]);
    expect(bad(' 20240131\n')).toEqual([]);
    expect(bad('2024-01-31')).toHaveLength(1);
    expect(bad('20241301')).toHaveLength(1);
    expect(bad('20240100')).toHaveLength(1);
    expect(bad('\u0662\u0660\u0662\u0664' + '0131')).toEqual([]);
  });

  it('gives each element to the first matching context only', () => {
    // ExchangedDocument/ram:ID is checked by CII-DT-001…007, not by the generic CII-DT-101…104.
    const id = findings('<rsm:ExchangedDocument><ram:ID schemeName="x">1</ram:ID></rsm:ExchangedDocument>');
    expect(id.filter((f) => f.startsWith('CII-DT-0'))).toEqual([
      'CII-DT-001 /rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID',
    ]);
    expect(id.some((f) => f.startsWith('CII-DT-101'))).toBe(false);
    // Every ram:TypeCode goes to //ram:TypeCode: CII-DT-010 can never fire.
    const type = findings(
      '<rsm:ExchangedDocument><ram:TypeCode listID="1001">380</ram:TypeCode></rsm:ExchangedDocument>',
    );
    expect(type.some((f) => f.startsWith('CII-DT-010'))).toBe(false);
  });

  it('reads CII-DT-018 with `and` binding tighter than `or`', () => {
    const doc = (el: string, code: string) =>
      `<rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeAgreement><ram:${el}><ram:IssuerAssignedID>A</ram:IssuerAssignedID><ram:TypeCode>${code}</ram:TypeCode></ram:${el}></ram:ApplicableHeaderTradeAgreement></rsm:SupplyChainTradeTransaction>`;
    const dt018 = (el: string, code: string) =>
      findings(doc(el, code)).filter((f) => f.startsWith('CII-DT-018'));
    expect(dt018('AdditionalReferencedDocument', '916')).toEqual([]);
    expect(dt018('AdditionalReferencedDocument', '1')).toHaveLength(1);
    expect(dt018('ContractReferencedDocument', '916')).toHaveLength(1);
  });
});

describeCorpus('CII-SR/CII-DT agreement with the official artefact on the CII corpus', (corpus) => {
  it('reports exactly the CII-SR and CII-DT ids of every expected verdict', () => {
    const result = familyAgreement(corpus, 'CII-SR/CII-DT', [ciiSyntaxRules], (id) => id.startsWith('CII-'));
    console.log(result.summary);
    expect(result.disagreements).toEqual([]);
  });
});
