/** Answer bodies shaped like the server's, for the renderer's tests. */
import type { ValidationIssue, ValidationReportBody } from '../../../core/api/validation-report';
import type { RepairBody } from '../backend/answer-bodies';

const skippedStage = (reason: string) => ({
  passed: false,
  skipped: true,
  skip_reason: reason,
  error_count: 0,
  warning_count: 0,
});

const ranStage = (errors: number, warnings = 0) => ({
  passed: errors === 0,
  skipped: false,
  skip_reason: null,
  error_count: errors,
  warning_count: warnings,
});

export const sellerNameMissing: ValidationIssue = {
  ruleId: 'BR-06',
  severity: 'fatal',
  message: 'An Invoice must have a Seller name (BT-27).',
  location: '/rsm:CrossIndustryInvoice',
  bt: 'BT-27',
  stage: 'schematron',
};

export const decimalComma: ValidationIssue = {
  ruleId: 'XSD',
  severity: 'fatal',
  message:
    'The XML must conform to the Factur-X 1.09 EN16931 schema. (“Item net price (BT-146)”: "85,00" is not valid (expected: a number, with "." as decimal separator).)',
  location: '/rsm:CrossIndustryInvoice/ram:ChargeAmount',
  bt: null,
  stage: 'xsd',
};

export const routingAddressMissing: ValidationIssue = {
  ruleId: 'BR-FR-13_BT-34',
  severity: 'fatal',
  message:
    "The seller's electronic address (BT-34) is required for routing in France: add it (usually the seller's SIREN, with scheme 0225).",
  location: '/rsm:CrossIndustryInvoice/ram:SellerTradeParty',
  bt: 'BT-34',
  stage: 'fr_ctc',
};

/** A France 2026 report of an XML with a schema error, a business rule error and a preflight blocker. */
export const invalidReport: ValidationReportBody = {
  valid: false,
  target: 'france_2026',
  profile: 'EN16931',
  filename: 'facture.xml',
  validatedAt: '2026-11-22T10:00:00.000Z',
  durationMs: 12,
  summary: { errorCount: 3, warningCount: 0 },
  issues: [decimalComma, sellerNameMissing, routingAddressMissing],
  stages: {
    pdfa: skippedStage('not_a_pdf'),
    facturx_pdf: skippedStage('not_a_pdf'),
    xsd: ranStage(1),
    profile: ranStage(0),
    schematron: ranStage(1),
    fr_ctc: ranStage(1),
  },
  profileConformance: {
    profile: 'EN16931',
    conforms: true,
    summary: { errorCount: 0, warningCount: 0 },
    issues: [],
    franceFirstYear: null,
    statement: 'Conforms to Factur-X EN 16931.',
  },
  validationArtifacts: [],
  legalDisclaimer: 'Documentary and technical evidence only.',
};

export const validReport: ValidationReportBody = {
  ...invalidReport,
  valid: true,
  target: 'en16931',
  summary: { errorCount: 0, warningCount: 0 },
  issues: [],
  stages: {
    ...invalidReport.stages,
    xsd: ranStage(0),
    schematron: ranStage(0),
    fr_ctc: skippedStage('target_en16931'),
  },
};

/** A finding core/pdf/check.ts makes (a font drawn but not embedded). */
export const fontNotEmbedded: ValidationIssue = {
  ruleId: 'PDFA-FONT-EMBEDDED',
  severity: 'fatal',
  message:
    'The font Helvetica (page 1) is not embedded in the PDF, which PDF/A-3 requires: make the PDF again with its fonts embedded.',
  location: 'PDF: font /Helvetica on page 1, no /FontFile (ISO 19005-3 §6.2.11.4.1 [6.2.11.4.1-1])',
  bt: null,
  stage: 'pdfa',
};

