import { describe, expect, it } from 'vitest';
import { validateXml } from '../validate/validate';
import { validationReportSchema } from './validation-report';

const minimal =
  '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">' +
  '<rsm:ExchangedDocument/></rsm:CrossIndustryInvoice>';

describe('validationReportSchema', () => {
  it('accepts the report the validation engine writes', () => {
    const outcome = validateXml(minimal, { target: 'france_2026', filename: 'x.xml' });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const checked = validationReportSchema.safeParse(outcome.report);
    expect(checked.error?.issues ?? []).toEqual([]);
    expect(outcome.report.valid).toBe(false);
  });

  it('refuses a report with an unknown severity or a missing stage', () => {
    const outcome = validateXml(minimal, { target: 'en16931' });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const report = JSON.parse(JSON.stringify(outcome.report)) as Record<string, unknown>;
    expect(
      validationReportSchema.safeParse({
        ...report,
        issues: [{ ...(report.issues as object[])[0], severity: 'error' }],
      }).success,
    ).toBe(false);
    const { fr_ctc: _dropped, ...stages } = report.stages as Record<string, unknown>;
    expect(validationReportSchema.safeParse({ ...report, stages }).success).toBe(false);
  });
});
