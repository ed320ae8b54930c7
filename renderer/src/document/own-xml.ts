/**
 * The invoice a document's own CII XML holds (an XML file, or the XML embedded in a Factur-X PDF that
 * extract handed back), read in the page by core's own reader, so that the readable invoice is shown as
 * soon as the XML is there rather than after a convert dry run, whose validation the page does not wait
 * for (the verdicts come from validate).
 */
import { ciiToModel } from '../../../core/cii/read';
import { invoiceDataOf } from '../../../core/invoice-data/from-model';
import { termValues } from '../../../core/invoice-data/term-values';
import type { InvoiceDraft } from './invoice-draft';

export interface OwnXmlReading {
  readonly invoice: InvoiceDraft;
  /** The value of each term (`BT-112` → `"1234.50"`), to say which value a finding is about. */
  readonly values: Readonly<Record<string, string>>;
}

/** null when the XML is not a CII invoice core can read (the page then says it could not be read). */
export function readOwnXml(xml: Uint8Array | string): OwnXmlReading | null {
  const read = ciiToModel(xml);
  if (!read.ok) return null;
  const invoice = invoiceDataOf(read.invoice);
  const values = Object.fromEntries(
    [...termValues(invoice)].flatMap(([term, value]) => (value === undefined ? [] : [[term, value]])),
  );
  return { invoice, values };
}
