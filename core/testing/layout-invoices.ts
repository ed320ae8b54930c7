/**
 * Invoices of our own in the layouts found in France, Germany and English-speaking countries, drawn as
 * text PDFs with pdf-lib's standard Helvetica, each with its truth (the values a reader must find, in
 * the corpus truth format of core/testing/reading-score.ts). They test the reader on layouts nobody
 * tuned it to, and keep it tested in a clone without ../shared: a German DIN 5008 letter (sender line
 * over the window address, an information block, two VAT rates), a French invoice (seller letterhead
 * with SIRET, "Facturé à", totals HT/TVA/TTC, legal mentions), a British one in GBP ("Bill to", VAT
 * registration, balance due), a French credit note referring to its invoice, an English reverse-charge
 * invoice, a German key–value layout with a partial payment, an Irish invoice whose quantity column
 * comes first (names with a colon or over two rows, a unit price with three decimals), and a German
 * invoice with an item's own discount under it, document allowances per rate whose total prints a minus,
 * and a transport charge; a French invoice outside the scope of VAT (a VATEX code, no rates); a German
 * sole trader whose letterhead prints a trade name over the owner's name (the footer repeats the owner),
 * the recipient's heading split by the text layer, a customer number and a contact in its block; a
 * German intra-community supply laid out as e-invoice viewers print one (key–value party blocks, a
 * different place of delivery abroad, a service period, a narrow description column whose names wrap,
 * a quantity printed rounded, a price per hundred, an item named by its code alone); a French credit
 * note for France 2026 (the invoice it credits, its billing framework, electronic addresses with their
 * scheme, a "name - description" column, the legal payment mentions).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { ReadingTruth } from './reading-score';

/** A row: its top y (points from the top), its cells (x, text), and the font size (default 9). */
export type DrawnRow = readonly [
  y: number,
  cells: readonly (readonly [x: number, text: string])[],
  size?: number,
];

export interface LayoutInvoice {
  readonly name: string;
  readonly language: 'fr' | 'de' | 'en';
  readonly rows: readonly DrawnRow[];
  readonly truth: ReadingTruth;
}

