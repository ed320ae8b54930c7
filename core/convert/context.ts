/**
 * Input mode 3 of convert: the stateless `invoice_patch`, `seller_context` and `buyer_context` (and the
 * `seller_hint`/`buyer_hint` countries of `options`) complete what the document (PDF, XML or
 * `invoice_data`) leaves out. They never overwrite it: a complement that
 * disagrees with a value the document shows is a conflict (409 `inline_context_conflict` on a final
 * convert, provenance `conflict` on a dry run); one that repeats it changes nothing.
 */
import type { InvoicePatch, PartyContext } from '../api/inline-context';
import type { Invoice, Party } from '../model/invoice';

export interface ContextInputs {
  readonly invoicePatch?: InvoicePatch;
  readonly sellerContext?: PartyContext;
  readonly buyerContext?: PartyContext;
  /** `options.seller_hint` and `buyer_hint`: countries for BT-40 and BT-55 where the document has none. */
  readonly countryHints?: { readonly seller?: string; readonly buyer?: string };
}

export interface ContextConflict {
  /** The request field, e.g. `seller_context.electronic_address`. */
  readonly field: string;
  readonly document_value: string;
  readonly context_value: string;
}

export interface ContextMerge {
  readonly invoice: Invoice;
  /** Business terms the request context filled. */
  readonly filled: readonly string[];
  /** Business terms where the context disagrees with the document. */
  readonly conflicting: readonly string[];
  readonly conflicts: readonly ContextConflict[];
  /** Request fields a complement needs and nobody gave (BT-26 without any BT-25). */
  readonly missing: readonly string[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Normalized for comparison: identifiers and IBANs are compared without spaces and case. */
const same = (a: string, b: string): boolean =>
  a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase();

export function applyContext(document: Invoice, inputs: ContextInputs): ContextMerge {
  const invoice: Mutable<Invoice> = { ...document };
  const filled: string[] = [];
  const conflicting: string[] = [];
  const conflicts: ContextConflict[] = [];
  const missing: string[] = [];
  /** Fills `term` unless the document has it; a different document value is a conflict. */
  const complete = (
    term: string,
    field: string,
    documentValue: string | undefined,
    contextValue: string,
    fill: () => void,
  ): void => {
    if (documentValue === undefined || documentValue === '') {
      fill();
      filled.push(term);
    } else if (!same(documentValue, contextValue)) {
      conflicting.push(term);
      conflicts.push({ field, document_value: documentValue, context_value: contextValue });
    }
  };

  const parties = [
    ['seller', inputs.sellerContext, 'BT-34'],
    ['buyer', inputs.buyerContext, 'BT-49'],
  ] as const;
  for (const [role, context, term] of parties) {
    const address = context?.electronic_address;
    if (!address) continue;
    const party: Party = invoice[role] ?? {};
    const shown = party.electronicAddress;
    const given = `${address.scheme_id}:${address.value}`;
    complete(
      term,
      `${role}_context.electronic_address`,
      shown && `${shown.scheme ?? ''}:${shown.value}`,
      given,
      () => {
        invoice[role] = { ...party, electronicAddress: { value: address.value, scheme: address.scheme_id } };
      },
    );
  }

  // BT-22 notes: seller_context is the canonical place, buyer_context the alternate one.
  for (const [role, context] of parties) {
    for (const note of context?.document_notes ?? []) {
      const notes = invoice.notes ?? [];
      const shown = notes.find((n) => n.subjectCode === note.subject_code);
      const field = `${role}_context.document_notes[${note.subject_code}]`;
      if (shown?.content !== undefined && shown.content.trim() !== note.content.trim()) {
        conflicting.push('BT-22');
        conflicts.push({ field, document_value: shown.content, context_value: note.content });
      } else if (!shown) {
        invoice.notes = [...notes, { content: note.content, subjectCode: note.subject_code }];
        filled.push('BT-21', 'BT-22');
      }
    }
  }

  const preceding = inputs.invoicePatch?.preceding_invoice;
  if (preceding) {
    const [first, ...others] = invoice.precedingInvoices ?? [];
    const reference = first?.id ?? preceding.reference;
    if (reference === undefined) {
      missing.push('invoice_patch.preceding_invoice.reference');
    } else if (
      first?.id !== undefined &&
      preceding.reference !== undefined &&
      !same(first.id, preceding.reference)
    ) {
      conflicting.push('BT-25');
      conflicts.push({
        field: 'invoice_patch.preceding_invoice.reference',
        document_value: first.id,
        context_value: preceding.reference,
      });
    } else {
      if (first?.id === undefined) filled.push('BT-25');
      complete(
        'BT-26',
        'invoice_patch.preceding_invoice.issue_date',
        first?.issueDate,
        preceding.issue_date,
        () => {
          invoice.precedingInvoices = [
            { ...first, id: reference, issueDate: preceding.issue_date },
            ...others,
          ];
        },
      );
    }
  }

  // A hint is weaker than anything the document shows: it fills an absent country, never contradicts one.
  const countryTerms = { seller: 'BT-40', buyer: 'BT-55' } as const;
  for (const role of ['seller', 'buyer'] as const) {
    const hint = inputs.countryHints?.[role];
    const party: Party = invoice[role] ?? {};
    if (!hint || party.address?.country) continue;
    invoice[role] = { ...party, address: { ...party.address, country: hint } };
    filled.push(countryTerms[role]);
  }

  const iban = inputs.invoicePatch?.payment?.iban.replace(/\s+/g, '').toUpperCase();
  if (iban) {
    const [means, ...others] = invoice.paymentMeans ?? [];
    complete('BT-84', 'invoice_patch.payment.iban', means?.creditorAccount?.iban, iban, () => {
      invoice.paymentMeans = [
        { typeCode: '58', ...means, creditorAccount: { ...means?.creditorAccount, iban } },
        ...others,
      ];
    });
  }

  return {
    invoice,
    filled: [...new Set(filled)],
    conflicting: [...new Set(conflicting)],
    conflicts,
    missing,
  };
}
