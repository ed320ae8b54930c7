import { describe, expect, it } from 'vitest';
import { LEGAL_DISCLAIMER } from './disclaimer';
import { validationReportSchema } from './validation-report';

const stage = (over: object = {}) => ({
  passed: true,
  skipped: false,
  skip_reason: null,
  error_count: 0,
  warning_count: 0,
  ...over,
});
const skipped = (reason: string) => stage({ passed: false, skipped: true, skip_reason: reason });

/** A report as cli.md shows it: an XML input (PDF stages skipped) judged against France 2026. */
const report = {
  valid: false,
  target: 'france_2026',
  profile: 'EN16931',
  filename: 'f.xml',
  validatedAt: '2026-09-01T10:00:00.000Z',
  durationMs: 12.5,
  summary: { errorCount: 1, warningCount: 1 },
  issues: [
    {
      ruleId: 'BR-CO-10',
      severity: 'fatal',
      message: 'Sum of Invoice line net amount = Σ Invoice line net amount.',
      location: '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction',
      bt: 'BT-106',
      stage: 'schematron',
    },
    {
      ruleId: 'BR-FR-05_BT-22_PMT',
      severity: 'warning',
      message: 'PMT note missing.',
      location: '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument',
      bt: null,
      stage: 'fr_ctc',
    },
  ],
  stages: {
    pdfa: skipped('not_a_pdf'),
    facturx_pdf: skipped('not_a_pdf'),
    xsd: stage(),
    profile: stage(),
    schematron: stage({ passed: false, error_count: 1 }),
    fr_ctc: stage({ warning_count: 1 }),
  },
  profileConformance: {
    profile: 'EN16931',
    conforms: true,
    summary: { errorCount: 0, warningCount: 0 },
    issues: [],
    franceFirstYear: null,
    statement: 'Conforms to Factur-X EN 16931.',
  },
  validationArtifacts: [
    {
      id: 'en16931-cii',
      family: 'EN16931',
      profile: 'EN16931',
      syntax: 'CII',
      version: '1.3.16',
      sourceAuthority: 'CEN/TC 434',
      sha256: 'a'.repeat(64),
      status: 'available',
    },
  ],
  legalDisclaimer: LEGAL_DISCLAIMER.en,
};

describe('validationReportSchema', () => {
  it('accepts the report of cli.md', () => {
    expect(validationReportSchema.safeParse(report).error?.issues ?? []).toEqual([]);
  });

  it('refuses an unknown severity, a missing stage or a bad artifact hash', () => {
    const [first] = report.issues;
    expect(
      validationReportSchema.safeParse({ ...report, issues: [{ ...first, severity: 'error' }] }).success,
    ).toBe(false);
    const { fr_ctc: _dropped, ...stages } = report.stages;
    expect(validationReportSchema.safeParse({ ...report, stages }).success).toBe(false);
    const [artifact] = report.validationArtifacts;
    expect(
      validationReportSchema.safeParse({ ...report, validationArtifacts: [{ ...artifact, sha256: 'abc' }] })
        .success,
    ).toBe(false);
  });
});
