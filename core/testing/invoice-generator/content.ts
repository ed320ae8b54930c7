/**
 * What a generated invoice says, before it is laid out: its parties, dates, references, items and
 * totals, as facts (decimals, ISO dates, raw identifiers), with the arithmetic EN 16931 asks done
 * exactly in core/decimal: line net = quantity × net price, rounded to the cent; allowances split over
 * the VAT rates; the tax per rate on its base; BT-109 + BT-110 = BT-112; BT-112 − prepaid = BT-115.
 * The scenarios are those of real trade: domestic supplies at one or several rates, intra-community
 * supplies and reverse charge, exports, exempt supplies and small businesses, credit notes,
 * corrections (a difference printed negative, or the whole corrected invoice) and advance invoices.
 */
import { Decimal } from '../../decimal/decimal';
import {
  ARTICLES,
  BANKS,
  COMPANY_PATTERNS,
  COUNTRY_LANGUAGE,
  FANTASY,
  GIVEN_NAMES,
  ITEM_DETAILS,
  STREETS,
  SURNAMES,
  TOWNS,
  TRADES,
  type Article,
  type Town,
} from './catalogue';
import { bic, iban, siren, siret, vatId } from './identifiers';
import { addDays, percentOf } from './print-formats';
import type { Random } from './random';
import { OPERATION_CATEGORY, type Category, type DocumentType, type Language } from './vocabulary';

export type Regime =
  'domestic' | 'reverse-charge' | 'intra-community' | 'export' | 'exempt' | 'small-business';

export interface Party {
  readonly name: string;
  readonly street: string;
  readonly town: Town;
  readonly country: string;
  /** Printed on the invoice (null when it prints none). */
  readonly vatId: string | null;
  /** A French party's SIREN and SIRET, when printed. */
  readonly siren: string | null;
  readonly siret: string | null;
  /** A person to the attention of whom the invoice goes, or who handles it at the seller. */
  readonly contact: string | null;
  /** A private person (no company): the name is the person's. */
  readonly person: boolean;
}

export interface Seller extends Party {
  readonly phone: string;
  readonly fax: string | null;
  readonly email: string;
  readonly web: string | null;
  readonly iban: string;
  readonly bic: string;
  readonly bank: string;
  /** Trade register number (HRB, RCS, company number, KvK). */
  readonly register: string;
  readonly managingDirector: string;
  /** A German seller's tax number, a French one's APE code. */
  readonly taxNumber: string | null;
  /** A French company's share capital. */
  readonly capital: Decimal | null;
  /** Whether its SIREN is printed as such (RCS or SIREN), or only within the SIRET. */
  readonly printsSiren: boolean;
}

export interface Item {
  readonly article: string | null;
  readonly name: string;
  /** A second row under the name (a period, a quote number, a colour). */
  readonly detail: string | null;
  readonly quantity: Decimal;
  readonly unit: string;
  /** The price printed, before the item's discount. */
  readonly unitPrice: Decimal;
  /** The item's discount in percent, when the invoice has a discount column. */
  readonly discount: Decimal | null;
  readonly netPrice: Decimal;
  readonly lineTotal: Decimal;
  readonly category: Category;
  readonly rate: Decimal;
}

export interface RateGroup {
  readonly category: Category;
  readonly rate: Decimal;
  readonly lines: Decimal;
  readonly allowance: Decimal;
  readonly charge: Decimal;
  readonly base: Decimal;
  readonly tax: Decimal;
}

export interface Totals {
  readonly lineNet: Decimal;
  readonly allowances: Decimal | null;
  /** The document allowance's percent, as printed beside its label. */
  readonly allowancePercent: Decimal | null;
  readonly charges: Decimal | null;
  readonly taxExclusive: Decimal;
  readonly vat: Decimal;
  readonly grand: Decimal;
  readonly prepaid: Decimal | null;
  readonly prepaidDate: string | null;
  readonly due: Decimal;
}

