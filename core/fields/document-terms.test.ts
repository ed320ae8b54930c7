import { describe, expect, it } from 'vitest';
import { handPage } from '../testing/text-page';
import { extractFields } from './extract-fields';

describe("the document's own terms", () => {
  it("reads a correction invoice's own number and type, never the corrected invoice's", () => {
    const { invoice, evidence } = extractFields(
      handPage([
        [50, [[60, 'Rechnungskorrektur (384) Nr. RK21012345 vom 16.09.2019']]],
        [200, [[175, 'Ursprungsbeleg-Nr : R87654321012345']]],
        [212, [[175, 'Rechnungsnummer der Ursprungsrechnung: R-1']]],
      ]),
    );
    expect(invoice).toMatchObject({ number: 'RK21012345', typeCode: '384', issueDate: '2019-09-16' });
    expect(evidence['BT-3']?.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('reads the invoice a credit note refers to, and a value whose colon stands past the gap', () => {
    const { invoice } = extractFields(
      handPage([
        [
          40,
          [
            [300, 'AVOIR N° :'],
            [470, 'A-2026-0028'],
          ],
        ],
        [60, [[40, 'N° DE FACTURE ASSOCIÉE : F20260003']]],
        [72, [[40, 'DATE DE FACTURE ASSOCIÉE : 01/01/2026']]],
        [
          84,
          [
            [40, 'Bestell-Nr'],
            [164, ': B123456789'],
          ],
        ],
      ]),
    );
    expect(invoice).toMatchObject({
      number: 'A-2026-0028',
      typeCode: '381',
      precedingInvoices: [{ id: 'F20260003', issueDate: '2026-01-01' }],
      buyerOrder: { id: 'B123456789' },
    });
  });

  it('reads the business process where its label prints a known code, and never assumes one', () => {
    const read = (text: string) => extractFields(handPage([[300, [[40, text]]]])).invoice.businessProcess;
    expect(read('CADRE DE FACTURATION : S1')).toBe('S1');
    expect(read('Cadre de facturation : B4')).toBe('B4');
    // Not a billing framework the French list knows, or no label: nothing.
    expect(read('CADRE DE FACTURATION : X9')).toBeUndefined();
    expect(read('Geschäftsprozess : Beispielgeschäftsprozess')).toBeUndefined();
    expect(read('S1')).toBeUndefined();
  });

  it('reads the delivery date, the invoicing period and where goods go, never an item’s own period', () => {
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'Rechnung Nr. R-77 vom 31.10.2018']]],
        [72, [[40, 'Liefer- und Leistungsdatum: 30.10.2018']]],
        [100, [[40, 'Abweichender Warenempfänger:']]],
        [112, [[40, 'Metallbau Leipzig GmbH']]],
        [124, [[40, 'Eichenpromenade 37']]],
        [136, [[40, 'AT 1010 Wien']]],
        [
          200,
          [
            [40, 'Pos'],
            [70, 'Beschreibung'],
            [250, 'Nettopreis'],
            [320, 'Menge'],
            [460, 'Betrag'],
          ],
        ],
        [
          212,
          [
            [40, '1'],
            [70, 'Stahlcoil'],
            [250, '100,00'],
            [320, '10 Stk'],
            [460, '1000,00'],
          ],
        ],
        [224, [[70, 'Leistungszeitraum: 01.09.2018 bis 30.09.2018']]],
        [
          260,
          [
            [250, 'Positionssumme'],
            [460, '1000,00'],
          ],
        ],
        [300, [[40, 'Liefer-/Leistungszeitraum : 01.10.2018 bis 31.10.2018']]],
      ]),
    );
    expect(invoice.invoicingPeriod).toEqual({ start: '2018-10-01', end: '2018-10-31' });
    expect(invoice.deliveryDate).toBe('2018-10-30');
    expect(invoice.shipTo?.address?.country).toBe('AT');
    const french = extractFields(
      handPage([
        [40, [[40, 'DATE DE DEBUT DE PRESTATION : 01/01/2026']]],
        [52, [[40, 'DATE DE FIN DE PRESTATION : 31/12/2026']]],
        [64, [[40, 'DATE DE LIVRAISON : 28/01/2026']]],
      ]),
    ).invoice;
    expect(french).toMatchObject({
      invoicingPeriod: { start: '2026-01-01', end: '2026-12-31' },
      deliveryDate: '2026-01-28',
    });
    // An end before its start is no period.
    const backwards = extractFields(handPage([[40, [[40, 'Leistungszeitraum: 31.10.2018 bis 01.10.2018']]]]));
    expect(backwards.invoice.invoicingPeriod).toBeUndefined();
  });

  it('does not take an associated invoice’s date for the issue date, nor a due date before it', () => {
    const { invoice } = extractFields(
      handPage([
        [
          40,
          [
            [300, 'FACTURE N° :'],
            [470, 'F20260027'],
          ],
        ],
        [
          56,
          [
            [300, 'Date :'],
            [470, '31/01/2026'],
          ],
        ],
        [300, [[40, 'DATE DE FACTURE ASSOCIÉE : 01/01/2026']]],
        [
          700,
          [
            [40, "Date d'échéance :"],
            [150, '02/03/2026'],
          ],
        ],
      ]),
    );
    expect(invoice.issueDate).toBe('2026-01-31');
    expect(invoice.paymentTerms?.[0]?.dueDate).toBe('2026-03-02');
    const early = extractFields(
      handPage([
        [40, [[40, 'Invoice date: 2026-02-10']]],
        [60, [[40, 'Due date: 2026-01-10']]],
      ]),
    );
    expect(early.invoice.paymentTerms).toBeUndefined();
  });

  it('takes the currency a label names, not a sign printed elsewhere', () => {
    const { invoice, evidence } = extractFields(
      handPage([
        [40, [[40, 'Invoice 103767']]],
        [
          60,
          [
            [40, 'Currency:'],
            [150, 'GBP'],
          ],
        ],
        [300, [[40, 'Deposit paid in €: 100.00']]],
        [
          320,
          [
            [40, 'Total amount'],
            [300, '1,200.00'],
          ],
        ],
      ]),
    );
    expect(invoice.currency).toBe('GBP');
    expect(evidence['BT-5']?.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('tells a credit note and a self-billed invoice by their title', () => {
    const type = (title: string) => extractFields(handPage([[40, [[40, title]]]])).invoice.typeCode;
    expect(type('AVOIR N° AV-7')).toBe('381');
    expect(type('Gutschrift (Selbst ausgestellte Rechnung) Nr. 47110818')).toBe('389');
    expect(type('Credit note CN-12')).toBe('381');
    expect(type('Facture FA-2017-0009')).toBe('380');
  });
});
