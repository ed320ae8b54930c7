/**
 * The convert engine (api-interface.md, POST /api/v1/convert): a structured source (full `invoice_data`,
 * or a ready CII) becomes a candidate CII of the requested profile, validated for the resolved target;
 * with `output=xml_cii` that XML is the deliverable, with `facturx_pdfa3` it is packaged into the uploaded
 * PDF or a carrier rendered from the model, and the complete document is validated again (XML rules and
 * PDF/A-3 and Factur-X carrier checks). A blocking finding means no deliverable (and no charge);
 * France 2026 advisories alone still deliver, marked incomplete. A dry run stops after validation and
 * hands back the candidate: its XML, and the invoice as `invoice_data` with each term's provenance.
 *
 * Saved profiles the request names, then the request context (`invoice_patch`, `seller_context`,
 * `buyer_context`), complete the source without overwriting it. A PDF without embedded XML is read first
 * (core/convert/pdf-source.ts: text layer or OCR).
 *
 * The caller may follow the run (`onProgress`: reading, OCR page by page, validating, packaging) and
 * cancel it (`signal`): a cancelled run answers `cancelled` at its next step, and OCR stops at once.
 * Converts answered side by side in one thread (a batch) go through the stages below together (`convoy`).
 */
import { apiError, type ApiErrorResult } from '../api/errors';
import type { ConvertResponse } from '../api/convert-response';
import type { Lang } from '../api/lang';
import type { ValidationReportBody } from '../api/validation-report';
import type { Profile } from '../cii/profile';
import { ciiToModel } from '../cii/read';
import { checkFacturxPdf } from '../pdf/check';
import { pdfStageFindings } from '../pdf/check-issues';
import { extractFacturx } from '../pdf/facturx-read';
import { packageFacturx } from '../pdf/facturx-write';
import { renderInvoice } from '../pdf/render/invoice-render';
import { validationFailure } from '../service/document-engines';
import { pdfApiError } from '../pdf/errors';
import { documentStages, type DocumentStages } from '../pool/convoy';
import type { OcrProgress } from '../ocr/ocr-pdf';
import type { ConvertInput, Engines } from '../service/engines';
import { fail } from '../service/result';
import type { FilePart, ServiceResult } from '../service/types';
import type { Invoice } from '../model/invoice';
import type { ValidationError, ValidationOutcome } from '../validate/report';
import {
  validateDocument,
  validateXml,
  withPdfStages,
  type PdfStage,
  type PdfStageFindings,
  type ValidateOptions,
} from '../validate/validate';
import type { XmlDocument } from '../xml/tree';
import { dryRunDiagnostics, requirementsOf } from './dry-run';
import { generatedPdfRejected } from './errors';
import { targetOutcome, validationReadiness, verdictOf, type ReadinessReports } from './readiness';
import { convertResult, type ResultParts } from './result';
import { pdfSource } from './pdf-source';
import { learnFromCorrection } from './seller-layout';
import { structuredSource, withComplements, type StructuredSource } from './source';
import { resolveTarget, type ResolvedTarget } from './target';

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

type Answer = ServiceResult<ConvertResponse>;

/** Where a convert's stages end, in the order reached, for the documents of a convoy (core/pool/convoy.ts). */
const STAGE_END = { sourced: 1, validated: 2, packaged: 3, checked: 4 } as const;

interface Run {
  readonly input: ConvertInput;
  readonly stages: DocumentStages;
  readonly profile: Profile;
  readonly target: ResolvedTarget;
  /** What the result says of the source, and the pages it had. */
  readonly origin: Origin;
  readonly pageCount: number;
}

const cancelled = (input: ConvertInput): boolean => input.signal?.aborted === true;
const cancelledAnswer = (lang: Lang): Answer => fail(apiError('cancelled', undefined, { lang }));

