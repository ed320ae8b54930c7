/**
 * "Convert all that are ready" for one queued document: the dry run it is asked first and, when that says
 * the target can pass, the final convert the review form would send for it as it stands; then what the two
 * answers say. Pure, so that the queue's hook, its rows and its counter read a conversion alike.
 */
import { isCancelled } from '../backend/answer-bodies';
import type { Answer, FormFields, InvoiceFile, ShownError } from '../backend/backend';
import { candidateOf } from '../document/invoice-draft';
import { acceptedJobOf, convertBodyOf, outcomeOf } from '../review/convert-bodies';
import { sourceFields, type ConvertSource } from '../review/use-conversion';
import { fieldsOf, reviewStateOf } from '../review/use-review';
import type { Check } from './use-checks';

/** A document's batch conversion: nothing asked yet (waiting its turn), its dry run, then its final call. */
export interface BatchConversion {
  readonly dryRun?: Answer | 'pending';
  readonly final?: Answer | 'pending';
}

export interface ConvertCall {
  readonly file: InvoiceFile | null;
  readonly fields: FormFields;
}

/**
 * What a document converts from: a PDF (the file, with the invoice its review corrected, if it was),
 * an invoice_data JSON (its text); an XML converts from nothing.
 */
export function convertSourceOf(check: Check): ConvertSource | null {
  const file = check.invoice;
  if (!file) return null;
  if (check.kind === 'pdf') {
    const corrected = check.review?.corrected?.draft;
    return { kind: 'pdf', filename: check.filename, file, ...(corrected ? { corrected } : {}) };
  }
  if (check.kind === 'json') {
    return {
      kind: 'invoice_data',
      filename: check.filename,
      invoiceData: new TextDecoder().decode(file.bytes),
    };
  }
  return null;
}

const fileOf = (source: ConvertSource) => (source.kind === 'pdf' ? source.file : null);

export const dryRunCall = (source: ConvertSource): ConvertCall => ({
  file: fileOf(source),
  fields: { ...sourceFields(source), dry_run: 'true' },
});

/**
 * The final call once the dry run says the target can pass. A PDF sends the invoice its dry run read (the
 * accountant's corrections included), as `invoice_data` with the PDF as carrier (as the review form
 * does); a JSON sends its own invoice_data.
 */
export function finalCall(source: ConvertSource, dryRun: Answer): ConvertCall {
  const candidate = source.kind === 'pdf' ? candidateOf(dryRun.ok ? dryRun.body : undefined) : undefined;
  return {
    file: fileOf(source),
    fields: { ...(candidate ? fieldsOf(candidate) : sourceFields(source)), output: 'facturx_pdfa3' },
  };
}

/** Whether the dry run says the target can pass, so the final call is made. */
export const readyToConvert = (dryRun: Answer): boolean => reviewStateOf(dryRun).kind === 'ready';

/** Why a document was not converted: blocking findings, an error answer, or a final check that failed. */
export type NotConverted =
  | { readonly reason: 'blocked'; readonly blocking: number }
  | { readonly reason: 'refused'; readonly error: ShownError }
  | { readonly reason: 'failed' };

/** Where a batch conversion stands. */
export type ConversionState =
  | { readonly kind: 'waiting' | 'checking' | 'converting' | 'converted' | 'accepted' | 'cancelled' }
  | { readonly kind: 'not_converted'; readonly why: NotConverted };

export function conversionState({ dryRun, final }: BatchConversion): ConversionState {
  if (isCancelled(dryRun) || isCancelled(final)) return { kind: 'cancelled' };
  if (dryRun === undefined) return { kind: 'waiting' };
  if (dryRun === 'pending') return { kind: 'checking' };
  if (final === 'pending') return { kind: 'converting' };
  const answer = final ?? dryRun;
  if (!answer.ok) return { kind: 'not_converted', why: { reason: 'refused', error: answer.error } };
  if (final) {
    // A server that runs long converts as jobs answers 202: the document opened follows its job.
    if (acceptedJobOf(final)) return { kind: 'accepted' };
    const body = convertBodyOf(final);
    return body && outcomeOf(body) !== 'failed'
      ? { kind: 'converted' }
      : { kind: 'not_converted', why: { reason: 'failed' } };
  }
  const state = reviewStateOf(dryRun);
  return state.kind === 'blocked'
    ? { kind: 'not_converted', why: { reason: 'blocked', blocking: state.blocking } }
    : { kind: 'not_converted', why: { reason: 'failed' } };
}

/** The Factur-X PDF a batch conversion delivered (base64), if it did. */
export function convertedPdfOf(conversion: BatchConversion | undefined): string | undefined {
  const body = convertBodyOf(conversion?.final);
  return body && outcomeOf(body) !== 'failed' ? body.result.pdf : undefined;
}
