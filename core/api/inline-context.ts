/**
 * The stateless complements a convert request may carry: `invoice_patch`, `seller_context`,
 * `buyer_context`. They fill gaps; they never overwrite document data nor touch a saved profile.
 */
import { z } from 'zod';
import { UNCL4451_TEXT_SUBJECTS } from '../rules/codelists/uncl4451';
import { REASONS } from './reasons';

/** An ISO 8601 calendar date that exists (2026-02-30 does not). */
export const isoDateSchema = z.iso.date().refine((value) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}, REASONS.impossibleDate.en);

export const invoicePatchSchema = z.strictObject({
  preceding_invoice: z
    .strictObject({
      /** BT-26 Preceding invoice issue date; needs an effective BT-25 reference. */
      issue_date: isoDateSchema,
      /** BT-25 Preceding invoice reference; must match the document's when both exist. */
      reference: z.string().min(1).optional(),
    })
    .optional(),
  payment: z
    .strictObject({
      /** BT-84 Payment account identifier (IBAN). */
      iban: z.string().regex(/^[A-Za-z]{2}[0-9]{2}[A-Za-z0-9 ]{10,40}$/, REASONS.iban.en),
    })
    .optional(),
});
export type InvoicePatch = z.infer<typeof invoicePatchSchema>;

/** BT-34 (seller, BR-FR-13) or BT-49 (buyer, BR-FR-12) electronic address. */
export const electronicAddressSchema = z.strictObject({
  value: z.string().min(1).max(125),
  scheme_id: z.string().regex(/^[A-Za-z0-9]{2,20}$/, REASONS.schemeId.en),
});

/** BG-1 Invoice note: BT-21 subject code (UNCL4451, required) and BT-22 content. */
export const documentNoteSchema = z.strictObject({
  subject_code: z.string().refine((code) => UNCL4451_TEXT_SUBJECTS.has(code), REASONS.subjectCode.en),
  content: z.string().min(1).max(500),
});

export const partyContextSchema = z.strictObject({
  electronic_address: electronicAddressSchema.optional(),
  document_notes: z.array(documentNoteSchema).optional(),
});
export type PartyContext = z.infer<typeof partyContextSchema>;
