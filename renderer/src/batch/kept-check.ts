/**
 * A check as the desktop's work queue keeps it, and back: the file, its kind and target, whether its work
 * is under way, and what the page knows of it (its answers, its batch conversion, its review) as JSON. Read back, the
 * work that was under way when the app closed is interrupted: its unanswered calls are dropped, and it
 * says so until it is checked again. Pure, so that writing and reading agree.
 */
import type { NewQueueEntry, QueueChange, QueueEntry } from '../../../core/bridge/work-queue';
import { VALIDATION_TARGETS } from '../../../core/api/targets';
import { isRecord, type Answer, type FileOperation, type RunOptions } from '../backend/backend';
import { mediaTypeOf } from '../backend/file-kind';
import type { InvoiceDraft } from '../document/invoice-draft';
import { langs, type Lang } from '../i18n/messages';
import type { BatchConversion } from './batch-convert';
import { inProgress, queueRow } from './queue-row';
import type { Check, KeptCheck, KeptReview } from './use-checks';

/** What the page keeps of a check besides its file. */
interface KeptState {
  /** The language its answers' messages are in. */
  readonly lang: Lang;
  readonly answers: Check['answers'];
  readonly conversion?: BatchConversion;
  readonly interrupted?: true;
  readonly review?: KeptReview;
}

export function queueChangeOf(check: Check, { lang, validationTarget }: RunOptions): QueueChange {
  const { answers, conversion, interrupted, review } = check;
  const state: KeptState = {
    lang,
    answers,
    ...(conversion ? { conversion } : {}),
    ...(interrupted ? { interrupted } : {}),
    ...(review ? { review } : {}),
  };
  return {
    target: validationTarget,
    work: inProgress(queueRow(check)) ? 'under_way' : 'finished',
    state: JSON.stringify(state),
  };
}

/** The entry of a check whose file has been read; null while it is being read. */
export function newEntryOf(check: Check, options: RunOptions): NewQueueEntry | null {
  if (!check.invoice) return null;
  const { filename, bytes, mediaType } = check.invoice;
  return { file: { filename, bytes, mediaType }, kind: check.kind, ...queueChangeOf(check, options) };
}

const OPERATIONS: readonly FileOperation[] = ['validate', 'extract', 'repair', 'convert'];

/** An answer as the page made it (ok with a body, or an error with its code), or `pending`. */
function answerOf(value: unknown): Answer | 'pending' | undefined {
  if (value === 'pending') return value;
  if (!isRecord(value) || typeof value.ok !== 'boolean' || typeof value.status !== 'number') return undefined;
  if (value.ok) return 'body' in value ? (value as Answer) : undefined;
  return isRecord(value.error) && typeof value.error.error === 'string' ? (value as Answer) : undefined;
}

const settled = (answer: Answer | 'pending' | undefined): answer is Answer =>
  answer !== undefined && answer !== 'pending';

/** The kept answers; what was still pending is dropped when the work was interrupted. */
function answersOf(value: unknown, interrupted: boolean): Check['answers'] {
  if (!isRecord(value)) return {};
  const answers: Partial<Record<FileOperation, Answer | 'pending'>> = {};
  for (const operation of OPERATIONS) {
    const answer = answerOf(value[operation]);
    if (answer === 'pending' ? !interrupted : answer) answers[operation] = answer;
  }
  return answers;
}

/** The kept batch conversion; one whose calls had not all answered did not happen. */
function conversionOf(value: unknown, interrupted: boolean): BatchConversion | undefined {
  if (!isRecord(value)) return undefined;
  const dryRun = answerOf(value.dryRun);
  const final = answerOf(value.final);
  if (interrupted && (!settled(dryRun) || final === 'pending')) return undefined;
  return { ...(dryRun ? { dryRun } : {}), ...(final ? { final } : {}) };
}

/** The kept review: its reading and what it was read for, and the corrections; none where they do not read back. */
function reviewOf(value: unknown): KeptReview | undefined {
  if (!isRecord(value) || !isRecord(value.readFor)) return undefined;
  const reading = answerOf(value.reading);
  const lang = langs.find((known) => known === (value.readFor as Record<string, unknown>).lang);
  const target = VALIDATION_TARGETS.find(
    (known) => known === (value.readFor as Record<string, unknown>).validationTarget,
  );
  if (!settled(reading) || !lang || !target) return undefined;
  const corrected = value.corrected;
  const kept =
    isRecord(corrected) &&
    isRecord(corrected.draft) &&
    Array.isArray(corrected.edited) &&
    corrected.edited.every((path) => typeof path === 'string')
      ? { draft: corrected.draft as InvoiceDraft, edited: corrected.edited as string[] }
      : undefined;
  return { reading, readFor: { lang, validationTarget: target }, ...(kept ? { corrected: kept } : {}) };
}

function stateOf(text: string): Record<string, unknown> | null {
  try {
    const state: unknown = JSON.parse(text);
    return isRecord(state) ? state : null;
  } catch {
    return null;
  }
}

/**
 * A kept entry as a check again, and the language its answers are in (null when unknown). A state this
 * version cannot read keeps the file and asks for it to be checked again.
 */
export function keptCheckOf(entry: QueueEntry): { readonly check: KeptCheck; readonly lang: Lang | null } {
  const state = stateOf(entry.state);
  const interrupted = entry.status !== 'finished' || state?.interrupted === true || state === null;
  const conversion = conversionOf(state?.conversion, interrupted);
  const review = reviewOf(state?.review);
  const { filename, bytes, mediaType } = entry.file;
  const check: KeptCheck = {
    filename,
    kind: entry.kind,
    size: bytes.byteLength,
    invoice: { filename, bytes: new Uint8Array(bytes), mediaType: mediaType ?? mediaTypeOf[entry.kind] },
    answers: answersOf(state?.answers, interrupted),
    ...(conversion ? { conversion } : {}),
    ...(interrupted ? { interrupted: true as const } : {}),
    ...(review ? { review } : {}),
  };
  const lang = langs.find((known) => known === state?.lang) ?? null;
  return { check, lang };
}
