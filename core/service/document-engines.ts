/**
 * The engines behind validate, extract, repair and the integration contract: each turns the checked
 * input of its endpoint into the engine call and the engine's answer (or error value) into the
 * endpoint's body or error body.
 */
import { carryBase64 } from './base64';
import { apiError, type ApiErrorResult } from '../api/errors';
import type { IntegrationContract } from '../api/contract';
import type { ExtractResponse } from '../api/extract';
import type { Lang } from '../api/lang';
import type { ValidationTarget } from '../api/targets';
import type { ValidationReportBody } from '../api/validation-report';
import { buildIntegrationContract } from '../invoice-data/contract';
import { checkFacturxPdf } from '../pdf/check';
import { pdfStageFindings } from '../pdf/check-issues';
import { pdfApiError } from '../pdf/errors';
import { extractFacturx, type ExtractSuccess } from '../pdf/facturx-read';
import { repairXml } from '../repair/repair';
import type { ValidationError } from '../validate/report';
import { readToValidate, validateDocument, type ValidateOptions } from '../validate/validate';
import { documentStages, type DocumentStages } from '../pool/convoy';
import type { Engines, ExtractInput, RepairInput, ValidateInput } from './engines';
import type { FilePart, ServiceResult } from './types';

/**
 * Where the stages of a validation or an extraction end, in the order reached, for the documents of a
 * convoy (core/pool/convoy.ts): a PDF's XML taken out, the XML read, the document judged.
 */
const STAGE_END = { extracted: 1, read: 2, judged: 3 } as const;

export const validateEngine: Engines['validate'] = async (input: ValidateInput) => {
  const { file, target, lang, now } = input;
  const stages = documentStages(input.convoy);
  if (input.kind === 'xml') return reportOf(file.bytes, file.filename, target, lang, now, stages);
  const extracted = extractFacturx(file.bytes, file.filename);
  if (!extracted.ok) return { ok: false, ...pdfApiError(extracted.error, lang) };
  await stages.end(STAGE_END.extracted);
  return reportOf(extracted.xml, file.filename, target, lang, now, stages, file);
};

export const extractEngine: Engines['extract'] = async (input: ExtractInput) => {
  const stages = documentStages(input.convoy);
  const extracted = extractFacturx(input.file.bytes, input.file.filename);
  if (!extracted.ok) return { ok: false, ...pdfApiError(extracted.error, input.lang) };
  if (extracted.profile === null) return { ok: false, ...unknownProfile(extracted, input.lang) };
  await stages.end(STAGE_END.extracted);
  let validation: ValidationReportBody | undefined;
  if (input.validate !== null) {
    const report = await reportOf(
      extracted.xml,
      input.file.filename,
      input.validate,
      input.lang,
      input.now,
      stages,
      input.file,
    );
    if (!report.ok) return report;
    validation = report.body;
  }
  const body: ExtractResponse = {
    // Made only if something reads it (carryBase64).
    xml: '',
    xmlSize: extracted.xml.length,
    profile: extracted.profile,
    filename: input.file.filename,
    extractedAt: input.now.toISOString(),
    durationMs: Math.round(performance.now() - stages.started()),
    ...(validation ? { validation } : {}),
  };
  carryBase64(body, 'xml', extracted.xml);
  return { ok: true, status: 200, body };
};

export const repairEngine: Engines['repair'] = async (input: RepairInput) => {
  const outcome = repairXml(input.file.bytes, {
    constraints: JSON.stringify(input.constraints),
    ...(input.targetProfile ? { targetProfile: input.targetProfile } : {}),
    target: input.target,
    lang: input.lang,
  });
  return outcome.ok ? { ok: true, status: 200, body: outcome.response } : { ok: false, ...outcome.error };
};

/**
 * The contract is built once from the model's registry and served from memory; if it cannot be built
 * the endpoint answers 503 (api-interface: "503 when the artifact is unavailable") and tries again on
 * the next call.
 */
export function contractEngineOf(build: () => IntegrationContract): Engines['contract'] {
  let built: IntegrationContract | null = null;
  return async (lang) => {
    try {
      built ??= build();
      return { ok: true, status: 200, body: built };
    } catch (error) {
      return {
        ok: false,
        ...apiError('requested_output_unavailable', undefined, {
          lang,
          message: {
            en: `The integration contract could not be built: ${String(error)}`,
            fr: `Le contrat d’intégration n’a pas pu être construit : ${String(error)}`,
          },
        }),
      };
    }
  };
}

export const contractEngine = contractEngineOf(buildIntegrationContract);

/** The report of an XML; with the PDF it came from, the PDF/A-3 and Factur-X stages are checked too. */
async function reportOf(
  xml: Uint8Array,
  filename: string,
  target: ValidationTarget,
  lang: Lang,
  now: Date,
  stages: DocumentStages,
  pdf?: FilePart,
): Promise<ServiceResult<ValidationReportBody>> {
  const options: ValidateOptions = {
    target,
    filename,
    lang,
    now: () => now,
    ...(pdf ? { pdf: pdfStageFindings(checkFacturxPdf(pdf.bytes), lang) } : {}),
  };
  const started = performance.now();
  const shifted = stages.started();
  const read = readToValidate(xml, options);
  await stages.end(STAGE_END.read);
  // The validation's own time: since the XML began to be read, less what it waited for the others.
  const outcome =
    'doc' in read ? validateDocument(read.doc, options, started + stages.started() - shifted) : read;
  await stages.end(STAGE_END.judged);
  return outcome.ok
    ? { ok: true, status: 200, body: outcome.report }
    : { ok: false, ...validationFailure(outcome.error, lang) };
}

export function validationFailure(error: ValidationError, lang: Lang): ApiErrorResult {
  const message = error.localized;
  switch (error.code) {
    case 'invalid_data_format':
      return apiError('invalid_data_format', { field: 'file' }, { lang, message });
    case 'file_too_large':
      return apiError('file_too_large', undefined, { lang, message });
    case 'invalid_options':
      return apiError('invalid_options', undefined, { lang, message });
  }
}

export /** An embedded XML whose BT-24 names no Factur-X profile (e.g. ZUGFeRD 1.0) is not a Factur-X invoice. */
function unknownProfile(extracted: ExtractSuccess, lang: Lang): ApiErrorResult {
  const id = extracted.guidelineId ?? '—';
  return apiError(
    'unextractable_pdf',
    { reason: 'not_facturx_xml' },
    {
      lang,
      message: {
        en: `The embedded ${extracted.xmlFilename} declares no Factur-X profile (BT-24: ${id}).`,
        fr: `Le fichier ${extracted.xmlFilename} intégré ne déclare aucun profil Factur-X (BT-24 : ${id}).`,
      },
    },
  );
}
