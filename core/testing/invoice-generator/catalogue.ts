/**
 * The world the generated invoices are drawn from: company and person names, streets and towns of
 * each country, and what is sold (goods and services with their usual unit and price range), each in
 * the language of the invoice. Names and item texts carry the digits real ones carry ('Kabel NYM-J
 * 3x1,5 mm²', 'A4 80 g'), which a reader must not take for amounts.
 */
import type { Language } from './vocabulary';

export interface Town {
  readonly postcode: string;
  readonly city: string;
}

export const TOWNS: Readonly<Record<string, readonly Town[]>> = {
  DE: [
    { postcode: '10115', city: 'Berlin' },
    { postcode: '80331', city: 'München' },
    { postcode: '50667', city: 'Köln' },
    { postcode: '20095', city: 'Hamburg' },
    { postcode: '60311', city: 'Frankfurt am Main' },
    { postcode: '70173', city: 'Stuttgart' },
    { postcode: '04109', city: 'Leipzig' },
    { postcode: '90402', city: 'Nürnberg' },
    { postcode: '28195', city: 'Bremen' },
    { postcode: '01067', city: 'Dresden' },
    { postcode: '30159', city: 'Hannover' },
    { postcode: '79098', city: 'Freiburg im Breisgau' },
    { postcode: '93047', city: 'Regensburg' },
    { postcode: '48143', city: 'Münster' },
    { postcode: '66111', city: 'Saarbrücken' },
  ],
  FR: [
    { postcode: '75008', city: 'Paris' },
    { postcode: '69002', city: 'Lyon' },
    { postcode: '13001', city: 'Marseille' },
    { postcode: '31000', city: 'Toulouse' },
    { postcode: '33000', city: 'Bordeaux' },
    { postcode: '44000', city: 'Nantes' },
    { postcode: '67000', city: 'Strasbourg' },
    { postcode: '59000', city: 'Lille' },
    { postcode: '35000', city: 'Rennes' },
    { postcode: '06000', city: 'Nice' },
    { postcode: '34000', city: 'Montpellier' },
    { postcode: '21000', city: 'Dijon' },
    { postcode: '74000', city: 'Annecy' },
  ],
  GB: [
    { postcode: 'SW1A 2AA', city: 'London' },
    { postcode: 'M1 1AE', city: 'Manchester' },
    { postcode: 'B1 1BB', city: 'Birmingham' },
    { postcode: 'LS1 4DY', city: 'Leeds' },
    { postcode: 'BS1 5TR', city: 'Bristol' },
    { postcode: 'EH1 1YZ', city: 'Edinburgh' },
    { postcode: 'CF10 1EP', city: 'Cardiff' },
  ],
  IE: [
    { postcode: 'D02 X285', city: 'Dublin' },
    { postcode: 'T12 R2NN', city: 'Cork' },
    { postcode: 'H91 E2K3', city: 'Galway' },
  ],
  AT: [
    { postcode: '1010', city: 'Wien' },
    { postcode: '5020', city: 'Salzburg' },
    { postcode: '8010', city: 'Graz' },
  ],
  BE: [
    { postcode: '1000', city: 'Bruxelles' },
    { postcode: '2000', city: 'Antwerpen' },
    { postcode: '4000', city: 'Liège' },
  ],
  NL: [
    { postcode: '1012 AB', city: 'Amsterdam' },
    { postcode: '3011 AD', city: 'Rotterdam' },
    { postcode: '3511 AX', city: 'Utrecht' },
  ],
  CH: [
    { postcode: '8001', city: 'Zürich' },
    { postcode: '3011', city: 'Bern' },
    { postcode: '4051', city: 'Basel' },
  ],
  US: [
    { postcode: 'NY 10001', city: 'New York' },
    { postcode: 'CA 94105', city: 'San Francisco' },
    { postcode: 'IL 60601', city: 'Chicago' },
  ],
};

/** The language a country's streets and company names are written in. */
export const COUNTRY_LANGUAGE: Readonly<Record<string, Language>> = {
  DE: 'de',
  AT: 'de',
  CH: 'de',
  FR: 'fr',
  BE: 'fr',
  GB: 'en',
  IE: 'en',
  US: 'en',
  NL: 'en',
};

