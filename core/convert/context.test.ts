import { describe, expect, it } from 'vitest';
import type { Invoice } from '../model/invoice';
import { applyContext } from './context';

const creditNote: Invoice = {
  number: 'AV-1',
  typeCode: '381',
  precedingInvoices: [{ id: 'F-9' }],
  paymentMeans: [{ typeCode: '58' }],
};

describe('applyContext', () => {
  it('fills BT-26 on the preceding invoice the document names (BT-25)', () => {
    const r = applyContext(creditNote, { invoicePatch: { preceding_invoice: { issue_date: '2026-01-31' } } });
    expect(r.invoice.precedingInvoices).toEqual([{ id: 'F-9', issueDate: '2026-01-31' }]);
    expect(r.filled).toEqual(['BT-26']);
    expect(r.conflicts).toEqual([]);
  });

  it('needs a BT-25 for a BT-26: from the document or from the patch', () => {
    const none = applyContext(
      { number: 'AV-2' },
      { invoicePatch: { preceding_invoice: { issue_date: '2026-01-31' } } },
    );
    expect(none.missing).toEqual(['invoice_patch.preceding_invoice.reference']);
    const given = applyContext(
      { number: 'AV-2' },
      { invoicePatch: { preceding_invoice: { issue_date: '2026-01-31', reference: 'F-7' } } },
    );
    expect(given.invoice.precedingInvoices).toEqual([{ id: 'F-7', issueDate: '2026-01-31' }]);
    expect(given.filled).toEqual(['BT-25', 'BT-26']);
  });

  it('refuses a reference that differs from the document’s, and a date that differs', () => {
    const other = applyContext(creditNote, {
      invoicePatch: { preceding_invoice: { issue_date: '2026-01-31', reference: 'F-8' } },
    });
    expect(other.conflicts).toEqual([
      { field: 'invoice_patch.preceding_invoice.reference', document_value: 'F-9', context_value: 'F-8' },
    ]);
    expect(other.invoice.precedingInvoices).toEqual([{ id: 'F-9' }]);
    const dated: Invoice = { ...creditNote, precedingInvoices: [{ id: 'F-9', issueDate: '2026-01-30' }] };
    const r = applyContext(dated, { invoicePatch: { preceding_invoice: { issue_date: '2026-01-31' } } });
    expect(r.conflicting).toEqual(['BT-26']);
  });

  it('fills a missing IBAN (BT-84) and compares a present one without spaces or case', () => {
    const r = applyContext(creditNote, {
      invoicePatch: { payment: { iban: 'fr76 3000 6000 0112 3456 7890 189' } },
    });
    expect(r.invoice.paymentMeans?.[0]?.creditorAccount?.iban).toBe('FR7630006000011234567890189');
    const again = applyContext(r.invoice, {
      invoicePatch: { payment: { iban: 'FR76 3000 6000 0112 3456 7890 189' } },
    });
    expect(again.filled).toEqual([]);
    expect(again.conflicts).toEqual([]);
  });

  it('adds BT-22 notes by subject, keeps the document’s, and reports a different text under the same subject', () => {
    const doc: Invoice = { notes: [{ subjectCode: 'PMT', content: 'Indemnité 40 EUR.' }] };
    const r = applyContext(doc, {
      sellerContext: {
        document_notes: [
          { subject_code: 'PMT', content: 'Indemnité 40 EUR.' },
          { subject_code: 'AAB', content: 'Pas d’escompte.' },
        ],
      },
      buyerContext: { document_notes: [{ subject_code: 'PMT', content: 'Autre texte' }] },
    });
    expect(r.invoice.notes).toEqual([
      { subjectCode: 'PMT', content: 'Indemnité 40 EUR.' },
      { content: 'Pas d’escompte.', subjectCode: 'AAB' },
    ]);
    expect(r.conflicts).toEqual([
      {
        field: 'buyer_context.document_notes[PMT]',
        document_value: 'Indemnité 40 EUR.',
        context_value: 'Autre texte',
      },
    ]);
  });

  it('fills a missing seller or buyer country from the country hints, never one the document shows', () => {
    const r = applyContext(
      { seller: { name: 'S', address: { city: 'Lyon' } }, buyer: { name: 'B', address: { country: 'BE' } } },
      { countryHints: { seller: 'FR', buyer: 'FR' } },
    );
    expect(r.invoice.seller?.address).toEqual({ city: 'Lyon', country: 'FR' });
    expect(r.invoice.buyer?.address).toEqual({ country: 'BE' });
    expect(r.filled).toEqual(['BT-40']);
    expect(r.conflicts).toEqual([]);
  });
});
