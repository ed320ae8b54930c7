import { describe, expect, it } from 'vitest';
import { handPage, ocrPage } from '../testing/text-page';
import { extractFields } from './extract-fields';

describe('parties read from their blocks', () => {
  it('gives a French party the SIREN its VAT number holds, when the key agrees', () => {
    const legal = (vat: string) =>
      extractFields(
        handPage([
          [40, [[40, 'Facture FA-2017-0009']]],
          [60, [[40, `N° TVA client : ${vat}`]]],
        ]),
      ).invoice.buyer?.legalOrganization?.id;
    expect(legal('FR90343434346')).toEqual({ value: '343434346', scheme: '0002' });
    // A key that does not agree says nothing of the SIREN.
    expect(legal('FR91343434346')).toBeUndefined();
  });

  it('reads labelled electronic addresses with their scheme, the invoicing one as the buyer’s', () => {
    const { invoice, evidence } = extractFields(
      handPage([
        [40, [[40, 'LE FOURNISSEUR']]],
        [52, [[40, '35 rue d’ici']]],
        [64, [[40, '75018 PARIS, FR']]],
        [76, [[40, '@dresse électronique (EM) : moi@seller.com']]],
        [88, [[40, 'SIREN : 123 456 782']]],
        [40, [[300, 'CLIENT :']]],
        [52, [[300, 'LE CLIENT']]],
        [64, [[300, '58 rue de la mer']]],
        [76, [[300, '06000 NICE']]],
        [
          110,
          [
            [40, 'N° TVA intra : FR 11 123 456 782'],
            [300, 'Adresse électronique de facturation (0225) : 987 654 321'],
          ],
        ],
        [140, [[40, 'E-mail : contact@seller.com']]],
      ]),
    );
    expect(invoice.seller?.electronicAddress).toEqual({ value: 'moi@seller.com', scheme: 'EM' });
    expect(invoice.buyer?.electronicAddress).toEqual({ value: '987654321', scheme: '0225' });
    // A buyer's address does not displace the seller's VAT number, and a label is all that vouches for it.
    expect(invoice.seller?.taxRegistrations?.[0]?.id?.value).toBe('FR11123456782');
    expect(evidence['BT-34']?.confidence).toBeLessThan(0.9);
  });

  it("reads a party's country from the code after its town, or from the country's name under it", () => {
    const { invoice } = extractFields(
      handPage([
        [80, [[300, 'CLIENT :']]],
        [92, [[300, 'LE CLIENT']]],
        [104, [[300, '58 rue de la mer']]],
        [116, [[300, '06000 NICE, DE']]],
        [200, [[40, 'FACTURE N° F-7']]],
      ]),
    );
    expect(invoice.buyer?.address?.country).toBe('DE');
    const island = extractFields(
      handPage([
        [80, [[40, 'Au bon moulin SARL - 12 chemin de l’olive - 84340 Malaucène']]],
        [120, [[330, 'Hôtel Saint Denis']]],
        [132, [[330, '42 rue du stade']]],
        [144, [[330, '97400 Saint Denis']]],
        [156, [[330, 'Ile de la Réunion']]],
        [168, [[330, 'Stéphanie Hoarau']]],
        [200, [[40, 'Facture FA-2017-0009']]],
        [212, [[40, 'N° TVA client : FR90343434346']]],
      ]),
    );
    // The VAT number is French, the island's address says where the buyer is.
    expect(island.invoice.buyer?.address?.country).toBe('RE');
  });

  it('reads German key–value blocks under "Verkäufer" and "Käufer/Leistungsempfänger"', () => {
    const { invoice } = extractFields(
      handPage([
        [100, [[60, 'Verkäufer']]],
        [
          112,
          [
            [60, 'Nummer:'],
            [250, '549910'],
          ],
        ],
        [
          124,
          [
            [60, 'Name:'],
            [250, 'Verkehrsbetriebe GmbH'],
          ],
        ],
        [
          136,
          [
            [60, 'Anschrift:'],
            [250, 'Musterstraße 3'],
          ],
        ],
        [148, [[250, 'DE 12345 Berlin']]],
        [
          160,
          [
            [60, 'USt.-Id.-Nr.:'],
            [250, 'DE136695976'],
          ],
        ],
        [200, [[60, 'Käufer/Leistungsempfänger']]],
        [
          212,
          [
            [60, 'Name:'],
            [250, 'Liselotte Müllermann'],
          ],
        ],
        [
          224,
          [
            [60, 'Anschrift:'],
            [250, 'Beispielstraße 24'],
          ],
        ],
        [236, [[250, 'AT 1010 Wien']]],
      ]),
    );
    expect(invoice.seller).toMatchObject({
      name: 'Verkehrsbetriebe GmbH',
      taxRegistrations: [{ id: { value: 'DE136695976', scheme: 'VA' } }],
      address: { country: 'DE' },
    });
    expect(invoice.buyer).toMatchObject({ name: 'Liselotte Müllermann', address: { country: 'AT' } });
  });

  it('takes the sender line over a window address: its first part is the seller, the address below the buyer', () => {
    const { invoice, language } = extractFields(
      handPage([
        [120, [[70, 'Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen ● Germany']]],
        [135, [[70, 'Theodor Est']]],
        [147, [[70, 'Bahnstr. 42']]],
        [159, [[70, '88802 Spielkreis']]],
        [300, [[60, 'Invoice # RE-20190610/507 issued at 2019-06-10']]],
        [320, [[60, 'Please remit until 2019-07-01.']]],
      ]),
    );
    expect(language).toBe('en');
    expect(invoice.seller?.name).toBe('Bei Spiel GmbH');
    expect(invoice.buyer?.name).toBe('Theodor Est');
    expect(invoice.number).toBe('RE-20190610/507');
    expect(invoice.issueDate).toBe('2019-06-10');
    expect(invoice.paymentTerms?.[0]?.dueDate).toBe('2019-07-01');
  });

  it('takes "Firma" over a window address for a salutation, never the information block’s key beside it for the name', () => {
    const { invoice } = extractFields(
      handPage([
        [
          144,
          [
            [63, 'Elektrotechnik Schmidt, Robert-Bosch-Str. 12, 79098 Freiburg im Breisgau', 197],
            [327, 'Rechnungsnr.', 55.3],
            [418, 'INV-83073', 46.1],
          ],
        ],
        [
          158,
          [
            [63, 'Firma'],
            [327, 'Ausstellungsdatum', 76.7],
            [418, '24.08.2025', 45],
          ],
        ],
        [
          171,
          [
            [63, 'Schreinerei Schmidt GmbH'],
            [327, 'Leistungszeitraum', 73.9],
            [418, '30.07.2025 – 28.08.2025', 100],
          ],
        ],
        [
          185,
          [
            [63, 'Am Sägewerk 39'],
            [327, 'Ihr Ansprechpartner', 80.8],
            [418, 'Jonas Wagner', 56.4],
          ],
        ],
        [198, [[63, '28195 Bremen']]],
      ]),
    );
    expect(invoice.buyer?.name).toBe('Schreinerei Schmidt GmbH');
  });

  it('gives the buyer the SIREN its French VAT number holds, printed under its address past the country, never the seller', () => {
    const { invoice } = extractFields(
      handPage([
        [33, [[143.9, 'Schmidt Bauunternehmung GmbH', 307.5]]],
        [
          54,
          [
            [
              97.6,
              'Gewerbepark 5 · 50667 Köln · Tel.: (0167) 232520-99 · buchhaltung@schmidtbauunterneh.de',
              400,
            ],
          ],
        ],
        [
          144,
          [
            [52, 'Schmidt Bauunternehmung GmbH, Gewerbepark 5, 50667 Köln', 207.2],
            [325, 'Rechnungs-Nr.:', 69.5],
            [415, 'F202508-820', 60],
          ],
        ],
        [
          157,
          [
            [52, 'Firma', 27.1],
            [325, 'Belegdatum:', 57.7],
            [415, '26.03.2025', 51.5],
          ],
        ],
        [170, [[52, 'Alpes Numérique SA', 97.2]]],
        [184, [[52, '14 place de la Mairie', 99.1]]],
        [197, [[52, '06000 Nice', 54.1]]],
        [211, [[52, 'Frankreich', 50.3]]],
        [224, [[52, 'USt-ID: FR47729907584', 115]]],
        [237, [[52, 'SIREN 729 907 584', 92]]],
        [809, [[414, 'USt-ID: DE696193692', 90]]],
      ]),
    );
    expect(invoice.buyer?.legalOrganization?.id?.value).toBe('729907584');
    expect(invoice.seller?.legalOrganization).toBeUndefined();
  });

  it('tells the letterhead from the window address in the same column by what the page shows of each', () => {
    // Both blocks stand on the left: the letterhead above with its phone and e-mail, named again in the
    // footer; the recipient's block names the person it is for, or nothing more.
    const page = (lines: readonly string[]) =>
      extractFields(
        handPage([
          ...lines
            .slice(0, 9)
            .map((text, i): [number, [number, string][]] => [40 + 12 * i + (i > 4 ? 30 : 0), [[40, text]]]),
          [220, [[40, lines[9]!]]],
          [780, [[40, lines[10]!]]],
        ]),
      ).invoice;
    const german = (recipient: string) => [
      'Vogel Gebäudereinigung KG',
      'Industriestraße 7',
      '01067 Dresden',
      'Fon: (0770) 663114-04',
      'buchhaltung@vogelgebaeudereinigung.de',
      'Gebäudereinigung Keller e.K.',
      recipient,
      'Lindenweg 82',
      '48143 Münster',
      'Rechnung Nr. 528609 vom 09.02.2025',
      'Vogel Gebäudereinigung KG - Sitz: Dresden, HRB 992753',
    ];
    const french = (recipient: string) => [
      'Atelier Lambert',
      '33 rue de la République',
      '74000 Annecy',
      'Téléphone 05 37 03 39 81',
      'facturation@atelierlambert.fr',
      'SARL Leroy Informatique',
      recipient,
      '29 place de la Mairie',
      '44000 Nantes',
      'Facture n° FA-2026-118 du 20 juin 2026',
      'Atelier Lambert - SIRET 22624577703037 - Code APE 5499U',
    ];
    for (const lines of [
      german('Herrn Anna Brandt'),
      german('Abteilung Einkauf'),
      french("À l'attention de Mme Antoine Dupont"),
      french('Service comptabilité'),
    ]) {
      const invoice = page(lines);
      expect(invoice.seller?.name, lines[6]).toBe(lines[0]);
      expect(invoice.buyer?.name, lines[6]).toBe(lines[5]);
    }
  });

  it('gives the recipient the identifiers printed right under its address, the seller those of its footer', () => {
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'SAS Azur Informatique']]],
        [52, [[40, '26 rue des Artisans']]],
        [64, [[40, '69002 Lyon']]],
        [76, [[40, 'Téléphone: 04.30.03.79.40']]],
        [130, [[300, 'Les Jardins de Provence SA']]],
        [142, [[300, '36 place de la Mairie']]],
        [154, [[300, '35000 Rennes']]],
        [166, [[300, 'SIREN 612 383 547']]],
        [178, [[300, 'N° TVA FR44612383547']]],
        [220, [[40, 'Facture n° RE-2025-1187 du 18 avril 2025']]],
        [780, [[40, 'SAS Azur Informatique · SIRET 73322465301240 · TVA FR24733224653']]],
      ]),
    );
    expect(invoice.seller?.name).toBe('SAS Azur Informatique');
    expect(invoice.buyer?.name).toBe('Les Jardins de Provence SA');
    expect(invoice.buyer?.legalOrganization?.id?.value).toBe('612383547');
    expect(invoice.buyer?.taxRegistrations?.[0]?.id?.value).toBe('FR44612383547');
    expect(invoice.seller?.legalOrganization?.id?.value).toMatch(/^733224653/);
  });

  it('ends the window address under a sender line at its town: the information block under it is not the buyer’s', () => {
    const { invoice } = extractFields(
      handPage([
        [120, [[70, 'Medientechnik Wolf e.K., Gewerbepark 7, 28195 Bremen']]],
        [135, [[70, 'Lehmann Schreinerei KG']]],
        [147, [[70, 'Schillerplatz 106']]],
        [159, [[70, '70173 Stuttgart']]],
        [
          171,
          [
            [70, 'Datum'],
            [130, '14.03.2026'],
          ],
        ],
        [
          183,
          [
            [70, 'Lieferdatum'],
            [130, '10.03.2026'],
          ],
        ],
        [
          195,
          [
            [70, 'USt-IdNr.'],
            [130, 'DE 822 867 562'],
          ],
        ],
        [240, [[70, 'RECHNUNG Nr. 80252998']]],
      ]),
    );
    expect(invoice.buyer?.name).toBe('Lehmann Schreinerei KG');
    expect(invoice.buyer?.taxRegistrations).toBeUndefined();
    expect(invoice.seller?.taxRegistrations?.[0]?.id?.value).toBe('DE822867562');
  });

  it('gives the customer the VAT number labelled as the customer’s, wherever it stands', () => {
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'Au bon moulin SARL - 1242 chemin de l’olive - 84340 Malaucène - France']]],
        [52, [[40, 'TVA : FR11999999998 - SIRET : 99999999800010']]],
        [100, [[300, 'Facturé à :']]],
        [112, [[300, 'Hôtel Saint Denis']]],
        [124, [[300, '42 rue du stade']]],
        [136, [[300, '97400 Saint Denis']]],
        [
          200,
          [
            [40, 'N° TVA client'],
            [200, 'FR90343434346'],
          ],
        ],
      ]),
    );
    expect(invoice.seller?.taxRegistrations?.[0]?.id?.value).toBe('FR11999999998');
    expect(invoice.seller?.legalOrganization?.id?.value).toBe('999999998');
    expect(invoice.buyer?.name).toBe('Hôtel Saint Denis');
    expect(invoice.buyer?.taxRegistrations?.[0]?.id?.value).toBe('FR90343434346');
  });
  it('reads the customer’s VAT number of a mention wrapped after its label’s party word, or after its country code', () => {
    // The geometry of two generated invoices: a reverse-charge mention wrapped before "VAT ID:", and an
    // intra-community one wrapped inside the number.
    const english = extractFields(
      handPage([
        [158, [[58, 'Customer:', 45.5]]],
        [171.4, [[58, 'Highland Engineering B.V.', 115.5]]],
        [184.9, [[58, 'Keizersgracht 36', 71.4]]],
        [198.4, [[58, '1012 AB Amsterdam', 89.8]]],
        [211.9, [[58, 'Netherlands', 50.7]]],
        [
          635.6,
          [
            [
              58,
              'Reverse charge – VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC). Customer',
              466.5,
            ],
          ],
        ],
        [649.1, [[58, 'VAT ID: NL299789871B03', 113.9]]],
        [
          803.1,
          [[103.3, 'Registered in England and Wales. Company No. 55855129 · VAT ID: GB 721 822 652', 388.7]],
        ],
      ]),
    );
    expect(english.invoice.buyer?.taxRegistrations?.[0]?.id?.value).toBe('NL299789871B03');
    expect(english.invoice.seller?.taxRegistrations?.[0]?.id?.value).toBe('GB721822652');
    const german = extractFields(
      handPage([
        [138, [[49, 'Atelier Robert', 69.5]]],
        [161.8, [[49, '21, avenue Jean Jaurès', 114.9]]],
        [173.7, [[49, '74000 Annecy', 72.1]]],
        [185.6, [[49, 'FRANKREICH', 64.3]]],
        [
          431.9,
          [
            [
              49,
              'Steuerfreie innergemeinschaftliche Lieferung gemäß § 4 Nr. 1b UStG. USt-IdNr. Leistungsempfänger FR',
              492.2,
              9.5,
            ],
          ],
        ],
        [443.8, [[49, '82 921 527 636', 75.5, 9.5]]],
        [459.2, [[49, 'Bitte überweisen Sie den Rechnungsbetrag bis zum 20. Februar 2025.', 400, 9.5]]],
      ]),
    );
    expect(german.invoice.buyer?.taxRegistrations?.[0]?.id?.value).toBe('FR82921527636');
    // A sentence that ends with a full stop goes on to no number on the next line.
    const ended = extractFields(
      handPage([
        [
          431.9,
          [
            [
              49,
              'Steuerfreie innergemeinschaftliche Lieferung gemäß § 4 Nr. 1b UStG. Leistungsempfänger FR.',
              480,
              9.5,
            ],
          ],
        ],
        [443.8, [[49, '82 921 527 636', 75.5, 9.5]]],
      ]),
    );
    expect(ended.invoice.buyer?.taxRegistrations).toBeUndefined();
  });

  it('finds an Irish or American window address by its Eircode or ZIP, the letterhead being the seller', () => {
    for (const [town, code] of [
      ['Galway', 'H91 E2K3'],
      ['San Francisco, CA 94105', null],
    ] as const) {
      const { invoice } = extractFields(
        handPage([
          [33, [[380, 'Wright Joinery Ltd']]],
          [53, [[420, '48 Victoria Road']]],
          [64, [[420, 'Manchester, M1 1AE']]],
          [75, [[420, 'Phone: 0161 262 7434']]],
          [86, [[420, 'hello@wrightjoinery.co.uk']]],
          [148, [[60, 'Taylor Print Ltd']]],
          [160, [[60, 'Unit 6, Riverside Business Park']]],
          [172, [[60, town]]],
          ...(code ? [[184, [[60, code]]] as const] : []),
          [230, [[60, 'Tax Invoice # RE-2025-4029']]],
        ]),
      );
      expect(invoice.seller?.name, town).toBe('Wright Joinery Ltd');
      expect(invoice.buyer?.name, town).toBe('Taylor Print Ltd');
    }
  });

  it('reads the seller of a letterhead whose address is one line of parts under its name', () => {
    const read = (footer: boolean) =>
      extractFields(
        handPage([
          [33, [[250, 'Atelier Roux']]],
          [54, [[155, 'ZA des Tilleuls, lot 78 · 06000 Nice · Tél: 05.61.59.19.21 · compta@atelierroux.fr']]],
          [158, [[63, 'Atlantique Services SAS']]],
          [171, [[63, '11 chemin du Moulin']]],
          [183, [[63, '06000 Nice']]],
          [220, [[63, 'Facture n° INV-55385']]],
          ...(footer ? [[778, [[63, 'Atelier Roux']]] as const] : []),
        ]),
      );
    const alone = read(false);
    expect(alone.invoice.seller?.name).toBe('Atelier Roux');
    expect(alone.invoice.buyer?.name).toBe('Atlantique Services SAS');
    // Its place alone says little; the footer printing it again says more, and neither proves it.
    const again = read(true).evidence['BT-27']!.confidence;
    expect(alone.evidence['BT-27']!.confidence).toBeLessThan(again);
    expect(again).toBeLessThan(0.9);
  });
  it('gives the customer a VAT number under its heading, or labelled "TVA intracommunautaire du client"', () => {
    const heading = extractFields(
      handPage([
        [40, [[40, 'SARL Mercier Bâtiment · 12 rue Haute · 75001 Paris']]],
        [
          197,
          [
            [60, 'Facture n°'],
            [161, 'Date de facture'],
            [286, 'N° TVA client'],
          ],
        ],
        [
          207,
          [
            [60, 'AR327356'],
            [161, '07/10/2024'],
            [286, 'FR16453414344'],
          ],
        ],
        [806, [[426, 'TVA intracom. FR44787192194']]],
      ]),
    ).invoice;
    expect(heading.buyer?.taxRegistrations?.[0]?.id?.value).toBe('FR16453414344');
    expect(heading.seller?.taxRegistrations?.[0]?.id?.value).toBe('FR44787192194');
    const inline = extractFields(
      handPage([
        [40, [[40, 'Facture n° INV-55385']]],
        [
          269,
          [
            [63, 'N° TVA intracommunautaire du client:'],
            [215, 'FR66320009905'],
          ],
        ],
        [805, [[392, 'TVA intracommunautaire: FR65713946143']]],
      ]),
    ).invoice;
    expect(inline.buyer?.taxRegistrations?.[0]?.id?.value).toBe('FR66320009905');
    expect(inline.seller?.taxRegistrations?.[0]?.id?.value).toBe('FR65713946143');
  });
  it('ends an address block at its town: the information block under it holds the seller’s VAT number', () => {
    const kv = (y: number, key: string, value: string) =>
      [
        y,
        [
          [53, key],
          [143, value],
        ],
      ] as const;
    const read = (under: readonly (readonly [number, readonly (readonly [number, string])[]])[]) =>
      extractFields(
        handPage([
          [34, [[53, 'Büroservice Richter e.K.']]],
          [50, [[53, 'Lindenweg 1']]],
          [63, [[53, '70173 Stuttgart']]],
          [75, [[53, 'Tel.: 071 / 332 95 38']]],
          [148, [[53, 'Rechnungsadresse:']]],
          [160, [[53, 'Weitblick Solar AG']]],
          [173, [[53, 'Am Sägewerk 40']]],
          [185, [[53, '50667 Köln']]],
          ...under,
          [320, [[53, 'Rechnung']]],
        ]),
      ).invoice;
    const info = read([
      kv(209, 'Rechnungs-Nr.:', 'INV-71698'),
      kv(221, 'Kundennummer:', 'C-005777'),
      kv(233, 'USt-IdNr.:', 'DE893555459'),
    ]);
    expect(info.buyer?.taxRegistrations).toBeUndefined();
    expect(info.seller?.taxRegistrations?.[0]?.id?.value).toBe('DE893555459');
    // Right under the address, the number is the buyer's own.
    const own = read([kv(197, 'USt-IdNr.:', 'DE893555459'), kv(209, 'Rechnungs-Nr.:', 'INV-71698')]);
    expect(own.buyer?.taxRegistrations?.[0]?.id?.value).toBe('DE893555459');
  });
  it('reads the IBAN its label names, never a VAT number further along the row', () => {
    const { invoice } = extractFields(
      handPage([
        [40, [[40, 'Invoice No. 5073920']]],
        [
          798,
          [
            [43, 'Stationsplein 99'],
            [281, 'IBAN NL95XPJA1387564422'],
            [411, 'VAT No.: NL753061107B01'],
          ],
        ],
      ]),
    );
    expect(invoice.paymentMeans?.map((p) => p.creditorAccount?.iban)).toEqual(['NL95XPJA1387564422']);
    expect(invoice.seller?.taxRegistrations?.[0]?.id?.value).toBe('NL753061107B01');
  });
  it('reads a buyer whose block reaches into the information column beside it, never its country line', () => {
    const { invoice } = extractFields(
      handPage([
        [34, [[220, 'Elektrotechnik Wagner e.K.']]],
        [50, [[62, 'Kundenstraße 19 · 28195 Bremen · Phone: 0263 / 820 11 54 · info@wagner.de']]],
        [
          138,
          [
            [64, 'Billed To:'],
            [329, 'Invoice #:'],
            [419, 'R2562481'],
          ],
        ],
        [
          150,
          [
            [64, 'Gebäudereinigung Sommer e.K.'],
            [329, 'Issue Date:'],
            [419, '2 February 2025'],
          ],
        ],
        [162, [[64, 'Lindenweg 38']]],
        [174, [[64, '4051 Basel']]],
        [186, [[64, 'SWITZERLAND']]],
      ]),
    );
    expect(invoice.buyer?.name).toBe('Gebäudereinigung Sommer e.K.');
  });
  it('ends a buyer block with a contact line at its town, before key–value rows without colons', () => {
    const kv = (y: number, key: string, value: string) =>
      [
        y,
        [
          [67, key],
          [139, value],
        ],
      ] as const;
    const { invoice } = extractFields(
      handPage([
        [33, [[371, 'Taylor Plumbing Ltd']]],
        [54, [[482, '112 Victoria Road']]],
        [67, [[470, 'Birmingham, B1 1BB']]],
        [79, [[477, 'Tel 0161 078 6435']]],
        [138, [[67, 'Billed To']]],
        [151, [[67, 'Kingsway Ltd']]],
        [163, [[67, 'Attention: Sarah Clarke']]],
        [175, [[67, '34 Station Road']]],
        [187, [[67, 'London']]],
        [200, [[67, 'SW1A 2AA']]],
        kv(224, 'Our ref', 'AR830916'),
        kv(237, 'Issue Date', '15/02/2024'),
        kv(249, 'VAT ID', 'GB238256845'),
      ]),
    );
    expect(invoice.buyer?.name).toBe('Kingsway Ltd');
    expect(invoice.buyer?.taxRegistrations).toBeUndefined();
    expect(invoice.seller?.taxRegistrations?.[0]?.id?.value).toBe('GB238256845');
  });

  it('never lengthens a sender line’s name with the address a footer runs on after it', () => {
    const { invoice } = extractFields(
      handPage([
        [34, [[479, 'Oakfield Ltd']]],
        [50, [[490, '32 High Street']]],
        [63, [[473, 'Cardiff, CF10 1EP']]],
        [125, [[70, 'Oakfield Ltd - 32 High Street - Cardiff CF10 1EP']]],
        [138, [[70, 'Williams Design LLP']]],
        [150, [[70, '24 Market Street']]],
        [163, [[70, 'Dublin']]],
        [175, [[70, 'D02 X285']]],
        [300, [[70, 'Invoice # INV-1']]],
        [781, [[215, 'Oakfield Ltd 32 High Street Cardiff CF10 1EP']]],
      ]),
    );
    expect(invoice.seller?.name).toBe('Oakfield Ltd');
    expect(invoice.buyer?.name).toBe('Williams Design LLP');
  });

  it('never lengthens it with a street that starts with a word ("Unit 131, Riverside Business Park")', () => {
    // As seed55-023 prints them: the name in large type over its address, the sender line cut by
    // bars, and the footer running the name and the address on in one line.
    const { invoice } = extractFields(
      handPage([
        [32.8, [[42, 'Redbrick Print Limited', 211.2, 16]]],
        [54.5, [[42, 'Unit 131, Riverside Business Park', 148.5, 7.5]]],
        [64.5, [[42, 'Edinburgh, EH1 1YZ', 81, 7.5]]],
        [
          124.7,
          [
            [
              42,
              'Redbrick Print Limited | Unit 131, Riverside Business Park | Edinburgh EH1 1YZ',
              304.2,
              6.5,
            ],
          ],
        ],
        [138.3, [[42, 'Oakfield Electrical B.V.', 122.4, 8.5]]],
        [148.3, [[42, 'Oudegracht 26', 66.3, 8.5]]],
        [158.3, [[42, '1012 AB Amsterdam', 86.7, 8.5]]],
        [
          188.4,
          [
            [42, 'Number:', 33.6, 8],
            [133.6, 'F202508-054', 52.8, 8],
          ],
        ],
        [
          780.8,
          [[147.5, 'Redbrick Print Limited Unit 131, Riverside Business Park Edinburgh EH1 1YZ', 300.3, 6.5]],
        ],
      ]),
    );
    expect(invoice.seller?.name).toBe('Redbrick Print Limited');
    expect(invoice.buyer?.name).toBe('Oakfield Electrical B.V.');
  });

  it('reads the block under a heading "To" as the buyer’s', () => {
    const { invoice } = extractFields(
      handPage([
        [34, [[47, 'Highland Joinery Limited']]],
        [50, [[47, '59 High Street']]],
        [61, [[47, 'Leeds, LS1 4DY']]],
        [158, [[47, 'To']]],
        [169, [[47, 'Clarke Catering']]],
        [179, [[47, '12 Market Street']]],
        [190, [[47, 'Manchester']]],
        [201, [[47, 'M1 1AE']]],
        [300, [[47, 'Invoice # INV-2']]],
      ]),
    );
    expect(invoice.buyer?.name).toBe('Clarke Catering');
    expect(invoice.seller?.name).toBe('Highland Joinery Limited');
  });

  it('reads a party word whose umlaut OCR lost ("Leistungsempfanger") as that party\'s', () => {
    // Words as OCR read them on a generated German invoice drawn to a picture: the seller's VAT number
    // beside the delivery address, the buyer's under its label.
    const { invoice } = extractFields(
      ocrPage(
        'Nordlicht@231.8,37.2,11.8,68.9,91 Medien@306.4,37.2,11.8,53.0,92 UG@365.9,37.7,11.3,22.1,92 (haftungsbeschränkt)@394.2,37.2,15.1,162.0,89',
        'Schillerplatz@503.1,56.6,7.4,42.2,92 18@548.5,56.9,5.5,7.9,97',
        '79098@458.5,68.4,5.5,21.6,96 Freiburg@483.2,68.2,7.4,28.6,96 im@515.1,68.2,5.8,7.4,93 Breisgau@525.9,68.2,7.4,30.5,92',
        'Nordlicht@56.6,126.5,4.8,25.0,91 Medien@84.0,126.5,4.8,20.4,95 UG@107.0,126.7,4.6,8.9,92 (haftungsbeschränkt)@118.5,126.5,6.0,60.2,91 -@181.2,126.5,6.0,1.7,92 Schillerplatz@185.2,126.5,6.0,34.3,92 18@222.2,126.7,4.6,6.5,93 -@231.1,126.7,4.6,1.7,92 79098@235.1,126.7,4.6,17.5,96 Freiburg@255.1,126.5,6.0,23.3,96 im@281.0,126.5,4.8,6.0,96 Breisgau@289.8,126.5,6.0,24.7,96 Rechnung@326.6,126.7,7.9,37.7,89 Nr.@367.6,127.0,5.8,10.1,96 FA25-38220@451.3,126.7,6.2,45.8,90',
        'Meyer@56.6,140.9,8.2,24.2,93 Druckerei@84.2,140.6,6.7,37.2,92 GmbH@125.0,140.6,6.7,24.7,96 Datum@326.6,138.5,6.0,23.8,96 04.08.2025@451.1,138.2,6.2,41.7,96',
        'Robert-Bosch-Str.@56.6,152.2,6.7,70.5,88 13@131.2,152.4,6.5,8.9,96 Bestellnummer@326.6,149.5,6.5,55.9,91 B298834@451.3,149.8,6.2,33.1,92',
        '30159@56.4,163.9,6.5,24.2,96 Hannover@84.2,163.9,6.5,38.1,95 Lieferschein@326.6,172.6,6.2,44.6,90 235104@451.1,172.8,6.0,27.8,96',
        'Lieferanschrift@56.6,186.7,6.2,58.3,91 USt.-ID@326.6,184.3,6.0,26.9,80 DE840521420@451.3,184.3,6.0,53.3,91',
        'Alpenblick@56.1,198.0,8.2,38.4,92 Software@97.7,198.0,6.5,32.6,96 GmbH@133.4,198.0,6.5,23.5,95 USt-IdNr.@326.6,195.6,6.2,34.1,93 Leistungsempfanger@364.5,195.6,7.9,76.1,92 DE591537476@451.3,195.8,6.0,53.3,89',
      ),
    );
    expect(invoice.buyer?.taxRegistrations?.[0]?.id?.value).toBe('DE591537476');
    expect(invoice.seller?.taxRegistrations?.[0]?.id?.value).not.toBe('DE591537476');
  });

  it('reads the block under "Rechnungsanschrift" as the buyer’s, past "Firma", never the heading for its name', () => {
    const { invoice } = extractFields(
      handPage([
        [32, [[196, 'Haustechnik Vogel GmbH', 203]]],
        [56, [[152, 'Am Sägewerk 22 · 50667 Köln · Fon 0427 / 444 33 66 · office@haustechnikvogel.de', 291]]],
        [
          138,
          [
            [49, 'Rechnungsanschrift', 77],
            [322, 'Datum', 24],
            [432, '04.05.2025', 41],
          ],
        ],
        [
          151,
          [
            [49, 'Firma', 23],
            [322, 'Rechnungs-Nr.', 55],
            [432, 'R2504635', 38],
          ],
        ],
        [
          164,
          [
            [49, 'Ingenieurbüro Wagner', 86],
            [322, 'Kd.-Nr.', 28],
            [432, '36974', 23],
          ],
        ],
        [
          177,
          [
            [49, 'Robert-Bosch-Str. 123', 86],
            [322, 'Zahlbar bis', 41],
            [432, '12.05.2025', 41],
          ],
        ],
        [191, [[49, '20095 Hamburg', 62]]],
        [222, [[49, 'Rechnung', 78]]],
      ]),
    );
    expect(invoice.buyer?.name).toBe('Ingenieurbüro Wagner');
  });

  it('never takes a column of counts with their units ("2490 litres") for an address block, nor its heading for a name', () => {
    const item = (
      y: number,
      name: string,
      count: string,
      width: number,
      amount: string,
    ): [number, [number, string, number][]] => [
      y,
      [
        [68, name, 120],
        [347 - width, count, width],
        [380, amount, 19],
      ],
    ];
    const { invoice } = extractFields(
      handPage([
        [34, [[236, 'Clarke & Lowe Ltd', 123]]],
        [
          51,
          [
            [
              115,
              '60 Church Lane · Bristol, BS1 5TR · Tel +44 (0)20 6727 1890 · accounts@clarkelowe.co.uk',
              365,
            ],
          ],
        ],
        [159, [[68, 'Invoice To', 45]]],
        [168, [[68, 'Riverside Ltd', 62]]],
        [177, [[68, '155 Market Street', 82]]],
        [187, [[68, 'Bristol', 34]]],
        [196, [[68, 'BS1 5TR', 34]]],
        [
          215,
          [
            [68, 'Inv. No.', 45],
            [178, 'R2524696', 36],
          ],
        ],
        [293, [[68, 'INVOICE', 76]]],
        [
          326,
          [
            [68, 'Product / Service', 80],
            [311, 'Quantity', 36],
            [381, 'Rate', 18],
          ],
        ],
        item(338, "Children's car seat, group 1", '1 pc', 18, '104.00'),
        item(350, 'A4 copier paper', '3 pc', 18, '28.00'),
        item(361, 'Oak worktop 3000 x 600 mm', '3 pc', 18, '257.00'),
        item(373, 'Cloud hosting (monthly)', '1 month', 31, '101.41'),
        item(385, 'Domestic fuel (heating oil)', '2490 litres', 49, '0.881'),
        item(397, 'On-site training', '11.5 day', 31, '652.85'),
      ]),
    );
    expect(invoice.seller?.name).toBe('Clarke & Lowe Ltd');
  });

  it('never takes an identifier with its key ("SIREN 202 114 559") under an address for a party’s name', () => {
    const { invoice } = extractFields(
      handPage([
        [32, [[433, 'Michel et Fils', 104]]],
        [57, [[466, 'ZA des Tilleuls, lot 116', 71]]],
        [68, [[501, '75008 Paris', 36]]],
        [80, [[459, 'Tél: +33 (0)2 16 47 52 76', 78]]],
        [91, [[472, 'contact@michelfils.fr', 65]]],
        [
          148,
          [
            [63, 'Les Jardins de Provence SA', 95],
            [340, 'N° de facture:', 45],
            [410, '2025-38737', 39],
          ],
        ],
        [
          160,
          [
            [63, '32 rue des Artisans', 65],
            [340, 'Code client:', 39],
            [410, 'K-56067', 28],
          ],
        ],
        [
          171,
          [
            [63, '44000 Nantes', 47],
            [340, 'N° de commande:', 58],
            [410, '2025-7837', 35],
          ],
        ],
        [
          183,
          [
            [63, 'SIREN 202 114 559', 69],
            [340, "Date d'exécution:", 56],
            [410, '27.10.2025', 36],
          ],
        ],
        [
          195,
          [
            [340, 'À régler avant le:', 56],
            [410, '07.12.2025', 36],
          ],
        ],
        [
          206,
          [
            [63, 'Lieu de livraison:', 60],
            [340, 'Page 1/1', 24],
          ],
        ],
        [218, [[63, 'Conseil Thomas', 52]]],
        [230, [[63, '151, avenue Jean Jaurès', 77]]],
        [241, [[63, '21000 Dijon', 40]]],
        [
          268,
          [
            [63, 'Facture rectificative', 173],
            [473, 'Paris, le 07.11.2025', 64],
          ],
        ],
      ]),
    );
    expect(invoice.buyer?.name).toBe('Les Jardins de Provence SA');
  });

  it('takes a five-digit postcode on a German invoice for Germany when nothing else names the parties’ country', () => {
    const { invoice } = extractFields(
      handPage([
        [34, [[179, 'Elektrotechnik Zimmermann GmbH', 237]]],
        [
          50,
          [
            [
              107,
              'Hauptstraße 11 · 90402 Nürnberg · Tel.: (0857) 587504-56 · rechnung@elektrotechnikzimm.de',
              381,
            ],
          ],
        ],
        [125, [[68, 'Elektrotechnik Zimmermann GmbH | Hauptstraße 11 | 90402 Nürnberg', 232]]],
        [138, [[68, 'Rheinwerk Systems UG (haftungsbeschränkt)', 205]]],
        [151, [[68, 'Am Sägewerk 2', 71]]],
        [163, [[68, '70173 Stuttgart', 72]]],
        [
          188,
          [
            [68, 'Re.-Datum:', 49],
            [178, '19. Aug. 2025', 60],
          ],
        ],
        [
          200,
          [
            [68, 'Rechnungsnr.:', 62],
            [178, '2025/5775', 46],
          ],
        ],
        [254, [[68, 'Rechnung', 73]]],
        [701, [[68, 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.', 233]]],
      ]),
    );
    expect(invoice.seller?.address?.country).toBe('DE');
    expect(invoice.buyer?.address?.country).toBe('DE');
  });

  it('reads a German small business’s tax number (BT-32, FC) and trade register (BT-30) from its footer', () => {
    // A seller without a VAT number (§ 19 UStG) is known by these alone (BR-E-02, BR-CO-26).
    const page = (tax: string, register: string) =>
      extractFields(
        handPage([
          [33, [[287, 'Wagner & Müller GmbH & Co. KG', 150]]],
          [54, [[485, 'Hauptstraße 94', 61]]],
          [67, [[441, '79098 Freiburg im Breisgau', 105]]],
          [135, [[44, 'Wagner & Müller GmbH & Co. KG · Hauptstraße 94 · 79098 Freiburg im Breisgau', 250]]],
          [148, [[44, 'Ingenieurbüro Kaiser e.K.', 100]]],
          [161, [[44, 'Lindenweg 35', 55]]],
          [173, [[44, '50667 Köln', 45]]],
          [281, [[44, 'Vorauszahlungsrechnung FA26-31190', 150]]],
          [469, [[44, 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.', 200]]],
          [
            787,
            [
              [44, 'Wagner & Müller GmbH & Co. KG', 110],
              [204, 'Tel. +49 859 256669-0', 80],
              [369, 'Inhaber Lena Meyer', 70],
            ],
          ],
          [
            796,
            [
              [44, 'Hauptstraße 94', 55],
              [204, 'Mail buchhaltung@wagnermuller.de', 120],
              [369, register, 130],
            ],
          ],
          [
            805,
            [
              [44, '79098 Freiburg im Breisgau', 100],
              [204, 'www.wagnermuller.de', 80],
              [369, tax, 100],
            ],
          ],
        ]),
      );
    const { invoice, evidence } = page('Steuer-Nr. 198/949/22082', 'Sitz: Freiburg im Breisgau, HRB 5784');
    expect(invoice.seller?.taxRegistrations).toEqual([{ id: { value: '198/949/22082', scheme: 'FC' } }]);
    expect(invoice.seller?.legalOrganization).toEqual({ id: { value: 'HRB 5784' } });
    // Labels alone vouch for them: no check key.
    expect(evidence['BT-32']?.confidence).toBeLessThan(0.9);
    expect(invoice.buyer?.taxRegistrations).toBeUndefined();
    expect(page('St.-Nr.: 22/815/0815/4', 'Amtsgericht Köln HRB Nr. 372876').invoice.seller).toMatchObject({
      taxRegistrations: [{ id: { value: '22/815/0815/4', scheme: 'FC' } }],
      legalOrganization: { id: { value: 'HRB 372876' } },
    });
    // An order number ("Best.-Nr."), a VAT number after its label ("Umsatzsteuernummer"), too few digits:
    // no tax number.
    for (const other of ['Best.-Nr. 4711/0815/12', 'Umsatzsteuernummer 123/456/78901', 'Steuernummer 12/345'])
      expect(
        page(other, 'Inhaber Lena Meyer').invoice.seller?.taxRegistrations?.some(
          (r) => r.id?.scheme === 'FC',
        ),
      ).toBeFalsy();
  });

  it('gives the buyer the identifiers under its address in its column only, past rows of the column beside it', () => {
    // The information block's VAT number beside the buyer's SIREN row is the seller's.
    const beside = extractFields(
      handPage([
        [33, [[253, 'Simon et Fils', 60]]],
        [55, [[150, '2 rue de la République · 13001 Marseille · contact@simonfils.fr', 300]]],
        [
          138,
          [
            [66, 'Menuiserie Roux', 70],
            [335, 'N° de facture', 55],
            [439, 'FA25-49185', 50],
          ],
        ],
        [149, [[66, '62 chemin du Moulin', 80]]],
        [
          160,
          [
            [66, '35000 Rennes', 55],
            [335, 'Livré le', 30],
            [439, '07/04/2025', 45],
          ],
        ],
        [171, [[66, 'N° TVA intracommunautaire FR47684025323', 170]]],
        [
          182,
          [
            [66, 'SIREN 684 025 323', 75],
            [335, 'N° TVA intracommunautaire', 100],
            [439, 'FR86355465287', 60],
          ],
        ],
        [207, [[66, 'Facture', 40, 16]]],
        [806, [[172, 'SAS au capital de 5 000 € · RCS Marseille 355 465 287 · NAF 4378J', 280]]],
      ]),
    ).invoice;
    expect(beside.seller?.taxRegistrations?.[0]?.id?.value).toBe('FR86355465287');
    expect(beside.seller?.legalOrganization?.id?.value).toBe('355465287');
    expect(beside.buyer?.taxRegistrations?.[0]?.id?.value).toBe('FR47684025323');
    // The buyer's VAT number under its country line, the information column's rows between.
    const under = extractFields(
      handPage([
        [33, [[209, 'Rheinwerk Systems GmbH', 100]]],
        [
          134,
          [
            [53, 'Rheinwerk Systems GmbH, Am Sägewerk 9, 04109 Leipzig', 200],
            [337, 'Rechnungsnummer:', 70],
            [419, 'INV-18292', 40],
          ],
        ],
        [148, [[53, 'Alpes Numérique SAS', 85]]],
        [
          154,
          [
            [337, 'Kd.-Nr.:', 30],
            [419, 'D72500', 30],
          ],
        ],
        [158, [[53, '27 place de la Mairie', 85]]],
        [168, [[53, '06000 Nice', 45]]],
        [
          174,
          [
            [337, 'Währung:', 35],
            [419, 'EUR', 20],
          ],
        ],
        [178, [[53, 'FRANKREICH', 50]]],
        [188, [[53, 'Umsatzsteuer-ID: FR17347164295', 130]]],
        [212, [[53, 'RECHNUNG', 50, 16]]],
        [798, [[384, 'Umsatzsteuer-ID: DE984381112', 120]]],
      ]),
    ).invoice;
    expect(under.seller?.taxRegistrations?.[0]?.id?.value).toBe('DE984381112');
    expect(under.buyer?.taxRegistrations?.[0]?.id?.value).toBe('FR17347164295');
  });

  it('reads a VAT number whose centred letterhead line wraps after its country code', () => {
    const { invoice } = extractFields(
      handPage([
        [33, [[214, 'Walker & Williams Ltd', 167, 14]]],
        [
          54,
          [
            [
              60,
              'Unit 36, Riverside Business Park · London, SW1A 2AA · Tel: 0161 389 4086 · hello@walkerwilliams.co.uk · VAT Reg. No.: GB',
              475,
            ],
          ],
        ],
        [67, [[274, '800 533 182', 47]]],
        [158, [[70, 'Wilson Print Ltd', 65]]],
        [171, [[70, 'Unit 33, Riverside Business Park', 125]]],
        [184, [[70, 'Birmingham', 45]]],
        [197, [[70, 'B1 1BB', 28]]],
        [314, [[70, 'DEPOSIT INVOICE', 90, 14]]],
      ]),
    );
    expect(invoice.seller?.taxRegistrations?.[0]?.id?.value).toBe('GB800533182');
    expect(invoice.buyer?.taxRegistrations).toBeUndefined();
  });

  it('reads the block under "Leistungsort" as the place of performance, never as the buyer', () => {
    const { invoice } = extractFields(
      handPage([
        [34, [[230, 'Meyer Büroservice GmbH', 135, 14]]],
        [
          50,
          [
            [
              139,
              'Industriestraße 17 · 20095 Hamburg · Fon: (0783) 221308-11 · buchhaltung@meyerburoservice.de',
              320,
            ],
          ],
        ],
        [
          138,
          [
            [69, 'Fletcher & Thompson Inc.', 100],
            [324, 'Rechnungsnr.:', 55],
            [402, '2025-14409', 45],
          ],
        ],
        [149, [[69, 'Suite 31, 200 Park Avenue', 100]]],
        [159, [[69, 'San Francisco, CA 94105', 95]]],
        [170, [[69, 'USA', 18]]],
        [191, [[69, 'Leistungsort:', 52]]],
        [202, [[69, 'Blue Harbour Design Inc.', 95]]],
        [212, [[69, 'Herrn Fiona Clarke', 75]]],
        [223, [[69, '13 W Madison St', 65]]],
        [234, [[69, 'Chicago, IL 60601', 70]]],
        [244, [[69, 'USA', 18]]],
        [269, [[69, 'Rechnung', 60, 16]]],
      ]),
    );
    expect(invoice.buyer?.name).toBe('Fletcher & Thompson Inc.');
    expect(invoice.seller?.name).toBe('Meyer Büroservice GmbH');
  });

  it('takes "Leistungsempfänger: ATU49220766" for the buyer’s VAT number, never for a heading over a name', () => {
    const { invoice } = extractFields(
      handPage([
        [32, [[51, 'Büroservice Koch', 80]]],
        [56, [[51, 'Robert-Bosch-Str. 19', 85]]],
        [69, [[51, '10115 Berlin', 50]]],
        [106, [[51, 'USt.-ID: DE127660791', 85]]],
        [148, [[51, 'Firma', 22]]],
        [161, [[51, 'Weitblick Solar GmbH', 85]]],
        [186, [[51, 'Robert-Bosch-Str. 1', 80]]],
        [198, [[51, '1010 Wien', 40]]],
        [211, [[51, 'ÖSTERREICH', 50]]],
        [291, [[51, 'RECHNUNG', 60, 14]]],
        [
          613,
          [
            [
              51,
              'Innergemeinschaftliche Lieferung, steuerfrei nach § 4 Nr. 1b i.V.m. § 6a UStG. USt-IdNr.',
              340,
            ],
          ],
        ],
        [626, [[51, 'Leistungsempfänger: ATU49220766', 130]]],
        [642, [[51, 'Alle Beträge in EUR', 80]]],
      ]),
    );
    expect(invoice.buyer?.name).toBe('Weitblick Solar GmbH');
    expect(invoice.buyer?.taxRegistrations?.[0]?.id?.value).toBe('ATU49220766');
    expect(invoice.seller?.taxRegistrations?.[0]?.id?.value).toBe('DE127660791');
    // A name in capitals with a figure is still a name after its heading.
    const capitals = extractFields(
      handPage([
        [40, [[40, 'Facture n° F-12 du 07/10/2024']]],
        [80, [[300, 'Client : SARL 3D CONCEPT']]],
        [92, [[300, '58 rue de la mer']]],
        [104, [[300, '06000 NICE']]],
      ]),
    );
    expect(capitals.invoice.buyer?.name).toBe('SARL 3D CONCEPT');
  });

  it('reads a country printed by its name in French or German under the address ("ÉTATS-UNIS", "FRANKREICH")', () => {
    const country = (name: string) =>
      extractFields(
        handPage([
          [32, [[238, 'Atelier Robert', 60]]],
          [56, [[117, '35 place de la Mairie · 13001 Marseille · facturation@atelierrobert.fr', 300]]],
          [
            158,
            [
              [46, 'Date de facturation:', 80],
              [135, '16/02/2024', 45],
              [320, 'Client:', 28],
            ],
          ],
          [
            170,
            [
              [46, 'N° de facture:', 60],
              [135, 'RE-2024-0690', 55],
              [320, 'Brown Plumbing LLC', 80],
            ],
          ],
          [195, [[320, '177 Main Street', 65]]],
          [207, [[320, 'Chicago, IL 60601', 70]]],
          [219, [[320, name, 50]]],
          [247, [[46, 'Facture', 60, 14]]],
        ]),
      ).invoice.buyer?.address?.country;
    expect(country('ÉTATS-UNIS')).toBe('US');
    expect(country('FRANKREICH')).toBe('FR');
    expect(country('Vereinigtes Königreich')).toBe('GB');
  });
});
