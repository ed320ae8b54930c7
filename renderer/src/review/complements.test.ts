import { describe, expect, it } from 'vitest';
import {
  complementFields,
  complementInputOf,
  prefill,
  problemsOf,
  type ComplementInput,
} from './complements';

const asked = [
  'seller_context.electronic_address',
  'buyer_context.electronic_address',
  'seller_context.document_notes[PMT]',
  'seller_context.document_notes[AAB]',
  'invoice_patch.payment.iban',
  'invoice_patch.preceding_invoice.issue_date',
];
const inputsFor = (source: 'pdf' | 'invoice_data'): ComplementInput[] =>
  asked.flatMap((input) => complementInputOf(input, source) ?? []);

describe('complements', () => {
  it('offers every input beside a PDF, and no invoice_patch beside a full invoice_data', () => {
    expect(inputsFor('pdf').map((input) => input.bt)).toEqual([
      'BT-34',
      'BT-49',
      'BT-22',
      'BT-22',
      'BT-84',
      'BT-26',
    ]);
    expect(inputsFor('invoice_data').map((input) => input.input)).toEqual(asked.slice(0, 4));
    expect(complementInputOf('seller_context.unknown', 'pdf')).toBeNull();
  });

  it('prefills from the example payload what it gives a value for', () => {
    const values = prefill(inputsFor('pdf'), {
      seller_context: {
        electronic_address: { value: '732829320', scheme_id: '0225' },
        document_notes: [{ subject_code: 'PMT', content: 'Indemnité 40 EUR.' }],
      },
    });
    expect(values).toEqual({
      'seller_context.electronic_address.value': '732829320',
      'seller_context.electronic_address.scheme_id': '0225',
      'seller_context.document_notes[PMT]': 'Indemnité 40 EUR.',
    });
  });

  it('builds the seller_context, buyer_context and invoice_patch fields from what was filled in', () => {
    const fields = complementFields(inputsFor('pdf'), {
      'seller_context.electronic_address.value': ' 732829320 ',
      'seller_context.electronic_address.scheme_id': '0225',
      'seller_context.document_notes[PMT]': 'Indemnité 40 EUR.',
      'seller_context.document_notes[AAB]': '   ',
      'buyer_context.electronic_address.value': 'achats@client.example',
      'buyer_context.electronic_address.scheme_id': 'EM',
      'invoice_patch.payment.iban': 'FR7630006000011234567890189',
      'invoice_patch.preceding_invoice.issue_date': '2026-09-01',
    });
    expect(JSON.parse(fields.seller_context ?? '')).toEqual({
      electronic_address: { value: '732829320', scheme_id: '0225' },
      document_notes: [{ subject_code: 'PMT', content: 'Indemnité 40 EUR.' }],
    });
    expect(JSON.parse(fields.buyer_context ?? '')).toEqual({
      electronic_address: { value: 'achats@client.example', scheme_id: 'EM' },
    });
    expect(JSON.parse(fields.invoice_patch ?? '')).toEqual({
      payment: { iban: 'FR7630006000011234567890189' },
      preceding_invoice: { issue_date: '2026-09-01' },
    });
    expect(complementFields(inputsFor('pdf'), {})).toEqual({});
  });

  it('finds the values the API would refuse, by the limits of the contract', () => {
    const problems = problemsOf(inputsFor('pdf'), {
      'seller_context.electronic_address.value': 'x'.repeat(126),
      'seller_context.electronic_address.scheme_id': '0225',
      'buyer_context.electronic_address.value': 'a@b.example',
      'buyer_context.electronic_address.scheme_id': 'E',
      'seller_context.document_notes[PMT]': 'n'.repeat(501),
      'invoice_patch.payment.iban': 'not an iban',
    });
    expect(problems).toEqual({
      'seller_context.electronic_address.value': 'complement.tooLong',
      'buyer_context.electronic_address.scheme_id': 'complement.schemeInvalid',
      'seller_context.document_notes[PMT]': 'complement.tooLong',
      'invoice_patch.payment.iban': 'complement.ibanInvalid',
    });
    expect(
      problemsOf(inputsFor('pdf'), {
        'seller_context.electronic_address.value': '732829320',
        'buyer_context.electronic_address.scheme_id': '0225',
      }),
    ).toEqual({
      'seller_context.electronic_address.scheme_id': 'complement.schemeMissing',
      'buyer_context.electronic_address.value': 'complement.valueMissing',
    });
  });
});