export type DueTerms =
  | { readonly kind: 'date'; readonly date: string }
  | { readonly kind: 'days'; readonly days: number; readonly date: string }
  | { readonly kind: 'receipt' | 'none' | 'credit' };

export interface InvoiceContent {
  readonly language: Language;
  readonly regime: Regime;
  readonly typeCode: DocumentType;
  readonly number: string;
  readonly issueDate: string;
  readonly due: DueTerms;
  readonly deliveryDate: string | null;
  readonly period: readonly [string, string] | null;
  readonly orderReference: string | null;
  readonly customerNumber: string | null;
  readonly deliveryNote: string | null;
  readonly referenced: { readonly number: string; readonly date: string } | null;
  readonly currency: string;
  readonly seller: Seller;
  readonly buyer: Party;
  /** A different place of delivery, whose name is not the buyer's. */
  readonly shipTo: Party | null;
  readonly items: readonly Item[];
  readonly groups: readonly RateGroup[];
  readonly totals: Totals;
  /** Cash discount offered for early payment (Skonto, escompte). */
  readonly earlyPayment: { readonly percent: Decimal; readonly days: number } | null;
  /** Whether the seller's IBAN is printed at all. */
  readonly printsIban: boolean;
  /**
   * The category of operation (goods, services, both) when the invoice prints it (French sellers), with
   * the words it prints.
   */
  readonly operation: {
    readonly category: Operation;
    readonly label: string;
    readonly value: string;
  } | null;
}

export type Operation = 'goods' | 'services' | 'mixed';

/** Units that bill work and time rather than goods: hours, days, a lump sum, a month, kilometres. */
const SERVICE_UNITS = new Set(['HUR', 'DAY', 'LS', 'MON', 'KMT']);

function operationPrinted(random: Random, items: readonly Item[]): InvoiceContent['operation'] {
  const services = items.filter((i) => SERVICE_UNITS.has(i.unit)).length;
  const category = services === 0 ? 'goods' : services === items.length ? 'services' : 'mixed';
  return {
    category,
    label: random.pick(OPERATION_CATEGORY.labels),
    value: random.pick(OPERATION_CATEGORY.values[category]),
  };
}

const EU = ['DE', 'FR', 'AT', 'BE', 'NL', 'IE'];

interface Scenario {
  readonly seller: string;
  readonly buyer: string;
  readonly regime: Regime;
  readonly currency: string;
}

const CURRENCY: Readonly<Record<string, string>> = { GB: 'GBP', US: 'USD', CH: 'CHF' };

function drawScenario(random: Random, language: Language): Scenario {
  const seller =
    language === 'de'
      ? 'DE'
      : language === 'fr'
        ? 'FR'
        : random.weighted([
            ['GB', 6],
            ['IE', 2],
            ['DE', 0.8],
            ['FR', 0.6],
            ['NL', 0.6],
          ]);
  const weights: [Regime, number][] =
    language === 'en' && !['GB', 'IE'].includes(seller)
      ? [
          ['export', 3],
          ['reverse-charge', 1],
        ]
      : [
          ['domestic', 18],
          ['reverse-charge', 2],
          ['intra-community', 2],
          ['export', 1.5],
          ['exempt', 1.2],
          ['small-business', language === 'en' ? 0 : 1.2],
        ];
  const regime = random.weighted(weights);
  let buyer = seller;
  if (regime === 'reverse-charge' || regime === 'intra-community') {
    const others = EU.filter((c) => c !== seller && (language !== 'en' || c === 'IE' || c === 'NL'));
    buyer = random.pick(
      language === 'de'
        ? ['AT', 'NL', 'BE', 'FR']
        : language === 'fr'
          ? ['DE', 'BE', 'NL']
          : others.length
            ? others
            : ['DE'],
    );
    if (buyer === seller) buyer = seller === 'DE' ? 'AT' : 'DE';
  } else if (regime === 'export') {
    buyer = random.pick(
      seller === 'GB' ? ['US', 'CH'] : language === 'en' ? ['US', 'GB', 'CH'] : ['CH', 'US'],
    );
  }
  const home = seller === 'GB' ? 'GBP' : 'EUR';
  const foreign = CURRENCY[buyer];
  const currency = foreign && regime === 'export' && random.chance(0.7) ? foreign : home;
  return { seller, buyer, regime, currency };
}

