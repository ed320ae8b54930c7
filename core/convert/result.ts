/**
 * The `result` object of a convert response (api-interface.md, Convert response table), from what the
 * pipeline produced and the verdict it was judged by.
 */
import { carryBase64 } from '../service/base64';
import type { ConvertResponse, SellerLayoutUse, XmlRewrite } from '../api/convert-response';
import { LEGAL_DISCLAIMER } from '../api/disclaimer';
import type { Lang } from '../api/lang';
import type { ValidationTarget } from '../api/targets';
import type { ValidationReportBody } from '../api/validation-report';
import type { Profile } from '../cii/profile';
import { CREDIT_NOTE_TYPE_CODES, GLOBAL_DISCOUNT_CREDIT_NOTE } from '../rules/france-2026/lists-1.4.0';
import type { QuotaTicket } from '../service/quota';
import type { Verdict } from './readiness';

export type ConvertResult = ConvertResponse['result'];

/** Validation profiles: the EN16931 base (on the hybrid PDF or the bare CII) and France 2026. */
export const FRANCE_2026_PROFILE = 'fr_ctc_2026';
const baseProfile = (hybrid: boolean) => (hybrid ? 'hybrid_en16931_base' : 'cii_en16931_base');

/**
 * `remainingInvoices` when the quota says nothing: the unlimited local plan. The schema wants an
 * integer; -1 reads as "no limit counted here".
 */
export const REMAINING_UNCOUNTED = -1;

/** Invoices left after this call: the reservation is kept when charged and given back otherwise. */
export function remainingInvoices(ticket: QuotaTicket | null, charged: boolean): number {
  const after = ticket?.remainingAfterCharge ?? null;
  if (after === null) return REMAINING_UNCOUNTED;
  return charged ? after : after + 1;
}

/** BT-3 Invoice type code: credit notes (UNTDID 1001 codes France 2026 lists, and 262) are `credit_note`. */
export function messageTypeOf(typeCode: string | undefined): 'invoice' | 'credit_note' {
  return typeCode !== undefined &&
    (CREDIT_NOTE_TYPE_CODES.has(typeCode) || typeCode === GLOBAL_DISCOUNT_CREDIT_NOTE)
    ? 'credit_note'
    : 'invoice';
}

const SCOPE: Readonly<Record<ValidationTarget, Readonly<Record<Lang, string>>>> = {
  en16931: {
    en: 'EN16931 (CII structure and business rules)',
    fr: 'EN16931 (structure CII et règles métier)',
  },
  france_2026: {
    en: 'EN16931 and France 2026 (BR-FR rules)',
    fr: 'EN16931 et France 2026 (règles BR-FR)',
  },
};

const CARRIER_SCOPE: Readonly<Record<Lang, string>> = {
  en: ' with the PDF/A-3 and Factur-X carrier checks',
  fr: ' avec les contrôles PDF/A-3 et Factur-X du support',
};

export interface ResultParts {
  readonly started: number;
  readonly now: Date;
  readonly lang: Lang;
  readonly profile: Profile;
  readonly typeCode: string | undefined;
  readonly sourceType: 'structured_data' | 'native_text' | 'ocr' | 'xml_document' | 'embedded_xml';
  /** The report the verdict comes from (final deliverable, else candidate); null when nothing was validated. */
  readonly report: ValidationReportBody | null;
  readonly verdict: Verdict | null;
  /** The deliverable, absent when nothing is delivered. */
  readonly xml?: Uint8Array;
  /** A dry run's candidate XML: shown in `xml`, but nothing is delivered. */
  readonly candidate?: Uint8Array;
  readonly pdf?: Uint8Array;
  readonly pageCount: number;
  readonly ticket: QuotaTicket | null;
  /** With an uploaded XML as the source: why the candidate was written again (empty: kept as it is). */
  readonly rewrites?: readonly XmlRewrite[];
  /** A plain PDF whose seller has a remembered layout: whether the reading used it. */
  readonly sellerLayout?: SellerLayoutUse;
}

function validationStatus(verdict: Verdict | null): string {
  if (!verdict) return 'not_validated';
  if (verdict.status === 'verified') return 'valid';
  return verdict.status === 'incomplete' ? 'incomplete' : 'invalid';
}

export function convertResult(p: ResultParts): ConvertResult {
  const delivered = p.xml !== undefined;
  const charged = delivered && p.ticket !== null;
  const hybrid = p.pdf !== undefined || p.report?.stages.pdfa.skipped === false;
  const target = p.report?.target ?? 'en16931';
  const applied = [baseProfile(hybrid), ...(target === 'france_2026' ? [FRANCE_2026_PROFILE] : [])];
  const result: ConvertResult = {
    durationMs: Math.round(performance.now() - p.started),
    convertedAt: p.now.toISOString(),
    targetProfile: p.profile,
    conversionSuccessful: delivered,
    xmlSize: (p.xml ?? p.candidate)?.length ?? 0,
    // The files' base64 texts are set below, made only if something reads them (carryBase64).
    ...(p.pdf ? { pdfSize: p.pdf.length, pdf: '' } : {}),
    xml: '',
    extraction: { sourceType: p.sourceType, pageCount: p.pageCount },
    validation: { valid: p.report?.valid ?? false, profile: p.report?.profile ?? p.profile },
    packagingPerformed: p.pdf !== undefined,
    processedInvoicesCharged: charged ? 1 : 0,
    remainingInvoices: remainingInvoices(p.ticket, charged),
    validationStatus: validationStatus(p.verdict),
    validationScopeLabel: SCOPE[target][p.lang] + (hybrid ? CARRIER_SCOPE[p.lang] : ''),
    appliedValidationProfiles: p.report ? applied : [],
    skippedValidationProfiles:
      target === 'france_2026' ? [] : [{ profile: FRANCE_2026_PROFILE, reason: 'not_requested' }],
    unsupportedValidationProfiles: [],
    validationArtifacts: p.report?.validationArtifacts ?? [],
    messageType: messageTypeOf(p.typeCode),
    legalDisclaimer: LEGAL_DISCLAIMER[p.lang],
    ...(p.rewrites
      ? { sourceXml: { keptByteForByte: p.rewrites.length === 0, rewrittenBecause: [...p.rewrites] } }
      : {}),
    ...(p.sellerLayout ? { sellerLayout: p.sellerLayout } : {}),
  };
  if (p.pdf) carryBase64(result, 'pdf', p.pdf);
  carryBase64(result, 'xml', p.xml ?? p.candidate ?? new Uint8Array());
  return result;
}