export const SURNAMES: Readonly<Record<Language, readonly string[]>> = {
  de: [
    'Müller',
    'Schmidt',
    'Schneider',
    'Fischer',
    'Weber',
    'Meyer',
    'Wagner',
    'Becker',
    'Hoffmann',
    'Koch',
    'Richter',
    'Wolf',
    'Schröder',
    'Neumann',
    'Zimmermann',
    'Krüger',
    'Hartmann',
    'Lange',
    'Krause',
    'Lehmann',
    'Huber',
    'Kaiser',
    'Fuchs',
    'Vogel',
    'Brandt',
    'Sommer',
    'Keller',
    'Roth',
  ],
  fr: [
    'Martin',
    'Bernard',
    'Dubois',
    'Thomas',
    'Robert',
    'Richard',
    'Petit',
    'Durand',
    'Leroy',
    'Moreau',
    'Simon',
    'Laurent',
    'Lefebvre',
    'Michel',
    'Garcia',
    'Bertrand',
    'Roux',
    'Fournier',
    'Morel',
    'Girard',
    'Mercier',
    'Dupont',
    'Lambert',
    'Bonnet',
    'Faure',
    'Chevalier',
  ],
  en: [
    'Smith',
    'Jones',
    'Taylor',
    'Brown',
    'Williams',
    'Wilson',
    'Davies',
    'Robinson',
    'Wright',
    'Thompson',
    'Evans',
    'Walker',
    'Roberts',
    'Green',
    'Hall',
    'Clarke',
    'Harper',
    'Lowe',
    'Fletcher',
    'Bennett',
    'Murphy',
    "O'Brien",
    'Kelly',
    'Walsh',
  ],
};

export const GIVEN_NAMES: Readonly<Record<Language, readonly string[]>> = {
  de: ['Anna', 'Jonas', 'Lena', 'Lukas', 'Sabine', 'Thomas', 'Katrin', 'Michael', 'Julia', 'Stefan', 'Petra'],
  fr: ['Camille', 'Nicolas', 'Julie', 'Antoine', 'Sophie', 'Pierre', 'Claire', 'Julien', 'Isabelle', 'Marc'],
  en: ['Sarah', 'James', 'Emma', 'Oliver', 'Claire', 'David', 'Rachel', 'Daniel', 'Fiona', 'Mark', 'Siobhan'],
};

/** Company name patterns by country: {s} a surname, {s2} another, {t} a trade, {f} a fantasy word. */
export const COMPANY_PATTERNS: Readonly<Record<string, readonly string[]>> = {
  de: [
    '{s} {t} GmbH',
    '{t} {s} GmbH',
    '{s} & {s2} GmbH & Co. KG',
    '{f} GmbH',
    '{t} {s} e.K.',
    '{s} {t} KG',
    '{f} AG',
    '{f} UG (haftungsbeschränkt)',
    '{t} {s}',
  ],
  fr: [
    '{t} {s} SARL',
    'SARL {s} {t}',
    '{f} SAS',
    'SAS {f}',
    'Atelier {s}',
    '{s} et Fils',
    'Cabinet {s} Conseil',
    '{t} {s}',
    '{f} SA',
  ],
  en: ['{s} {t} Ltd', '{s} & {s2} Ltd', '{f} {t} Limited', '{f} Ltd', '{s} {t} LLP', '{s} {t}'],
  US: ['{f} {t} Inc.', '{s} {t} LLC', '{s} & {s2} Inc.'],
  NL: ['{f} {t} B.V.', '{f} B.V.'],
};

export const TRADES: Readonly<Record<Language, readonly string[]>> = {
  de: [
    'Haustechnik',
    'Elektrotechnik',
    'Bauunternehmung',
    'Malerbetrieb',
    'Schreinerei',
    'IT-Service',
    'Druckerei',
    'Gebäudereinigung',
    'Metallbau',
    'Gartenbau',
    'Ingenieurbüro',
    'Medientechnik',
    'Logistik',
    'Büroservice',
  ],
  fr: [
    'Boulangerie',
    'Menuiserie',
    'Transports',
    'Plomberie',
    'Conseil',
    'Imprimerie',
    'Électricité',
    'Informatique',
    'Nettoyage',
    'Paysages',
    'Traiteur',
    'Bâtiment',
  ],
  en: [
    'Consulting',
    'Joinery',
    'Print',
    'Logistics',
    'Electrical',
    'Software',
    'Catering',
    'Engineering',
    'Facilities',
    'Design',
    'Plumbing',
  ],
};

export const FANTASY: Readonly<Record<Language, readonly string[]>> = {
  de: [
    'Nordlicht Medien',
    'Alpenblick Software',
    'Rheinwerk Systems',
    'Elbtal Logistik',
    'Sonnenhof Naturkost',
    'Lindenberg Consulting',
    'Weitblick Solar',
  ],
  fr: [
    'Azur Informatique',
    'Les Jardins de Provence',
    'Bretagne Emballages',
    'Alpes Numérique',
    'Atlantique Services',
    'Horizon Bureautique',
  ],
  en: [
    'Brightwater',
    'Oakfield',
    'Northgate',
    'Kingsway',
    'Riverside',
    'Highland',
    'Blue Harbour',
    'Redbrick',
  ],
};

