/**
 * The convert bodies as the interface reads them: recognised by shape (the renderer does not bundle the
 * schemas), every list entry read defensively so a field the server adds later (the PDF reader's `page`,
 * `text`, `confidence`) shows without a new release and a missing one breaks nothing.
 */
import type { ConvertResponse } from '../../../core/api/convert-response';
import { isRecord, type Answer } from '../backend/backend';

/** One France 2026 finding of a dry run (`requirements[]`). */
export interface Requirement {
  readonly ruleId: string;
  readonly bt: string | null;
  readonly kind: 'blocking' | 'advisory';
  readonly message: string;
  /** The inline-context input that can clear it, if any. */
  readonly input: string | null;
}

export type ProvenanceSource = 'document' | 'profile' | 'request_context' | 'conflict';

/** Where one business term came from (`fieldProvenance[bt]`). */
export interface Provenance {
  readonly term: string;
  readonly source: ProvenanceSource;
  readonly page?: number;
  readonly text?: string;
  readonly confidence?: number;
  /** The saved profile that filled the term (source `profile`). */
  readonly profileId?: string;
  readonly profileVersion?: number;
}

/**
 * One disagreement of a 409 `inline_context_conflict` (the document against a complement) or
 * `profile_inline_context_conflict` (a saved profile against a complement).
 */
export interface ContextConflict {
  readonly field: string;
  /** Whose value the complement contradicts. */
  readonly against: 'document' | 'profile';
  /** The value of the document or of the profile. */
  readonly existingValue: string;
  readonly contextValue: string;
}

export type ConvertBody = ConvertResponse;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const shown = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);

/** A 200 convert body (final or dry run), else undefined. */
export function convertBodyOf(answer: Answer | 'pending' | undefined): ConvertBody | undefined {
  if (answer === undefined || answer === 'pending' || !answer.ok) return undefined;
  const body = answer.body;
  return isRecord(body) &&
    typeof body.success === 'boolean' &&
    isRecord(body.target) &&
    isRecord(body.result) &&
    isRecord(body.validationReadiness)
    ? (body as unknown as ConvertBody)
    : undefined;
}

export function requirementsOf(body: ConvertBody): readonly Requirement[] {
  return (body.requirements ?? []).flatMap((entry): Requirement[] => {
    if (!isRecord(entry) || typeof entry.ruleId !== 'string') return [];
    return [
      {
        ruleId: entry.ruleId,
        bt: text(entry.bt) ?? null,
        kind: entry.kind === 'advisory' ? 'advisory' : 'blocking',
        message: text(entry.message) ?? '',
        input: text(entry.input) ?? null,
      },
    ];
  });
}

export function provenanceOf(body: ConvertBody): readonly Provenance[] {
  return Object.entries(body.fieldProvenance ?? {}).map(([term, entry]) => ({
    term,
    source: entry.source,
    ...(typeof entry.page === 'number' ? { page: entry.page } : {}),
    ...(typeof entry.text === 'string' && entry.text !== '' ? { text: entry.text } : {}),
    ...(typeof entry.confidence === 'number' ? { confidence: entry.confidence } : {}),
    ...(typeof entry.profileId === 'string' ? { profileId: entry.profileId } : {}),
    ...(typeof entry.profileVersion === 'number' ? { profileVersion: entry.profileVersion } : {}),
  }));
}

/** A 202 convert answer: accepted, still processing (`result.status=processing`), with its job id. */
export function acceptedJobOf(
  answer: Answer | 'pending' | undefined,
): { readonly jobId: string } | undefined {
  if (answer === undefined || answer === 'pending' || !answer.ok || !isRecord(answer.body)) return undefined;
  const result = answer.body.result;
  return isRecord(result) && result.status === 'processing' && typeof result.jobId === 'string'
    ? { jobId: result.jobId }
    : undefined;
}

/** The inputs the preflight asks for, as strings (the contract types them loosely). */
export function requiredInputsOf(body: ConvertBody): readonly string[] {
  return (body.targetPreflight?.requiredInputs ?? []).filter((input) => typeof input === 'string');
}

/** The conflicts a 409 `inline_context_conflict` or `profile_inline_context_conflict` lists; else empty. */
export function conflictsOf(answer: Answer | 'pending' | undefined): readonly ContextConflict[] {
  if (answer === undefined || answer === 'pending' || answer.ok) return [];
  const conflicts = answer.error.conflicts;
  const code = answer.error.error;
  if (!Array.isArray(conflicts)) return [];
  if (code !== 'inline_context_conflict' && code !== 'profile_inline_context_conflict') return [];
  const against = code === 'inline_context_conflict' ? 'document' : 'profile';
  return conflicts.flatMap((entry): ContextConflict[] =>
    isRecord(entry)
      ? [
          {
            field: shown(entry.field),
            against,
            existingValue: shown(against === 'document' ? entry.document_value : entry.profile_value),
            contextValue: shown(entry.context_value),
          },
        ]
      : [],
  );
}

/** How a final convert ended: France 2026 advisories left is produce-and-mark, not a failure. */
export type ConvertOutcome = 'success' | 'incomplete' | 'failed';

export function outcomeOf(body: ConvertBody): ConvertOutcome {
  if (body.success) return 'success';
  const delivered = Boolean(body.result.pdf || body.result.pdfUrl || body.result.xml);
  return body.target.status === 'incomplete' && delivered ? 'incomplete' : 'failed';
}
