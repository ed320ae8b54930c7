/**
 * The complements a user types to clear France 2026 findings, and the `seller_context`, `buyer_context`
 * and `invoice_patch` form fields they become (api-interface.md, "Inline context shapes"). The backend
 * merges them without overwriting document data, so only what the user filled in is sent.
 */
import type { ConvertResponse } from '../../../core/api/convert-response';
import type { InvoicePatch, PartyContext } from '../../../core/api/inline-context';
import type { FormFields } from '../backend/backend';

type ExamplePayload = NonNullable<ConvertResponse['conversionInputRecipe']>['examplePayload'];

/** What the invoice comes from: an uploaded PDF, or a full `invoice_data` (which excludes `invoice_patch`). */
export type SourceKind = 'pdf' | 'invoice_data';

/** One input a dry run asks for (`targetPreflight.requiredInputs`), as the form offers it. */
export type ComplementInput =
  | {
      readonly kind: 'address';
      readonly input: string;
      readonly party: 'seller' | 'buyer';
      /** BT-34 Seller electronic address (BR-FR-13), BT-49 Buyer electronic address (BR-FR-12). */
      readonly bt: 'BT-34' | 'BT-49';
    }
  /** BT-22 Invoice note with its BT-21 subject code (BR-FR-05). */
  | { readonly kind: 'note'; readonly input: string; readonly code: string; readonly bt: 'BT-22' }
  /** BT-84 Payment account identifier. */
  | { readonly kind: 'iban'; readonly input: string; readonly bt: 'BT-84' }
  /** BT-26 Preceding invoice issue date. */
  | { readonly kind: 'precedingDate'; readonly input: string; readonly bt: 'BT-26' };

/** What the user typed, by field key (an address has `<input>.value` and `<input>.scheme_id`). */
export type ComplementValues = Readonly<Record<string, string>>;

export const limits = { addressValue: 125, noteContent: 500 } as const;
const schemePattern = /^[A-Za-z0-9]{2,20}$/;
const ibanPattern = /^[A-Za-z]{2}[0-9]{2}[A-Za-z0-9 ]{10,40}$/;
const notePattern = /^(?:seller|buyer)_context\.document_notes\[(\w+)\]$/;

export const addressKeys = (input: string) => ({ value: `${input}.value`, scheme: `${input}.scheme_id` });

/** The form input for a required input, or null when no complement can supply it from this source. */
export function complementInputOf(input: string, source: SourceKind): ComplementInput | null {
  const note = notePattern.exec(input);
  if (note?.[1]) return { kind: 'note', input, code: note[1], bt: 'BT-22' };
  switch (input) {
    case 'seller_context.electronic_address':
      return { kind: 'address', input, party: 'seller', bt: 'BT-34' };
    case 'buyer_context.electronic_address':
      return { kind: 'address', input, party: 'buyer', bt: 'BT-49' };
    case 'invoice_patch.payment.iban':
      return source === 'pdf' ? { kind: 'iban', input, bt: 'BT-84' } : null;
    case 'invoice_patch.preceding_invoice.issue_date':
      return source === 'pdf' ? { kind: 'precedingDate', input, bt: 'BT-26' } : null;
    default:
      return null;
  }
}

/** The values the dry run's example payload proposes for the inputs, keyed as the form keys them. */
export function prefill(inputs: readonly ComplementInput[], example: ExamplePayload): ComplementValues {
  const out: Record<string, string> = {};
  for (const input of inputs) {
    if (input.kind === 'address') {
      const address = example[`${input.party}_context`]?.electronic_address;
      if (address) {
        const keys = addressKeys(input.input);
        out[keys.value] = address.value;
        out[keys.scheme] = address.scheme_id;
      }
    } else if (input.kind === 'note') {
      const notes = [
        ...(example.seller_context?.document_notes ?? []),
        ...(example.buyer_context?.document_notes ?? []),
      ];
      const note = notes.find((n) => n.subject_code === input.code);
      if (note) out[input.input] = note.content;
    } else if (input.kind === 'iban') {
      const iban = example.invoice_patch?.payment?.iban;
      if (iban) out[input.input] = iban;
    } else {
      const date = example.invoice_patch?.preceding_invoice?.issue_date;
      if (date) out[input.input] = date;
    }
  }
  return out;
}

