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

  it('takes the number beside "Réf. facture initiale" for the corrected invoice\'s, not the correction\'s own', () => {
    const { invoice } = extractFields(
      handPage([
        [
          100,
          [
            [320, 'Numéro:'],
            [413, 'RE-2025-5251'],
          ],
        ],
        [
          112,
          [
            [320, 'Réf. facture initiale:'],
            [413, 'RE-2025-5412'],
          ],
        ],
        [140, [[51, 'FACTURE RECTIFICATIVE']]],
        [160, [[51, 'Rectification de la facture n° RE-2025-5412 du 20 mars 2025']]],
      ]),
    );
    expect(invoice.number).toBe('RE-2025-5251');
    expect(invoice.precedingInvoices?.map((p) => p.id)).toEqual(['RE-2025-5412']);
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

  it('reads the invoice a credit note or a correction names in a sentence, with the date after its number', () => {
    const read = (title: string, sentence: string) =>
      extractFields(
        handPage([
          [40, [[40, title]]],
          [70, [[40, sentence]]],
          [100, [[40, 'Payable within 30 days of the invoice date, 2 % discount within 10 days.']]],
        ]),
      );
    const credit = read('AVOIR N° A-2026-0031', 'Avoir sur facture n° F-2026-0142 du 12 mars 2026');
    expect(credit.invoice.precedingInvoices).toEqual([{ id: 'F-2026-0142', issueDate: '2026-03-12' }]);
    expect(credit.evidence['BT-25']?.confidence).toBeLessThan(0.9);
    expect(
      read('Rechnungskorrektur Nr. RK-77', 'Diese Rechnung ersetzt unsere Rechnung 4711 vom 01.02.2026.')
        .invoice.precedingInvoices,
    ).toEqual([{ id: '4711', issueDate: '2026-02-01' }]);
    // No date follows the number: none is taken from further on the line.
    expect(
      read('Credit Note CN-9', 'Credit note against invoice INV-0815, payment received 03/04/2026').invoice
        .precedingInvoices,
    ).toEqual([{ id: 'INV-0815' }]);
    // A labelled number takes its date from the sentence that names the same invoice.
    const labelled = extractFields(
      handPage([
        [40, [[40, 'AVOIR N° A-7']]],
        [55, [[300, 'N° de facture associée : FA26-79270']]],
        [70, [[40, 'Annule et remplace la facture FA26-79270 du 12/05/2026']]],
      ]),
    );
    expect(labelled.invoice.precedingInvoices).toEqual([{ id: 'FA26-79270', issueDate: '2026-05-12' }]);
    // An invoice that names another one in a sentence refers to nothing for all that.
    expect(
      read('Invoice INV-0816', 'Thank you for invoice INV-0815 dated 03/04/2026').invoice.precedingInvoices,
    ).toBeUndefined();
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
    // The day a service was carried out is its delivery date, in each language's words.
    for (const [label, date] of [
      ["Date d'exécution", '04/08/2024'],
      ['Date de prestation :', '04/08/2024'],
      ['Liefertag', '04.08.2024'],
      ['Datum der Lieferung:', '04.08.2024'],
      ['Service date', '04/08/2024'],
    ]) {
      const read = extractFields(
        handPage([
          [
            100,
            [
              [47, label!],
              [182, date!],
            ],
          ],
        ]),
      ).invoice;
      expect(read.deliveryDate, label).toBe('2024-08-04');
    }
    // A bare "Zeitraum" among the invoice's terms, its dates in the next cell.
    const bare = extractFields(
      handPage([
        [
          173,
          [
            [330, 'Ausstellungsdatum'],
            [440, '04.01.2026'],
          ],
        ],
        [
          202,
          [
            [330, 'Zeitraum'],
            [440, '25.11.2025 – 24.12.2025'],
          ],
        ],
      ]),
    ).invoice;
    expect(bare.invoicingPeriod).toEqual({ start: '2025-11-25', end: '2025-12-24' });
    // An end before its start is no period.
    const backwards = extractFields(handPage([[40, [[40, 'Leistungszeitraum: 31.10.2018 bis 01.10.2018']]]]));
    expect(backwards.invoice.invoicingPeriod).toBeUndefined();
  });

  it('gives an intra-community supply that prints no place of delivery the buyer’s country as where goods go, never for sure', () => {
    // The geometry of a generated German invoice to a Dutch buyer, with no delivery address.
    const page = (mention: string) =>
      handPage([
        [33.2, [[55, 'Richter Elektrotechnik GmbH', 229.4, 14]]],
        [52.3, [[55, 'Lindenweg 20', 59.6, 8.5]]],
        [65.4, [[55, '70173 Stuttgart', 68, 8.5]]],
        [148.1, [[55, 'Northgate B.V.', 70.1, 9.5]]],
        [174.3, [[55, 'Stationsplein 149', 83.1, 9.5]]],
        [187.4, [[55, '3011 AD Rotterdam', 94.7, 9.5]]],
        [200.5, [[55, 'Niederlande', 57.7, 9.5]]],
        [
          233.4,
          [
            [55, 'Re.-Nr.'],
            [136.6, 'Belegdatum'],
            [446.3, 'Lieferdatum'],
          ],
        ],
        [
          246.5,
          [
            [55, 'INV-71040'],
            [136.6, '27.01.2025'],
            [446.3, '14.01.2025'],
          ],
        ],
        [
          364.1,
          [
            [55, 'Leistungsbeschreibung'],
            [292.2, 'Mge.'],
            [327.2, 'Einzelpreis netto'],
            [423.1, 'USt-Satz'],
            [497.3, 'Summe'],
          ],
        ],
        [
          380.3,
          [
            [55, 'Elektroinstallation'],
            [250.9, '31,25 Stunden'],
            [387.3, '57,00'],
            [449.9, '0 %'],
            [494.9, '1.781,25'],
          ],
        ],
        [
          420,
          [
            [380, 'Summe netto:'],
            [480, '1.781,25 €'],
          ],
        ],
        [
          432,
          [
            [380, 'USt. 0 %:'],
            [480, '0,00 €'],
          ],
        ],
        [
          444,
          [
            [380, 'Rechnungsbetrag:'],
            [480, '1.781,25 €'],
          ],
        ],
        [470, [[55, mention]]],
        [804.6, [[72.8, 'GF Jonas Krause | USt.-ID DE465628097 | Steuer-Nr. 857/579/54158', 449.7, 7.5]]],
      ]);
    const supply = extractFields(page('Steuerfreie innergemeinschaftliche Lieferung gemäß § 4 Nr. 1b UStG.'));
    expect(supply.invoice.vatBreakdown?.[0]?.categoryCode).toBe('K');
    expect(supply.invoice.shipTo).toEqual({ address: { country: 'NL' } });
    expect(supply.evidence['BT-80']?.confidence).toBeLessThan(0.9);
    // An export outside the EU (or any other category) says nothing of where goods go.
    const exported = extractFields(page('Steuerfreie Ausfuhrlieferung gemäß § 4 Nr. 1a UStG.'));
    expect(exported.invoice.vatBreakdown?.[0]?.categoryCode).not.toBe('K');
    expect(exported.invoice.shipTo).toBeUndefined();
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

  it('takes the title, not an e-mail or web address that starts with its word, as where BT-3 was read', () => {
    const { invoice, evidence } = extractFields(
      handPage([
        [40, [[400, 'rechnung@beispiel-medien.de']]],
        [52, [[400, 'rechnung.beispiel-medien.de']]],
        [200, [[40, 'Rechnung']]],
      ]),
    );
    expect(invoice.typeCode).toBe('380');
    expect(evidence['BT-3']?.text).toBe('Rechnung');
  });

  it('reads values under a row of headings, and the due date the payment terms count in days', () => {
    const { invoice } = extractFields(
      handPage([
        [
          200,
          [
            [40, 'Invoice #'],
            [140, 'Date/Tax point'],
            [260, 'Customer ID'],
            [380, 'PO #'],
          ],
        ],
        [
          212,
          [
            [40, 'R2579062'],
            [140, '8 Dec 2025'],
            [260, 'C-009507'],
            [380, '4500188332'],
          ],
        ],
        [300, [[40, 'Payment due within 30 days of invoice date.']]],
        [312, [[40, '2% discount if paid within 10 days.']]],
      ]),
    );
    expect(invoice).toMatchObject({
      number: 'R2579062',
      issueDate: '2025-12-08',
      buyerOrder: { id: '4500188332' },
      paymentTerms: [{ dueDate: '2026-01-07' }],
    });
  });

  it('never takes the invoice a title refers to for its own number or date', () => {
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'CORRECTED INVOICE AR435239']]],
        [60, [[40, 'This invoice replaces invoice 2024/5739 of Jul 17, 2024.']]],
        [80, [[40, 'Avoir sur facture n° RE-2026-4782 du 02/03/2026']]],
        [100, [[40, 'Date of issue: Jul 22, 2024']]],
      ]),
    );
    expect(invoice).toMatchObject({ number: 'AR435239', typeCode: '384', issueDate: '2024-07-22' });
  });
  it('reads the number after the words that make a title’s type ("Facture d’acompte", "Facture rectificative")', () => {
    for (const [title, number, type] of [
      ["FACTURE D'ACOMPTE N° INV-61528", 'INV-61528', '386'],
      ["Facture d'acompte AR914411", 'AR914411', '386'],
      ['Facture rectificative 9701649', '9701649', '384'],
      ["Facture d'avoir CN-2508818", 'CN-2508818', '381'],
    ] as const) {
      const { invoice } = extractFields(
        handPage([
          [
            138,
            [
              [48, "Date d'émission:", 62],
              [180, '24/02/2025', 40],
            ],
          ],
          [219.6, [[48, title, title.length * 6]]],
        ]),
      );
      expect(invoice, title).toMatchObject({ number, typeCode: type });
    }
  });

  it('takes a bare "Numéro" or "Our ref" heading for the number, never for sure', () => {
    for (const label of ['Numéro', 'Our ref', 'Nummer:']) {
      const { invoice, evidence } = extractFields(
        handPage([
          [
            140,
            [
              [45, 'Date'],
              [150, label],
            ],
          ],
          [
            150,
            [
              [45, '05/08/2025'],
              [150, 'R2516622'],
            ],
          ],
          [212, [[45, 'Invoice']]],
        ]),
      );
      expect(invoice.number, label).toBe('R2516622');
      expect(evidence['BT-1']!.confidence, label).toBeLessThan(0.9);
    }
  });

  it('takes "Réf." over or before a credit note’s number for its own, never the invoice it credits', () => {
    // A credit note titled "Avoir" alone: its number stands only under or after "Réf.".
    const over = extractFields(
      handPage([
        [
          230,
          [
            [68, 'Date d’émission', 60],
            [178, 'Réf.', 17],
            [281, 'Code client', 44],
            [368, 'Livré le', 32],
          ],
        ],
        [
          243,
          [
            [68, '01/05/2026', 42],
            [178, 'AV-2026-86809', 56],
            [281, '71856', 22],
            [368, '25/04/2026', 42],
          ],
        ],
        [314, [[68, 'Avoir', 30, 16]]],
        [341, [[68, 'Avoir sur facture n° AR283325 du 08/04/2026', 170]]],
      ]),
    );
    expect(over.invoice).toMatchObject({
      number: 'AV-2026-86809',
      typeCode: '381',
      precedingInvoices: [{ id: 'AR283325' }],
    });
    expect(over.evidence['BT-1']!.confidence).toBeLessThan(0.9);
    const before = extractFields(
      handPage([
        [
          206,
          [
            [320, 'Réf.:', 20],
            [413, 'AR399451', 40],
          ],
        ],
        [
          217,
          [
            [320, 'Date de facture:', 62],
            [413, '15 avril 2026', 50],
          ],
        ],
        [302, [[46, 'Facture d’avoir', 80, 16]]],
        [328, [[46, 'Annule et remplace la facture 2026-27868 du 17 février 2026', 230]]],
      ]),
    );
    expect(before.invoice.number).toBe('AR399451');
  });

  it('reads the due date a sentence asks payment by', () => {
    const due = (sentence: string) =>
      extractFields(
        handPage([
          [40, [[40, 'Facture n° F-12 du 07/10/2024']]],
          [300, [[40, sentence]]],
        ]),
      ).invoice.paymentTerms?.[0]?.dueDate;
    expect(due('À régler au plus tard le 21/10/2024.')).toBe('2024-10-21');
    expect(due('Bitte überweisen Sie den Rechnungsbetrag bis zum 07.11.2024 auf das Konto.')).toBe(
      '2024-11-07',
    );
    // A date before the invoice's is no due date.
    expect(due('Bitte überweisen Sie den Rechnungsbetrag bis zum 01.10.2024.')).toBeUndefined();
  });
  it('never takes a correction’s own title ("Corrected Invoice F-1") for the invoice it corrects', () => {
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'Corrected Invoice AR435239']]],
        [60, [[40, 'This invoice replaces invoice 2024/5739 of Jul 17, 2024.']]],
      ]),
    );
    expect(invoice).toMatchObject({ number: 'AR435239', typeCode: '384' });
    expect(invoice.precedingInvoices).toEqual([{ id: '2024/5739', issueDate: '2024-07-17' }]);
  });
  it('reads BT-23 from the category of operation printed, its framework from what is left to pay', () => {
    const read = (rows: Parameters<typeof handPage>[0]) => extractFields(handPage(rows));
    const head = (label: string, value: string) =>
      [
        [40, [[40, 'Facture n° F-12 du 07/10/2024']]],
        [
          60,
          [
            [40, label],
            [200, value],
          ],
        ],
      ] as const;
    const goods = read([...head("Catégorie d'opération :", 'Livraison de biens')]);
    expect(goods.invoice.businessProcess).toBe('B1');
    // Derived from a printed category, not printed as a code: never for sure.
    expect(goods.evidence['BT-23']!.confidence).toBeLessThan(0.9);
    expect(read([...head('Opération :', 'Prestations de services')]).invoice.businessProcess).toBe('S1');
    expect(
      read([...head('Nature de l’opération', 'Livraisons de biens et prestations de services')]).invoice
        .businessProcess,
    ).toBe('M1');
    // A deposit deducted, some left to pay: the final invoice after a deposit.
    const totals = (prepaid: string, due: string) =>
      [
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
        [
          336,
          [
            [300, 'Acompte versé'],
            [480, prepaid],
          ],
        ],
        [
          348,
          [
            [300, 'Net à payer'],
            [480, due],
          ],
        ],
      ] as const;
    expect(
      read([...head('Opération :', 'Mixte'), ...totals('20,00', '100,00')]).invoice.businessProcess,
    ).toBe('M4');
    // No category printed: no framework.
    expect(read([[40, [[40, 'Facture n° F-12 du 07/10/2024']]]]).invoice.businessProcess).toBeUndefined();
  });
  it('reads the date of a letter after its place, over a delivery date', () => {
    const { invoice } = extractFields(
      handPage([
        [
          173,
          [
            [42, 'Lindenweg 82'],
            [337, 'Datum der Lieferung:'],
            [425, '08.02.2025'],
          ],
        ],
        [
          213,
          [
            [42, 'Rechnung'],
            [466, 'Dresden, 09.02.2025'],
          ],
        ],
      ]),
    );
    expect(invoice.issueDate).toBe('2025-02-09');
  });
  it('reads a type from a title of three words, never a number a title-like sentence names as another’s', () => {
    const read = (rows: Parameters<typeof handPage>[0]) => extractFields(handPage(rows)).invoice;
    const advance = read([
      [
        138,
        [
          [346, 'Invoice #:'],
          [436, 'R2539734'],
        ],
      ],
      [305, [[63, 'Advance Payment Invoice']]],
    ]);
    expect(advance).toMatchObject({ number: 'R2539734', typeCode: '386' });
    const correction = read([
      [
        199,
        [
          [340, 'Rechnungsnummer'],
          [450, 'R-2026-17'],
        ],
      ],
      [236, [[54, 'Rechnungskorrektur']]],
      [259, [[54, 'Korrektur zu Rechnung Nr. AR188928 vom 25.04.2026']]],
    ]);
    expect(correction).toMatchObject({ number: 'R-2026-17', typeCode: '384' });
  });
  it('reads the currency of amounts printed in US$, over a euro sign in a legal mention', () => {
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'Invoice No. AR456155']]],
        [
          411,
          [
            [418, 'Subtotal:'],
            [492, 'US$ 13,689.17'],
          ],
        ],
        [
          434,
          [
            [418, 'Net Total:'],
            [492, 'US$ 13,714.17'],
          ],
        ],
        [480, [[56, 'A fixed compensation of 40 € for recovery costs applies to late payment.']]],
      ]),
    );
    expect(invoice.currency).toBe('USD');
  });

  it('reads amounts printed with a bare dollar sign as US dollars, not the seller country’s euro, never for sure', () => {
    const { invoice, evidence } = extractFields(
      handPage([
        [40, [[40, 'Rechnung Nr. 2026-4711']]],
        [60, [[40, 'Weitblick Solar GmbH · Kundenstraße 32 · 04109 Leipzig · Deutschland']]],
        [
          400,
          [
            [439, 'Summe netto'],
            [500, '1.195,36 $'],
          ],
        ],
        [
          414,
          [
            [439, 'Endbetrag'],
            [500, '1.195,36 $'],
          ],
        ],
      ]),
    );
    expect(invoice.currency).toBe('USD');
    expect(evidence['BT-5']!.confidence).toBeLessThan(0.9);
  });

  it('reads a cancellation invoice ("Stornorechnung") as a credit note, and the original invoice it cancels', () => {
    const { invoice } = extractFields(
      handPage([
        [
          206,
          [
            [67, 'Belegnummer:'],
            [180, 'FA24-19231'],
          ],
        ],
        [
          263,
          [
            [67, 'Originalrechnung:'],
            [180, '2024-40203'],
          ],
        ],
        [301, [[67, 'Stornorechnung']]],
      ]),
    );
    expect(invoice).toMatchObject({
      number: 'FA24-19231',
      typeCode: '381',
      precedingInvoices: [{ id: '2024-40203' }],
    });
  });

  it('takes no sentence that cancels another invoice ("Storno der Rechnung 451278 vom …") for a title: neither its number nor its date', () => {
    // The geometry of a generated credit note: its own number and date under bare labels, the title and
    // the sentence naming the cancelled invoice below them.
    const extraction = extractFields(
      handPage([
        [
          233.9,
          [
            [67, 'Nummer', 36.4],
            [177, 'CN-2025-5125', 62.3],
          ],
        ],
        [
          247.7,
          [
            [67, 'Datum', 28],
            [177, '04.02.2025', 47.5],
          ],
        ],
        [
          261.5,
          [
            [67, 'Kundennummer', 67.6],
            [177, 'C-008282', 41.7],
          ],
        ],
        [308.1, [[67, 'Gutschrift', 86, 18]]],
        [335.8, [[67, 'Storno der Rechnung 451278 vom 11.12.2024', 195.4]]],
      ]),
    );
    expect(extraction.invoice).toMatchObject({
      number: 'CN-2025-5125',
      issueDate: '2025-02-04',
      typeCode: '381',
      precedingInvoices: [{ id: '451278', issueDate: '2024-12-11' }],
    });
    // Read under bare labels only: not for sure.
    expect(extraction.evidence['BT-1']?.confidence).toBeLessThan(0.9);
  });

  it('reads the issue date under "Date/Tax point", "Émise le" or after the place, never a corrected invoice’s', () => {
    const issue = (rows: Parameters<typeof handPage>[0]) => extractFields(handPage(rows)).invoice.issueDate;
    expect(
      issue([
        [
          151,
          [
            [340, 'Date/Tax point:'],
            [440, '28/05/2026'],
          ],
        ],
        [
          191,
          [
            [340, 'Ship Date:'],
            [440, '24/05/2026'],
          ],
        ],
        [356, [[70, 'Corrects invoice F202605-596 dated 23/04/2026']]],
      ]),
    ).toBe('2026-05-28');
    expect(
      issue([
        [241, [[54, 'Inv. No.']]],
        [254, [[54, 'INV-76522']]],
        [321, [[54, 'Corrects invoice 2024-42351 dated Apr 1, 2024']]],
      ]),
    ).toBeUndefined();
    expect(
      issue([
        [
          227,
          [
            [69, 'Émise le'],
            [200, '23/12/2024'],
          ],
        ],
        [
          256,
          [
            [69, 'Date de prestation'],
            [200, '04/12/2024'],
          ],
        ],
      ]),
    ).toBe('2024-12-23');
    expect(
      issue([
        [
          324,
          [
            [56, 'RECHNUNG'],
            [300, 'Leipzig, 2025-10-15'],
          ],
        ],
      ]),
    ).toBe('2025-10-15');
  });
});
