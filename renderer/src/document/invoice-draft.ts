/**
 * The invoice as the interface holds it: an `invoice_data` payload in which anything may be missing (a
 * dry run's `candidateInvoiceData` leaves out what it could not read). Read once from an answer body,
 * then trusted as this type.
 */
import type { InvoiceDataDraft } from '../../../core/invoice-data/schema';
import { isRecord } from '../backend/backend';

export type InvoiceDraft = InvoiceDataDraft;
export type PartyDraft = NonNullable<InvoiceDraft['seller']>;
export type AddressDraft = NonNullable<PartyDraft['address']>;
export type LineDraft = NonNullable<InvoiceDraft['lines']>[number];

/** Where one business term was read (`fieldProvenance[term]`), as far as the interface uses it. */
export interface TermSource {
  readonly source: string;
  readonly value?: string;
  readonly page?: number;
  readonly box?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly text?: string;
  readonly confidence?: number;
}

/** The candidate invoice of a dry run body, when it carries one. */
export function candidateOf(body: unknown): InvoiceDraft | undefined {
  if (!isRecord(body)) return undefined;
  const candidate = body.candidateInvoiceData;
  return isRecord(candidate) ? (candidate as InvoiceDraft) : undefined;
}

const isBox = (value: unknown): value is TermSource['box'] =>
  isRecord(value) &&
  ['x', 'y', 'width', 'height'].every((key) => typeof value[key] === 'number' && Number.isFinite(value[key]));

/** The provenance of each term of a dry run body, each entry read defensively. */
export function sourcesOf(body: unknown): Readonly<Record<string, TermSource>> {
  if (!isRecord(body) || !isRecord(body.fieldProvenance)) return {};
  const out: Record<string, TermSource> = {};
  for (const [term, entry] of Object.entries(body.fieldProvenance)) {
    if (!isRecord(entry) || typeof entry.source !== 'string') continue;
    out[term] = {
      source: entry.source,
      ...(typeof entry.value === 'string' ? { value: entry.value } : {}),
      ...(typeof entry.page === 'number' ? { page: entry.page } : {}),
      ...(isBox(entry.box) ? { box: entry.box } : {}),
      ...(typeof entry.text === 'string' && entry.text !== '' ? { text: entry.text } : {}),
      ...(typeof entry.confidence === 'number' ? { confidence: entry.confidence } : {}),
    };
  }
  return out;
}

/** The value of each term that has one (`BT-112` → `"1234.50"`), to say which value a finding is about. */
export function valuesOf(sources: Readonly<Record<string, TermSource>>): Readonly<Record<string, string>> {
  return Object.fromEntries(
    Object.entries(sources).flatMap(([term, entry]) =>
      entry.value === undefined ? [] : [[term, entry.value]],
    ),
  );
}
