/**
 * The success bodies the interface presents in full (validation report, extraction, repair), recognised by
 * their shape; any other body falls back to the generic view. Types only from core/api: the renderer does
 * not bundle the schemas.
 */
import type { ExtractResponse } from '../../../core/api/extract';
import type { RepairResponse } from '../../../core/api/repair';
import type { ValidationReportBody } from '../../../core/api/validation-report';
import { isRecord, type Answer } from './backend';

/** The repair body with what the engine found but did not change. */
export type RepairBody = RepairResponse;

const okBody = (answer: Answer | 'pending' | undefined): Record<string, unknown> | undefined =>
  answer !== undefined && answer !== 'pending' && answer.ok && isRecord(answer.body)
    ? answer.body
    : undefined;

export function reportOf(answer: Answer | 'pending' | undefined): ValidationReportBody | undefined {
  const body = okBody(answer);
  return body &&
    typeof body.valid === 'boolean' &&
    Array.isArray(body.issues) &&
    isRecord(body.stages) &&
    isRecord(body.summary)
    ? (body as ValidationReportBody)
    : undefined;
}

export function extractionOf(answer: Answer | 'pending' | undefined): ExtractResponse | undefined {
  const body = okBody(answer);
  return body && typeof body.xml === 'string' && typeof body.xmlSize === 'number'
    ? (body as ExtractResponse)
    : undefined;
}

export function repairOf(answer: Answer | 'pending' | undefined): RepairBody | undefined {
  const body = okBody(answer);
  return body &&
    typeof body.repaired_xml === 'string' &&
    Array.isArray(body.diff_summary) &&
    isRecord(body.validation_before) &&
    isRecord(body.validation_after)
    ? (body as RepairBody)
    : undefined;
}

/**
 * Whether an answer says the PDF is readable but carries no invoice XML yet: what conversion is for. An
 * encrypted or damaged PDF, or one embedding another kind of XML, is refused with another reason.
 */
export const refusedForNoXml = (answer: Answer | 'pending' | undefined): boolean =>
  answer !== undefined &&
  answer !== 'pending' &&
  !answer.ok &&
  answer.error.error === 'unextractable_pdf' &&
  answer.error.reason === 'no_embedded_xml';

/** An answer saying the call was cancelled (by the user, through its signal). */
export const isCancelled = (answer: Answer | 'pending' | undefined): boolean =>
  typeof answer === 'object' && !answer.ok && answer.error.error === 'cancelled';
