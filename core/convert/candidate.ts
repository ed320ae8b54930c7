/**
 * The candidate invoice of a convert, whatever its source: the model the XML is written from, which is
 * exactly what its `invoice_data` form (`candidateInvoiceData`) maps back to. An invoice read from a PDF
 * passes through that form and the same completion of totals as a payload does, so that the dry run's
 * candidate, sent back as `invoice_data`, converts to the same XML.
 */
import type { Profile } from '../cii/profile';
import { acceptedInvoiceData } from '../invoice-data/from-model';
import { invoiceDataToModel } from '../invoice-data/to-model';
import type { Invoice } from '../model/invoice';
import { completeTotals } from '../model/totals';

/**
 * The profile a candidate is written in: the one asked for, else EN 16931 for an invoice with lines and
 * BASIC WL (document level) for one without.
 */
export function profileFor(invoice: Invoice, requested: Profile | undefined): Profile {
  return requested ?? ((invoice.lines?.length ?? 0) > 0 ? 'EN16931' : 'BASIC_WL');
}

/**
 * An invoice read from a document as the candidate it becomes: what `invoice_data` can say of it, with
 * the amounts EN 16931 derives from the others where the document left them out. Amounts that disagree
 * stay as read, for the rules to report.
 */
export function readCandidate(read: Invoice): Invoice {
  return completeTotals(invoiceDataToModel(acceptedInvoiceData(read).data)).invoice;
}
