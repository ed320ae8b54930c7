/**
 * The code lists and value lists of the BR-FR Flux 2 CII artefact, version 1.4.0 (2026-06-30), as its
 * `custom:` functions and assertions spell them. Comparisons are exact string comparisons (no trimming)
 * unless a rule normalises first. The artefact also declares a list of EAS codes that none of its 1.4.0
 * assertions uses, so it is not carried here.
 */

/** A list written as the artefact writes it: values separated by spaces. */
const codes = (written: string): ReadonlySet<string> => new Set(written.trim().split(/\s+/));

/** `custom:is-valid-document-type-code` — BT-3 and referenced document types (BR-FR-04). */
export const DOCUMENT_TYPE_CODES = codes('380 389 393 501 386 500 384 471 472 473 261 262 381 396 502 503');

/** `custom:is-valid-billing-mode` — BT-23 billing frameworks, frame 9 added in 1.4 (BR-FR-08). */
export const BILLING_MODES = codes('B1 S1 M1 B2 S2 M2 S3 B4 S4 M4 S5 S6 B7 S7 B8 S8 M8 B9 S9 M9');

/** `custom:is-valid-bar-treatment` and BR-FR-31 — the content of a BAR note (BT-22). */
export const BAR_TREATMENTS = codes('B2B B2BINT B2C B2CINT OUTOFSCOPE ARCHIVEONLY');

/** `custom:is-valid-vat-category-code` (BR-FR-15). */
export const VAT_CATEGORIES = codes('S E AE K G O Z');

/** Categories of the Canary Islands and Ceuta/Melilla taxes, meaningless in France (BR-FR-15 `_LM`). */
export const VAT_CATEGORIES_NOT_FRENCH = codes('L M');

/** `custom:is-valid-vat-rate` — French rates (mainland, Corsica, overseas, historical) as written (BR-FR-16). */
export const VAT_RATES = codes(
  '0 0.0 0.00 10 10.0 10.00 13 13.0 13.00 20 20.0 20.00 8.5 8.50 19.6 19.60 2.1 2.10 5.5 5.50 7 7.0 7.00 20.6 20.60 1.05 0.9 0.90 1.75 9.2 9.20 9.6 9.60',
);

/** `custom:is-valid-attachment-code` — BT-123 qualification of an attached document (BR-FR-17). */
export const ATTACHMENT_CODES = codes(
  'RIB LISIBLE FEUILLE_DE_STYLE PJA BORDEREAU_SUIVI DOCUMENT_ANNEXE BON_LIVRAISON BON_COMMANDE BORDEREAU_SUIVI_VALIDATION ETAT_ACOMPTE FACTURE_PAIEMENT_DIRECT RECAPITULATIF_COTRAITANCE',
);

/** Self-billed document types (BR-FR-21, BR-FR-22, BR-FR-MV-13, BR-FR-BD-13). */
export const SELF_BILLED_TYPE_CODES = codes('389 501 500 471 473 261 502');

/** Corrective invoices, which reference exactly one earlier invoice (BR-FR-CO-04). */
export const CORRECTIVE_TYPE_CODES = codes('384 471 472 473');

/** Credit notes, which reference the invoices they credit (BR-FR-CO-05). */
export const CREDIT_NOTE_TYPE_CODES = codes('261 381 396 502 503');

/** Prepayment invoices and credit notes (BR-FR-CO-07, BR-FR-CO-08). */
export const PREPAYMENT_TYPE_CODES = codes('386 500 503');

/** A global discount credit note, which needs a contract and a billing period (BR-FR-CO-03). */
export const GLOBAL_DISCOUNT_CREDIT_NOTE = '262';

/** Billing frameworks of invoices already paid (BR-FR-CO-07, BR-FR-CO-09). */
export const ALREADY_PAID_MODES = codes('B2 S2 M2');

/** Billing frameworks of final invoices after prepayment (BR-FR-CO-08). */
export const FINAL_AFTER_PREPAYMENT_MODES = codes('B4 S4 M4');

/** Multi-vendor invoices, frame 8 (`custom:isSpecialContractMV`). */
export const MULTI_VENDOR_MODES = codes('S8 B8 M8');

/** Bidirectional invoices, frame 9 (`custom:isSpecialContractBD`). */
export const BIDIRECTIONAL_MODES = codes('S9 B9 M9');

/** Corrective invoices and credit notes of a multi-vendor invoice (BR-FR-MV-14). */
export const MULTI_VENDOR_CORRECTION_TYPE_CODES = codes('384 472 381 396 503');

/** Self-billed corrective invoices and credit notes of a bidirectional invoice (BR-FR-BD-14). */
export const BIDIRECTIONAL_CORRECTION_TYPE_CODES = codes('261 471 473 502');

/** Values a line's AVV reference (BT-128) must not take: billing frameworks, not identifiers (BR-FR-MV-03). */
export const AVV_FORBIDDEN_VALUES = codes('M8 S8 B8');
