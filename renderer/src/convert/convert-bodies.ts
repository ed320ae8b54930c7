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
}

/** One disagreement of a 409 `inline_context_conflict`. */
export interface ContextConflict {
  readonly field: string;
  readonly documentValue: string;
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
  }));
}

/** The inputs the preflight asks for, as strings (the contract types them loosely). */
export function requiredInputsOf(body: ConvertBody): readonly string[] {
  return (body.targetPreflight?.requiredInputs ?? []).filter((input) => typeof input === 'string');
}

/** The conflicts a 409 `inline_context_conflict` lists; empty for any other answer. */
export function conflictsOf(answer: Answer | 'pending' | undefined): readonly ContextConflict[] {
  if (answer === undefined || answer === 'pending' || answer.ok) return [];
  const conflicts = answer.error.conflicts;
  if (answer.error.error !== 'inline_context_conflict' || !Array.isArray(conflicts)) return [];
  return conflicts.flatMap((entry): ContextConflict[] =>
    isRecord(entry)
      ? [
          {
            field: shown(entry.field),
            documentValue: shown(entry.document_value),
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