const STANDARD: Readonly<Record<string, string>> = { DE: '19', FR: '20', GB: '20', IE: '23', NL: '21' };
const REDUCED: Readonly<Record<string, readonly string[]>> = {
  DE: ['7'],
  FR: ['10', '5.5'],
  GB: ['5'],
  IE: ['13.5'],
  NL: ['9'],
};

const fill = (pattern: string, values: Readonly<Record<string, string>>): string =>
  pattern.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

function companyName(random: Random, country: string): string {
  const language = COUNTRY_LANGUAGE[country] ?? 'en';
  const surnames = SURNAMES[language];
  const s = random.pick(surnames);
  return fill(random.pick(COMPANY_PATTERNS[country] ?? COMPANY_PATTERNS[language]!), {
    s,
    s2: random.pick(surnames.filter((n) => n !== s)),
    t: random.pick(TRADES[language]),
    f: random.pick(FANTASY[language]),
  });
}

const personName = (random: Random, language: Language): string =>
  `${random.pick(GIVEN_NAMES[language])} ${random.pick(SURNAMES[language])}`;

function street(random: Random, country: string): string {
  return fill(random.pick(STREETS[country]!), {
    n: String(
      random.weighted([
        [random.int(1, 40), 3],
        [random.int(41, 180), 1],
      ]),
    ),
  });
}

function party(
  random: Random,
  country: string,
  options: { vat: boolean; person?: boolean; contact?: boolean; siren?: boolean },
): Party {
  const language = COUNTRY_LANGUAGE[country] ?? 'en';
  const frenchSiren = country === 'FR' ? siren(random) : null;
  const person = options.person === true;
  return {
    name: person ? personName(random, language) : companyName(random, country),
    street: street(random, country),
    town: random.pick(TOWNS[country]!),
    country,
    vatId: options.vat ? vatId(random, country, frenchSiren ?? undefined) : null,
    siren: frenchSiren && options.siren ? frenchSiren : null,
    siret: null,
    contact: options.contact ? personName(random, language) : null,
    person,
  };
}

function phone(random: Random, country: string): string {
  switch (country) {
    case 'DE':
      return random.pick([
        `+49 ${random.int(30, 911)} ${random.digits(6, false)}-0`,
        `0${random.int(30, 911)} / ${random.digits(3, false)} ${random.digits(2)} ${random.digits(2)}`,
        `(0${random.int(30, 911)}) ${random.digits(6, false)}-${random.digits(2)}`,
      ]);
    case 'FR':
      return random.pick([
        `0${random.int(1, 5)} ${random.digits(2)} ${random.digits(2)} ${random.digits(2)} ${random.digits(2)}`,
        `+33 (0)${random.int(1, 5)} ${random.digits(2)} ${random.digits(2)} ${random.digits(2)} ${random.digits(2)}`,
        `0${random.int(1, 5)}.${random.digits(2)}.${random.digits(2)}.${random.digits(2)}.${random.digits(2)}`,
      ]);
    case 'GB':
      return random.pick([
        `+44 (0)20 ${random.digits(4)} ${random.digits(4)}`,
        `0161 ${random.digits(3)} ${random.digits(4)}`,
      ]);
    case 'IE':
      return `+353 1 ${random.digits(3)} ${random.digits(4)}`;
    default:
      return `+31 20 ${random.digits(3)} ${random.digits(4)}`;
  }
}

