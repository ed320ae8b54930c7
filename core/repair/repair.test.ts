import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repairResponseSchema } from '../api/repair';
import { describeCorpus } from '../testing/corpus';
import { invoiceWithLines } from '../testing/generated-invoice';
import { DEFAULT_MAX_XML_LENGTH } from '../xml/parse';
import { DEFECT_RULES, withFiveDefects } from './defective-invoice';
import type { RepairResponse } from '../api/repair';
import { repairXml, type RepairOutcome } from './repair';

function body(outcome: RepairOutcome): RepairResponse {
  if (!outcome.ok) throw new Error(`repair failed: ${JSON.stringify(outcome.error)}`);
  return outcome.response;
}

const text = (b: RepairResponse): string => Buffer.from(b.repaired_xml, 'base64').toString('utf8');

describe('repairXml on input it must refuse', () => {
  const cases: [string, string, number, string][] = [
    ['not XML', 'hello, world', 422, 'invalid_data_format'],
    ['not well-formed', '<rsm:CrossIndustryInvoice><a></b>', 422, 'invalid_data_format'],
    [
      'a DOCTYPE (entity expansion)',
      '<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>',
      422,
      'invalid_data_format',
    ],
    [
      'truncated',
      '<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:x"><rsm:Exch',
      422,
      'invalid_data_format',
    ],
    [
      'not a CII invoice',
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
      422,
      'invalid_data_format',
    ],
  ];
  it.each(cases)('%s: a clear error, no file', (_, source, status, code) => {
    const outcome = repairXml(source, { target: 'en16931', lang: 'en' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.status).toBe(status);
    expect(outcome.error.body).toMatchObject({ error: code, field: 'file' });
    expect('repaired_xml' in outcome).toBe(false);
  });

  it('an oversized file: 413 file_too_large', () => {
    const outcome = repairXml(`<a>${'x'.repeat(DEFAULT_MAX_XML_LENGTH)}</a>`, {
      target: 'en16931',
      lang: 'en',
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toMatchObject({ status: 413, body: { error: 'file_too_large' } });
  });

  it('absurd nesting: 422, no file', () => {
    const outcome = repairXml('<a>'.repeat(10_000) + '</a>'.repeat(10_000), {
      target: 'en16931',
      lang: 'en',
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.error).toMatchObject({ status: 422, body: { error: 'invalid_data_format' } });
  });

  it('an empty file: 400 with detail', () => {
    const outcome = repairXml('  \n', { target: 'en16931', lang: 'fr' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.error).toMatchObject({ status: 400, body: { detail: expect.any(String) } });
  });

  it('malformed constraints JSON: 400 invalid_constraints_json', () => {
    const outcome = repairXml('<x/>', {
      constraints: '{max_changes_allowed: 1',
      target: 'en16931',
      lang: 'en',
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.error).toMatchObject({ status: 400, body: { error: 'invalid_constraints_json' } });
  });

  it.each([
    ['{"max_changes_allowed": "3"}', 'constraints.max_changes_allowed'],
    ['{"max_changes_allowed": -1}', 'constraints.max_changes_allowed'],
    ['{"do_not_modify_amounts": "yes"}', 'constraints.do_not_modify_amounts'],
    ['{"target_profile": "FULL"}', 'constraints.target_profile'],
  ])('constraints %s: 422 invalid_data_format naming %s', (constraints, field) => {
    const outcome = repairXml('<x/>', { constraints, target: 'en16931', lang: 'en' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.error).toMatchObject({ status: 422, body: { error: 'invalid_data_format', field } });
  });
});

describeCorpus('repairXml', (corpus) => {
  const read = (file: string): string => readFileSync(path.join(corpus, 'cii', file), 'utf8');
  const valid = read('valid/FR-synthetic-base.xml');
  const defective = withFiveDefects(valid);

  it('repairs five defects back to the valid source, byte for byte, naming each rule', () => {
    const b = body(repairXml(defective, { target: 'france_2026', lang: 'fr' }));
    expect(text(b)).toBe(valid);
    expect(b.diff_summary.map((d) => d.ruleReference).sort()).toEqual([...DEFECT_RULES].sort());
    expect(b.diff_summary.find((d) => d.ruleReference === 'R002')).toMatchObject({
      code: 'format_corrected',
      path: '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:GrandTotalAmount',
      beforeValue: '510,00',
      afterValue: '510.00',
      message: expect.stringContaining('même valeur'),
    });
    expect(b.validation_before.valid).toBe(false);
    expect(b.validation_after).toEqual({
      valid: true,
      target: 'france_2026',
      summary: { errorCount: 0, warningCount: 0 },
    });
    expect(b.repairSuccessful).toBe(true);
    expect(b.left_undone).toEqual([]);
    expect(Number.isInteger(b.durationMs)).toBe(true);
    expect(repairResponseSchema.safeParse(b).success).toBe(true);
  });

  it('repairs hundreds of decimal commas in one call, back to the valid source', () => {
    const many = invoiceWithLines(valid, 300);
    const commas = many.replace(/(Amount>\d+)\.(\d+)</g, '$1,$2<');
    const b = body(repairXml(commas, { target: 'france_2026', lang: 'en' }));
    expect(b.diff_summary.length).toBeGreaterThan(600);
    expect(text(b)).toBe(many);
    expect(b.repairSuccessful).toBe(true);
  });

  it('keeps comments, prefixes and white space outside the changed spots', () => {
    const odd = defective
      .replace('<rsm:ExchangedDocument>', '<!-- kept -->\n\t<rsm:ExchangedDocument   >')
      .replace(/\n/g, '\r\n');
    const b = body(repairXml(odd, { target: 'france_2026', lang: 'en' }));
    expect(text(b)).toBe(
      valid
        .replace('<rsm:ExchangedDocument>', '<!-- kept -->\n\t<rsm:ExchangedDocument   >')
        .replace(/\n/g, '\r\n'),
    );
  });

  describe('max_changes_allowed', () => {
    it('never exceeds the limit and reports what was left undone', () => {
      const b = body(
        repairXml(defective, {
          constraints: '{"max_changes_allowed": 2}',
          target: 'france_2026',
          lang: 'en',
        }),
      );
      expect(b.diff_summary).toHaveLength(2);
      expect(b.left_undone.filter((u) => u.reason === 'max_changes_allowed')).toHaveLength(3);
      expect(b.repairSuccessful).toBe(false);
    });

    it('0 returns the input untouched', () => {
      const b = body(
        repairXml(defective, {
          constraints: '{"max_changes_allowed": 0}',
          target: 'france_2026',
          lang: 'en',
        }),
      );
      expect(text(b)).toBe(defective);
      expect(b.diff_summary).toEqual([]);
      expect(b.left_undone).toHaveLength(5);
    });
  });

  describe('do_not_modify_amounts', () => {
    const missingDue = read('mutants/BR-15__missing-amount-due__CII_example8.xml');

    it('refuses to create an amount (BT-115 derived from BT-112) and says so', () => {
      const b = body(
        repairXml(missingDue, {
          constraints: '{"do_not_modify_amounts": true}',
          target: 'en16931',
          lang: 'en',
        }),
      );
      expect(text(b)).toBe(missingDue);
      expect(b.left_undone).toEqual([
        expect.objectContaining({
          ruleReference: 'R008',
          reason: 'do_not_modify_amounts',
          afterValue: '1099.78',
        }),
      ]);
      expect(b.repairSuccessful).toBe(false);
    });

    it('without it the amount is added', () => {
      const b = body(
        repairXml(missingDue, {
          constraints: '{"do_not_modify_amounts": false}',
          target: 'en16931',
          lang: 'en',
        }),
      );
      expect(b.diff_summary).toEqual([
        expect.objectContaining({ ruleReference: 'R008', afterValue: '1099.78' }),
      ]);
      expect(b.repairSuccessful).toBe(true);
    });

    it('still allows a decimal-comma fix of an amount: it keeps the value', () => {
      const b = body(
        repairXml(defective, {
          constraints: '{"do_not_modify_amounts": true}',
          target: 'france_2026',
          lang: 'en',
        }),
      );
      expect(b.diff_summary.map((d) => d.ruleReference)).toContain('R002');
      expect(b.repairSuccessful).toBe(true);
    });
  });

  describe('do_not_invent_missing_parties', () => {
    // The seller's BT-30 removed, its SIRET given as BT-29 (scheme 0009) instead.
    const withSiretOnly = valid
      .replace(
        /<ram:SpecifiedLegalOrganization>\s*<ram:ID schemeID="0002">100000009<\/ram:ID>\s*<\/ram:SpecifiedLegalOrganization>/,
        '',
      )
      .replace(
        '<ram:Name>SOCIETE EXEMPLE VENDEUSE SAS</ram:Name>',
        '<ram:GlobalID schemeID="0009">10000000900017</ram:GlobalID>\n        <ram:Name>SOCIETE EXEMPLE VENDEUSE SAS</ram:Name>',
      );

    it('by default creates no party data', () => {
      expect(withSiretOnly).not.toBe(valid);
      const b = body(repairXml(withSiretOnly, { target: 'france_2026', lang: 'en' }));
      expect(text(b)).toBe(withSiretOnly);
      expect(b.left_undone).toEqual([
        expect.objectContaining({
          ruleReference: 'R008',
          reason: 'do_not_invent_missing_parties',
          afterValue: '100000009',
        }),
      ]);
      expect(b.repairSuccessful).toBe(false);
    });

    it("when false, derives BT-30 from the party's own SIRET", () => {
      const b = body(
        repairXml(withSiretOnly, {
          constraints: '{"do_not_invent_missing_parties": false}',
          target: 'france_2026',
          lang: 'en',
        }),
      );
      expect(text(b)).toContain(
        '<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">100000009</ram:ID></ram:SpecifiedLegalOrganization>',
      );
      expect(b.repairSuccessful).toBe(true);
    });
  });

  describe('target_profile', () => {
    const missingBt24 = read('mutants/BR-01__missing-specification-id__CII_business_example_02.xml');

    it('absent: BT-24 is not guessed, and the omission is reported', () => {
      const b = body(repairXml(missingBt24, { target: 'en16931', lang: 'en' }));
      expect(b.diff_summary).toEqual([]);
      expect(b.left_undone).toEqual([
        expect.objectContaining({ ruleReference: 'R008', reason: 'not_certain' }),
      ]);
    });

    it('in the constraints: BT-24 of that profile is added', () => {
      const b = body(
        repairXml(missingBt24, {
          constraints: '{"target_profile": "EN16931"}',
          target: 'en16931',
          lang: 'en',
        }),
      );
      expect(b.diff_summary).toEqual([
        expect.objectContaining({
          ruleReference: 'R008',
          code: 'element_added',
          afterValue: 'urn:cen.eu:en16931:2017',
        }),
      ]);
      expect(b.repairSuccessful).toBe(true);
      expect(b.targetProfile).toBe('EN16931');
    });

    it('in the query: wins over the constraints', () => {
      const b = body(
        repairXml(missingBt24, {
          constraints: '{"target_profile": "BASIC"}',
          targetProfile: 'EN16931',
          target: 'en16931',
          lang: 'en',
        }),
      );
      expect(b.diff_summary[0]?.afterValue).toBe('urn:cen.eu:en16931:2017');
    });

    it('detected from the XML when not requested', () => {
      expect(body(repairXml(valid, { target: 'en16931', lang: 'en' })).targetProfile).toBe('EN16931');
    });
  });
});
