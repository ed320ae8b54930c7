/**
 * The VAT category rules (BR-S, BR-Z, BR-E, BR-AE, BR-IC, BR-G, BR-O, BR-AF, BR-AG: -01 … -10, and the
 * few extras), generated from one table: for each category the artefact asks the same questions (is the
 * breakdown there once, which party identifiers are needed, what rate, does the taxable amount add up,
 * what tax amount, is an exemption reason required) with per-category answers.
 */
import { UDT } from '../../cii/namespaces';
import { Decimal } from '../../decimal/decimal';
import { textOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import type { Message } from '../rule';
import { decimalOf, doubleOf, untypedVersus } from '../xpath/cast';
import { CATEGORY, invoice, type CategoryCode, type CategoryContexts } from './contexts';
import type { InvoiceView } from './invoice-view';
import { ram } from './invoice-view';
import type { Assertion, Context } from './pattern';
import { assertion, first, has, sel } from './select';

interface CategorySpec {
  readonly code: CategoryCode;
  readonly prefix: string;
  readonly name: Message;
  /** Shape of rule -01 (how many breakdowns the category needs). */
  readonly count: 'per-rate' | 'exactly-one' | 'at-most-one';
  /** Rules -02…-04: the party identifiers an invoice using the category needs (or must not have). */
  readonly parties: (view: InvoiceView) => boolean;
  readonly partiesText: Message;
  /** Rules -05…-07: the rate a line, allowance or charge of the category must have. */
  readonly rate: '>0' | '=0' | '>=0' | 'absent';
  /** Rule -08: how the taxable amount (BT-116) must match the lines, allowances and charges. */
  readonly basis: 'per-rate' | 'within-one' | 'exact';
  /** Rule -09: the tax amount (BT-117) (`none`: the artefact's test is `true()`). */
  readonly taxAmount: 'rate' | 'zero' | 'none';
  readonly exemption: 'required' | 'forbidden';
}

const SELLER_VAT_OR_TAX: Message = {
  en: 'the Seller VAT identifier (BT-31), the Seller tax registration identifier (BT-32) or the Seller tax representative VAT identifier (BT-63)',
  fr: "l'identifiant TVA du vendeur (BT-31), son identifiant d'enregistrement fiscal (BT-32) ou l'identifiant TVA de son représentant fiscal (BT-63)",
};

const SPECS: readonly CategorySpec[] = [
  {
    code: 'S',
    prefix: 'BR-S',
    name: { en: 'Standard rated', fr: 'taux normal' },
    count: 'per-rate',
    parties: (v) => v.sellerTaxId('VA FC', 'absolute'),
    partiesText: SELLER_VAT_OR_TAX,
    rate: '>0',
    basis: 'per-rate',
    taxAmount: 'rate',
    exemption: 'forbidden',
  },
  {
    code: 'Z',
    prefix: 'BR-Z',
    name: { en: 'Zero rated', fr: 'taux zéro' },
    count: 'exactly-one',
    parties: (v) => v.sellerTaxId('VA FC', 'absolute'),
    partiesText: SELLER_VAT_OR_TAX,
    rate: '=0',
    basis: 'within-one',
    taxAmount: 'zero',
    exemption: 'forbidden',
  },
  {
    code: 'E',
    prefix: 'BR-E',
    name: { en: 'Exempt from VAT', fr: 'exonéré de TVA' },
    count: 'exactly-one',
    parties: (v) => v.sellerTaxId('VA FC', 'absolute'),
    partiesText: SELLER_VAT_OR_TAX,
    rate: '=0',
    basis: 'within-one',
    taxAmount: 'zero',
    exemption: 'required',
  },
  {
    code: 'AE',
    prefix: 'BR-AE',
    name: { en: 'VAT reverse charge', fr: 'autoliquidation' },
    count: 'exactly-one',
    parties: (v) =>
      v.sellerTaxId('VA FC', 'anywhere') && (v.buyerVatIdAnywhere() || v.buyerLegalIdAnywhere()),
    partiesText: {
      en: `${SELLER_VAT_OR_TAX.en}, and the Buyer VAT identifier (BT-48) or legal registration identifier (BT-47)`,
      fr: `${SELLER_VAT_OR_TAX.fr}, ainsi que l'identifiant TVA (BT-48) ou l'identifiant légal (BT-47) de l'acheteur`,
    },
    rate: '=0',
    basis: 'within-one',
    taxAmount: 'zero',
    exemption: 'required',
  },
  {
    code: 'K',
    prefix: 'BR-IC',
    name: { en: 'Intra-community supply', fr: 'livraison intracommunautaire' },
    count: 'exactly-one',
    parties: (v) => v.sellerTaxId('VA', 'anywhere') && v.buyerVatIdAnywhere(),
    partiesText: {
      en: 'the Seller VAT identifier (BT-31) or Seller tax representative VAT identifier (BT-63), and the Buyer VAT identifier (BT-48)',
      fr: "l'identifiant TVA du vendeur (BT-31) ou de son représentant fiscal (BT-63), et l'identifiant TVA de l'acheteur (BT-48)",
    },
    rate: '=0',
    basis: 'within-one',
    taxAmount: 'zero',
    exemption: 'required',
  },
  {
    code: 'G',
    prefix: 'BR-G',
    name: { en: 'Export outside the EU', fr: 'exportation hors UE' },
    count: 'exactly-one',
    parties: (v) => v.sellerTaxId('VA', 'anywhere'),
    partiesText: {
      en: 'the Seller VAT identifier (BT-31) or Seller tax representative VAT identifier (BT-63)',
      fr: "l'identifiant TVA du vendeur (BT-31) ou de son représentant fiscal (BT-63)",
    },
    rate: '=0',
    basis: 'within-one',
    taxAmount: 'zero',
    exemption: 'required',
  },
  {
    code: 'O',
    prefix: 'BR-O',
    name: { en: 'Not subject to VAT', fr: 'hors champ de la TVA' },
    count: 'at-most-one',
    parties: (v) => !v.sellerTaxId('VA', 'absolute') && !v.buyerVatIdAnywhere(),
    partiesText: {
      en: 'NO Seller VAT identifier (BT-31), Seller tax representative VAT identifier (BT-63) nor Buyer VAT identifier (BT-48)',
      fr: "AUCUN identifiant TVA du vendeur (BT-31), de son représentant fiscal (BT-63) ni de l'acheteur (BT-48)",
    },
    rate: 'absent',
    basis: 'exact',
    taxAmount: 'zero',
    exemption: 'required',
  },
  {
    code: 'L',
    prefix: 'BR-AF',
    name: { en: 'IGIC (Canary Islands)', fr: 'IGIC (îles Canaries)' },
    count: 'per-rate',
    parties: (v) => v.sellerTaxId('VA FC', 'absolute'),
    partiesText: SELLER_VAT_OR_TAX,
    rate: '>0',
    basis: 'per-rate',
    taxAmount: 'none',
    exemption: 'forbidden',
  },
  {
    code: 'M',
    prefix: 'BR-AG',
    name: { en: 'IPSI (Ceuta and Melilla)', fr: 'IPSI (Ceuta et Melilla)' },
    count: 'per-rate',
    parties: (v) => v.sellerTaxId('VA FC', 'absolute'),
    partiesText: SELLER_VAT_OR_TAX,
    rate: '>=0',
    basis: 'per-rate',
    taxAmount: 'none',
    exemption: 'forbidden',
  },
];

/** The VAT breakdown (ApplicableTradeTax) of a breakdown context element (its CategoryCode for some categories). */
function breakdownOf(el: XmlElement): XmlElement {
  return el.local === 'CategoryCode' ? el.parent! : el;
}

/** XPath `round(x * 10 * 10) div 100` on an xs:decimal. */
function round2(x: Decimal): Decimal {
  return x.round(2, 'half-up');
}

/** Lines + charges − allowances of the category (and rate), each sum rounded to 2 decimals first. */
function expectedBasis(view: InvoiceView, code: string, rate?: Decimal): Decimal {
  return round2(view.lineNetSum(code, rate))
    .plus(round2(view.allowanceChargeSum(true, code, rate)))
    .minus(round2(view.allowanceChargeSum(false, code, rate)));
}

/** An untyped value compared with an xs:decimal: both as xs:double. */
function asDouble(d: Decimal): number {
  return Number(d.toString());
}

function countCategory(view: InvoiceView, code: string): { line: number; header: number; allowance: number } {
  return {
    line: view.withCategory(code, 'SpecifiedLineTradeSettlement', 'ApplicableTradeTax').length,
    header: view.withCategory(code, 'ApplicableHeaderTradeSettlement', 'ApplicableTradeTax').length,
    allowance: view.withCategory(code, 'CategoryTradeTax').length,
  };
}

function countTest(spec: CategorySpec): (el: XmlElement, view: InvoiceView) => boolean {
  return (_el, view) => {
    const n = countCategory(view, spec.code);
    switch (spec.count) {
      case 'per-rate':
        return (n.line + n.header >= 2 || n.line === 0) && (n.allowance + n.header >= 2 || n.allowance === 0);
      case 'exactly-one':
        return (
          (n.header === 0 && n.line === 0 && n.allowance === 0) ||
          (n.header === 1 && (n.line > 0 || n.allowance > 0))
        );
      case 'at-most-one':
        return n.header === 0 || (n.header === 1 && (n.line > 0 || n.allowance > 0));
    }
  };
}

function rateTest(spec: CategorySpec): (el: XmlElement) => boolean {
  return (el) => {
    const rates = sel(el, 'RateApplicablePercent');
    switch (spec.rate) {
      case '>0':
        return rates.some((r) => untypedVersus(r, 0, true) > 0);
      case '=0':
        return rates.some((r) => untypedVersus(r, 0, true) === 0);
      case '>=0':
        return rates.some((r) => untypedVersus(r, 0, true) >= 0);
      case 'absent':
        return rates.length === 0;
    }
  };
}

function basisTest(spec: CategorySpec): (el: XmlElement, view: InvoiceView) => boolean {
  return (el, view) => {
    const tax = breakdownOf(el);
    const bases = sel(tax, 'BasisAmount');
    switch (spec.basis) {
      case 'per-rate':
        // every $rate in RateApplicablePercent/xs:decimal(.) satisfies BasisAmount = …: the sums are
        // xs:decimal, the untyped BasisAmount is compared as xs:double.
        return sel(tax, 'RateApplicablePercent').every((r) => {
          const expected = asDouble(expectedBasis(view, spec.code, decimalOf(r)));
          return bases.some((b) => untypedVersus(b, expected) === 0);
        });
      case 'exact': {
        const expected = asDouble(expectedBasis(view, spec.code));
        return bases.some((b) => untypedVersus(b, expected) === 0);
      }
      case 'within-one': {
        // `BasisAmount - 1 < X and BasisAmount + 1 > X`: arithmetic on the untyped amount is xs:double.
        const basis = bases[0];
        if (!basis) return false;
        const b = doubleOf(basis);
        const expected = asDouble(expectedBasis(view, spec.code));
        return b - 1 < expected && b + 1 > expected;
      }
    }
  };
}

/**
 * BR-S-09: `abs(xs:decimal(BT-117)) ∓ 1` against `round(abs(xs:decimal(BT-116)) * BT-119) div 100`; the
 * untyped rate turns the product into an xs:double, so the comparison is in double arithmetic.
 */
function standardTaxTest(el: XmlElement): boolean {
  const tax = breakdownOf(el);
  const calc = first(tax, 'CalculatedAmount');
  const basis = first(tax, 'BasisAmount');
  const rate = first(tax, 'RateApplicablePercent');
  if (!calc || !basis || !rate) return false;
  const calcAbs = decimalOf(calc).abs();
  const expected = Math.round(asDouble(decimalOf(basis).abs()) * doubleOf(rate)) / 100;
  return (
    asDouble(calcAbs.minus(Decimal.of(1))) < expected && asDouble(calcAbs.plus(Decimal.of(1))) > expected
  );
}

function categoryAssertions(spec: CategorySpec): Assertion[] {
  const ctx: CategoryContexts = CATEGORY[spec.code];
  const n = spec.name;
  const id = (k: number): string => `${spec.prefix}-${String(k).padStart(2, '0')}`;
  const where: [Context, string, string, string, string][] = [
    [ctx.line, 'an Invoice line', 'BT-151', 'une ligne de facture', 'BT-151'],
    [ctx.allowance, 'a Document level allowance', 'BT-95', 'une remise au niveau du document', 'BT-95'],
    [ctx.charge, 'a Document level charge', 'BT-102', 'une charge au niveau du document', 'BT-102'],
  ];
  const rateBt = { 'BT-151': 'BT-152', 'BT-95': 'BT-96', 'BT-102': 'BT-103' } as const;
  const rateText = {
    '>0': { en: 'greater than zero', fr: 'supérieur à zéro' },
    '=0': { en: '0 (zero)', fr: '0 (zéro)' },
    '>=0': { en: '0 or greater', fr: 'positif ou nul' },
    absent: { en: 'absent', fr: 'absent' },
  }[spec.rate];
  const out: Assertion[] = [
    assertion(
      id(1),
      invoice,
      ['BG-23', 'BT-118', 'BT-151', 'BT-95', 'BT-102'],
      {
        en:
          `An Invoice using VAT category "${n.en}" on a line, allowance or charge must have the matching VAT breakdown (BG-23) ${spec.count === 'per-rate' ? '' : 'exactly once'}`.trim() +
          '.',
        fr: `Une facture qui utilise la catégorie de TVA « ${n.fr} » sur une ligne, remise ou charge doit avoir la ventilation de TVA (BG-23) correspondante${spec.count === 'per-rate' ? '' : ' une seule fois'}.`,
      },
      countTest(spec),
    ),
  ];
  where.forEach(([context, en, bt, fr], i) => {
    out.push(
      assertion(
        id(2 + i),
        context,
        [bt, 'BT-31', 'BT-32', 'BT-63'],
        {
          en: `${en[0]!.toUpperCase()}${en.slice(1)} with VAT category "${n.en}" (${bt}) requires ${spec.partiesText.en}.`,
          fr: `${fr[0]!.toUpperCase()}${fr.slice(1)} en catégorie de TVA « ${n.fr} » (${bt}) exige ${spec.partiesText.fr}.`,
        },
        (_el, view) => spec.parties(view),
      ),
    );
  });
  where.forEach(([context, en, bt, fr], i) => {
    const rbt = rateBt[bt as keyof typeof rateBt];
    out.push(
      assertion(
        id(5 + i),
        context,
        [rbt],
        {
          en: `In ${en} with VAT category "${n.en}" (${bt}) the VAT rate (${rbt}) must be ${rateText.en}.`,
          fr: `Dans ${fr} en catégorie de TVA « ${n.fr} » (${bt}), le taux de TVA (${rbt}) doit être ${rateText.fr}.`,
        },
        rateTest(spec),
        (el) => ({
          en: `rate ${sel(el, 'RateApplicablePercent').map(textOf).join(', ') || 'absent'}`,
          fr: `taux ${sel(el, 'RateApplicablePercent').map(textOf).join(', ') || 'absent'}`,
        }),
      ),
    );
  });
  out.push(
    assertion(
      id(8),
      ctx.breakdown,
      ['BT-116', 'BT-131', 'BT-92', 'BT-99'],
      {
        en: `The taxable amount (BT-116) of the "${n.en}" VAT breakdown must equal its line net amounts (BT-131) plus charges (BT-99) minus allowances (BT-92)${spec.basis === 'per-rate' ? ', rate by rate' : spec.basis === 'within-one' ? ' (within 1)' : ''}.`,
        fr: `La base imposable (BT-116) de la ventilation « ${n.fr} » doit égaler la somme de ses montants nets de ligne (BT-131) plus charges (BT-99) moins remises (BT-92)${spec.basis === 'per-rate' ? ', taux par taux' : spec.basis === 'within-one' ? ' (à 1 près)' : ''}.`,
      },
      basisTest(spec),
      (el, view) => {
        const b = sel(breakdownOf(el), 'BasisAmount').map(textOf).join(', ') || 'absent';
        const e = spec.basis === 'per-rate' ? '' : `, expected ${expectedBasis(view, spec.code).toString()}`;
        return { en: `taxable amount ${b}${e}`, fr: `base ${b}${e.replace('expected', 'attendu')}` };
      },
    ),
  );
  out.push(
    assertion(
      id(9),
      ctx.breakdown,
      ['BT-117'],
      spec.taxAmount === 'rate'
        ? {
            en: `The tax amount (BT-117) of the "${n.en}" VAT breakdown must equal its taxable amount (BT-116) times its rate (BT-119) / 100 (within 1).`,
            fr: `Le montant de TVA (BT-117) de la ventilation « ${n.fr} » doit égaler sa base (BT-116) multipliée par son taux (BT-119) / 100 (à 1 près).`,
          }
        : spec.taxAmount === 'zero'
          ? {
              en: `The tax amount (BT-117) of the "${n.en}" VAT breakdown must be 0 (zero).`,
              fr: `Le montant de TVA (BT-117) de la ventilation « ${n.fr} » doit être 0 (zéro).`,
            }
          : {
              en: `The tax amount (BT-117) of the "${n.en}" VAT breakdown must equal its taxable amount times its rate (not checked by the artefact).`,
              fr: `Le montant de TVA (BT-117) de la ventilation « ${n.fr} » doit égaler sa base multipliée par son taux (non vérifié par l'artefact).`,
            },
      spec.taxAmount === 'rate'
        ? standardTaxTest
        : spec.taxAmount === 'zero'
          ? (el) => sel(breakdownOf(el), 'CalculatedAmount').some((a) => untypedVersus(a, 0, true) === 0)
          : () => true,
    ),
  );
  out.push(
    assertion(
      id(10),
      ctx.breakdown,
      ['BT-120', 'BT-121'],
      spec.exemption === 'required'
        ? {
            en: `A "${n.en}" VAT breakdown must have a VAT exemption reason (BT-120) or reason code (BT-121).`,
            fr: `Une ventilation « ${n.fr} » doit avoir un motif d'exonération (BT-120) ou un code de motif (BT-121).`,
          }
        : {
            en: `A "${n.en}" VAT breakdown must not have a VAT exemption reason (BT-120) or reason code (BT-121).`,
            fr: `Une ventilation « ${n.fr} » ne doit pas avoir de motif d'exonération (BT-120) ni de code de motif (BT-121).`,
          },
      (el) => {
        const tax = breakdownOf(el);
        const given = has(tax, 'ExemptionReason') || has(tax, 'ExemptionReasonCode');
        return spec.exemption === 'required' ? given : !given;
      },
    ),
  );
  return out;
}

const K = CATEGORY.K;
const O = CATEGORY.O;

/** BR-IC-11, BR-IC-12 and BR-O-11…14: the extra questions of two categories. */
const extraAssertions: Assertion[] = [
  assertion(
    'BR-IC-11',
    K.breakdown,
    ['BT-72', 'BG-14'],
    {
      en: 'An "Intra-community supply" VAT breakdown requires the Actual delivery date (BT-72) or the Invoicing period (BG-14).',
      fr: 'Une ventilation « livraison intracommunautaire » exige la date de livraison effective (BT-72) ou la période de facturation (BG-14).',
    },
    (el, view) =>
      view
        .fromTransaction(
          ram('ApplicableHeaderTradeDelivery'),
          ram('ActualDeliverySupplyChainEvent'),
          ram('OccurrenceDateTime'),
        )
        .some((o) =>
          o.children.some((n) => n.kind === 'element' && n.local === 'DateTimeString' && n.ns === UDT),
        ) ||
      (!!el.parent?.parent &&
        (has(el.parent.parent, 'BillingSpecifiedPeriod', 'StartDateTime') ||
          has(el.parent.parent, 'BillingSpecifiedPeriod', 'EndDateTime'))),
  ),
  assertion(
    'BR-IC-12',
    K.breakdown,
    ['BT-80'],
    {
      en: 'An "Intra-community supply" VAT breakdown requires the Deliver to country code (BT-80).',
      fr: 'Une ventilation « livraison intracommunautaire » exige le code pays de livraison (BT-80).',
    },
    (_el, view) =>
      view.fromTransaction(
        ram('ApplicableHeaderTradeDelivery'),
        ram('ShipToTradeParty'),
        ram('PostalTradeAddress'),
        ram('CountryID'),
      ).length > 0,
  ),
  ...(
    [
      [
        'BR-O-11',
        'ApplicableTradeTax',
        'BT-118',
        'a VAT breakdown (BG-23)',
        'une ventilation de TVA (BG-23)',
      ],
      ['BR-O-12', 'ApplicableTradeTax', 'BT-151', 'an Invoice line (BG-25)', 'une ligne de facture (BG-25)'],
      [
        'BR-O-13',
        'CategoryTradeTax',
        'BT-95',
        'a Document level allowance (BG-20)',
        'une remise au niveau du document (BG-20)',
      ],
      [
        'BR-O-14',
        'CategoryTradeTax',
        'BT-102',
        'a Document level charge (BG-21)',
        'une charge au niveau du document (BG-21)',
      ],
    ] as const
  ).map(([id, local, bt, en, fr]) =>
    assertion(
      id,
      O.breakdown,
      [bt],
      {
        en: `An Invoice with a "Not subject to VAT" breakdown must not have ${en} with another VAT category (${bt}).`,
        fr: `Une facture avec une ventilation « hors champ de la TVA » ne doit pas avoir ${fr} d'une autre catégorie de TVA (${bt}).`,
      },
      (_el, view) =>
        !view.anywhere(local).some((t) => sel(t, 'CategoryCode').some((cc) => textOf(cc) !== 'O')),
    ),
  ),
  assertion(
    'BR-B-01',
    invoice,
    ['BT-118', 'BT-40', 'BT-55'],
    {
      en: 'An Invoice using VAT category "Split payment" (B) must be a domestic Italian invoice (every country code IT).',
      fr: 'Une facture en catégorie de TVA « paiement scindé » (B) doit être une facture italienne domestique (tous les codes pays IT).',
    },
    (_el, view) =>
      !view.anywhere('CategoryCode').some((cc) => textOf(cc) === 'B') ||
      !view.anywhere('CountryID').some((cc) => textOf(cc) !== 'IT'),
  ),
  assertion(
    'BR-B-02',
    invoice,
    ['BT-118', 'BT-151', 'BT-95', 'BT-102'],
    {
      en: 'An Invoice using VAT category "Split payment" (B) must not also use "Standard rated" (S).',
      fr: 'Une facture en catégorie de TVA « paiement scindé » (B) ne doit pas utiliser aussi le taux normal (S).',
    },
    (_el, view) => {
      const codes = view.anywhere('CategoryCode').map(textOf);
      return !codes.includes('B') || !codes.includes('S');
    },
  ),
];

export const vatCategoryAssertions: readonly Assertion[] = [
  ...SPECS.flatMap(categoryAssertions),
  ...extraAssertions,
];