function register(random: Random, country: string, town: Town, frenchSiren: string | null): string {
  switch (country) {
    case 'DE':
      return `HRB ${random.digits(random.int(4, 6), false)}`;
    case 'FR':
      return `RCS ${town.city} ${frenchSiren!.replace(/(\d{3})(?=\d)/g, '$1 ')}`;
    case 'NL':
      return `KvK ${random.digits(8, false)}`;
    default:
      return random.digits(8);
  }
}

const MAILBOXES: Readonly<Record<Language, readonly string[]>> = {
  de: ['info', 'rechnung', 'buchhaltung', 'office'],
  fr: ['contact', 'compta', 'facturation', 'info'],
  en: ['info', 'accounts', 'billing', 'hello'],
};

const slug = (name: string): string =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/\b(gmbh|co|kg|ag|ug|ek|e\.k\.|sarl|sas|sa|ltd|limited|llp|inc|haftungsbeschrankt|et)\b/g, '')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 18) || 'firma';

function seller(random: Random, country: string, regime: Regime): Seller {
  const base = party(random, country, { vat: regime !== 'small-business', contact: random.chance(0.4) });
  const language = COUNTRY_LANGUAGE[country] ?? 'en';
  const frenchSiren = country === 'FR' ? (base.vatId?.slice(4) ?? siren(random)) : null;
  const domain = `${slug(base.name)}.${country === 'GB' ? 'co.uk' : country.toLowerCase()}`;
  const bankCountry = BANKS[country] ? country : 'DE';
  return {
    ...base,
    siren: frenchSiren,
    siret: frenchSiren ? siret(random, frenchSiren) : null,
    phone: phone(random, country),
    fax: random.chance(0.35) ? phone(random, country) : null,
    email: `${random.pick(MAILBOXES[language])}@${domain}`,
    web: random.chance(0.5) ? `www.${domain}` : null,
    iban: iban(random, country === 'CH' ? 'CH' : bankCountry),
    bic: bic(random, bankCountry),
    bank: random.pick(BANKS[bankCountry]!),
    register: register(random, country, base.town, frenchSiren),
    managingDirector: personName(random, language),
    taxNumber:
      country === 'DE' && (regime === 'small-business' || random.chance(0.5))
        ? `${random.digits(3, false)}/${random.digits(3)}/${random.digits(5)}`
        : country === 'FR'
          ? `${random.digits(4, false)}${random.letters(1)}`
          : null,
    capital:
      country === 'FR' && random.chance(0.7)
        ? Decimal.of(random.pick([1000, 5000, 7500, 10000, 37000, 50000, 150000]))
        : null,
    printsSiren: country !== 'FR' || random.chance(0.7),
  };
}

function documentNumber(random: Random, year: number, credit: boolean): string {
  const yy = String(year).slice(2);
  const patterns = [
    `RE-${year}-${random.digits(4)}`,
    `${year}-${random.digits(5)}`,
    `R${yy}${random.digits(5)}`,
    random.digits(random.int(6, 8), false),
    `F${year}${String(random.int(1, 12)).padStart(2, '0')}-${random.digits(3)}`,
    `FA${yy}-${random.digits(5)}`,
    `INV-${random.digits(5, false)}`,
    `${year}/${random.digits(4)}`,
    `AR${random.digits(6)}`,
  ];
  const number = random.pick(patterns);
  return credit && random.chance(0.5)
    ? random.pick(['GS-', 'AV-', 'CN-', 'G']) + number.replace(/^[A-Z]+-?/, '')
    : number;
}