export const convertEngine: Engines['convert'] = async (input) => {
  const stages = documentStages(input.convoy);
  if (cancelled(input)) return cancelledAnswer(input.lang);
  const requested = input.options.output_profile;
  let sourced = structuredSource(
    {
      ...(input.invoiceData ? { invoiceData: input.invoiceData } : {}),
      ...(input.cii ? { cii: input.cii } : {}),
    },
    requested,
    input.lang,
    input.dryRun,
  );
  let sourceType: Origin['sourceType'] | null = null;
  let sellerLayout: Origin['sellerLayout'];
  let read: NonNullable<ConvertResponse['fieldProvenance']> = {};
  let pageCount = 0;
  if (sourced === null) {
    const file = input.fileKind === 'pdf' ? input.file : undefined;
    if (input.dryRun && input.file) {
      const diagnosed = dryRunUpload(input, input.file, stages, requested);
      if (diagnosed) return diagnosed;
    }
    if (!file) return fail(nothingToConvert(input.lang));
    const embedded = extractFacturx(file.bytes, file.filename);
    if (embedded.ok) {
      // A Factur-X PDF converted again: its own XML is the source, the PDF its carrier.
      sourced = structuredSource(
        { cii: { filename: file.filename, bytes: embedded.xml } },
        requested,
        input.lang,
      );
      sourceType = 'embedded_xml';
      pageCount = embedded.pageCount;
    } else {
      input.onProgress?.({ stage: 'reading' });
      const fromPdf = await pdfSource(file.bytes, {
        requested,
        confidenceMode: input.options.confidence_mode ?? 'strict',
        lang: input.lang,
        ...(input.signal ? { signal: input.signal } : {}),
        ...(input.sellerLayouts ? { sellerLayouts: input.sellerLayouts } : {}),
        ...(input.onProgress
          ? { onOcrProgress: (p: OcrProgress) => input.onProgress?.({ stage: 'ocr', ...p }) }
          : {}),
      });
      if (!fromPdf.ok) return fail(fromPdf.error);
      sourced = { ok: true, source: fromPdf.value.source };
      sourceType = fromPdf.value.sourceType;
      read = fromPdf.value.provenance;
      pageCount = fromPdf.value.pageCount;
      sellerLayout = fromPdf.value.sellerLayout;
    }
  }
  if (sourced === null) return fail(nothingToConvert(input.lang));
  if (!sourced.ok) return fail(sourced.error);
  if (cancelled(input)) return cancelledAnswer(input.lang);
  const contexted = withComplements(
    sourced.source,
    {
      context: {
        ...(input.invoicePatch ? { invoicePatch: input.invoicePatch } : {}),
        ...(input.sellerContext ? { sellerContext: input.sellerContext } : {}),
        ...(input.buyerContext ? { buyerContext: input.buyerContext } : {}),
        countryHints: {
          ...(input.options.seller_hint ? { seller: input.options.seller_hint } : {}),
          ...(input.options.buyer_hint ? { buyer: input.options.buyer_hint } : {}),
        },
      },
      profiles: {
        ...(input.sellerProfile ? { seller: input.sellerProfile } : {}),
        ...(input.buyerProfile ? { buyer: input.buyerProfile } : {}),
      },
    },
    input.dryRun,
    input.lang,
  );
  if (!contexted.ok) return fail(contexted.error);
  const source = contexted.source;
  const run: Run = {
    input,
    stages,
    profile: source.profile,
    target: resolveTarget(input.target, source.invoice),
    origin: {
      typeCode: source.invoice.typeCode,
      sourceType: sourceType ?? 'structured_data',
      ...(source.rewrites ? { rewrites: source.rewrites } : {}),
      ...(sellerLayout ? { sellerLayout } : {}),
    },
    pageCount,
  };
  await run.stages.end(STAGE_END.sourced);
  input.onProgress?.({ stage: 'validating' });
  const field = input.cii ? 'cii' : sourceType ? 'file' : 'invoice_data';
  const submitted =
    source.uploadedXml === undefined ? undefined : validate(run, source.uploadedDoc ?? source.uploadedXml);
  if (submitted && !submitted.ok) return fail(unjudgeable(submitted.error, field, input.lang));
  // An uploaded XML kept byte for byte is its own candidate: judged once. A candidate we wrote is judged
  // with what its schema needs and the invoice lacks.
  const kept = submitted !== undefined && source.xml === source.uploadedXml;
  const candidate = kept
    ? submitted
    : validate(run, source.draft, undefined, {
        xml: typeof source.xml === 'string' ? source.xml : null,
        gaps: source.gaps,
      });
  if (!candidate.ok) return fail(unjudgeable(candidate.error, field, input.lang));
  const reports: ReadinessReports = {
    ...(submitted ? { source: submitted.report } : {}),
    candidate: candidate.report,
    dropped: source.dropped,
  };
  const verdict = verdictOf(candidate.report);
  const xml = typeof source.xml === 'string' ? encode(source.xml) : source.xml;
  await run.stages.end(STAGE_END.validated);
  if (input.dryRun) {
    return respond(
      run,
      reports,
      candidate.report,
      xml === null ? {} : { candidate: xml },
      dryRunDiagnostics(verdict, run.target, source.invoice, { ...read, ...contexted.provenance }),
    );
  }
  // What the schema needs and the invoice lacks is a blocking finding: a candidate without XML fails.
  if (verdict.status === 'failed' || xml === null) return respond(run, reports, candidate.report, {});
  if (cancelled(input)) return cancelledAnswer(input.lang);
  // With output xml_cii the candidate is the deliverable, byte for byte: its report is the final one.
  const answer =
    input.output === 'xml_cii'
      ? respond(run, { ...reports, final: candidate.report }, candidate.report, { xml })
      : await packaged(run, source, reports, xml, candidate.report);
  await learnSeller(input, source.invoice, answer);
  return answer;
};

