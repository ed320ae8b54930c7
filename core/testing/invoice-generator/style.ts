/**
 * How a generated invoice looks, drawn once per invoice: font family and size, where each block
 * sits (letterhead left, right or centred; window address left or right; information block beside the
 * address, below it, or as a row of headings over values; totals right-aligned or boxed; footer in
 * columns or centred lines), which of the language's labels it uses for each term, which columns its
 * lines table has, and how it prints numbers, amounts, dates and rates.
 */
import type { FontFamily } from './canvas';
import type { InvoiceContent } from './content';
import type { DateStyle, MoneyStyle, NumberStyle } from './print-formats';
import type { Random } from './random';
import { VOCABULARY, type ColumnKey, type LabelKey, type SentenceKey, type Vocabulary } from './vocabulary';

export interface InvoiceStyle {
  readonly vocabulary: Vocabulary;
  readonly family: FontFamily;
  readonly wordByWord: boolean;
  /** Body text size, and the distance from one text row to the next. */
  readonly size: number;
  readonly gap: number;
  readonly left: number;
  readonly right: number;
  readonly letterhead: 'left' | 'right' | 'centre';
  readonly letterheadSize: number;
  readonly senderLine: boolean;
  readonly addressSide: 'left' | 'right';
  readonly billToHeading: boolean;
  readonly info: 'beside-address' | 'below-address' | 'headings';
  readonly colon: boolean;
  readonly title: string;
  readonly titleSize: number;
  readonly numberInTitle: boolean;
  readonly labels: Readonly<Record<LabelKey, string>>;
  readonly sentences: Readonly<Record<SentenceKey, string>>;
  readonly columns: readonly ColumnKey[];
  readonly headings: Readonly<Record<ColumnKey, string>>;
  readonly quantityWithUnit: boolean;
  readonly units: Readonly<Record<string, string>>;
  readonly numbers: NumberStyle;
  readonly money: MoneyStyle;
  readonly lineMoney: MoneyStyle;
  readonly dates: DateStyle;
  readonly american: boolean;
  readonly rateScale: number | 'natural';
  readonly rateSpace: boolean;
  readonly totalsBox: boolean;
  readonly breakdownTable: boolean;
  readonly breakdownColumns: readonly [string, string, string, string];
  readonly minusOnAllowance: boolean;
  readonly footer: 'columns' | 'lines';
  readonly pageNumbers: 'top' | 'bottom' | 'info' | 'none';
  /** Where the currency is said when amounts carry no mark: a note, or the amount column's heading. */
  readonly currencyNote: 'sentence' | 'heading' | 'info' | null;
  readonly placeDate: boolean;
  readonly vatIdPlace: 'footer' | 'letterhead' | 'info';
  readonly ibanPlace: 'footer' | 'payment';
  readonly buyerVatPlace: 'address' | 'info' | 'mention';
  readonly mention: string | null;
  readonly rulesUnderHeadings: boolean;
  /** IBANs printed in groups of four, VAT numbers with spaces after the country ('DE 123 456 789'). */
  readonly ibanGrouped: boolean;
  readonly vatSpaced: boolean;
  /** Whether the information block prints the due date, and the invoice a credit note refers to. */
  readonly dueInInfo: boolean;
  readonly referenceInInfo: boolean;
  /** A zero VAT row printed for an exempt or reverse-charge supply. */
  readonly zeroVatRow: boolean;
  /** Positions counted 10, 20, 30 as ERP systems number them. */
  readonly positionsByTen: boolean;
}

const CURRENCY_MARKS: Readonly<Record<string, readonly string[]>> = {
  EUR: ['€', '€', 'EUR'],
  GBP: ['£', '£', 'GBP'],
  USD: ['$', 'USD', 'US$'],
  CHF: ['CHF'],
};