function quantity(random: Random, article: Article): Decimal {
  switch (article.quantity) {
    case 'one':
      return Decimal.of(1);
    case 'count':
      return Decimal.of(
        random.weighted([
          [random.int(1, 5), 6],
          [random.int(6, 50), 3],
          [50 * random.int(2, 10), 1],
        ]),
      );
    case 'hours':
      return Decimal.of(random.int(2, 160)).dividedBy(Decimal.of(4), 2)!;
    case 'days':
      return Decimal.of(random.int(1, 30)).dividedBy(Decimal.of(2), 1)!;
    case 'measure':
      return article.unit === 'KMT' || article.unit === 'LTR'
        ? Decimal.of(random.int(article.unit === 'LTR' ? 200 : 10, article.unit === 'LTR' ? 3000 : 400))
        : Decimal.of(random.int(10, 2500)).dividedBy(Decimal.of(10), 1)!;
    case 'weight':
      return Decimal.of(random.int(500, 60000)).dividedBy(Decimal.of(1000), 3)!;
  }
}

function price(random: Random, [low, high]: readonly [number, number]): Decimal {
  const cents = Math.round((low + random.next() * (high - low)) * 100);
  if (high < 2 && random.chance(0.4))
    return Decimal.of(Math.round((low + random.next() * (high - low)) * 1000)).dividedBy(
      Decimal.of(1000),
      3,
    )!;
  if (cents > 2000 && random.chance(0.5)) return Decimal.of(Math.round(cents / 100));
  return Decimal.of(cents).dividedBy(Decimal.of(100), 2)!;
}

function articleNumber(random: Random): string {
  return random.pick([
    `A-${random.digits(5, false)}`,
    `${random.digits(4, false)}-${random.digits(2)}`,
    `ART${random.digits(5)}`,
    random.digits(6, false),
    `${random.letters(2)}-${random.digits(3)}`,
    `400${random.digits(10)}`,
  ]);
}

function detail(random: Random, language: Language, issueDate: string, city: string): string {
  const start = addDays(issueDate, -random.int(20, 40));
  return fill(random.pick(ITEM_DETAILS[language]), {
    n: random.digits(random.int(4, 6), false),
    d1: formatShortDate(start, language),
    d2: formatShortDate(addDays(start, 30), language),
    c: city,
    sn: `${random.letters(2)}${random.digits(7)}`,
  });
}

/** Dates inside item texts, in the writing of the country (the invoice's own date style aside). */
const formatShortDate = (iso: string, language: Language): string => {
  const [y, m, d] = iso.split('-');
  return language === 'en' ? `${d}/${m}/${y}` : language === 'fr' ? `${d}/${m}/${y}` : `${d}.${m}.${y}`;
};

const lineCount = (random: Random): number =>
  random.weighted([
    [1, 12],
    [random.int(2, 5), 40],
    [random.int(6, 12), 25],
    [random.int(13, 25), 13],
    [random.int(26, 55), 8],
    [random.int(56, 90), 2],
  ]);

function items(
  random: Random,
  language: Language,
  scenario: Scenario,
  issueDate: string,
  city: string,
  negative: boolean,
): Item[] {
  const count = lineCount(random);
  const exemptCategory: Category | null =
    scenario.regime === 'reverse-charge'
      ? 'AE'
      : scenario.regime === 'intra-community'
        ? 'K'
        : scenario.regime === 'export'
          ? 'G'
          : scenario.regime === 'exempt' || scenario.regime === 'small-business'
            ? 'E'
            : null;
  const standard = Decimal.of(STANDARD[scenario.seller] ?? '20');
  const reducedRates = REDUCED[scenario.seller] ?? [];
  const severalRates = exemptCategory === null && reducedRates.length > 0 && count > 1 && random.chance(0.35);
  const reduced = Decimal.of(random.pick(reducedRates.length ? reducedRates : ['0']));
  const pool = ARTICLES[language].filter((a) => severalRates || !a.reduced);
  const discounts = random.chance(0.15);
  const withArticle = random.chance(0.4);
  const withDetails = random.chance(0.35);
  const out: Item[] = [];
  for (let i = 0; i < count; i++) {
    // Several rates: at least one item of each.
    const article =
      severalRates && i === 0
        ? random.pick(pool.filter((a) => a.reduced))
        : severalRates && i === 1
          ? random.pick(pool.filter((a) => !a.reduced))
          : random.pick(pool);
    let q = quantity(random, article);
    if (negative) q = q.negated();
    const unitPrice = price(random, article.price);
    const discount = discounts ? Decimal.of(random.pick([0, 0, 0, 3, 5, 10, 15, 20])) : null;
    const netPrice = discount
      ? unitPrice
          .times(Decimal.of(100).minus(discount))
          .dividedBy(Decimal.of(100), unitPrice.scale + 2)!
          .normalized()
      : unitPrice;
    const category = exemptCategory ?? 'S';
    out.push({
      article: withArticle ? articleNumber(random) : null,
      name: article.name,
      detail: withDetails && random.chance(0.6) ? detail(random, language, issueDate, city) : null,
      quantity: q,
      unit: article.unit,
      unitPrice,
      discount,
      netPrice,
      lineTotal: q.times(netPrice).round(2),
      category,
      rate: category !== 'S' ? Decimal.ZERO : severalRates && article.reduced ? reduced : standard,
    });
  }
  return out;
}