const GERMAN_STREETS = [
  'Hauptstraße {n}',
  'Bahnhofstraße {n}',
  'Industriestraße {n}',
  'Am Sägewerk {n}',
  'Lindenweg {n}',
  'Gewerbepark {n}',
  'Kundenstraße {n}',
  'Mühlgasse {n}',
  'Schillerplatz {n}',
  'Robert-Bosch-Str. {n}',
];
const FRENCH_STREETS = [
  '{n} rue de la République',
  '{n}, avenue Jean Jaurès',
  '{n} boulevard Victor Hugo',
  '{n} rue des Artisans',
  'ZA des Tilleuls, lot {n}',
  '{n} chemin du Moulin',
  '{n} place de la Mairie',
];
const BRITISH_STREETS = [
  '{n} High Street',
  '{n} Station Road',
  'Unit {n}, Riverside Business Park',
  '{n} Church Lane',
  '{n} Victoria Road',
  '{n} Market Street',
];

/** Street patterns by country ({n} a house number). */
export const STREETS: Readonly<Record<string, readonly string[]>> = {
  DE: GERMAN_STREETS,
  AT: GERMAN_STREETS,
  CH: GERMAN_STREETS,
  FR: FRENCH_STREETS,
  BE: FRENCH_STREETS,
  GB: BRITISH_STREETS,
  IE: BRITISH_STREETS,
  NL: ['Keizersgracht {n}', 'Stationsplein {n}', 'Industrieweg {n}', 'Oudegracht {n}'],
  US: ['Suite {n}, 200 Park Avenue', '{n} Main Street', '{n} W Madison St'],
};

/** A unit of UN/ECE Recommendation 20 and how quantities in it are drawn. */
export type QuantityKind = 'count' | 'hours' | 'days' | 'measure' | 'weight' | 'one';

export interface Article {
  readonly name: string;
  readonly unit: string;
  /** Net unit price range in the invoice currency. */
  readonly price: readonly [number, number];
  readonly quantity: QuantityKind;
  /** Sold at the reduced rate where the country has one (food, books, some services). */
  readonly reduced?: boolean;
}

const a = (
  name: string,
  unit: string,
  low: number,
  high: number,
  quantity: QuantityKind,
  reduced = false,
): Article => ({ name, unit, price: [low, high], quantity, ...(reduced ? { reduced } : {}) });

