/**
 * The global choice between the lines and the totals (issue 10) on small drawn pages: a breakdown the
 * lines imply when only each rate's tax is printed, an allowance or a charge under a label no list
 * knows, an exempt invoice that prints neither net nor VAT, a discount that is no VAT total.
 */
import { describe, expect, it } from 'vitest';
import { handPage, type HandRow } from '../testing/text-page';
import { extractFields } from './extract-fields';

const header: HandRow = [
  80,
  [
    [40, 'Bezeichnung'],
    [250, 'Menge'],
    [330, 'Preis'],
    [400, 'USt.'],
    [470, 'Betrag'],
  ],
];

const item = (y: number, name: string, quantity: string, price: string, rate: string, amount: string) =>
  [
    y,
    [
      [40, name],
      [250, quantity],
      [330, price],
      [400, rate],
      [470, amount],
    ],
  ] as HandRow;

/** The rows under the items, one every 12 points from y 160: a label and its amount. */
const totals = (...rows: (readonly [label: string, amount: string])[]): HandRow[] =>
  rows.map(([label, amount], i) => [
    160 + 12 * i,
    [
      [330, label],
      [470, amount],
    ],
  ]);

const lines = [
  item(100, 'Fachbuch Elektro', '10 Stk.', '60,00', '7%', '600,00'),
  item(116, 'Montage', '8 Std.', '50,00', '19%', '400,00'),
  item(132, 'Anfahrt', '1 Stk.', '48,00', '19%', '48,00'),
];

/** The page of the header, the items and the rows under them, read. */
const readPage = (items: readonly HandRow[], ...rest: HandRow[]) =>
  extractFields(handPage([header, ...items, ...rest]));

const termsOf = (extraction: ReturnType<typeof extractFields>) => ({
  totals: extraction.invoice.totals,
  breakdown: extraction.invoice.vatBreakdown?.map((b) => [
    b.categoryCode,
    b.rate,
    b.basisAmount?.value,
    b.taxAmount?.value,
  ]),
  lines: extraction.invoice.lines?.map((l) => [
    l.product?.name,
    l.billedQuantity?.value,
    l.netPrice?.amount?.value,
    l.taxes?.[0]?.categoryCode,
    l.taxes?.[0]?.rate,
    l.summation?.lineTotal?.value,
  ]),
});