function numberStyle(random: Random, content: InvoiceContent, family: FontFamily): NumberStyle {
  if (content.currency === 'CHF' && content.language === 'de' && random.chance(0.5))
    return { group: "'", decimal: '.' };
  switch (content.language) {
    case 'de':
      return { group: random.chance(0.75) ? '.' : '', decimal: ',' };
    case 'fr': {
      const group = random.weighted([
        [' ', 5],
        ['\u202f', family === 'LiberationMono' ? 0 : 1.5],
        ['\u00a0', 1.5],
        ['', 1],
        ['.', 1],
      ]);
      return { group, decimal: ',' };
    }
    case 'en':
      return { group: random.chance(0.85) ? ',' : '', decimal: '.' };
  }
}

function moneyStyle(random: Random, content: InvoiceContent, numbers: NumberStyle): MoneyStyle {
  const mark = random.pick(CURRENCY_MARKS[content.currency]!);
  const sign = mark.length === 1 || mark === 'US$';
  const placement =
    content.language === 'en'
      ? sign || random.chance(0.5)
        ? 'before'
        : 'after'
      : sign
        ? random.chance(0.85)
          ? 'after'
          : 'before'
        : random.chance(0.6)
          ? 'after'
          : 'before';
  return { number: numbers, mark, placement };
}

const DATE_STYLES: Readonly<Record<InvoiceContent['language'], readonly (readonly [DateStyle, number])[]>> = {
  de: [
    ['dmy-dot', 14],
    ['long', 2],
    ['short-month', 1],
    ['iso', 1],
    ['dmy-dot-short', 2],
  ],
  fr: [
    ['dmy-slash', 14],
    ['long', 3],
    ['short-month', 1],
    ['iso', 1],
    ['dmy-dot', 1],
  ],
  en: [
    ['dmy-slash', 7],
    ['long', 5],
    ['short-month', 5],
    ['iso', 3],
  ],
};

function pickAll<K extends string>(
  random: Random,
  table: Readonly<Record<K, readonly string[]>>,
): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(table) as K[]) out[key] = random.pick(table[key]);
  return out;
}

function columnsOf(
  random: Random,
  content: InvoiceContent,
): { columns: ColumnKey[]; quantityWithUnit: boolean } {
  const severalRates = content.groups.length > 1;
  const discounts = content.items.some((i) => i.discount !== null);
  const articles = content.items.some((i) => i.article !== null);
  const units = content.items.some((i) => i.unit !== 'C62');
  const template = random.weighted([
    ['full', content.language === 'de' ? 5 : 3],
    ['compact', 3],
    ['quantity-first', content.language === 'en' ? 2 : 0.5],
  ] as const);
  const vat = severalRates || random.chance(0.35);
  const unitColumn = template === 'full' && random.chance(0.75);
  const optional = (on: boolean, key: ColumnKey): ColumnKey[] => (on ? [key] : []);
  const tail: ColumnKey[] = [
    'unitPrice',
    ...optional(discounts, 'discount'),
    ...optional(vat, 'vat'),
    'amount',
  ];
  const columns: ColumnKey[] =
    template === 'quantity-first'
      ? ['quantity', ...optional(articles, 'article'), 'description', ...tail]
      : [
          ...optional(template === 'full' && random.chance(0.7), 'position'),
          ...optional(articles, 'article'),
          'description',
          'quantity',
          ...optional(unitColumn, 'unit'),
          ...tail,
        ];
  return { columns, quantityWithUnit: units && !unitColumn };
}