/** The rows drawn on an A4 page, in Helvetica (bold for sizes above 11). */
export async function drawInvoice(rows: readonly DrawnRow[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  for (const [y, cells, size = 9] of rows) {
    for (const [x, text] of cells) {
      page.drawText(text, { x, y: 842 - y - size, size, font: size > 11 ? bold : regular });
    }
  }
  return doc.save();
}

const party = (
  name: string,
  country: string,
  vatId: string | null = null,
  legalId: string | null = null,
) => ({
  name,
  legalId: legalId ? { id: legalId, scheme: '0002' } : null,
  vatId,
  country,
});

const line = (
  name: string,
  quantity: string,
  unitCode: string,
  netPrice: string,
  lineTotal: string,
  vatRate: string | null,
  vatCategory = 'S',
) => ({ name, quantity, unitCode, netPrice, lineTotal, vatRate, vatCategory });

const noTotals = { allowances: null, charges: null, prepaid: null };

export const LAYOUT_INVOICES: readonly LayoutInvoice[] = [
  {
    name: 'de-din5008-two-rates',
    language: 'de',
    rows: [
      [40, [[360, 'Holzwerkstatt Brandt GmbH']], 14],
      [58, [[360, 'Am Sägewerk 4']]],
      [70, [[360, '79098 Freiburg im Breisgau']]],
      [82, [[360, 'Tel. +49 761 4455-0']]],
      [130, [[60, 'Holzwerkstatt Brandt GmbH • Am Sägewerk 4 • 79098 Freiburg']], 6],
      [145, [[60, 'Firma']]],
      [157, [[60, 'Café Lindenhof KG']]],
      [169, [[60, 'Herrn Jonas Weber']]],
      [181, [[60, 'Lindenstraße 17']]],
      [193, [[60, '70173 Stuttgart']]],
      [
        150,
        [
          [360, 'Rechnungsnummer:'],
          [460, 'RE-2025-0815'],
        ],
      ],
      [
        162,
        [
          [360, 'Rechnungsdatum:'],
          [460, '14.03.2025'],
        ],
      ],
      [
        174,
        [
          [360, 'Kundennummer:'],
          [460, '10442'],
        ],
      ],
      [
        186,
        [
          [360, 'Lieferdatum:'],
          [460, '10.03.2025'],
        ],
      ],
      [240, [[60, 'Rechnung']], 16],
      [270, [[60, 'Sehr geehrte Damen und Herren, wir berechnen Ihnen wie vereinbart:']]],
      [
        300,
        [
          [60, 'Pos.'],
          [90, 'Bezeichnung'],
          [300, 'Menge'],
          [345, 'Einheit'],
          [395, 'Einzelpreis'],
          [465, 'USt.'],
          [505, 'Gesamt'],
        ],
      ],
      [
        318,
        [
          [60, '1'],
          [90, 'Eichentisch massiv, geölt'],
          [310, '2'],
          [345, 'Stk'],
          [400, '890,00'],
          [465, '19 %'],
          [500, '1.780,00'],
        ],
      ],
      [
        332,
        [
          [60, '2'],
          [90, 'Montage vor Ort'],
          [305, '3,5'],
          [345, 'Std'],
          [405, '65,00'],
          [465, '19 %'],
          [505, '227,50'],
        ],
      ],
      [
        346,
        [
          [60, '3'],
          [90, 'Pflegeöl (Gebinde)'],
          [310, '4'],
          [345, 'Stk'],
          [405, '18,50'],
          [468, '7 %'],
          [510, '74,00'],
        ],
      ],
      [
        380,
        [
          [360, 'Nettobetrag'],
          [500, '2.081,50'],
        ],
      ],
      [
        394,
        [
          [360, 'zzgl. 19 % USt. auf 2.007,50'],
          [505, '381,43'],
        ],
      ],
      [
        408,
        [
          [360, 'zzgl. 7 % USt. auf 74,00'],
          [510, '5,18'],
        ],
      ],
      [
        426,
        [
          [360, 'Rechnungsbetrag'],
          [500, '2.468,11'],
        ],
        10,
      ],
      [460, [[60, 'Zahlbar bis zum 13.04.2025 ohne Abzug.']]],
      [
        760,
        [
          [
            60,
            'Holzwerkstatt Brandt GmbH · Geschäftsführer: Tobias Brandt · Amtsgericht Freiburg HRB 701234',
          ],
        ],
        7,
      ],
      [
        770,
        [
          [
            60,
            'USt-IdNr.: DE136695976 · Sparkasse Freiburg · IBAN: DE89 3704 0044 0532 0130 00 · BIC: COBADEFFXXX',
          ],
        ],
        7,
      ],
    ],
    truth: {
      profile: 'EN16931',
      invoiceNumber: 'RE-2025-0815',
      issueDate: '2025-03-14',
      typeCode: '380',
      currency: 'EUR',
      dueDate: '2025-04-13',
      purchaseOrderReference: null,
      // Its trade register number (footer) is its legal registration, which no scheme codes.
      seller: {
        ...party('Holzwerkstatt Brandt GmbH', 'DE', 'DE136695976'),
        legalId: { id: 'HRB 701234', scheme: null },
      },
      buyer: party('Café Lindenhof KG', 'DE'),
      iban: ['DE89370400440532013000'],
      totals: {
        ...noTotals,
        lineNet: '2081.50',
        taxExclusive: '2081.50',
        vat: '386.61',
        taxInclusive: '2468.11',
        due: '2468.11',
      },
      vatBreakdown: [
        { category: 'S', rate: '19', base: '2007.50', amount: '381.43' },
        { category: 'S', rate: '7', base: '74.00', amount: '5.18' },
      ],
      lines: [
        line('Eichentisch massiv, geölt', '2', 'C62', '890.00', '1780.00', '19'),
        line('Montage vor Ort', '3.5', 'HUR', '65.00', '227.50', '19'),
        line('Pflegeöl (Gebinde)', '4', 'C62', '18.50', '74.00', '7'),
      ],
    },
  },
  {
    name: 'fr-factur-a-droite',
    language: 'fr',
    rows: [
      [40, [[50, 'ÉBÉNISTERIE MARCHAND']], 14],
      [58, [[50, '12 rue des Artisans']]],
      [70, [[50, '69003 Lyon']]],
      [82, [[50, 'SIRET : 732 829 320 00074']]],
      [94, [[50, 'N° TVA intracommunautaire : FR 44 732 829 320']]],
      [130, [[330, 'Facturé à :']]],
      [142, [[330, 'Librairie du Parc SAS']]],
      [154, [[330, '8 place Bellecour']]],
      [166, [[330, '69002 Lyon']]],
      [178, [[330, 'N° TVA client : FR 05 987 654 321']]],
      [215, [[50, 'FACTURE N° 2025-117']], 16],
      [240, [[50, 'Date de facture : 05/06/2025']]],
      [252, [[50, "Date d'échéance : 05/07/2025"]]],
      [264, [[50, 'Votre commande : BC-4471']]],
      [
        295,
        [
          [50, 'Désignation'],
          [300, 'Qté'],
          [345, 'P.U. HT'],
          [410, 'TVA'],
          [480, 'Montant HT'],
        ],
      ],
      [
        313,
        [
          [50, 'Étagère murale en chêne'],
          [305, '6'],
          [350, '145,00'],
          [410, '20 %'],
          [490, '870,00'],
        ],
      ],
      [
        327,
        [
          [50, 'Pose et fixation'],
          [300, '1,5'],
          [355, '60,00'],
          [410, '20 %'],
          [495, '90,00'],
        ],
      ],
      [
        341,
        [
          [50, 'Livraison'],
          [305, '1'],
          [355, '35,00'],
          [410, '20 %'],
          [495, '35,00'],
        ],
      ],
      [
        380,
        [
          [360, 'Total HT'],
          [490, '995,00 €'],
        ],
      ],
      [
        394,
        [
          [360, 'TVA 20 %'],
          [490, '199,00 €'],
        ],
      ],
      [
        408,
        [
          [360, 'Total TTC'],
          [480, '1 194,00 €'],
        ],
        10,
      ],
      [
        422,
        [
          [360, 'Net à payer'],
          [480, '1 194,00 €'],
        ],
        10,
      ],
      [460, [[50, 'Règlement par virement : IBAN FR76 3000 6000 0112 3456 7890 189 – BIC AGRIFRPP']]],
      [
        740,
        [[50, 'En cas de retard de paiement, indemnité forfaitaire pour frais de recouvrement de 40 €.']],
        7,
      ],
      [750, [[50, 'SARL au capital de 10 000 € – RCS Lyon 732 829 320 – APE 1629Z']], 7],
    ],
    truth: {
      profile: 'EN16931',
      invoiceNumber: '2025-117',
      issueDate: '2025-06-05',
      typeCode: '380',
      currency: 'EUR',
      dueDate: '2025-07-05',
      purchaseOrderReference: 'BC-4471',
      seller: party('ÉBÉNISTERIE MARCHAND', 'FR', 'FR44732829320', '732829320'),
      // The SIREN its VAT number holds (BT-47), as France 2026 asks of a French buyer.
      buyer: party('Librairie du Parc SAS', 'FR', 'FR05987654321', '987654321'),
      iban: ['FR7630006000011234567890189'],
      totals: {
        ...noTotals,
        lineNet: '995.00',
        taxExclusive: '995.00',
        vat: '199.00',
        taxInclusive: '1194.00',
        due: '1194.00',
      },
      vatBreakdown: [{ category: 'S', rate: '20', base: '995.00', amount: '199.00' }],
      lines: [
        line('Étagère murale en chêne', '6', 'C62', '145.00', '870.00', '20'),
        line('Pose et fixation', '1.5', 'C62', '60.00', '90.00', '20'),
        line('Livraison', '1', 'C62', '35.00', '35.00', '20'),
      ],
    },
  },
  {
    name: 'en-gb-bill-to',
    language: 'en',
    rows: [
      [40, [[50, 'INVOICE']], 20],
      [45, [[360, 'Northgate Design Ltd']], 12],
      [60, [[360, '14 Mill Lane']]],
      [72, [[360, 'Leeds LS1 4AB']]],
      [84, [[360, 'United Kingdom']]],
      [96, [[360, 'VAT Reg No: GB 123 4567 89']]],
      [130, [[50, 'Bill to:']]],
      [142, [[50, 'Harbour Books Limited']]],
      [154, [[50, '2 Quay Street']]],
      [166, [[50, 'Bristol BS1 4DJ']]],
      [178, [[50, 'United Kingdom']]],
      [
        130,
        [
          [360, 'Invoice No:'],
          [450, 'NG-4521'],
        ],
      ],
      [
        142,
        [
          [360, 'Invoice Date:'],
          [450, '12 May 2025'],
        ],
      ],
      [
        154,
        [
          [360, 'Due Date:'],
          [450, '11 June 2025'],
        ],
      ],
      [
        166,
        [
          [360, 'PO Number:'],
          [450, 'HB-220'],
        ],
      ],
      [
        210,
        [
          [50, 'Description'],
          [300, 'Qty'],
          [340, 'Unit Price'],
          [420, 'VAT %'],
          [490, 'Amount'],
        ],
      ],
      [
        228,
        [
          [50, 'Logo redesign'],
          [305, '1'],
          [345, '1,200.00'],
          [425, '20'],
          [485, '1,200.00'],
        ],
      ],
      [
        242,
        [
          [50, 'Bookmark print run (500)'],
          [305, '2'],
          [350, '180.00'],
          [425, '20'],
          [495, '360.00'],
        ],
      ],
      [
        280,
        [
          [360, 'Subtotal'],
          [480, '£1,560.00'],
        ],
      ],
      [
        294,
        [
          [360, 'VAT @ 20%'],
          [487, '£312.00'],
        ],
      ],
      [
        308,
        [
          [360, 'Total (GBP)'],
          [480, '£1,872.00'],
        ],
      ],
      [
        322,
        [
          [360, 'Balance due'],
          [480, '£1,872.00'],
        ],
        10,
      ],
      [360, [[50, 'Payment terms: 30 days. Please pay by bank transfer.']]],
      [372, [[50, 'Bank: Lloyds · Sort code 30-94-57 · IBAN GB29 NWBK 6016 1331 9268 19']]],
      [760, [[50, 'Northgate Design Ltd · Registered in England No. 09876543']], 7],
    ],
    truth: {
      profile: 'EN16931',
      invoiceNumber: 'NG-4521',
      issueDate: '2025-05-12',
      typeCode: '380',
      currency: 'GBP',
      dueDate: '2025-06-11',
      purchaseOrderReference: 'HB-220',
      seller: party('Northgate Design Ltd', 'GB', 'GB123456789'),
      buyer: party('Harbour Books Limited', 'GB'),
      iban: ['GB29NWBK60161331926819'],
      totals: {
        ...noTotals,
        lineNet: '1560.00',
        taxExclusive: '1560.00',
        vat: '312.00',
        taxInclusive: '1872.00',
        due: '1872.00',
      },
      vatBreakdown: [{ category: 'S', rate: '20', base: '1560.00', amount: '312.00' }],
      lines: [
        line('Logo redesign', '1', 'C62', '1200.00', '1200.00', '20'),
        line('Bookmark print run (500)', '2', 'C62', '180.00', '360.00', '20'),
      ],
    },
  },
  {
    name: 'fr-avoir',
    language: 'fr',
    rows: [
      [40, [[50, 'Plomberie Roux SARL']], 14],
      [58, [[50, '3 avenue Jean Jaurès, 31000 Toulouse']]],
      [70, [[50, 'SIREN 552 100 554 – TVA FR 96 552 100 554']]],
      [110, [[330, 'Client :']]],
      [122, [[330, 'Résidence Les Pins']]],
      [134, [[330, '15 chemin des Vignes']]],
      [146, [[330, '31400 Toulouse']]],
      [185, [[50, 'AVOIR N° AV-2025-009']], 16],
      [210, [[50, 'Date : 18/09/2025']]],
      [222, [[50, "Facture d'origine : FA-2025-311 du 02/09/2025"]]],
      [
        250,
        [
          [50, 'Désignation'],
          [320, 'Quantité'],
          [390, 'Prix unitaire'],
          [480, 'Total HT'],
        ],
      ],
      [
        268,
        [
          [50, 'Robinet thermostatique (retour)'],
          [335, '-1'],
          [405, '120,00'],
          [485, '-120,00'],
        ],
      ],
      [
        310,
        [
          [360, 'Total HT'],
          [485, '-120,00'],
        ],
      ],
      [
        324,
        [
          [360, 'TVA 10 %'],
          [490, '-12,00'],
        ],
      ],
      [
        338,
        [
          [360, 'Total TTC'],
          [485, '-132,00'],
        ],
      ],
      [
        352,
        [
          [360, 'Montant à rembourser'],
          [485, '-132,00'],
        ],
      ],
    ],
    truth: {
      profile: 'EN16931',
      invoiceNumber: 'AV-2025-009',
      issueDate: '2025-09-18',
      typeCode: '381',
      currency: 'EUR',
      dueDate: null,
      purchaseOrderReference: null,
      seller: party('Plomberie Roux SARL', 'FR', 'FR96552100554', '552100554'),
      buyer: party('Résidence Les Pins', 'FR'),
      iban: [],
      totals: {
        ...noTotals,
        lineNet: '-120.00',
        taxExclusive: '-120.00',
        vat: '-12.00',
        taxInclusive: '-132.00',
        due: '-132.00',
      },
      vatBreakdown: [{ category: 'S', rate: '10', base: '-120.00', amount: '-12.00' }],
      lines: [line('Robinet thermostatique (retour)', '-1', 'C62', '120.00', '-120.00', '10')],
    },
  },
  {
    name: 'en-reverse-charge',
    language: 'en',
    rows: [
      [40, [[50, 'Brightline Software BV']], 14],
      [56, [[50, 'Keizersgracht 100, 1015 CS Amsterdam, Netherlands']]],
      [68, [[50, 'VAT: NL123456789B01']]],
      [110, [[50, 'Customer:']]],
      [122, [[50, 'Moreau Conseil SAS']]],
      [134, [[50, '40 rue de la Paix']]],
      [146, [[50, '75002 Paris']]],
      [158, [[50, 'France']]],
      [170, [[50, 'Customer VAT number: FR 44 732 829 320']]],
      [
        110,
        [
          [350, 'Invoice number'],
          [450, 'BL-2025-0042'],
        ],
      ],
      [
        122,
        [
          [350, 'Invoice date'],
          [450, '2025-10-01'],
        ],
      ],
      [
        134,
        [
          [350, 'Payment due'],
          [450, '2025-10-31'],
        ],
      ],
      [
        200,
        [
          [50, 'Item'],
          [280, 'Quantity'],
          [350, 'Rate'],
          [420, 'Tax'],
          [490, 'Amount'],
        ],
      ],
      [
        218,
        [
          [50, 'Annual licence, team plan'],
          [290, '5'],
          [355, '240.00'],
          [425, '0 %'],
          [485, '1,200.00'],
        ],
      ],
      [
        260,
        [
          [360, 'Net total'],
          [485, '1,200.00 EUR'],
        ],
      ],
      [
        274,
        [
          [360, 'VAT 0 %'],
          [495, '0.00 EUR'],
        ],
      ],
      [
        288,
        [
          [360, 'Total due'],
          [485, '1,200.00 EUR'],
        ],
      ],
      [
        320,
        [
          [
            50,
            'Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC).',
          ],
        ],
      ],
      [340, [[50, 'IBAN: NL91 ABNA 0417 1643 00']]],
    ],
    truth: {
      profile: 'EN16931',
      invoiceNumber: 'BL-2025-0042',
      issueDate: '2025-10-01',
      typeCode: '380',
      currency: 'EUR',
      dueDate: '2025-10-31',
      purchaseOrderReference: null,
      seller: party('Brightline Software BV', 'NL', 'NL123456789B01'),
      buyer: party('Moreau Conseil SAS', 'FR', 'FR44732829320', '732829320'),
      iban: ['NL91ABNA0417164300'],
      totals: {
        ...noTotals,
        lineNet: '1200.00',
        taxExclusive: '1200.00',
        vat: '0.00',
        taxInclusive: '1200.00',
        due: '1200.00',
      },
      vatBreakdown: [{ category: 'AE', rate: '0', base: '1200.00', amount: '0.00' }],
      lines: [line('Annual licence, team plan', '5', 'C62', '240.00', '1200.00', '0', 'AE')],
    },
  },
  {
    name: 'de-key-value-anzahlung',
    language: 'de',
    rows: [
      [40, [[50, 'Schlussrechnung Nr. SR-77/2025 vom 30.06.2025']], 13],
      [80, [[50, 'Rechnungssteller']]],
      [
        92,
        [
          [50, 'Name:'],
          [200, 'Elektro Vogel e.K.'],
        ],
      ],
      [
        104,
        [
          [50, 'Anschrift:'],
          [200, 'Industriestraße 9, 04109 Leipzig'],
        ],
      ],
      [
        116,
        [
          [50, 'USt-IdNr.:'],
          [200, 'DE 129 273 398'],
        ],
      ],
      [150, [[50, 'Rechnungsempfänger']]],
      [
        162,
        [
          [50, 'Name:'],
          [200, 'Wohnbau Sachsen AG'],
        ],
      ],
      [
        174,
        [
          [50, 'Anschrift:'],
          [200, 'Markt 1, 01067 Dresden'],
        ],
      ],
      [
        210,
        [
          [50, 'Pos'],
          [80, 'Leistung'],
          [300, 'Menge'],
          [350, 'Einheit'],
          [400, 'Preis'],
          [490, 'Betrag'],
        ],
      ],
      [
        228,
        [
          [50, '1'],
          [80, 'Elektroinstallation Neubau'],
          [305, '120'],
          [350, 'h'],
          [400, '58,00'],
          [485, '6.960,00'],
        ],
      ],
      [
        242,
        [
          [50, '2'],
          [80, 'Material pauschal'],
          [310, '1'],
          [350, 'pauschal'],
          [395, '3.240,00'],
          [485, '3.240,00'],
        ],
      ],
      [
        280,
        [
          [330, 'Summe netto'],
          [485, '10.200,00'],
        ],
      ],
      [
        294,
        [
          [330, 'Umsatzsteuer 19 %'],
          [490, '1.938,00'],
        ],
      ],
      [
        308,
        [
          [330, 'Gesamtbetrag'],
          [485, '12.138,00'],
        ],
      ],
      [
        322,
        [
          [330, 'abzüglich geleistete Anzahlung'],
          [485, '5.000,00'],
        ],
      ],
      [
        336,
        [
          [330, 'Zahlbetrag'],
          [485, '7.138,00'],
        ],
      ],
      [370, [[50, 'Zahlbar innerhalb 14 Tagen, spätestens am 14.07.2025.']]],
      [382, [[50, 'Bankverbindung: IBAN DE02 1203 0000 0000 2020 51']]],
    ],
    truth: {
      profile: 'EN16931',
      invoiceNumber: 'SR-77/2025',
      issueDate: '2025-06-30',
      typeCode: '380',
      currency: 'EUR',
      dueDate: '2025-07-14',
      purchaseOrderReference: null,
      seller: party('Elektro Vogel e.K.', 'DE', 'DE129273398'),
      buyer: party('Wohnbau Sachsen AG', 'DE'),
      iban: ['DE02120300000000202051'],
      totals: {
        ...noTotals,
        lineNet: '10200.00',
        taxExclusive: '10200.00',
        vat: '1938.00',
        taxInclusive: '12138.00',
        prepaid: '5000.00',
        due: '7138.00',
      },
      vatBreakdown: [{ category: 'S', rate: '19', base: '10200.00', amount: '1938.00' }],
      lines: [
        line('Elektroinstallation Neubau', '120', 'HUR', '58.00', '6960.00', '19'),
        line('Material pauschal', '1', 'LS', '3240.00', '3240.00', '19'),
      ],
    },
  },
  {
    name: 'en-ie-quantity-first',
    language: 'en',
    rows: [
      [40, [[50, 'Harbourlight Studio Ltd']], 14],
      [58, [[50, 'Unit 4, Dockland Quay']]],
      [70, [[50, 'Dublin 2, D02 X285']]],
      [82, [[50, 'Ireland']]],
      [94, [[50, 'VAT No. IE 6388047V']]],
      [40, [[400, 'INVOICE']], 18],
      [
        70,
        [
          [400, 'Invoice no.'],
          [470, '000318'],
        ],
      ],
      [
        82,
        [
          [400, 'Date'],
          [470, '3 March 2026'],
        ],
      ],
      [
        94,
        [
          [400, 'Due date'],
          [470, '2 April 2026'],
        ],
      ],
      [130, [[50, 'Invoice to']]],
      [142, [[50, 'Corrib Analytics Ltd']]],
      [154, [[50, '12 Eyre Square']]],
      [166, [[50, 'Galway H91 F2N3']]],
      [178, [[50, 'Ireland']]],
      [
        215,
        [
          [50, 'Qty'],
          [100, 'Description'],
          [330, 'Unit price'],
          [410, 'VAT'],
          [480, 'Line total'],
        ],
      ],
      [
        233,
        [
          [55, '10'],
          [100, 'Consulting (hours): data model review'],
          [345, '95.00'],
          [410, '23%'],
          [490, '950.00'],
        ],
      ],
      [
        251,
        [
          [50, '2,500'],
          [100, 'Printed leaflets, A5,'],
          [345, '0.125'],
          [410, '23%'],
          [490, '312.50'],
        ],
      ],
      [263, [[100, 'two-sided']]],
      [
        281,
        [
          [60, '1'],
          [100, 'Delivery'],
          [350, '25.00'],
          [410, '23%'],
          [495, '25.00'],
        ],
      ],
      [
        320,
        [
          [360, 'Net amount'],
          [480, '1,287.50'],
        ],
      ],
      [
        334,
        [
          [360, 'VAT 23%'],
          [485, '296.13'],
        ],
      ],
      [
        348,
        [
          [360, 'Invoice total'],
          [480, '1,583.63'],
        ],
      ],
      [
        366,
        [
          [360, 'Amount due'],
          [470, '€1,583.63'],
        ],
        10,
      ],
      [400, [[50, 'Bank of Ireland · IBAN IE29 AIBK 9311 5212 3456 78 · BIC AIBKIE2D']]],
      [
        760,
        [[50, 'Harbourlight Studio Ltd · Registered in Ireland No. 654321 · Directors: A. Byrne, C. Walsh']],
        7,
      ],
    ],
    truth: {
      profile: 'EN16931',
      invoiceNumber: '000318',
      issueDate: '2026-03-03',
      typeCode: '380',
      currency: 'EUR',
      dueDate: '2026-04-02',
      purchaseOrderReference: null,
      seller: party('Harbourlight Studio Ltd', 'IE', 'IE6388047V'),
      buyer: party('Corrib Analytics Ltd', 'IE'),
      iban: ['IE29AIBK93115212345678'],
      totals: {
        ...noTotals,
        lineNet: '1287.50',
        taxExclusive: '1287.50',
        vat: '296.13',
        taxInclusive: '1583.63',
        due: '1583.63',
      },
      vatBreakdown: [{ category: 'S', rate: '23', base: '1287.50', amount: '296.13' }],
      lines: [
        line('Consulting (hours): data model review', '10', 'HUR', '95.00', '950.00', '23'),
        line('Printed leaflets, A5, two-sided', '2500', 'C62', '0.125', '312.50', '23'),
        line('Delivery', '1', 'C62', '25.00', '25.00', '23'),
      ],
    },
  },
  {
    name: 'de-rabatt-fracht',
    language: 'de',
    rows: [
      [40, [[50, 'Feinkost Albrecht GmbH']], 14],
      [58, [[50, 'Hafenstraße 21 · 28217 Bremen']]],
      [70, [[50, 'USt-IdNr.: DE129273398']]],
      [110, [[50, 'Rechnung an:']]],
      [122, [[50, 'Kaffeehaus Morgenrot OHG']]],
      [134, [[50, 'Ostertorsteinweg 30']]],
      [146, [[50, '28203 Bremen']]],
      [
        110,
        [
          [360, 'Rechnung Nr.'],
          [450, '2025-4410'],
        ],
      ],
      [
        122,
        [
          [360, 'Datum:'],
          [450, '02.09.2025'],
        ],
      ],
      [190, [[50, 'Rechnung']], 16],
      [
        220,
        [
          [50, 'Pos'],
          [80, 'Artikel'],
          [290, 'Menge'],
          [340, 'Preis'],
          [400, 'USt.'],
          [500, 'Betrag'],
        ],
      ],
      [
        236,
        [
          [50, '1'],
          [80, 'Apfelsaft naturtrüb 1 l'],
          [290, '24 Fl'],
          [340, '1,20'],
          [400, '7 %'],
          [505, '28,80'],
        ],
      ],
      [
        252,
        [
          [50, '2'],
          [80, 'Kaffeebohnen Espresso 1 kg'],
          [290, '5 Stk'],
          [340, '29,10'],
          [400, '7 %'],
          [500, '145,50'],
        ],
      ],
      [
        264,
        [
          [80, 'Bruttopreis : 30,00  Abschlag : 0,90'],
          [250, 'Artikelrabatt'],
        ],
        7,
      ],
      [
        280,
        [
          [50, '3'],
          [80, 'Thermoskanne Edelstahl'],
          [290, '2 Stk'],
          [340, '24,90'],
          [400, '19 %'],
          [505, '49,80'],
        ],
      ],
      [320, [[50, 'Zu- und Abschläge']], 11],
      [
        338,
        [
          [50, 'Abschlag'],
          [110, 'Rechnungsrabatt'],
          [230, '2 %'],
          [280, '174,30'],
          [400, '7 %'],
          [507, '-3,49'],
        ],
      ],
      [
        352,
        [
          [50, 'Abschlag'],
          [110, 'Rechnungsrabatt'],
          [230, '2 %'],
          [285, '49,80'],
          [400, '19 %'],
          [507, '-1,00'],
        ],
      ],
      [
        366,
        [
          [50, 'Transportkosten'],
          [400, '19 %'],
          [510, '6,90'],
        ],
      ],
      [
        400,
        [
          [300, 'Positionssumme'],
          [500, '224,10'],
        ],
      ],
      [
        414,
        [
          [300, 'Gesamtbetrag der Zuschläge'],
          [510, '6,90'],
        ],
      ],
      [
        428,
        [
          [300, 'Gesamtbetrag der Abschläge'],
          [507, '-4,49'],
        ],
      ],
      [
        442,
        [
          [300, 'Summe netto'],
          [500, '226,51'],
        ],
      ],
      [
        456,
        [
          [300, 'zzgl. 7 % USt. auf 170,81'],
          [505, '11,96'],
        ],
      ],
      [
        470,
        [
          [300, 'zzgl. 19 % USt. auf 55,70'],
          [505, '10,58'],
        ],
      ],
      [
        484,
        [
          [300, 'Gesamtbetrag'],
          [500, '249,05'],
        ],
      ],
      [520, [[50, 'Zahlbar bis 16.09.2025 ohne Abzug auf IBAN DE02 1203 0000 0000 2020 51.']]],
    ],
    truth: {
      profile: 'EN16931',
      invoiceNumber: '2025-4410',
      issueDate: '2025-09-02',
      typeCode: '380',
      currency: 'EUR',
      dueDate: '2025-09-16',
      purchaseOrderReference: null,
      seller: party('Feinkost Albrecht GmbH', 'DE', 'DE129273398'),
      buyer: party('Kaffeehaus Morgenrot OHG', 'DE'),
      iban: ['DE02120300000000202051'],
      totals: {
        ...noTotals,
        lineNet: '224.10',
        allowances: '4.49',
        charges: '6.90',
        taxExclusive: '226.51',
        vat: '22.54',
        taxInclusive: '249.05',
        due: '249.05',
      },
      vatBreakdown: [
        { category: 'S', rate: '7', base: '170.81', amount: '11.96' },
        { category: 'S', rate: '19', base: '55.70', amount: '10.58' },
      ],
      lines: [
        line('Apfelsaft naturtrüb 1 l', '24', 'C62', '1.20', '28.80', '7'),
        line('Kaffeebohnen Espresso 1 kg', '5', 'C62', '29.10', '145.50', '7'),
        line('Thermoskanne Edelstahl', '2', 'C62', '24.90', '49.80', '19'),
      ],
    },
  },
  {
    name: 'fr-hors-champ-vatex',
    language: 'fr',
    rows: [
      [40, [[50, 'Association Les Ateliers du Rhône']], 14],
      [58, [[50, '4 quai Claude Bernard']]],
      [70, [[50, '69007 Lyon']]],
      [82, [[50, 'SIREN : 732 829 320']]],
      [110, [[330, 'Facturé à :']]],
      [122, [[330, 'Mairie de Villeurbanne']]],
      [134, [[330, 'Place Lazare Goujon']]],
      [146, [[330, '69100 Villeurbanne']]],
      [180, [[50, 'FACTURE N° AT-2025-031']], 16],
      [205, [[50, 'Date de facture : 12/05/2025']]],
      [217, [[50, "Date d'échéance : 11/06/2025"]]],
      [
        250,
        [
          [50, 'Désignation'],
          [290, 'Qté'],
          [340, 'P.U. HT'],
          [420, 'TVA'],
          [490, 'Montant HT'],
        ],
      ],
      [
        266,
        [
          [50, 'Atelier poterie enfants'],
          [295, '3'],
          [340, '120,00'],
          [425, '-'],
          [500, '360,00'],
        ],
      ],
      [
        280,
        [
          [50, 'Livret pédagogique'],
          [293, '30'],
          [345, '3,00'],
          [425, '-'],
          [505, '90,00'],
        ],
      ],
      [
        300,
        [
          [50, 'REMISE : remise partenaire'],
          [502, '-20,00'],
          [540, '-'],
        ],
      ],
      [
        330,
        [
          [50, 'Détail TVA (motif si exonération, code E, O, K, AE)'],
          [330, 'Code'],
          [370, 'Base'],
          [440, 'Montant TVA'],
        ],
      ],
      [
        344,
        [
          [50, 'VATEX-EU-O'],
          [120, "Hors champ d'application de la TVA"],
          [335, 'O'],
          [370, '430,00'],
          [450, '0,00'],
        ],
      ],
      [
        380,
        [
          [330, 'Total HT'],
          [490, '430,00'],
        ],
      ],
      [
        394,
        [
          [330, 'TVA'],
          [500, '0,00'],
        ],
      ],
      [
        408,
        [
          [330, 'Total TTC'],
          [490, '430,00'],
        ],
      ],
      [450, [[50, 'Règlement par virement : IBAN FR76 3000 6000 0112 3456 7890 189']]],
    ],
    truth: {
      profile: 'EN16931',
      invoiceNumber: 'AT-2025-031',
      issueDate: '2025-05-12',
      typeCode: '380',
      currency: 'EUR',
      dueDate: '2025-06-11',
      purchaseOrderReference: null,
      seller: party('Association Les Ateliers du Rhône', 'FR', null, '732829320'),
      buyer: party('Mairie de Villeurbanne', 'FR'),
      iban: ['FR7630006000011234567890189'],
      totals: {
        ...noTotals,
        lineNet: '450.00',
        allowances: '20.00',
        taxExclusive: '430.00',
        vat: '0.00',
        taxInclusive: '430.00',
        due: '430.00',
      },
      vatBreakdown: [{ category: 'O', rate: '0', base: '430.00', amount: '0.00' }],
      lines: [
        line('Atelier poterie enfants', '3', 'C62', '120.00', '360.00', null, 'O'),
        line('Livret pédagogique', '30', 'C62', '3.00', '90.00', null, 'O'),
      ],
    },
  },
  {
    name: 'de-handelsname-inhaber',
    language: 'de',
    rows: [
      [40, [[50, 'Getränkemarkt Sonnenhof']], 12],
      [58, [[50, 'Markus Weber']]],
      [70, [[50, 'Lindenweg 3']]],
      [82, [[50, '93047 Regensburg']]],
      [120, [[320, 'Rechnungs empfänger']]],
      [
        132,
        [
          [320, 'Kundennummer'],
          [400, ': 20417'],
        ],
      ],
      [144, [[320, 'Gasthof Adler']]],
      [156, [[320, 'z. Hd. Frau Brunner']]],
      [168, [[320, 'Hauptstraße 12']]],
      [180, [[320, '93049 Regensburg']]],
      [220, [[50, 'Rechnung Nr. 2025-118']], 14],
      [240, [[50, 'Rechnungsdatum: 05.10.2025']]],
      [
        270,
        [
          [50, 'Pos'],
          [80, 'Artikel'],
          [300, 'Menge'],
          [360, 'Einzelpreis'],
          [490, 'Betrag'],
        ],
      ],
      [
        286,
        [
          [50, '1'],
          [80, 'Apfelschorle, Kiste'],
          [305, '10'],
          [370, '8,90'],
          [492, '89,00'],
        ],
      ],
      [
        320,
        [
          [330, 'Nettobetrag'],
          [492, '89,00'],
        ],
      ],
      [
        334,
        [
          [330, 'zzgl. 19 % USt.'],
          [492, '16,91'],
        ],
      ],
      [
        348,
        [
          [330, 'Rechnungsbetrag'],
          [487, '105,91'],
        ],
      ],
      [380, [[50, 'Zahlbar bis 19.10.2025 ohne Abzug.']]],
      [770, [[50, 'Inhaber: Markus Weber · USt-IdNr.: DE136695976 · IBAN: DE02 1203 0000 0000 2020 51']], 7],
    ],
    truth: {
      profile: 'EN16931',
      invoiceNumber: '2025-118',
      issueDate: '2025-10-05',
      typeCode: '380',
      currency: 'EUR',
      dueDate: '2025-10-19',
      purchaseOrderReference: null,
      seller: party('Markus Weber', 'DE', 'DE136695976'),
      buyer: party('Gasthof Adler', 'DE'),
      iban: ['DE02120300000000202051'],
      totals: {
        ...noTotals,
        lineNet: '89.00',
        taxExclusive: '89.00',
        vat: '16.91',
        taxInclusive: '105.91',
        due: '105.91',
      },
      vatBreakdown: [{ category: 'S', rate: '19', base: '89.00', amount: '16.91' }],
      lines: [line('Apfelschorle, Kiste', '10', 'C62', '8.90', '89.00', '19')],
    },
  },
  {
    name: 'de-innergemeinschaftlich-schmale-spalte',
    language: 'de',
    rows: [
      [40, [[60, 'Rechnung Nr. R-2025-0412 vom 04.04.2025']], 14],
      [
        70,
        [
          [60, 'Rechnungswährung'],
          [200, ': EUR'],
        ],
      ],
      [82, [[60, 'Liefer-/Leistungszeitraum : 01.03.2025 bis 31.03.2025']]],
      [110, [[60, 'Verkäufer:']]],
      [122, [[60, 'Stahlbau Krämer GmbH']]],
      [134, [[60, 'Hafenstraße 12']]],
      [146, [[60, 'DE 28195 Bremen']]],
      [158, [[60, 'USt.-Id.-Nr. : DE123456789']]],
      [186, [[60, 'Käufer/Leistungsempfänger:']]],
      [198, [[60, 'Hallenbau Gruber GmbH']]],
      [210, [[60, 'Industriestraße 4']]],
      [222, [[60, 'AT 4020 Linz']]],
      [234, [[60, 'USt.-Id.-Nr. : ATU13585627']]],
      [262, [[60, 'Abweichender Warenempfänger:']]],
      [274, [[60, 'Hallenbau Gruber GmbH, Werk 2']]],
      [286, [[60, 'Gewerbepark 7']]],
      [298, [[60, 'AT 4600 Wels']]],
      [
        330,
        [
          [60, 'Pos'],
          [85, 'Art-Nr'],
          [150, 'Beschreibung'],
          [262, 'Nettopreis'],
          [330, 'Menge'],
          [390, 'USt.'],
          [470, 'Betrag'],
        ],
      ],
      [
        348,
        [
          [62, '1'],
          [85, 'M-100'],
          [150, 'Montage der'],
          [280, '42,00'],
          [330, '28 Std'],
          [390, '0 %'],
          [470, '1.155,00'],
        ],
      ],
      [359, [[150, 'Stahlträger in']]],
      [370, [[150, 'Halle 3']]],
      [
        395,
        [
          [62, '2'],
          [85, 'S-8'],
          [150, 'Schrauben M8'],
          [280, '12,40'],
          [330, '500 Stk'],
          [390, '0 %'],
          [482, '62,00'],
        ],
      ],
      [406, [[150, 'verzinkt']]],
      [426, [[150, 'Preis je 100 Stück']]],
      [
        450,
        [
          [62, '3'],
          [150, 'FB-0815'],
          [280, '45,50'],
          [330, '2 Stk'],
          [390, '0 %'],
          [482, '91,00'],
        ],
      ],
      [461, [[150, '• Farbe: grau']]],
      [
        500,
        [
          [262, 'Positionssumme'],
          [470, '1.308,00'],
        ],
      ],
      [530, [[60, 'Steueraufschlüsselung:']]],
      [
        545,
        [
          [60, 'Art (Kategorie)'],
          [330, 'Basisbetrag'],
          [400, 'USt. %'],
          [470, 'Steuerbetrag'],
        ],
      ],
      [
        557,
        [
          [60, 'Umsatzsteuer (K)'],
          [335, '1.308,00'],
          [410, '0'],
          [490, '0,00'],
        ],
      ],
      [569, [[60, 'Steuerfreie innergemeinschaftliche Lieferung']]],
      [
        600,
        [
          [295, 'Rechnungssumme ohne USt.'],
          [470, '1.308,00'],
        ],
      ],
      [
        612,
        [
          [295, 'Steuerbetrag'],
          [490, '0,00'],
        ],
      ],
      [
        624,
        [
          [295, 'Bruttosumme'],
          [470, '1.308,00'],
        ],
      ],
      [
        636,
        [
          [295, 'Zahlbetrag'],
          [470, '1.308,00'],
        ],
      ],
      [670, [[60, 'Zahlbar bis 04.05.2025 ohne Abzug.']]],
      [682, [[60, 'IBAN : DE89 3704 0044 0532 0130 00']]],
    ],
    truth: {
      profile: 'EN16931',
      invoiceNumber: 'R-2025-0412',
      issueDate: '2025-04-04',
      typeCode: '380',
      currency: 'EUR',
      dueDate: '2025-05-04',
      purchaseOrderReference: null,
      seller: party('Stahlbau Krämer GmbH', 'DE', 'DE123456789'),
      buyer: party('Hallenbau Gruber GmbH', 'AT', 'ATU13585627'),
      iban: ['DE89370400440532013000'],
      totals: {
        ...noTotals,
        lineNet: '1308.00',
        taxExclusive: '1308.00',
        vat: '0.00',
        taxInclusive: '1308.00',
        due: '1308.00',
      },
      vatBreakdown: [{ category: 'K', rate: '0', base: '1308.00', amount: '0.00' }],
      lines: [
        line('Montage der Stahlträger in Halle 3', '27.5', 'HUR', '42.00', '1155.00', '0', 'K'),
        line('Schrauben M8 verzinkt', '500', 'C62', '12.40', '62.00', '0', 'K'),
        line('FB-0815', '2', 'C62', '45.50', '91.00', '0', 'K'),
      ],
    },
  },
  {
    name: 'fr-avoir-cadre-de-facturation',
    language: 'fr',
    rows: [
      [40, [[40, 'LE MOULIN À PAPIER SAS']], 14],
      [60, [[40, '12 rue des Papetiers']]],
      [72, [[40, '69002 LYON, FR']]],
      [84, [[40, 'SIREN : 552 100 554']]],
      [96, [[40, 'N° TVA intra : FR 96 552 100 554']]],
      [108, [[40, '@dresse électronique (EM) : factures@moulin-papier.fr']]],
      [
        40,
        [
          [330, 'AVOIR N° :'],
          [470, 'AV-2026-0012'],
        ],
      ],
      [
        56,
        [
          [330, 'Date :'],
          [470, '15/02/2026'],
        ],
      ],
      [80, [[330, 'CLIENT :']]],
      [92, [[330, 'IMPRIMERIE DUVAL SARL']]],
      [104, [[330, '8 avenue Jean Jaurès']]],
      [116, [[330, '38000 GRENOBLE, FR']]],
      [128, [[330, 'N° TVA : FR 40 303 265 045']]],
      [140, [[330, '@dresse de facturation (0225) : 303265045']]],
      [170, [[40, 'N° DE FACTURE ASSOCIÉE : F-2026-0007']]],
      [182, [[40, 'DATE DE FACTURE ASSOCIÉE : 20/01/2026']]],
      [194, [[40, 'CADRE DE FACTURATION : B1']]],
      [206, [[40, 'DATE DE LIVRAISON : 18/01/2026']]],
      [
        240,
        [
          [40, 'Ligne'],
          [80, 'NOM & DÉSIGNATION'],
          [300, 'Qté'],
          [350, 'P.U. HT'],
          [420, 'TVA'],
          [490, 'TOTAL HT'],
        ],
      ],
      [
        260,
        [
          [45, '1'],
          [80, 'PAPIER KRAFT 80G - Rouleaux défectueux'],
          [305, '4'],
          [350, '25,00'],
          [420, '20,00%'],
          [490, '100,00'],
        ],
      ],
      [
        276,
        [
          [45, '2'],
          [80, 'ENCRE NOIRE 5L - Retour'],
          [305, '2'],
          [350, '37,50'],
          [420, '20,00%'],
          [495, '75,00'],
        ],
      ],
      [
        330,
        [
          [330, 'TOTAL HT'],
          [490, '175,00'],
        ],
      ],
      [
        342,
        [
          [330, 'TVA 20 %'],
          [495, '35,00'],
        ],
      ],
      [
        354,
        [
          [330, 'TOTAL TTC'],
          [490, '210,00'],
        ],
      ],
      [
        366,
        [
          [330, 'NET À PAYER'],
          [490, '210,00 EUR'],
        ],
      ],
      [
        390,
        [
          [40, "Date d'échéance :"],
          [150, '15/03/2026'],
        ],
      ],
      [420, [[40, 'Pénalités de retard : trois fois le taux d’intérêt légal.']]],
      [432, [[40, 'Indemnité forfaitaire pour frais de recouvrement : 40 €.']]],
      [444, [[40, 'Pas d’escompte pour paiement anticipé.']]],
      [470, [[40, 'IBAN : FR76 3000 6000 0112 3456 7890 189']]],
    ],
    truth: {
      profile: 'EN16931',
      invoiceNumber: 'AV-2026-0012',
      issueDate: '2026-02-15',
      typeCode: '381',
      currency: 'EUR',
      dueDate: '2026-03-15',
      purchaseOrderReference: null,
      seller: party('LE MOULIN À PAPIER SAS', 'FR', 'FR96552100554', '552100554'),
      buyer: party('IMPRIMERIE DUVAL SARL', 'FR', 'FR40303265045', '303265045'),
      iban: ['FR7630006000011234567890189'],
      totals: {
        ...noTotals,
        lineNet: '175.00',
        taxExclusive: '175.00',
        vat: '35.00',
        taxInclusive: '210.00',
        due: '210.00',
      },
      vatBreakdown: [{ category: 'S', rate: '20', base: '175.00', amount: '35.00' }],
      lines: [
        line('PAPIER KRAFT 80G', '4', 'C62', '25.00', '100.00', '20'),
        line('ENCRE NOIRE 5L', '2', 'C62', '37.50', '75.00', '20'),
      ],
    },
  },
];