/**
 * A delivered invoice the accountant gave in full beside its seller's PDF is a corrected reading: its
 * seller's layout is learned from it. Learning is a side benefit: a store that fails to keep it costs
 * the user nothing of the invoice delivered (and charged).
 */
async function learnSeller(input: ConvertInput, invoice: Invoice, answer: Answer): Promise<void> {
  const pdf = input.fileKind === 'pdf' ? input.file : undefined;
  if (!input.sellerLayouts || !pdf || input.invoiceData === undefined) return;
  if (!answer.ok || !answer.body.result.conversionSuccessful) return;
  await learnFromCorrection(pdf.bytes, invoice, input.sellerLayouts).catch(() => undefined);
}

/** Renders or takes the carrier, packages it, and validates the complete PDF/A-3 as a reader sees it. */
async function packaged(
  run: Run,
  source: StructuredSource,
  reports: ReadinessReports,
  xml: Uint8Array,
  candidate: ValidationReportBody,
): Promise<Answer> {
  const { input } = run;
  input.onProgress?.({ stage: 'packaging' });
  const upload = input.fileKind === 'pdf' ? input.file : undefined;
  let carrier = upload?.bytes;
  if (!carrier) {
    const rendered = await renderInvoice(source.invoice, input.lang);
    if (!rendered.ok) return fail(pdfApiError(rendered.error, input.lang));
    carrier = rendered.pdf;
  }
  const pack = packageFacturx(carrier, xml, run.profile, { now: input.now });
  if (!pack.ok) return fail(pdfApiError(pack.error, input.lang));
  await run.stages.end(STAGE_END.packaged);
  const filename = upload?.filename ?? `${source.invoice.number ?? 'invoice'}.pdf`;
  const extracted = extractFacturx(pack.pdf, filename);
  if (!extracted.ok) return fail(outputUnavailable(extracted.error.message, input.lang));
  const checking = performance.now();
  const pdfFindings = pdfStageFindings(checkFacturxPdf(pack.pdf), input.lang);
  // The XML read back is the candidate, byte for byte, whose XML stages were judged already.
  const final = sameBytes(extracted.xml, xml)
    ? { ok: true as const, report: withPdfStages(candidate, pdfFindings, checking) }
    : validate(run, extracted.xml, pdfFindings);
  if (!final.ok) return fail(outputUnavailable(final.error.message, input.lang));
  await run.stages.end(STAGE_END.checked);
  const verdict = verdictOf(final.report);
  const pdfBlocking = verdict.blocking.filter((i) => i.stage === 'pdfa' || i.stage === 'facturx_pdf');
  if (pdfBlocking.length > 0) {
    return fail(generatedPdfRejected([...new Set(pdfBlocking.map((i) => i.ruleId))], input.lang));
  }
  const delivered = verdict.status === 'failed' ? {} : { xml, pdf: pack.pdf, pageCount: extracted.pageCount };
  return respond(run, { ...reports, final: final.report }, final.report, delivered);
}

/** Judges an XML given as text or bytes, or already parsed (an upload read into the model first). */
function validate(
  run: Run,
  xml: string | Uint8Array | XmlDocument,
  pdf?: Readonly<Record<PdfStage, PdfStageFindings>>,
  written?: ValidateOptions['written'],
): ValidationOutcome {
  const options: ValidateOptions = {
    target: run.target.resolved,
    lang: run.input.lang,
    now: () => run.input.now,
    ...(run.input.file ? { filename: run.input.file.filename } : {}),
    ...(pdf ? { pdf } : {}),
    ...(written ? { written } : {}),
  };
  return typeof xml === 'string' || xml instanceof Uint8Array
    ? validateXml(xml, options)
    : validateDocument(xml, options);
}

/** An XML the validation engine cannot judge at all; `field` names the input it came from. */
function unjudgeable(error: ValidationError, field: string, lang: Lang): ApiErrorResult {
  if (error.code !== 'invalid_data_format') return validationFailure(error, lang);
  return apiError('invalid_data_format', { field }, { lang, message: error.localized });
}