/** A Factur-X PDF whose data passes EN 16931 and whose PDF/A-3 container does not. */
export const containerOnlyReport: ValidationReportBody = {
  ...validReport,
  valid: false,
  filename: 'facture.pdf',
  summary: { errorCount: 1, warningCount: 0 },
  issues: [fontNotEmbedded],
  stages: { ...validReport.stages, pdfa: ranStage(1), facturx_pdf: ranStage(0) },
};

export const repairedXml = '<ram:ChargeAmount>85.00</ram:ChargeAmount>';

export const partialRepair: RepairBody = {
  durationMs: 30,
  repaired_xml: btoa(repairedXml),
  diff_summary: [
    {
      code: 'format_corrected',
      path: '/rsm:CrossIndustryInvoice/ram:ChargeAmount',
      message: 'Number 85,00 written with a decimal point: 85.00 (same value)',
      beforeValue: '85,00',
      afterValue: '85.00',
      ruleReference: 'R002',
    },
  ],
  validation_before: { valid: false, target: 'en16931', summary: { errorCount: 3, warningCount: 0 } },
  validation_after: { valid: false, target: 'en16931', summary: { errorCount: 1, warningCount: 0 } },
  target: {
    requested: 'en16931',
    executed: 'en16931',
    status: 'failed',
    missing_inputs: [],
    not_run_reason: null,
  },
  repairSuccessful: false,
  targetProfile: 'EN16931',
  left_undone: [
    {
      ruleReference: 'R007',
      path: '/rsm:CrossIndustryInvoice/ram:SellerTradeParty',
      reason: 'do_not_invent_missing_parties',
      message: 'The seller name is missing.',
      beforeValue: null,
      afterValue: null,
    },
  ],
};

/** A 402 as core/service/quota.ts writes it, with one step that is no web address. */
export const quotaExceededBody = {
  error: 'quota_exceeded',
  message: 'Monthly quota reached.',
  plan: 'sandbox',
  quota: 10,
  period_start: '2026-11-01T00:00:00.000Z',
  upgrade_url: '/pricing',
  docs_url: '/docs/quota',
  next_steps: [
    {
      action: 'upgrade_launch',
      label: 'Upgrade to Launch',
      href: '/pricing?plan=launch',
      description: '100 invoices per month.',
      api_payload: { plan_code: 'launch' },
    },
    { action: 'view_docs', label: 'Read the quota documentation', href: 'javascript:alert(1)' },
  ],
};

/**
 * A convert dry run body as the contract of issues 10 and 11 shapes it: the verdict, the findings, where
 * each term was read (`fieldProvenance`) and the candidate as `invoice_data` (`candidateInvoiceData`).
 */
export function dryRunBody({
  status = 'verified',
  requirements = [],
  fieldProvenance = {},
  candidateInvoiceData,
  sourceType = 'native_text',
  examplePayload = {},
}: {
  readonly status?: string;
  readonly requirements?: readonly unknown[];
  readonly fieldProvenance?: Readonly<Record<string, unknown>>;
  readonly candidateInvoiceData?: unknown;
  readonly sourceType?: string;
  readonly examplePayload?: unknown;
}) {
  return {
    success: false,
    target: { requested: 'en16931', executed: 'en16931', status, missing_inputs: [], not_run_reason: null },
    result: {
      durationMs: 5,
      convertedAt: '2026-11-23T00:00:00.000Z',
      targetProfile: 'EN16931',
      conversionSuccessful: false,
      xmlSize: 27,
      xml: btoa('<rsm:CrossIndustryInvoice/>'),
      extraction: { sourceType, pageCount: 1 },
      remainingInvoices: -1,
      legalDisclaimer: 'Documentary and technical evidence only.',
    },
    validationReadiness: {
      frCtc: {
        status: 'not_evaluated',
        dependsOn: [],
        advisories: [],
        targetProfileValid: status === 'verified',
      },
      paAcceptance: 'not_submitted',
    },
    requirements,
    fieldProvenance,
    conversionInputRecipe: { requiredInputs: [], examplePayload },
    ...(candidateInvoiceData === undefined ? {} : { candidateInvoiceData }),
  };
}