function groupsOf(
  items: readonly Item[],
  allowancePercent: Decimal | null,
  charge: Decimal | null,
): RateGroup[] {
  const keyed = new Map<string, { category: Category; rate: Decimal; lines: Decimal }>();
  for (const item of items) {
    const key = `${item.category}/${item.rate.normalized().toString()}`;
    const g = keyed.get(key) ?? { category: item.category, rate: item.rate, lines: Decimal.ZERO };
    g.lines = g.lines.plus(item.lineTotal);
    keyed.set(key, g);
  }
  const list = [...keyed.values()];
  // A charge (shipping) is taxed at the rate of most of the goods.
  const chargeGroup = list.reduce(
    (best, g) => (g.lines.abs().compare(best.lines.abs()) > 0 ? g : best),
    list[0]!,
  );
  return list.map((g) => {
    const allowance = allowancePercent ? percentOf(g.lines, allowancePercent) : Decimal.ZERO;
    const ch = charge && g === chargeGroup ? charge : Decimal.ZERO;
    const base = g.lines.minus(allowance).plus(ch);
    return { ...g, allowance, charge: ch, base, tax: percentOf(base, g.rate) };
  });
}

/** `added`: the invoice's second stream (Random.addedFor). */
export function drawContent(random: Random, language: Language, added: Random): InvoiceContent {
  const scenario = drawScenario(random, language);
  const typeCode = random.weighted<DocumentType>([
    ['380', 72],
    ['381', 12],
    ['384', 8],
    ['386', 8],
  ]);
  const year = random.weighted([
    [2024, 1],
    [2025, 3],
    [2026, 2],
  ]);
  const issueDate = addDays(`${year}-01-01`, random.int(0, year === 2026 ? 180 : 364));
  const buyerVat =
    scenario.regime === 'reverse-charge' || scenario.regime === 'intra-community'
      ? true
      : scenario.buyer === 'FR'
        ? random.chance(0.5)
        : ['US', 'CH'].includes(scenario.buyer)
          ? false
          : random.chance(0.1);
  const person = scenario.regime === 'domestic' && !buyerVat && language !== 'fr' && random.chance(0.15);
  const sellerParty = seller(random, scenario.seller, scenario.regime);
  const buyer = party(random, scenario.buyer, {
    vat: buyerVat,
    person,
    contact: !person && random.chance(0.3),
    siren: scenario.buyer === 'FR' && random.chance(0.3),
  });
  const shipTo =
    random.chance(0.15) && !person
      ? party(random, scenario.buyer, { vat: false, contact: random.chance(0.5) })
      : null;
  const negative = typeCode === '384' && random.chance(0.5);
  const lines = items(random, language, scenario, issueDate, buyer.town.city, negative);
  const lineNet = Decimal.sum(lines.map((l) => l.lineTotal));
  const allowancePercent = !negative && random.chance(0.15) ? Decimal.of(random.pick([2, 3, 5, 10])) : null;
  const charge =
    !negative && random.chance(0.15)
      ? Decimal.of(random.pick(['4.90', '6.95', '9.90', '12.50', '25.00', '49.00']))
      : null;
  const groups = groupsOf(lines, allowancePercent, charge);
  const taxExclusive = Decimal.sum(groups.map((g) => g.base));
  const vat = Decimal.sum(groups.map((g) => g.tax));
  const grand = taxExclusive.plus(vat);
  const prepaid =
    (typeCode === '380' || (typeCode === '384' && !negative)) &&
    grand.compare(Decimal.of(200)) > 0 &&
    random.chance(0.12)
      ? grand
          .times(Decimal.of(random.int(2, 5)))
          .dividedBy(Decimal.of(100), 0)!
          .times(Decimal.of(10))
      : null;
  const dueKind =
    typeCode === '381' || negative
      ? 'credit'
      : random.weighted<'date' | 'days' | 'receipt' | 'none'>([
          ['date', 55],
          ['days', 25],
          ['receipt', 7],
          ['none', 13],
        ]);
  const days = random.pick([8, 10, 14, 21, 30, 30, 45, 60]);
  const due: DueTerms =
    dueKind === 'date'
      ? { kind: 'date', date: addDays(issueDate, days) }
      : dueKind === 'days'
        ? { kind: 'days', days, date: addDays(issueDate, days) }
        : { kind: dueKind };
  const periodStart = addDays(issueDate, -random.int(25, 45));
  const deliveryKind = random.weighted([
    ['date', 5],
    ['period', 2],
    ['none', 3],
  ] as const);
  return {
    language,
    regime: scenario.regime,
    typeCode,
    number: documentNumber(random, year, typeCode === '381'),
    issueDate,
    due,
    deliveryDate: deliveryKind === 'date' ? addDays(issueDate, -random.int(0, 20)) : null,
    period: deliveryKind === 'period' ? [periodStart, addDays(periodStart, 29)] : null,
    orderReference: random.chance(0.4)
      ? random.pick([
          `PO-${random.digits(5, false)}`,
          `4500${random.digits(6)}`,
          `B${random.digits(6, false)}`,
          `${year}-${random.digits(4)}`,
          `BE-${random.digits(4, false)}`,
        ])
      : null,
    customerNumber: random.chance(0.7)
      ? random.pick([
          random.digits(5, false),
          `K-${random.digits(5, false)}`,
          `D${random.digits(5)}`,
          `C-00${random.digits(4)}`,
        ])
      : null,
    deliveryNote: random.chance(0.2)
      ? random.pick([`LS-${year}-${random.digits(4)}`, random.digits(6, false)])
      : null,
    referenced:
      typeCode === '381' || typeCode === '384'
        ? { number: documentNumber(random, year, false), date: addDays(issueDate, -random.int(5, 60)) }
        : null,
    currency: scenario.currency,
    seller: sellerParty,
    buyer,
    shipTo,
    items: lines,
    groups,
    totals: {
      lineNet,
      allowances: allowancePercent ? Decimal.sum(groups.map((g) => g.allowance)) : null,
      allowancePercent,
      charges: charge,
      taxExclusive,
      vat,
      grand,
      prepaid,
      prepaidDate: prepaid ? addDays(issueDate, -random.int(10, 40)) : null,
      due: prepaid ? grand.minus(prepaid) : grand,
    },
    earlyPayment:
      dueKind === 'date' || dueKind === 'days'
        ? random.chance(language === 'de' ? 0.3 : 0.1)
          ? { percent: Decimal.of(random.pick([2, 3])), days: random.pick([7, 8, 10, 14]) }
          : null
        : null,
    printsIban: random.chance(0.92),
    // French invoices print it from September 2026; some already do.
    operation: sellerParty.country === 'FR' && added.chance(0.5) ? operationPrinted(added, lines) : null,
  };
}
