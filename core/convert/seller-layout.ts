/**
 * The convert's side of learning each supplier (issue 10, part 5). A final convert of a corrected
 * invoice (a full `invoice_data` with the seller's PDF as its carrier) teaches where each header term
 * sits on that seller's page; a dry run of a plain PDF whose seller has a layout is read again with it
 * (core/fields/supplier-layout), and says so.
 */
import type { SellerLayoutUse } from '../api/convert-response';
import { extractFields } from '../fields/extract-fields';
import type { FieldExtraction } from '../fields/extraction';
import { learnSellerLayout } from '../fields/supplier-layout/learn';
import { sellerKeys } from '../fields/supplier-layout/seller-keys';
import { LAYOUT_TERMS, type SellerLayoutMemory } from '../fields/supplier-layout/seller-layout';
import { invoiceValue } from '../fields/supplier-layout/term-values';
import type { Invoice } from '../model/invoice';
import type { DocumentText } from '../text/page-text';
import { hasTextLayer, readPdfText } from '../text/pdf-text';
import { readCandidate } from './candidate';

/**
 * `first`, the reader's own reading of `text`, read again with the layout learned for its seller when
 * there is one (found by the seller's identifiers the reader found, each checked by its key).
 */
export async function readBySellerLayout(
  text: DocumentText,
  first: FieldExtraction,
  memory: SellerLayoutMemory,
): Promise<{ readonly extraction: FieldExtraction; readonly use: SellerLayoutUse } | null> {
  const keys = sellerKeys(first.invoice);
  const learned = keys.length > 0 ? await memory.recall(keys) : null;
  if (!learned) return null;
  const extraction = extractFields(text, { sellerLayout: learned.layout });
  const terms = [...(extraction.sellerLayoutTerms ?? [])];
  return {
    extraction: terms.length > 0 ? extraction : first,
    use: { used: terms.length > 0, key: learned.key, learnedAt: learned.learnedAt, terms },
  };
}

/**
 * Remembers the layout of `pdf` for the seller of `invoice`, the invoice as the accountant delivered it.
 * A scan is not learned from (its text would cost an OCR run on every final convert); a PDF whose text
 * shows none of the terms, or a seller without a checked identifier, teaches nothing. Nor does an
 * invoice whose header terms are all the reader's own reading of the PDF ("convert all that are ready"
 * sends the candidate as read): nobody corrected it, and remembering the reader's guesses as the seller's
 * layout would make its mistakes come back as if a person had confirmed them.
 */
export async function learnFromCorrection(
  pdf: Uint8Array,
  invoice: Invoice,
  memory: SellerLayoutMemory,
): Promise<void> {
  const keys = sellerKeys(invoice);
  if (keys.length === 0) return;
  const read = await readPdfText(pdf);
  if (!read.ok || !hasTextLayer(read.text)) return;
  const asRead = readCandidate(extractFields(read.text, {}).invoice);
  if (LAYOUT_TERMS.every((term) => invoiceValue(asRead, term) === invoiceValue(invoice, term))) return;
  const layout = learnSellerLayout(read.text, invoice);
  if (layout) await memory.learn(keys, layout);
}
