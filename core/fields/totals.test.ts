import { describe, expect, it } from 'vitest';
import { handPage, right, type HandRow } from '../testing/text-page';
import { Decimal } from '../decimal/decimal';
import { layoutOf } from '../text/layout';
import { extractFields } from './extract-fields';
import { chooseTotals } from './totals';
import { breakdownRows, exemptionOf } from './vat-breakdown';

/** Rows of a totals block: a label at `labelX`, its value at `valueX`. */
const keyValue =
  (labelX: number, valueX: number) =>
  (y: number, label: string, value: string): HandRow => [
    y,
    [
      [labelX, label],
      [valueX, value],
    ],
  ];

describe('totals chosen under the invoice arithmetic', () => {
  it('confirms net, VAT and gross by each other, and never takes an identifier or a legal mention for an amount', () => {
    const { invoice, evidence } = extractFields(
      handPage([
        [
          40,
          [
            [40, 'FACTURE N° F-2026-7'],
            [400, 'Date : 31/01/2026'],
          ],
        ],
        [60, [[40, 'N° TVA intra : FR 11 123 456 782']]],
        [
          300,
          [
            [300, 'Total HT'],
            [480, '100,00'],
          ],
        ],
        [
          312,
          [
            [300, 'TVA 20 %'],
            [480, '20,00'],
          ],
        ],
        [
          324,
          [
            [300, 'Total TTC'],
            [480, '120,00'],
          ],
        ],
        [400, [[40, 'Indemnité forfaitaire pour frais de recouvrement : 40 €.']]],
        [412, [[40, 'IBAN : FR76 3000 6000 0112 3456 7890 189']]],
      ]),
    );
    expect(invoice.totals).toMatchObject({
      lineTotal: { value: '100.00' },
      taxBasisTotal: { value: '100.00' },
      grandTotal: { value: '120.00' },
      duePayable: { value: '120.00' },
    });
    expect(invoice.totals?.taxTotals?.[0]?.value).toBe('20.00');
    for (const term of ['BT-109', 'BT-110', 'BT-112'])
      expect(evidence[term]?.confidence).toBeGreaterThanOrEqual(0.9);
    // Derived, not printed: below 0.9.
    expect(evidence['BT-115']?.confidence).toBeLessThan(0.9);
  });

  it('derives the base of each rate whose VAT alone is printed after a document discount, when they make the net', () => {
    const item = (y: number, name: string, price: string, rate: string, total: string): HandRow => [
      y,
      [
        [103, name],
        [455 - price.length * 5, price],
        [491 - rate.length * 5, rate],
        [551 - total.length * 5, total],
      ],
    ];
    const total = (y: number, label: string, amount: string): HandRow => [
      y,
      [
        [437, label],
        [555 - amount.length * 5, amount],
      ],
    ];
    const { invoice, evidence } = extractFields(
      handPage([
        [233, [[66, 'Invoice']]],
        [
          262,
          [
            [111, 'Units Product / Service'],
            [415, 'Price each'],
            [465, 'VAT %'],
            [532, 'Total'],
          ],
        ],
        item(276, "28 units Children's car seat, group 1", '92.45', '13.5 %', '2,588.60'),
        item(291, '4 units Printed brochures A5, 1,000 copies', '159.00', '23 %', '636.00'),
        item(305, '64.8 m Copper pipe 15mm', '6.24', '23 %', '404.35'),
        item(320, '1,568 l Domestic fuel (heating oil)', '0.827', '13.5 %', '1,296.74'),
        item(334, '4 units Oak worktop 3000 x 600 mm', '291.00', '23 %', '1,164.00'),
        total(359, 'Total excl. VAT:', '6,089.69'),
        total(370, 'Discount (10 %):', '-608.97'),
        total(382, 'Total excl. VAT:', '5,480.72'),
        total(393, 'VAT (13.5 %):', '472.07'),
        total(405, 'VAT (23 %):', '456.30'),
        total(417, 'Total:', '6,409.09'),
      ]),
    );
    expect(invoice.vatBreakdown?.map((b) => [b.rate, b.basisAmount?.value, b.taxAmount?.value])).toEqual([
      ['13.5', '3496.81', '472.07'],
      ['23', '1983.91', '456.30'],
    ]);
    // Derived, not printed: never sure.
    expect(evidence['BG-23']?.confidence).toBeLessThan(0.9);
  });

  it('reads a VAT taxed in parts as printed, but not for sure when it is not its whole base × rate', () => {
    // 804,35 × 19 % = 152,83 and 4,99 × 19 % = 0,95 add up to 153,78; 809,34 × 19 % is 153,77.
    const { invoice, evidence } = extractFields(
      handPage([
        [
          300,
          [
            [250, 'Positionen netto'],
            [480, '804,35 €'],
          ],
        ],
        [
          312,
          [
            [250, 'Versandkosten netto'],
            [480, '4,99 €'],
          ],
        ],
        [
          324,
          [
            [250, 'Positionen USt. 19,00% auf 804,35 €'],
            [480, '152,83 €'],
          ],
        ],
        [
          336,
          [
            [250, 'Versandkosten USt. 19,00% auf 4,99 €'],
            [480, '0,95 €'],
          ],
        ],
        [
          348,
          [
            [250, 'Endsumme'],
            [480, '963,12 €'],
          ],
        ],
      ]),
    );
    expect(invoice.totals).toMatchObject({
      taxBasisTotal: { value: '809.34' },
      grandTotal: { value: '963.12' },
    });
    expect(invoice.totals?.taxTotals?.[0]?.value).toBe('153.78');
    for (const term of ['BT-110', 'BT-112', 'BT-115', 'BG-23'])
      expect(evidence[term]?.confidence, term).toBeLessThan(0.9);
  });

  it('reads totals printed as a row of headers over a row of amounts', () => {
    const { invoice } = extractFields(
      handPage([
        [
          300,
          [
            [300, 'TOTAL HT'],
            [380, 'TOTAL TVA'],
            [460, 'TOTAL TTC'],
          ],
        ],
        [
          312,
          [
            [305, '100,00'],
            [385, '10,00'],
            [465, '110,00'],
          ],
        ],
        [
          330,
          [
            [300, 'Montant déjà payé :'],
            [460, '10,00'],
          ],
        ],
        [
          342,
          [
            [300, 'NET A PAYER'],
            [460, '100,00 EUR'],
          ],
        ],
      ]),
    );
    expect(invoice.totals).toMatchObject({
      taxBasisTotal: { value: '100.00' },
      grandTotal: { value: '110.00' },
      prepaidAmount: { value: '10.00' },
      duePayable: { value: '100.00' },
    });
  });

  it('keeps a credit note negative, its unsigned allowance carrying the sign of the totals', () => {
    const { invoice } = extractFields(
      handPage([
        [
          400,
          [
            [200, 'Positionssumme'],
            [450, '-7,90'],
          ],
        ],
        [
          412,
          [
            [200, 'Gesamtbetrag der Abschläge'],
            [450, '0,23'],
          ],
        ],
        [
          424,
          [
            [200, 'Rechnungssumme ohne USt.'],
            [450, '-7,67'],
          ],
        ],
        [
          436,
          [
            [200, 'Steuerbetrag'],
            [450, '-1,12'],
          ],
        ],
        [
          448,
          [
            [200, 'Bruttosumme'],
            [450, '-8,79'],
          ],
        ],
        [
          460,
          [
            [200, 'Zahlbetrag'],
            [450, '-8,79'],
          ],
        ],
      ]),
    );
    expect(invoice.totals).toMatchObject({
      lineTotal: { value: '-7.90' },
      allowanceTotal: { value: '-0.23' },
      taxBasisTotal: { value: '-7.67' },
      grandTotal: { value: '-8.79' },
      duePayable: { value: '-8.79' },
    });
  });

  it('chooses the VAT breakdown rows that add up, and says so', () => {
    const { invoice, evidence } = extractFields(
      handPage([
        [
          300,
          [
            [40, 'VAT'],
            [120, 'Net amount'],
            [220, 'VAT amount'],
          ],
        ],
        [
          312,
          [
            [40, '7%'],
            [120, '160.00 €'],
            [220, '11.20 €'],
          ],
        ],
        [
          324,
          [
            [40, '19%'],
            [120, '336.00 €'],
            [220, '63.84 €'],
          ],
        ],
        [340, [[40, 'Net total: 496.00 €']]],
        [352, [[40, 'VAT total: 75.04 €']]],
        [364, [[40, 'Due payable: 571.04 €']]],
      ]),
    );
    expect(invoice.vatBreakdown?.map((b) => [b.rate, b.basisAmount?.value, b.taxAmount?.value])).toEqual([
      ['7', '160.00', '11.20'],
      ['19', '336.00', '63.84'],
    ]);
    expect(invoice.totals?.grandTotal?.value).toBe('571.04');
    expect(evidence['BG-23']?.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('gives totals that do not add up, but not for sure', () => {
    const { invoice, evidence } = extractFields(
      handPage([
        [
          300,
          [
            [300, 'Total HT'],
            [480, '100,00'],
          ],
        ],
        [
          312,
          [
            [300, 'Total TVA'],
            [480, '20,00'],
          ],
        ],
        [
          324,
          [
            [300, 'Total TTC'],
            [480, '130,00'],
          ],
        ],
      ]),
    );
    expect(invoice.totals?.taxBasisTotal?.value).toBe('100.00');
    for (const term of ['BT-109', 'BT-110', 'BT-112'])
      expect(evidence[term]?.confidence ?? 0).toBeLessThan(0.9);
  });

  it("gives a correction's unsigned allowance rows the minus of its totals, and their VAT rates", () => {
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'Rechnungskorrektur Nr. RK-17 vom 03.02.2026']]],
        [
          200,
          [
            [40, 'Umsatzsteuer S'],
            [300, '-4,85'],
            [400, '19'],
            [480, '-0,92'],
          ],
        ],
        [
          300,
          [
            [300, 'Positionssumme'],
            [480, '-5,00'],
          ],
        ],
        [
          312,
          [
            [300, 'Gesamtbetrag der Abschläge'],
            [480, '0,15'],
          ],
        ],
        [
          324,
          [
            [300, 'Rechnungssumme ohne USt.'],
            [480, '-4,85'],
          ],
        ],
        [
          336,
          [
            [300, 'Steuerbetrag'],
            [480, '-0,92'],
          ],
        ],
        [
          348,
          [
            [300, 'Bruttosumme'],
            [480, '-5,77'],
          ],
        ],
        [
          380,
          [
            [40, 'Abschlag Rechnungsrabatt'],
            [300, '19 % UST S'],
            [480, '0,15'],
          ],
        ],
      ]),
    );
    expect(invoice.totals?.allowanceTotal?.value).toBe('-0.15');
    expect(invoice.allowanceCharges).toEqual([
      expect.objectContaining({
        isCharge: false,
        amount: { value: '-0.15' },
        tax: { typeCode: 'VAT', categoryCode: 'S', rate: '19' },
      }),
    ]);
  });
  it('splits an allowance printed once over two VAT rates into one per rate, by what each rate lacks', () => {
    const page = (remise: string) =>
      extractFields(
        handPage([
          [40, [[40, 'FACTURE N° F-2026-31']]],
          [
            100,
            [
              [40, 'Libellé'],
              [300, 'Quantité'],
              [360, 'Prix U. HT'],
              [430, 'TVA'],
              [480, 'Total HT'],
            ],
          ],
          [
            114,
            [
              [40, 'Pain de campagne'],
              [300, '10 pce'],
              [360, '10,00'],
              [430, '5,5%'],
              [480, '100,00'],
            ],
          ],
          [
            126,
            [
              [40, 'Formation bureautique'],
              [300, '2 jour'],
              [360, '500,00'],
              [430, '20%'],
              [480, '1 000,00'],
            ],
          ],
          [
            160,
            [
              [40, 'Taux TVA'],
              [110, 'Base'],
              [170, 'TVA'],
              [370, 'Sous-total HT:'],
              [480, '1 100,00'],
            ],
          ],
          [
            172,
            [
              [40, '5,5%'],
              [110, '97,00'],
              [170, '5,34'],
              [370, 'Remise 3%:'],
              [480, remise],
            ],
          ],
          [
            184,
            [
              [40, '20%'],
              [110, '970,00'],
              [170, '194,00'],
              [370, 'Net HT:'],
              [480, '1 067,00'],
            ],
          ],
          [
            196,
            [
              [370, 'Montant TVA:'],
              [480, '199,34'],
            ],
          ],
          [
            208,
            [
              [370, 'Montant TTC:'],
              [480, '1 266,34'],
            ],
          ],
        ]),
      ).invoice;
    const invoice = page('-33,00');
    expect(invoice.lines).toHaveLength(2);
    expect(invoice.allowanceCharges).toEqual([
      expect.objectContaining({
        isCharge: false,
        amount: { value: '3.00' },
        reason: 'Remise 3%',
        tax: { typeCode: 'VAT', categoryCode: 'S', rate: '5.5' },
      }),
      expect.objectContaining({
        isCharge: false,
        amount: { value: '30.00' },
        reason: 'Remise 3%',
        tax: { typeCode: 'VAT', categoryCode: 'S', rate: '20' },
      }),
    ]);
  });

  it('splits a percentage allowance over two rates by their lines, and a charge beside it by what is left', () => {
    // As a German seller prints them: "Nachlass 3,00 %" off all the lines, rounded rate by rate (3 % of
    // the whole would be 90,01), then a charge, once each.
    const { invoice } = extractFields(
      handPage([
        [40, [[42, 'Rechnung Nr. RE-2025-0412']]],
        [
          278,
          [
            [54, 'Pos.'],
            [68.5, 'Bezeichnung'],
            [290, 'Menge'],
            [376, 'E-Preis'],
            [453, 'USt.'],
            [517, 'Betrag'],
          ],
        ],
        [
          294,
          [
            [59.5, '1', 5],
            [68.5, 'Kaffeebohnen Espresso', 96],
            [288, '1 kg', 29.5],
            right(404, '1.000,10'),
            right(484, '7,00%'),
            right(552, '1.000,10'),
          ],
        ],
        [
          324,
          [
            [59.5, '2', 5],
            [68.5, 'Pressfitting 22 mm', 74.5],
            [288, '1 Stk.', 29.5],
            right(404, '2.000,15'),
            right(484, '19,00%'),
            right(552, '2.000,15'),
          ],
        ],
        [534, [[332.4, 'Warenwert:', 46], right(556, '3.000,25 €')]],
        [547, [[332.4, 'Nachlass 3,00%:', 67.5], right(556, '90,00 €')]],
        [560, [[332.4, 'Verpackung und Versand:', 104], right(556, '49,00 €')]],
        [573, [[332.4, 'Summe netto:', 56], right(556, '2.959,25 €')]],
        [586, [[332.4, 'zzgl. 7,00% USt. auf 970,10 €:', 129], right(556, '67,91 €')]],
        [599, [[332.4, 'zzgl. 19,00% USt. auf 1.989,15 €:', 144], right(556, '377,94 €')]],
        [612, [[332.4, 'Summe brutto:', 64], right(556, '3.405,10 €')]],
      ]),
    );
    expect(invoice.lines).toHaveLength(2);
    expect(
      invoice.allowanceCharges?.map((e) => [e.isCharge, e.amount?.value, e.tax?.categoryCode, e.tax?.rate]),
    ).toEqual([
      [false, '30.00', 'S', '7'],
      [false, '60.00', 'S', '19'],
      [true, '49.00', 'S', '19'],
    ]);
  });

  it("reads the VAT on a charge ('Versandkosten USt. 19,00% auf 4,99 €') as tax, not as another charge", () => {
    // As a German seller's software prints the totals: the lines and the shipping net, then each one's VAT.
    const item = (y: number, position: string, name: string, price: string): HandRow => [
      y,
      [[56, position], [132, name], [390.4, '1,00'], right(504, price), right(553, price)],
    ];
    const sum = (y: number, label: string, value: string): HandRow => [y, [[254, label], right(553, value)]];
    const { invoice } = extractFields(
      handPage([
        [203, [[56, 'Rechnung RE1001', 131.6, 15]]],
        [
          303.5,
          [
            [56, 'Pos.'],
            [132, 'Bezeichnung'],
            [381.5, 'Menge'],
            [460.9, 'Preis/Einh €'],
            [518.3, 'Gesamt €'],
          ],
        ],
        item(319.5, '1', 'Suite_Enterprise year monthly', '84,95'),
        item(340.5, '2', 'Suite_Plus year yearly', '719,40'),
        sum(402.5, 'Positionen netto', '804,35 €'),
        sum(412.5, 'Versandkosten netto', '4,99 €'),
        sum(422.5, 'Positionen USt. 19,00% auf 804,35 €', '152,83 €'),
        sum(432.5, 'Versandkosten USt. 19,00% auf 4,99 €', '0,95 €'),
        sum(442.5, 'Endsumme', '963,12 €'),
      ]),
    );
    expect(invoice.allowanceCharges?.map((e) => [e.isCharge, e.amount?.value, e.reason])).toEqual([
      [true, '4.99', 'Versandkosten netto'],
    ]);
    expect(invoice.totals?.chargeTotal?.value).toBe('4.99');
  });

  it("takes a VAT number's label ('TVA intracommunautaire : FR…') for no intra-community supply", () => {
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'FACTURE N° FA26-1']]],
        [
          300,
          [
            [300, 'Total des lignes HT:'],
            [480, '632,51'],
          ],
        ],
        [
          312,
          [
            [300, 'Montant TVA 0,0 %:'],
            [480, '0,00'],
          ],
        ],
        [
          324,
          [
            [300, 'Net TTC:'],
            [480, '632,51'],
          ],
        ],
        [360, [[40, 'Exonération de TVA, article 262 I du CGI (exportation)']]],
        [800, [[40, 'RCS Toulouse 907 613 889 | TVA intracommunautaire: FR75907613889']]],
      ]),
    );
    expect(invoice.vatBreakdown).toEqual([
      expect.objectContaining({
        categoryCode: 'G',
        exemptionReason: 'Exonération de TVA, article 262 I du CGI (exportation)',
      }),
    ]);
  });

  it('reads a charge in a totals block beside the VAT table, and one labelled "Delivery:"', () => {
    const beside = extractFields(
      handPage([
        [40, [[40, 'Facture n° F-7']]],
        [
          466,
          [
            [56, 'Taux TVA'],
            [139, 'Base'],
            [188, 'TVA'],
            [372, 'Total brut HT:'],
            [502, '1 000,00 €'],
          ],
        ],
        [
          476,
          [
            [56, '20 %'],
            [117, '1 009,90 €'],
            [171, '201,98 €'],
            [372, 'Frais de port:'],
            [520, '9,90 €'],
          ],
        ],
        [
          487,
          [
            [372, 'Total HT:'],
            [502, '1 009,90 €'],
          ],
        ],
        [
          498,
          [
            [372, 'TVA:'],
            [506, '201,98 €'],
          ],
        ],
        [
          509,
          [
            [372, 'Montant TTC:'],
            [502, '1 211,88 €'],
          ],
        ],
      ]),
    ).invoice.totals;
    expect(beside).toMatchObject({ lineTotal: { value: '1000.00' }, chargeTotal: { value: '9.90' } });
    const kv = keyValue(387, 488);
    const delivery = extractFields(
      handPage([
        [40, [[40, 'INVOICE 231846']]],
        kv(402, 'Subtotal:', '€ 1000.00'),
        kv(414, 'Delivery:', '€ 12.50'),
        kv(426, 'Taxable amount:', '€ 1012.50'),
        kv(438, 'VAT (23%):', '€ 232.88'),
        kv(450, 'Total incl. VAT:', '€ 1245.38'),
      ]),
    ).invoice.totals;
    expect(delivery).toMatchObject({ lineTotal: { value: '1000.00' }, chargeTotal: { value: '12.50' } });
  });
  it('reads a deposit printed with a minus as taken off (BT-113 positive) when the amount due says so', () => {
    const kv = keyValue(384, 500);
    const totalsOf = (deposit: string, due: string) =>
      extractFields(
        handPage([
          [40, [[40, 'INVOICE 2026/5810']]],
          kv(402, 'Sub-total:', '£10,000.00'),
          kv(414, 'VAT 20%:', '£2,000.00'),
          kv(426, 'Gross Total:', '£12,000.00'),
          kv(438, 'Less deposit:', deposit),
          kv(450, 'Balance due:', due),
        ]),
      ).invoice.totals;
    expect(totalsOf('-£2,000.00', '£10,000.00')).toMatchObject({
      prepaidAmount: { value: '2000.00' },
      duePayable: { value: '10000.00' },
    });
    // Printed the other way round, the same arithmetic keeps the sign.
    expect(totalsOf('-£2,000.00', '£14,000.00')).toMatchObject({
      prepaidAmount: { value: '-2000.00' },
      duePayable: { value: '14000.00' },
    });
  });
  it('reads a reverse-charge invoice that prints no VAT row: its gross is the same amount under "TOTAL"', () => {
    const kv = keyValue(402, 498);
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'Tax Invoice # RE-2025-4029']]],
        kv(122, 'Total excl. VAT:', '29,389.48'),
        kv(133, 'TOTAL:', '29,389.48'),
        kv(144, 'Balance:', '29,389.48'),
        [160, [[60, 'Reverse charge: customer to account for VAT.']]],
      ]),
    );
    expect(invoice.totals).toMatchObject({
      taxBasisTotal: { value: '29389.48' },
      taxTotals: [{ value: '0.00' }],
      grandTotal: { value: '29389.48' },
      duePayable: { value: '29389.48' },
    });
  });
  it('takes no VAT where the page names an exemption and the sum of lines is the gross, never a figure of the mention', () => {
    const kv = keyValue(402, 498);
    const { invoice, evidence } = extractFields(
      handPage([
        [40, [[40, 'Rechnung Nr. INV-50421']]],
        // The label of a VAT number names no intra-community supply.
        [60, [[40, 'TVA intracommunautaire: FR63228608550']]],
        kv(122, 'Summe Positionen:', '2.063,38'),
        kv(133, 'Rechnungsbetrag:', '2.063,38'),
        [150, [[60, 'Umsatzsteuerfrei gemäß § 4 Nr. 14 UStG.']]],
        [162, [[60, 'Terms: Net 30']]],
      ]),
    );
    expect(invoice.totals).toMatchObject({
      lineTotal: { value: '2063.38' },
      taxBasisTotal: { value: '2063.38' },
      taxTotals: [{ value: '0.00' }],
      grandTotal: { value: '2063.38' },
    });
    expect(invoice.vatBreakdown).toMatchObject([{ categoryCode: 'E', rate: '0' }]);
    // Not printed as an amount: the arithmetic's, never given for sure.
    expect(evidence['BT-110']!.confidence).toBeLessThan(0.9);
  });
  it('reads "Total brut HT" as the sum of lines, and a sub-total carried to the next page as no total', () => {
    const kv = keyValue(393, 480);
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'Avoir N° AV-2026-12']]],
        kv(300, 'Sous-total à reporter', '-62 574,99'),
        kv(384, 'Total brut HT', '-73 026,80 €'),
        kv(396, 'TOTAL TTC:', '-73 026,80 €'),
        [420, [[60, 'TVA non applicable, article 293 B du CGI']]],
      ]),
    );
    expect(invoice.totals).toMatchObject({
      lineTotal: { value: '-73026.80' },
      taxBasisTotal: { value: '-73026.80' },
      taxTotals: [{ value: '0.00' }],
      grandTotal: { value: '-73026.80' },
    });
  });
  it('takes an unnamed row of the totals block as a charge only where the sum of lines and the net need it', () => {
    const kv = (y: number, label: string, value: string) =>
      [
        y,
        [
          [424, label],
          // Aligned right, as a totals block prints its amounts (5 points per character).
          [550 - 5 * value.length, value],
        ],
      ] as const;
    const read = (rows: readonly (readonly [string, string])[]) =>
      extractFields(
        handPage([
          [40, [[40, 'Invoice # 4786595']]],
          ...rows.map(([label, value], i) => kv(438 + 13 * i, label, value)),
        ]),
      ).invoice;
    const charged = read([
      ['Net Amount', '3,671.66'],
      ['Delivery', '6.95'],
      ['Net amount', '3,678.61'],
      ['VAT (20%)', '735.72'],
      ['Gross Total', '4,414.33'],
    ]);
    expect(charged.totals).toMatchObject({
      lineTotal: { value: '3671.66' },
      chargeTotal: { value: '6.95' },
      taxBasisTotal: { value: '3678.61' },
      grandTotal: { value: '4414.33' },
    });
    expect(charged.allowanceCharges).toMatchObject([
      { isCharge: true, amount: { value: '6.95' }, reason: 'Delivery' },
    ]);
    const plain = read([
      ['Goods total', '100.00'],
      ['Card fee waived', '5.00'],
      ['VAT (20%)', '20.00'],
      ['Gross Total', '120.00'],
    ]);
    expect(plain.totals?.chargeTotal).toBeUndefined();
    expect(plain.allowanceCharges).toBeUndefined();
  });
  it('gives a zero-rate row the exemption the page names elsewhere, never a VAT number’s label', () => {
    const { invoice } = extractFields(
      handPage([
        [40, [[68, 'Facture N° F-2026-33']]],
        [
          219,
          [
            [68, 'TVA intracommunautaire:'],
            [200, 'FR09846316560'],
          ],
        ],
        [
          419,
          [
            [68, 'Taux'],
            [130, 'Base HT'],
            [210, 'Montant TVA'],
            [290, 'Total TTC'],
          ],
        ],
        [
          432,
          [
            [68, '0 %'],
            [130, '5 978,53 €'],
            [210, '0,00 €'],
            [290, '5 978,53 €'],
          ],
        ],
        [
          470,
          [
            [342, 'Total TTC :'],
            [450, '5 978,53 €'],
          ],
        ],
        [500, [[68, 'Auto-liquidation par le preneur (art. 283-2 du CGI)']]],
      ]),
    );
    expect(invoice.vatBreakdown).toMatchObject([
      {
        categoryCode: 'AE',
        rate: '0',
        basisAmount: { value: '5978.53' },
        exemptionReason: 'Auto-liquidation par le preneur (art. 283-2 du CGI)',
      },
    ]);
  });
  it('takes no item printed at 0 % for a breakdown row: a zero rate has a zero tax', () => {
    // An article number, a quantity with decimals and a rate of 0 %: "281183 … -12,5 h … 0 %" would read
    // as a base of 281 183 taxed -12,50 within the rounding allowed on such a base.
    const layout = layoutOf(
      handPage([
        [
          325,
          [
            [45, '281183'],
            [122, "Main d'œuvre"],
            [289, '-12,5 h'],
            [394, '59,71'],
            [444, '0 %'],
            [500, '-746,38'],
          ],
        ],
        [
          449,
          [
            [400, 'TVA 0 %'],
            [510, '0,00 €'],
          ],
        ],
      ]),
    );
    expect(breakdownRows(layout).map((r) => r.entry.basisAmount?.value)).toEqual([]);
  });

  it('takes no item with a count in tenths and a discount for a breakdown row: a tax is printed in cents', () => {
    // "3879-38 … 194,6 m² … 5 %": an article number taxed at the discount's 5 % is 193,95, within the
    // rounding allowed on such a base of the count 194,6.
    const layout = layoutOf(
      handPage([
        [
          468,
          [
            [56, '3879-38', 29.4],
            [121.8, 'Unterhaltsreinigung Büroflächen', 114.3],
            [264.4, '194,6 m²', 33.3],
            [381.5, '1,74 €', 22.3],
            [434.2, '5 %', 13.8],
            [465.3, '19 %', 18.3],
            [512.9, '321,67 €', 31.1],
          ],
        ],
        [
          483,
          [
            [56, 'ART31922', 37],
            [121.8, 'Fachbuch Elektroinstallation', 100],
            [275.3, '33 Stk', 22.4],
            [373.9, '29,54 €', 29.9],
            [469.8, '7 %', 13.8],
            [512.9, '974,82 €', 31.1],
          ],
        ],
      ]),
    );
    expect(breakdownRows(layout).map((r) => r.entry.basisAmount?.value)).toEqual([]);
  });

  it('takes the exemption a zero rate has from the words around it, not from an item’s size', () => {
    // "size L" two rows over the breakdown row is the last item's description, not category L (IGIC).
    const layout = layoutOf(
      handPage([
        [642, [[138.7, 'Colour: graphite, size L', 92.5]]],
        [
          670,
          [
            [62, 'VAT rate', 39.1],
            [155.2, 'Net', 15.3],
            [186.5, 'VAT', 19],
            [239.5, 'Gross', 27.4],
          ],
        ],
        [
          684,
          [
            [62, '0 %', 16.4],
            [125.1, '-11,914.37', 45.4],
            [187, '0.00', 18.5],
            [221.5, '-11,914.37', 45.4],
          ],
        ],
        [
          698,
          [
            [413.1, 'Grand Total:', 56.5],
            [493.6, '-11,914.37', 45.4],
          ],
        ],
        [725, [[62, 'VAT exempt export.', 84]]],
      ]),
    );
    expect(breakdownRows(layout).map((r) => r.category)).toEqual(['G']);
  });

  it('takes no heading over a VAT number for the mention of an intra-community supply', () => {
    const layout = layoutOf(
      handPage([
        [
          253.4,
          [
            [50, 'N° TVA intracommunautaire', 113.6],
            [217.6, 'Opération', 39.5],
          ],
        ],
        [
          265.2,
          [
            [50, 'FR20985994656', 63.9],
            [217.6, 'Mixte', 22.7],
          ],
        ],
        [631.2, [[50, 'Exportation hors UE – exonération article 262 I du CGI', 211.8]]],
      ]),
    );
    expect(exemptionOf(layout)?.category).toBe('G');
    // A sentence whose next line prints the buyer's VAT number names the supply.
    const sentence = layoutOf(
      handPage([
        [
          210.7,
          [
            [
              48,
              'Steuerfreie innergemeinschaftliche Lieferung gemäß § 4 Nr. 1b UStG. USt-IdNr. Leistungsempfänger',
              477.1,
            ],
          ],
        ],
        [224.5, [[48, 'ATU37550716', 67.6]]],
      ]),
    );
    expect(exemptionOf(sentence)?.category).toBe('K');
  });

  it('names the exemption of a row that also labels the buyer’s VAT number, not an intra-community supply', () => {
    const layout = layoutOf(
      handPage([
        [
          537,
          [
            [
              53,
              'Exonération de TVA, article 261-4-4° du CGI N° TVA intracommunautaire du client: FR57915967426',
            ],
          ],
        ],
      ]),
    );
    expect(exemptionOf(layout)?.category).toBe('E');
  });

  it('never takes an item’s figure under the lines table’s "Gesamt netto" heading for the net total', () => {
    const kv = keyValue(361, 470);
    const { invoice } = extractFields(
      handPage([
        [310, [[70, 'Rechnungskorrektur Nr. RK-1']]],
        [
          352,
          [
            [70, 'Bezeichnung'],
            [200, 'Anzahl Einh.'],
            [290, 'Stückpreis USt-Satz Gesamt netto'],
          ],
        ],
        [
          369,
          [
            [70, 'Fahrtkosten'],
            [200, '244 km'],
            [290, '0,503 €'],
            [380, '19%'],
            [470, '122,73 €'],
          ],
        ],
        kv(397, 'Summe Positionen:', '122,73 €'),
        kv(411, 'Umsatzsteuer 19%:', '23,32 €'),
        kv(425, 'Bruttobetrag:', '146,05 €'),
      ]),
    );
    expect(invoice.totals).toMatchObject({
      lineTotal: { value: '122.73' },
      taxBasisTotal: { value: '122.73' },
      taxTotals: [{ value: '23.32' }],
      grandTotal: { value: '146.05' },
    });
  });
  it('adds up the VAT printed for each rate when no VAT total is printed', () => {
    const kv = keyValue(371, 470);
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'Rechnung Nr. 135868']]],
        kv(555, 'Summe Positionen:', '14272,83 €'),
        kv(567, 'USt. 7%:', '243,75 €'),
        kv(578, 'USt. 19%:', '2050,22 €'),
        kv(590, 'Endbetrag:', '16566,80 €'),
      ]),
    );
    expect(invoice.totals).toMatchObject({
      taxBasisTotal: { value: '14272.83' },
      taxTotals: [{ value: '2293.97' }],
      grandTotal: { value: '16566.80' },
    });
  });
  it("builds the breakdown of a page that prints each rate's VAT without its base from the lines of each rate", () => {
    const item = (y: number, cells: readonly string[]) =>
      [y, cells.map((text, i) => [[40, 90, 250, 320, 380, 460][i]!, text] as const)] as const;
    const kv = keyValue(371, 470);
    const { invoice, evidence } = extractFields(
      handPage([
        [40, [[40, 'Rechnung Nr. 135868']]],
        item(100, ['Pos', 'Beschreibung', 'Nettopreis', 'Menge', 'Steuersatz', 'Nettobetrag']),
        item(115, ['1', 'Fachbuch', '30,00', '2', '7 %', '60,00']),
        item(130, ['2', 'Montage', '50,00', '4', '19 %', '200,00']),
        item(145, ['3', 'Kabel', '10,00', '5', '19 %', '50,00']),
        kv(200, 'Summe Positionen:', '310,00 €'),
        kv(212, 'USt. 7%:', '4,20 €'),
        kv(224, 'USt. 19%:', '47,50 €'),
        kv(236, 'Endbetrag:', '361,70 €'),
      ]),
    );
    expect(invoice.totals).toMatchObject({
      taxBasisTotal: { value: '310.00' },
      taxTotals: [{ value: '51.70' }],
    });
    expect(invoice.vatBreakdown).toEqual([
      {
        taxAmount: { value: '4.20' },
        typeCode: 'VAT',
        basisAmount: { value: '60.00' },
        categoryCode: 'S',
        rate: '7',
      },
      {
        taxAmount: { value: '47.50' },
        typeCode: 'VAT',
        basisAmount: { value: '250.00' },
        categoryCode: 'S',
        rate: '19',
      },
    ]);
    expect(invoice.lines).toHaveLength(3);
    // The bases are sums of lines, not printed: given for sure only because each turns into its printed
    // VAT by its rate to the cent and they add up to the totals.
    expect(evidence['BG-23']!.confidence).toBeGreaterThanOrEqual(0.9);
  });
  it('adds a document charge to the base of the rate whose printed VAT it makes right, when each rate prints only its VAT', () => {
    // The geometry of a generated French invoice: two rates, shipping charged at 20 %.
    const item = (y: number, cells: readonly string[]) =>
      [y, cells.map((text, i) => [[44, 251.8, 338.4, 407.3, 463.4][i]!, text] as const)] as const;
    const kv = keyValue(401.6, 491.7);
    const { invoice } = extractFields(
      handPage([
        [381, [[44, 'Facture RE-2025-6268', 120, 20]]],
        item(417.3, ['Prestation', 'Quantité', 'Prix unit.', 'Taux TVA', 'Montant']),
        item(432.8, ['Livre « Gestion de projet », 3e édition', '21 u', '€ 26,11', '5,5 %', '€ 548,31']),
        item(460.9, ['Formation bureautique', '11,5 j', '€ 790,66', '20 %', '€ 9.092,59']),
        item(476.5, ['Tube cuivre 14/16', '11,7 m', '€ 5,65', '20 %', '€ 66,11']),
        item(492.1, ['Farine T65 (sac 25 kg)', '4 u', '€ 15,83', '5,5 %', '€ 63,32']),
        kv(530.5, 'Montant HT', '€ 9.770,33'),
        kv(543, 'Frais de port', '€ 49,00'),
        kv(555.5, 'Base HT', '€ 9.819,33'),
        kv(568, 'TVA 5,5 %', '€ 33,64'),
        kv(580.5, 'TVA 20 %', '€ 1.841,54'),
        kv(593, 'Total TTC', '€ 11.694,51'),
      ]),
    );
    expect(invoice.vatBreakdown?.map((b) => [b.rate, b.basisAmount?.value, b.taxAmount?.value])).toEqual([
      ['5.5', '611.63', '33.64'],
      ['20', '9207.70', '1841.54'],
    ]);
    expect(invoice.allowanceCharges).toMatchObject([
      {
        isCharge: true,
        amount: { value: '49.00' },
        reason: 'Frais de port',
        tax: { categoryCode: 'S', rate: '20' },
      },
    ]);
    expect(invoice.lines).toHaveLength(4);
  });
  it('reads a deposit whose label carries its date ("Acompte du 16 janvier 2026")', () => {
    const kv = keyValue(334, 480);
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'Facture N° F-2026-1']]],
        kv(591, 'Montant HT:', '26.153,83 €'),
        kv(603, 'TVA 20 % sur 26.153,83 €:', '5.230,77 €'),
        kv(616, 'Total toutes taxes comprises:', '31.384,60 €'),
        kv(628, 'Acompte du 16 janvier 2026:', '-12.550,00 €'),
        kv(640, 'NET À PAYER:', '18.834,60 €'),
      ]),
    );
    expect(invoice.totals).toMatchObject({
      prepaidAmount: { value: '12550.00' },
      duePayable: { value: '18834.60' },
    });
  });
  it('takes no title of a prepayment invoice ("Vorauszahlungsrechnung 2025-65696") for an amount paid', () => {
    const kv = keyValue(257.7, 480);
    const { invoice, evidence } = extractFields(
      handPage([
        [
          215.2,
          [
            [47, 'Rechnungsdatum:'],
            [139.2, '18.06.2025'],
          ],
        ],
        [245.7, [[47, 'Vorauszahlungsrechnung 2025-65696', 426.7, 20]]],
        kv(502.4, 'Gesamt netto:', 'EUR 26.326,62'),
        kv(515.5, 'zzgl. 7,00% USt. auf EUR 1.550,30:', 'EUR 108,52'),
        kv(528.6, 'zzgl. 19,00% USt. auf EUR 24.776,32:', 'EUR 4.707,50'),
        kv(541.7, 'Rechnungsbetrag:', 'EUR 31.142,64'),
      ]),
    );
    expect(invoice.typeCode).toBe('386');
    expect(invoice.totals?.prepaidAmount).toBeUndefined();
    expect(invoice.totals?.duePayable?.value).toBe('31142.64');
    expect(evidence['BT-113']).toBeUndefined();
    // Nor the number of such a title when it is no digit groups ("Vorauszahlungsrechnung Nr. 4711").
    const other = extractFields(
      handPage([
        [245.7, [[47, 'Vorauszahlungsrechnung Nr. 4711', 300, 20]]],
        kv(502.4, 'Gesamt netto:', 'EUR 100,00'),
        kv(515.5, 'zzgl. 19,00% USt.:', 'EUR 19,00'),
        kv(541.7, 'Rechnungsbetrag:', 'EUR 119,00'),
      ]),
    );
    expect(other.invoice.totals?.prepaidAmount).toBeUndefined();
    expect(other.invoice.totals?.duePayable?.value).toBe('119.00');
  });

  it('lets the lines and a charge decide between two equally labelled nets when no VAT is printed', () => {
    const kv = keyValue(370, 490);
    const layout = layoutOf(
      handPage([
        [40, [[40, 'Facture n° F-16']]],
        kv(437, 'Montant HT:', '25 953,50 EUR'),
        kv(449, 'Frais de livraison:', '49,00 EUR'),
        kv(461, 'Total HT après remise:', '26 002,50 EUR'),
        kv(473, 'TOTAL TTC:', '26 002,50 EUR'),
        [491, [[48, "Exonéré de TVA en vertu de l'article 261 4 1° du CGI"]]],
      ]),
    );
    // What extract-fields adds: the lines' sum (as read from the table) and the charge rows' sum.
    const row = layout.rows[1]!;
    const extra = [
      {
        term: 'BT-106',
        value: Decimal.parse('25953.50')!,
        strength: 0.5,
        place: { row, cells: [] },
        cellKey: 'lines',
      },
      {
        term: 'BT-108',
        value: Decimal.parse('49.00')!,
        strength: 0.7,
        place: { row, cells: [] },
        cellKey: 'charges',
      },
    ] as const;
    const chosen = chooseTotals(layout, breakdownRows(layout), extra);
    expect(chosen?.totals).toMatchObject({
      lineTotal: { value: '25953.50' },
      chargeTotal: { value: '49.00' },
      taxBasisTotal: { value: '26002.50' },
      taxTotals: [{ value: '0.00' }],
    });
  });
});