describe('lines and totals chosen together', () => {
  it("adds the lines up by rate into the breakdown when the page prints only each rate's tax", () => {
    const extraction = readPage(
      lines,
      ...totals(
        ['Summe Positionen:', '1048,00 €'],
        ['USt. 7 %:', '42,00 €'],
        ['USt. 19 %:', '85,12 €'],
        ['Endbetrag:', '1175,12 €'],
      ),
    );
    const read = termsOf(extraction);
    expect(read.breakdown).toEqual([
      ['S', '7', '600.00', '42.00'],
      ['S', '19', '448.00', '85.12'],
    ]);
    expect(read.totals).toMatchObject({
      lineTotal: { value: '1048.00' },
      taxBasisTotal: { value: '1048.00' },
      taxTotals: [{ value: '127.12' }],
      grandTotal: { value: '1175.12' },
    });
    expect(read.lines).toEqual([
      ['Fachbuch Elektro', '10', '60', 'S', '7', '600.00'],
      ['Montage', '8', '50', 'S', '19', '400.00'],
      ['Anfahrt', '1', '48', 'S', '19', '48.00'],
    ]);
    // The lines add up to the sum of lines, and the breakdown they make to the totals: proven.
    expect(extraction.evidence['BG-25[2]/BT-131']?.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('shares a discount on the whole invoice by the rates in proportion to their lines, when each rate’s tax then is printed', () => {
    // 10 % off 600,00 at 7 % and 448,00 at 19 %: 60,00 and 44,80, bases 540,00 and 403,20. Neither rate
    // alone takes the whole discount, and the VAT over each rate (540,00 and 403,21) misses the net.
    const page = (vat19: string, gross: string) =>
      readPage(
        lines,
        ...totals(
          ['Summe Positionen:', '1048,00 €'],
          ['Rabatt 10 %:', '-104,80 €'],
          ['Nettobetrag:', '943,20 €'],
          ['USt. 7 %:', '37,80 €'],
          ['USt. 19 %:', vat19],
          ['Endbetrag:', gross],
        ),
      );
    const extraction = page('76,61 €', '1057,61 €');
    expect(termsOf(extraction).breakdown).toEqual([
      ['S', '7', '540.00', '37.80'],
      ['S', '19', '403.20', '76.61'],
    ]);
    expect(
      extraction.invoice.allowanceCharges?.map((a) => [a.amount?.value, a.tax?.categoryCode, a.tax?.rate]),
    ).toEqual([
      ['60.00', 'S', '7'],
      ['44.80', 'S', '19'],
    ]);
    // Other bases give the same taxes to the cent: derived, never sure.
    expect(extraction.evidence['BG-23']?.confidence).toBeLessThan(0.9);
    // A tax the shares do not give back: no breakdown is derived.
    expect(page('76,63 €', '1057,63 €').invoice.vatBreakdown).toBeUndefined();
  });

  it('implies no breakdown when a rate’s tax is printed nowhere, and then gives no line for sure', () => {
    const extraction = readPage(
      lines,
      ...totals(
        ['Summe Positionen:', '1048,00 €'],
        ['USt. 7 %:', '42,10 €'],
        ['USt. 19 %:', '85,12 €'],
        ['Endbetrag:', '1175,22 €'],
      ),
    );
    expect(extraction.invoice.vatBreakdown).toBeUndefined();
    expect(extraction.invoice.lines).toHaveLength(3);
    expect(extraction.evidence['BG-25[1]/BT-131']?.confidence).toBeLessThan(0.9);
  });

  it('takes an amount under a label no list knows for a charge when it bridges the lines and the net', () => {
    const extraction = readPage(
      lines.map(([y, cells]) => [y, cells.map(([x, t]) => [x, t === '7%' ? '19%' : t])] as HandRow),
      ...totals(
        ['Net amount', '1048,00'],
        ['Courier', '6,95'],
        ['Net amount', '1054,95'],
        ['VAT 19 %', '200,44'],
        ['Total', '1255,39'],
      ),
    );
    expect(extraction.invoice.totals).toMatchObject({
      lineTotal: { value: '1048.00' },
      chargeTotal: { value: '6.95' },
      taxBasisTotal: { value: '1054.95' },
      grandTotal: { value: '1255.39' },
    });
    expect(extraction.invoice.allowanceCharges).toMatchObject([
      { isCharge: true, amount: { value: '6.95' }, reason: 'Courier' },
    ]);
    expect(extraction.invoice.lines).toHaveLength(3);
  });

  it('reads an exempt invoice that prints the sum of lines and the gross only, and keeps its lines', () => {
    const extraction = readPage(
      lines.map(([y, cells]) => [y, cells.filter(([x]) => x !== 400)] as HandRow),
      ...totals(['Summe Positionen', '1048,00'], ['Summe brutto', '1048,00']),
      [190, [[40, 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge) gemäß § 13b UStG.']]],
    );
    const read = termsOf(extraction);
    expect(read.totals).toMatchObject({
      lineTotal: { value: '1048.00' },
      taxBasisTotal: { value: '1048.00' },
      taxTotals: [{ value: '0.00' }],
      grandTotal: { value: '1048.00' },
    });
    expect(read.breakdown).toEqual([['AE', '0', '1048.00', '0.00']]);
    expect(read.lines?.map((l) => l[3])).toEqual(['AE', 'AE', 'AE']);
  });

  it("adds each rate's tax up into the VAT total, and takes no discount for a VAT total", () => {
    const extraction = readPage(
      lines,
      ...totals(
        ['Nettobetrag:', '1048,00 €'],
        ['Rabatt 5 %:', '-52,40 €'],
        ['Netto:', '995,60 €'],
        ['7 % USt.:', '39,90 €'],
        ['19 % USt.:', '80,86 €'],
        ['Gesamtbetrag:', '1116,36 €'],
      ),
    );
    expect(extraction.invoice.totals).toMatchObject({
      lineTotal: { value: '1048.00' },
      allowanceTotal: { value: '52.40' },
      taxBasisTotal: { value: '995.60' },
      taxTotals: [{ value: '120.76' }],
      grandTotal: { value: '1116.36' },
    });
  });

  it('keeps lines that add up to the sum of lines when no breakdown confirms their rates, none of their terms for sure', () => {
    const extraction = readPage(
      [
        item(100, 'Rénovation', '1 Forfait', '1000,00', '5,5 %', '1000,00'),
        item(116, 'Hébergement web', '2 mois', '50,00', '20 %', '100,00'),
      ],
      ...totals(
        ['Montant HT', '1100,00 €'],
        ['Remise 3 %', '-33,00 €'],
        ['Total HT net', '1067,00 €'],
        ['TVA à 5,5 %', '53,90 €'],
        ['TVA à 20 %', '17,40 €'],
        ['Net TTC', '1138,30 €'],
      ),
    );
    const read = termsOf(extraction);
    expect(read.totals).toMatchObject({ lineTotal: { value: '1100.00' }, taxTotals: [{ value: '71.30' }] });
    // No breakdown printed, and the discount not shared in proportion to the lines (20,00 and 13,00): the
    // bases are the VAT of each rate over it, as they make the net after the discount.
    expect(read.breakdown).toEqual([
      ['S', '5.5', '980.00', '53.90'],
      ['S', '20', '87.00', '17.40'],
    ]);
    expect(read.lines).toEqual([
      ['Rénovation', '1', '1000', 'S', '5.5', '1000.00'],
      ['Hébergement web', '2', '50', 'S', '20', '100.00'],
    ]);
    const sure = Object.entries(extraction.evidence).filter(
      ([term, e]) => term.startsWith('BG-25') && e.confidence >= 0.9,
    );
    expect(sure).toEqual([]);
  });

  it('lets the lines overturn a weakly labelled net no other total contradicts ("Terms: Net 21")', () => {
    const { invoice } = readPage(
      lines.map(([y, cells]) => [y, cells.filter(([x]) => x !== 400)] as HandRow),
      ...totals(['Goods total', '1048,00'], ['Invoice Total', '1048,00'], ['Total Due', '1048,00']),
      [210, [[40, 'Zero-rated export of goods.']]],
      [226, [[40, 'Terms: Net 21']]],
    );
    expect(invoice.totals).toMatchObject({
      lineTotal: { value: '1048.00' },
      taxBasisTotal: { value: '1048.00' },
      taxTotals: [{ value: '0.00' }],
    });
    expect(invoice.vatBreakdown?.map((b) => b.categoryCode)).toEqual(['G']);
    expect(invoice.lines).toHaveLength(3);
  });

  it('takes one printed amount for one term only: a deposit taken off is no allowance too', () => {
    const { invoice } = readPage(
      lines.map(([y, cells]) => [y, cells.filter(([x]) => x !== 400)] as HandRow),
      ...totals(
        ['Summe Positionen', '1.048,00 EUR'],
        ['Endbetrag', '1.048,00 EUR'],
        ['abzüglich Abschlagszahlung', '-200,00 EUR'],
        ['Zahlungsbetrag', '848,00 EUR'],
      ),
      [230, [[40, 'Innergemeinschaftliche Lieferung, steuerfrei nach § 4 Nr. 1b UStG.']]],
    );
    expect(invoice.totals).toMatchObject({
      lineTotal: { value: '1048.00' },
      taxBasisTotal: { value: '1048.00' },
      taxTotals: [{ value: '0.00' }],
      prepaidAmount: { value: '200.00' },
      duePayable: { value: '848.00' },
    });
    expect(invoice.totals?.allowanceTotal).toBeUndefined();
    expect(invoice.allowanceCharges).toBeUndefined();
  });

  it('reads a credit note whose amounts are bracketed in their column as negative, lines and totals', () => {
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'CREDIT NOTE CN-1042', 100, 16]]],
        [
          100,
          [
            [40, 'Description'],
            [250, 'Qty'],
            [320, 'Unit price'],
            [470, 'Amount'],
          ],
        ],
        [
          116,
          [
            [40, 'Consulting'],
            [250, '10 h'],
            [320, '32.65'],
            [470, '(326.50)'],
          ],
        ],
        [
          132,
          [
            [40, 'Travel expenses'],
            [250, '1'],
            [320, '50.00'],
            [470, '(50.00)'],
          ],
        ],
        ...totals(['Subtotal', '(376.50)'], ['VAT 20%', '(75.30)'], ['Total', '(451.80)']),
      ]),
    );
    expect(invoice.totals).toMatchObject({
      lineTotal: { value: '-376.50' },
      taxTotals: [{ value: '-75.30' }],
      grandTotal: { value: '-451.80' },
    });
    expect(invoice.lines?.map((l) => [l.billedQuantity?.value, l.summation?.lineTotal?.value])).toEqual([
      ['-10', '-326.50'],
      ['-1', '-50.00'],
    ]);
  });
});