/** Why a typed value cannot be sent, as a message key; null when it can (an empty field is left out). */
export type ComplementProblem =
  | 'complement.tooLong'
  | 'complement.schemeInvalid'
  | 'complement.schemeMissing'
  | 'complement.valueMissing'
  | 'complement.ibanInvalid';

/** What is wrong with an electronic address (BT-34/BT-49 and its scheme), part by part; empty is fine. */
export function addressProblems(
  value: string,
  scheme: string,
): { readonly value?: ComplementProblem; readonly scheme?: ComplementProblem } {
  const tooLong = value.length > limits.addressValue ? { value: 'complement.tooLong' as const } : {};
  if (value !== '' && scheme === '') return { ...tooLong, scheme: 'complement.schemeMissing' };
  if (scheme !== '' && value === '') return { value: 'complement.valueMissing' };
  if (scheme !== '' && !schemePattern.test(scheme)) return { ...tooLong, scheme: 'complement.schemeInvalid' };
  return tooLong;
}

/** BT-84: what the API checks of an IBAN; empty is fine. */
export const ibanProblem = (iban: string): ComplementProblem | undefined =>
  iban !== '' && !ibanPattern.test(iban) ? 'complement.ibanInvalid' : undefined;

/** BT-22: a note's length limit. */
export const noteProblem = (content: string): ComplementProblem | undefined =>
  content.length > limits.noteContent ? 'complement.tooLong' : undefined;

export function problemsOf(
  inputs: readonly ComplementInput[],
  values: ComplementValues,
): Readonly<Record<string, ComplementProblem>> {
  const out: Record<string, ComplementProblem> = {};
  const text = (key: string) => (values[key] ?? '').trim();
  const put = (key: string, problem: ComplementProblem | undefined) => {
    if (problem) out[key] = problem;
  };
  for (const input of inputs) {
    if (input.kind === 'address') {
      const keys = addressKeys(input.input);
      const found = addressProblems(text(keys.value), text(keys.scheme));
      put(keys.value, found.value);
      put(keys.scheme, found.scheme);
    } else if (input.kind === 'note') {
      put(input.input, noteProblem(text(input.input)));
    } else if (input.kind === 'iban') {
      put(input.input, ibanProblem(text(input.input)));
    }
  }
  return out;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The inline-context form fields carrying what the user filled in; absent roots are not sent. */
export function complementFields(inputs: readonly ComplementInput[], values: ComplementValues): FormFields {
  const text = (key: string) => (values[key] ?? '').trim();
  const seller: Mutable<PartyContext> = {};
  const buyer: Mutable<PartyContext> = {};
  const patch: Mutable<InvoicePatch> = {};
  const notes: { subject_code: string; content: string }[] = [];
  for (const input of inputs) {
    if (input.kind === 'address') {
      const keys = addressKeys(input.input);
      const value = text(keys.value);
      if (value === '') continue;
      (input.party === 'seller' ? seller : buyer).electronic_address = {
        value,
        scheme_id: text(keys.scheme),
      };
    } else if (input.kind === 'note') {
      const content = text(input.input);
      if (content !== '') notes.push({ subject_code: input.code, content });
    } else if (input.kind === 'iban') {
      const iban = text(input.input);
      if (iban !== '') patch.payment = { iban };
    } else {
      const date = text(input.input);
      if (date !== '') patch.preceding_invoice = { issue_date: date };
    }
  }
  // Seller context is the canonical place of the BT-22 notes.
  if (notes.length > 0) seller.document_notes = notes;
  const json = (value: object) => (Object.keys(value).length > 0 ? JSON.stringify(value) : undefined);
  const fields: Record<string, string> = {};
  const sellerField = json(seller);
  const buyerField = json(buyer);
  const patchField = json(patch);
  if (sellerField) fields.seller_context = sellerField;
  if (buyerField) fields.buyer_context = buyerField;
  if (patchField) fields.invoice_patch = patchField;
  return fields;
}