/** What the result says of the source: structured data, or an XML document given as it is. */
interface Origin {
  readonly typeCode: string | undefined;
  readonly sourceType: ResultParts['sourceType'];
  readonly rewrites?: ResultParts['rewrites'];
  readonly sellerLayout?: ResultParts['sellerLayout'];
}

interface Delivered {
  readonly xml?: Uint8Array;
  /** A dry run's candidate XML, shown but not delivered. */
  readonly candidate?: Uint8Array;
  readonly pdf?: Uint8Array;
  readonly pageCount?: number;
}

/** The 200 body: outcome, result and readiness judged on `decisive` (the last report the run reached). */
function respond(
  run: Run,
  reports: ReadinessReports,
  decisive: ValidationReportBody,
  delivered: Delivered,
  diagnostics?: Partial<ConvertResponse>,
): Answer {
  const { input } = run;
  const verdict = verdictOf(decisive);
  const parts: ResultParts = {
    started: run.stages.started(),
    now: input.now,
    lang: input.lang,
    profile: run.profile,
    ...run.origin,
    report: decisive,
    verdict,
    ...delivered,
    pageCount: delivered.pageCount ?? run.pageCount,
    ticket: input.quota,
  };
  const body: ConvertResponse = {
    success: verdict.status === 'verified' && (input.dryRun || delivered.xml !== undefined),
    target: targetOutcome(run.target.requested, verdict),
    result: convertResult(parts),
    validationReadiness: validationReadiness(verdict, reports),
    // A final convert that is not verified says which findings stand in its way.
    ...(!input.dryRun && verdict.status !== 'verified' ? { requirements: requirementsOf(verdict) } : {}),
    ...diagnostics,
  };
  return { ok: true, status: 200, body };
}

/** Nothing to convert: an XML upload outside a dry run, with neither invoice_data nor a PDF. */
const nothingToConvert = (lang: Lang): ApiErrorResult =>
  apiError(
    'insufficient_data',
    { missing_fields: ['file'] },
    {
      lang,
      message: {
        en: 'Nothing to convert: send an invoice PDF (file), a full invoice_data, or a CII XML (cii); an XML file alone is accepted for a dry run only.',
        fr: 'Rien à convertir : envoyez une facture PDF (file), un invoice_data complet ou un XML CII (cii) ; un fichier XML seul n’est accepté qu’en simulation (dry run).',
      },
    },
  );

/** Our own packaged file could not be read back or judged: the requested output is not available. */
const outputUnavailable = (detail: string, lang: Lang): ApiErrorResult =>
  apiError('requested_output_unavailable', undefined, {
    lang,
    message: {
      en: `The PDF/A-3 output could not be produced (${detail}); the quota was refunded.`,
      fr: `La sortie PDF/A-3 n’a pas pu être produite (${detail}) ; le quota a été recrédité.`,
    },
  });

/**
 * Dry run on an uploaded document: an XML, or the XML embedded in a Factur-X PDF (then judged with the
 * PDF stages), validated as submitted, with the diagnostics; the candidate is that XML as it is. Null for a PDF
 * without embedded invoice XML, whose data only text parsing or OCR could read.
 */
function dryRunUpload(
  input: ConvertInput,
  file: FilePart,
  stages: DocumentStages,
  requested?: Profile,
): Answer | null {
  let xml: Uint8Array;
  let pdf: Readonly<Record<PdfStage, PdfStageFindings>> | undefined;
  let pageCount = 0;
  if (input.fileKind === 'pdf') {
    const extracted = extractFacturx(file.bytes, file.filename);
    if (!extracted.ok) return null;
    xml = extracted.xml;
    pdf = pdfStageFindings(checkFacturxPdf(file.bytes), input.lang);
    pageCount = extracted.pageCount;
  } else {
    xml = file.bytes;
  }
  const read = ciiToModel(xml);
  const invoice = read.ok ? read.invoice : null;
  const run: Run = {
    input,
    stages,
    profile: requested ?? (read.ok ? read.profile : null) ?? 'EN16931',
    target: resolveTarget(input.target, invoice),
    origin: {
      typeCode: invoice?.typeCode,
      sourceType: input.fileKind === 'pdf' ? 'embedded_xml' : 'xml_document',
    },
    pageCount,
  };
  const submitted = validate(run, read.ok ? read.doc : xml, pdf);
  if (!submitted.ok) return fail(unjudgeable(submitted.error, 'file', input.lang));
  const verdict = verdictOf(submitted.report);
  return respond(
    run,
    { source: submitted.report },
    submitted.report,
    { candidate: xml },
    dryRunDiagnostics(verdict, run.target, invoice),
  );
}