export const ARTICLES: Readonly<Record<Language, readonly Article[]>> = {
  de: [
    a('Kupferrohr 15 mm', 'MTR', 4, 12, 'measure'),
    a('Pressfitting 22 mm', 'C62', 2, 9, 'count'),
    a('Druckerpapier A4 80 g/m², 500 Blatt', 'C62', 3, 8, 'count'),
    a('Toner HP 305A schwarz', 'C62', 60, 120, 'count'),
    a('Schrauben 4x40 mm (100 Stk.)', 'C62', 4, 12, 'count'),
    a('LED-Panel 60x60 cm 40 W', 'C62', 30, 90, 'count'),
    a('Kabel NYM-J 3x1,5 mm²', 'MTR', 0.6, 1.5, 'measure'),
    a('Bürostuhl ErgoFlex 300', 'C62', 180, 450, 'count'),
    a('Monitor 27 Zoll WQHD', 'C62', 220, 480, 'count'),
    a('Fliesenkleber C2TE 25 kg', 'C62', 15, 30, 'count'),
    a('Laminat Eiche Landhaus', 'MTK', 12, 35, 'measure'),
    a('Wandfarbe weiß 10 l', 'C62', 25, 70, 'count'),
    a('Kaffeebohnen Espresso', 'KGM', 14, 28, 'weight', true),
    a('Fachbuch Elektroinstallation, 4. Auflage', 'C62', 29, 69, 'count', true),
    a('Bio-Apfelsaft 1 l', 'C62', 1, 3, 'count', true),
    a('Montagearbeiten', 'HUR', 45, 85, 'hours'),
    a('Beratung und Konzeption', 'HUR', 90, 160, 'hours'),
    a('Softwareentwicklung', 'HUR', 80, 140, 'hours'),
    a('Anfahrt', 'LS', 25, 60, 'one'),
    a('Wartung Heizungsanlage', 'LS', 120, 300, 'one'),
    a('Projektmanagement', 'DAY', 600, 1100, 'days'),
    a('Schulung vor Ort', 'DAY', 800, 1500, 'days'),
    a('Webhosting Business', 'MON', 9, 49, 'count'),
    a('Unterhaltsreinigung Büroflächen', 'MTK', 1, 4, 'measure'),
    a('Fahrtkosten', 'KMT', 0.3, 0.7, 'measure'),
    a('Elektroinstallation', 'HUR', 50, 80, 'hours'),
    a('Gartenpflege', 'HUR', 35, 55, 'hours'),
    a('Lizenz Office-Paket (12 Monate)', 'C62', 99, 299, 'count'),
  ],
  fr: [
    a('Prestation de conseil', 'HUR', 80, 150, 'hours'),
    a('Développement logiciel', 'DAY', 450, 800, 'days'),
    a('Maintenance annuelle', 'LS', 300, 1200, 'one'),
    a('Ramette papier A4 80 g', 'C62', 4, 8, 'count'),
    a("Cartouche d'encre noire", 'C62', 20, 60, 'count'),
    a('Câble électrique 3G2,5 mm²', 'MTR', 0.8, 2, 'measure'),
    a('Tube cuivre 14/16', 'MTR', 5, 12, 'measure'),
    a("Main d'œuvre", 'HUR', 40, 70, 'hours'),
    a('Déplacement', 'LS', 30, 80, 'one'),
    a('Pain de campagne', 'C62', 2, 5, 'count', true),
    a('Farine T65 (sac 25 kg)', 'C62', 15, 30, 'count', true),
    a('Livre « Gestion de projet », 3e édition', 'C62', 25, 55, 'count', true),
    a('Abonnement hébergement web', 'MON', 10, 50, 'count'),
    a('Formation bureautique', 'DAY', 500, 1200, 'days'),
    a('Location nacelle 12 m', 'DAY', 150, 350, 'days'),
    a('Peinture acrylique blanche 10 L', 'C62', 40, 90, 'count'),
    a('Carrelage grès cérame 60x60', 'MTK', 20, 45, 'measure'),
    a('Nettoyage des locaux', 'HUR', 25, 40, 'hours'),
    a('Repas traiteur (menu du jour)', 'C62', 12, 25, 'count', true),
    a('Travaux de rénovation énergétique', 'LS', 800, 4000, 'one', true),
  ],
  en: [
    a('Consultancy services', 'HUR', 75, 180, 'hours'),
    a('Website development', 'DAY', 400, 900, 'days'),
    a('Annual support contract', 'LS', 500, 2400, 'one'),
    a('A4 copier paper, 80gsm (box of 5 reams)', 'C62', 18, 35, 'count'),
    a('Toner cartridge, black', 'C62', 45, 110, 'count'),
    a('Oak worktop 3000 x 600 mm', 'C62', 150, 320, 'count'),
    a('Labour', 'HUR', 30, 60, 'hours'),
    a('Call-out charge', 'LS', 40, 95, 'one'),
    a('Cloud hosting (monthly)', 'MON', 20, 120, 'count'),
    a('On-site training', 'DAY', 500, 1100, 'days'),
    a('Copper pipe 15mm', 'MTR', 3, 9, 'measure'),
    a('LED floodlight 50W', 'C62', 25, 70, 'count'),
    a('Timber decking boards 28 x 144 mm', 'MTR', 4, 10, 'measure'),
    a('Delivery and installation', 'LS', 60, 200, 'one'),
    a('Domestic fuel (heating oil)', 'LTR', 0.6, 1.1, 'measure', true),
    a("Children's car seat, group 1", 'C62', 60, 180, 'count', true),
    a('Printed brochures A5, 1,000 copies', 'C62', 120, 400, 'count'),
  ],
};

/** A second row under an item's name: {n} a number, {d1}/{d2} dates, {c} a town, {sn} a serial. */
export const ITEM_DETAILS: Readonly<Record<Language, readonly string[]>> = {
  de: [
    'Leistungszeitraum {d1} – {d2}',
    'Farbe: anthrazit, Größe L',
    'lt. Angebot Nr. {n}',
    'Einsatzort: {c}',
    'inkl. Kleinmaterial',
    'Seriennummer {sn}',
    'Lieferschein {n} vom {d1}',
  ],
  fr: [
    'Période du {d1} au {d2}',
    'Selon devis n° {n}',
    'Chantier : {c}',
    'Couleur : gris anthracite',
    'N° de série {sn}',
  ],
  en: [
    'Period: {d1} to {d2}',
    'As per quote Q-{n}',
    'Site: {c}',
    'Serial no. {sn}',
    'Colour: graphite, size L',
  ],
};

export const BANKS: Readonly<Record<string, readonly string[]>> = {
  DE: ['Sparkasse', 'Volksbank', 'Deutsche Bank', 'Commerzbank', 'Postbank', 'GLS Bank'],
  FR: ['Crédit Agricole', 'BNP Paribas', 'Société Générale', 'Banque Populaire', "Caisse d'Epargne", 'CIC'],
  GB: ['Barclays', 'Lloyds Bank', 'HSBC UK', 'NatWest'],
  IE: ['Bank of Ireland', 'AIB'],
  NL: ['ING Bank', 'Rabobank', 'ABN AMRO'],
};