export function drawStyle(random: Random, content: InvoiceContent): InvoiceStyle {
  const vocabulary = VOCABULARY[content.language];
  const family = random.weighted<FontFamily>([
    ['LiberationSans', 5],
    ['LiberationSerif', 2],
    ['DejaVuSans', 2],
    ['LiberationMono', 0.5],
  ]);
  const size = family === 'LiberationMono' ? random.pick([7.5, 8]) : random.pick([8, 8.5, 9, 9, 9.5, 10]);
  const numbers = numberStyle(random, content, family);
  const money = moneyStyle(random, content, numbers);
  const bareTotals = random.chance(0.2);
  const totalsMoney: MoneyStyle = bareTotals ? { ...money, mark: '' } : money;
  const lineMoney: MoneyStyle = !bareTotals && random.chance(0.25) ? money : { ...money, mark: '' };
  const { columns, quantityWithUnit } = columnsOf(random, content);
  const letterhead = random.weighted([
    ['left', 4],
    ['right', 3],
    ['centre', 2],
  ] as const);
  const addressSide = content.language === 'fr' && random.chance(0.5) ? 'right' : 'left';
  const labels = pickAll(random, vocabulary.labels);
  const dates = random.weighted(DATE_STYLES[content.language]);
  const exempt = content.groups.find((g) => g.category !== 'S');
  const mentions = exempt
    ? vocabulary.mentions[exempt.category as Exclude<typeof exempt.category, 'S'>]
    : null;
  return {
    vocabulary,
    family,
    wordByWord: random.chance(0.3),
    size,
    gap: Math.round(size * random.pick([1.25, 1.35, 1.45]) * 10) / 10,
    left: random.int(42, 70),
    right: 595 - random.int(38, 60),
    letterhead,
    letterheadSize: random.pick([12, 14, 16, 18]),
    senderLine: addressSide === 'left' && random.chance(content.language === 'de' ? 0.8 : 0.25),
    addressSide,
    billToHeading: random.chance(content.language === 'de' ? 0.15 : 0.6),
    info: random.weighted([
      ['beside-address', 5],
      ['below-address', 2],
      ['headings', 3],
    ] as const),
    colon: random.chance(0.6),
    title: random.pick(vocabulary.titles[content.typeCode]),
    titleSize: random.pick([13, 14, 16, 18, 20]),
    numberInTitle: random.chance(0.2),
    labels,
    sentences: pickAll(random, vocabulary.sentences),
    columns,
    headings: pickAll(random, vocabulary.columns),
    quantityWithUnit,
    units: pickAll(random, vocabulary.units),
    numbers,
    money: totalsMoney,
    lineMoney,
    dates,
    american: content.language === 'en' && (content.currency === 'USD' || random.chance(0.25)),
    rateScale: random.weighted<number | 'natural'>([
      ['natural', 6],
      [2, 2],
      [1, 1],
    ]),
    rateSpace: content.language === 'en' ? random.chance(0.2) : random.chance(0.8),
    totalsBox: random.chance(0.3),
    breakdownTable: content.groups.length > 1 ? random.chance(0.5) : random.chance(0.1),
    breakdownColumns: random.pick(vocabulary.breakdownColumns),
    minusOnAllowance: random.chance(0.6),
    footer: random.chance(0.6) ? 'columns' : 'lines',
    pageNumbers: random.weighted([
      ['top', 2],
      ['bottom', 4],
      ['info', 1],
      ['none', content.items.length > 20 ? 0 : 2],
    ] as const),
    currencyNote: bareTotals
      ? random.pick(['sentence', 'heading', 'info'] as const)
      : random.chance(0.1)
        ? 'info'
        : null,
    placeDate: content.language !== 'en' && random.chance(0.25),
    vatIdPlace: random.weighted([
      ['footer', 6],
      ['letterhead', 2],
      ['info', 1],
    ] as const),
    ibanPlace: random.chance(0.7) ? 'footer' : 'payment',
    buyerVatPlace: random.pick(['address', 'info', 'mention'] as const),
    // The first exempt mention is the small business's (§ 19 UStG, article 293 B du CGI).
    mention: !mentions
      ? null
      : content.regime === 'small-business'
        ? mentions[0]!
        : random.pick(content.regime === 'exempt' && mentions.length > 1 ? mentions.slice(1) : mentions),
    rulesUnderHeadings: random.chance(0.7),
    ibanGrouped: random.chance(0.7),
    vatSpaced: random.chance(0.25),
    positionsByTen: random.chance(0.15),
    dueInInfo: random.chance(0.5),
    referenceInInfo: random.chance(0.5),
    zeroVatRow: random.chance(0.5),
  };
}
