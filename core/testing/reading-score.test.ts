import { describe, expect, it } from 'vitest';
import type { FieldEvidence, FieldExtraction } from '../fields/extraction';
import type { Invoice } from '../model/invoice';
import { accuracy, scoreLines, scoreTerms, tally, type ReadingTruth } from './reading-score';

const party = { name: null, legalId: null, vatId: null, country: null };
const truth: ReadingTruth = {
  profile: 'EN16931',
  invoiceNumber: 'F-1',
  issueDate: '2026-01-31',
  typeCode: '380',
  currency: 'EUR',
  dueDate: null,
  purchaseOrderReference: null,
  seller: { ...party, name: 'GLN 4333741000005\nMUSTERLIEFERANT GMBH', vatId: 'DE123456789' },
  buyer: { ...party, name: 'Le Client' },
  iban: ['FR7630006000011234567890189'],
  totals: {
    lineNet: '100.00',
    allowances: '0.00',
    charges: null,
    taxExclusive: '100.00',
    vat: '20.00',
    taxInclusive: '120.00',
    prepaid: null,
    due: '120.00',
  },
  vatBreakdown: [{ category: 'S', rate: '20.00', base: '100.00', amount: '20.00' }],
  lines: [
    {
      name: 'Conseil',
      quantity: '2.0000',
      unitCode: 'H87',
      netPrice: '50.00',
      lineTotal: '100.00',
      vatCategory: 'S',
      vatRate: '20',
    },
  ],
};

const at = (confidence: number): FieldEvidence => ({
  page: 1,
  box: { x: 0, y: 0, width: 1, height: 1 },
  text: '',
  confidence,
  source: 'native_text',
});

const extraction = (invoice: Invoice, evidence: Record<string, FieldEvidence> = {}): FieldExtraction => ({
  invoice,
  evidence,
  language: null,
});

describe('reading score', () => {
  it('compares amounts numerically, names loosely, and tells wrong, missed and spurious apart', () => {
    const results = scoreTerms(
      extraction(
        {
          number: 'F-2',
          issueDate: '2026-01-31',
          typeCode: '380',
          currency: 'EUR',
          paymentTerms: [{ dueDate: '2026-02-28' }],
          seller: {
            name: 'Musterlieferant GmbH',
            taxRegistrations: [{ id: { value: 'DE123456789', scheme: 'VA' } }],
          },
          buyer: { name: ' LE CLIENT.' },
          totals: {
            lineTotal: { value: '100' },
            taxBasisTotal: { value: '100.0' },
            taxTotals: [{ value: '20' }],
            grandTotal: { value: '120.00' },
            duePayable: { value: '120' },
          },
          vatBreakdown: [
            { categoryCode: 'S', rate: '20', basisAmount: { value: '100' }, taxAmount: { value: '20' } },
          ],
        },
        { 'BT-1': at(0.95), 'BT-2': at(0.95), 'BT-9': at(0.5) },
      ),
      truth,
    );
    const outcome = Object.fromEntries(results.map((r) => [r.term, r.outcome]));
    expect(outcome).toMatchObject({
      'BT-1': 'wrong',
      'BT-2': 'correct',
      'BT-9': 'spurious',
      'BT-27': 'correct',
      'BT-31': 'correct',
      'BT-44': 'correct',
      'BT-84': 'missed',
      'BT-106': 'correct',
      'BT-110': 'correct',
      'BT-115': 'correct',
      'BG-23': 'correct',
    });
    // A zero allowance total is the same as none read; nothing is said of what neither side has.
    expect(outcome['BT-107']).toBeUndefined();
    expect(outcome['BT-48']).toBeUndefined();
    const all = tally(results, () => 'all').get('all')!;
    expect(all.confident).toBe(2);
    expect(all.confidentCorrect).toBe(1);
    expect(accuracy(all)).toBeCloseTo(all.correct / (all.correct + all.wrong + all.missed));
  });

  it('pairs lines by their net amount and counts each line term', () => {
    const line = {
      product: { name: 'Conseil' },
      billedQuantity: { value: '2', unit: 'C62' },
      netPrice: { amount: { value: '50' } },
      taxes: [{ typeCode: 'VAT', categoryCode: 'S', rate: '20.00' }],
      summation: { lineTotal: { value: '100.00' } },
    };
    const right = scoreLines(extraction({ lines: [line] }), truth);
    expect(right).toMatchObject({ expected: 1, read: 1, exact: true, terms: 7, correct: 7 });
    const extra = scoreLines(
      extraction({ lines: [{ ...line, summation: { lineTotal: { value: '5' } } }, line] }),
      truth,
    );
    expect(extra).toMatchObject({ read: 2, exact: false, correct: 7 });
    const none = scoreLines(extraction({}), truth);
    expect(none).toMatchObject({ exact: false, terms: 7, correct: 0 });
    expect(none.results.every((r) => r.outcome === 'missed' && r.term.startsWith('BG-25[1]/'))).toBe(true);
  });

  it('does not count as spurious what the truth profile cannot hold, and takes a SIREN for its SIRET', () => {
    const minimum: ReadingTruth = {
      ...truth,
      profile: 'MINIMUM',
      dueDate: null,
      seller: { ...truth.seller, legalId: { id: '12345678200010', scheme: '0002' } },
    };
    const results = scoreTerms(
      extraction({
        paymentTerms: [{ dueDate: '2026-02-28' }],
        seller: { legalOrganization: { id: { value: '123456782', scheme: '0002' } } },
      }),
      minimum,
    );
    const outcome = Object.fromEntries(results.map((r) => [r.term, r.outcome]));
    expect(outcome['BT-9']).toBeUndefined();
    expect(outcome['BT-30']).toBe('correct');
  });
  it('counts a SIREN read from a French VAT id apart when the truth prints none but its VAT id holds it', () => {
    const french: ReadingTruth = { ...truth, buyer: { ...truth.buyer, vatId: 'FR 40 303 265 045' } };
    const buyer = (siren: string) =>
      scoreTerms(
        extraction(
          { buyer: { legalOrganization: { id: { value: siren, scheme: '0002' } } } },
          { 'BT-47': at(0.95) },
        ),
        french,
      );
    const held = buyer('303265045');
    expect(held.find((r) => r.term === 'BT-47')?.outcome).toBe('unprinted');
    // Neither right nor wrong at >= 0.9: not a reading of the print.
    expect(tally(held, () => 'all').get('all')).toMatchObject({ unprinted: 1, confident: 0 });
    expect(buyer('303265046').find((r) => r.term === 'BT-47')?.outcome).toBe('spurious');
  });
  it('scores the preceding invoice (BT-25) only when the truth knows it', () => {
    const credit = extraction({ typeCode: '381', precedingInvoices: [{ id: 'F-0' }] });
    const outcome = (t: ReadingTruth) => scoreTerms(credit, t).find((r) => r.term === 'BT-25')?.outcome;
    expect(outcome(truth)).toBeUndefined();
    expect(outcome({ ...truth, precedingInvoiceReference: 'F-0' })).toBe('correct');
    expect(outcome({ ...truth, precedingInvoiceReference: 'F-9' })).toBe('wrong');
    expect(outcome({ ...truth, precedingInvoiceReference: null })).toBe('spurious');
    expect(
      scoreTerms(extraction({}), { ...truth, precedingInvoiceReference: 'F-0' }).find(
        (r) => r.term === 'BT-25',
      )?.outcome,
    ).toBe('missed');
  });
});
