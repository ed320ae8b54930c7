/** EN16931 conditions and calculations BR-CO-03…BR-CO-26, CII binding 1.3.16. */
import { Decimal } from '../../decimal/decimal';
import { CII_PREFIXES } from '../../cii/namespaces';
import { placeWords, spelledName } from '../../model/place-words';
import { textOf, xpathOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import type { Message } from '../rule';
import { atMostOne, decimalOf, decimalOfDouble, doubleSum, roundDouble, untypedVersus } from '../xpath/cast';
import * as c from './contexts';
import { isCharge, isVat, ram } from './invoice-view';
import type { InvoiceView } from './invoice-view';
import type { Assertion } from './pattern';
import { assertion, first, has, sel } from './select';

/** `xs:decimal(ram:local[1])`, null for an absent element (the empty sequence). */
function dec(el: XmlElement, local: string): Decimal | null {
  const found = first(el, local);
  return found ? decimalOf(found) : null;
}

/** `true()`: the artefact states these rules but cannot check them. */
const alwaysTrue = (): boolean => true;

const reasonGiven = (indicator: XmlElement): boolean =>
  has(indicator.parent!, 'Reason') || has(indicator.parent!, 'ReasonCode');

/** The header allowances (`charge` false) or charges of the document: `…/ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator = …]`. */
function documentLevel(view: InvoiceView, charge: boolean): XmlElement[] {
  return view.headerAllowanceCharges().filter((ac) => isCharge(ac, charge));
}

/**
 * BR-CO-11/12: `round(sum(…/ram:ActualAmount[1]) * 10 * 10) div 100` — fn:sum of untyped amounts is an
 * xs:double, and so is everything after it; the total is compared as an xs:double too.
 */
function documentLevelTotal(el: XmlElement, view: InvoiceView, charge: boolean, totalLocal: string): boolean {
  const items = documentLevel(view, charge);
  const totals = sel(el, totalLocal);
  if (items.length === 0 && totals.length === 0) return true;
  const firsts = items.flatMap((ac) => sel(ac, 'ActualAmount').slice(0, 1));
  const expected = roundDouble(doubleSum(firsts) * 10 * 10) / 100;
  return totals.some((t) => untypedVersus(t, expected) === 0);
}

/** Σ of the values, each optional; null as soon as one is absent (XPath arithmetic on the empty sequence). */
function combine(...terms: [Decimal | null, 1 | -1][]): Decimal | null {
  let total = Decimal.ZERO;
  for (const [value, sign] of terms) {
    if (value === null) return null;
    total = sign === 1 ? total.plus(value) : total.minus(value);
  }
  return total;
}

function same(a: Decimal | null, b: Decimal | null): boolean {
  return a !== null && b !== null && a.equals(b);
}

const VAT_COUNTRY_PREFIXES = new Set(
  (
    '1A AD AE AF AG AI AL AM AN AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BL BJ BM BN BO BQ BR BS BT BV BW ' +
    'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH EL ER ES ET FI FJ ' +
    'FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
    'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML ' +
    'MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR ' +
    'PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR ST SV SX SY SZ TC TD TF TG TH TJ TK ' +
    'TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XI YE YT ZA ZM ZW'
  ).split(' '),
);

/** The amounts a rule compares, each named by its term (`Invoice total amount with VAT (BT-112) 120.00`). */
const amountsDetail = (el: XmlElement, ...locals: string[]): Message => {
  const at = xpathOf(el, CII_PREFIXES);
  const part = (lang: 'en' | 'fr', local: string): string => {
    const words = placeWords(`${at}/ram:${local}`) ?? spelledName(local);
    const values = sel(el, local).map(textOf).join(', ');
    return `${words[lang]} ${values || 'absent'}`;
  };
  return {
    en: locals.map((l) => part('en', l)).join('; '),
    fr: locals.map((l) => part('fr', l)).join(' ; '),
  };
};

export const conditionAssertions: readonly Assertion[] = [
  ...(
    [
      [
        'BR-CO-05',
        c.headerAllowance,
        ['BT-97', 'BT-98'],
        'The Document level allowance reason (BT-97) and reason code (BT-98) must indicate the same type of allowance.',
        'Le motif (BT-97) et le code de motif (BT-98) de la remise au niveau du document doivent désigner le même type de remise.',
      ],
      [
        'BR-CO-06',
        c.headerCharge,
        ['BT-104', 'BT-105'],
        'The Document level charge reason (BT-104) and reason code (BT-105) must indicate the same type of charge.',
        'Le motif (BT-104) et le code de motif (BT-105) de la charge au niveau du document doivent désigner le même type de charge.',
      ],
      [
        'BR-CO-07',
        c.lineAllowance,
        ['BT-139', 'BT-140'],
        'The Invoice line allowance reason (BT-139) and reason code (BT-140) must indicate the same type of allowance.',
        'Le motif (BT-139) et le code de motif (BT-140) de la remise de ligne doivent désigner le même type de remise.',
      ],
      [
        'BR-CO-08',
        c.lineCharge,
        ['BT-144', 'BT-145'],
        'The Invoice line charge reason (BT-144) and reason code (BT-145) must indicate the same type of charge.',
        'Le motif (BT-144) et le code de motif (BT-145) de la charge de ligne doivent désigner le même type de charge.',
      ],
    ] as const
  ).map(([id, context, bt, en, fr]) => assertion(id, context, bt, { en, fr }, alwaysTrue)),
  ...(
    [
      [
        'BR-CO-21',
        c.headerAllowance,
        ['BG-20', 'BT-97', 'BT-98'],
        'Each Document level allowance (BG-20) must contain a reason (BT-97), a reason code (BT-98), or both.',
        'Chaque remise au niveau du document (BG-20) doit contenir un motif (BT-97), un code de motif (BT-98), ou les deux.',
      ],
      [
        'BR-CO-22',
        c.headerCharge,
        ['BG-21', 'BT-104', 'BT-105'],
        'Each Document level charge (BG-21) must contain a reason (BT-104), a reason code (BT-105), or both.',
        'Chaque charge au niveau du document (BG-21) doit contenir un motif (BT-104), un code de motif (BT-105), ou les deux.',
      ],
      [
        'BR-CO-23',
        c.lineAllowance,
        ['BG-27', 'BT-139', 'BT-140'],
        'Each Invoice line allowance (BG-27) must contain a reason (BT-139), a reason code (BT-140), or both.',
        'Chaque remise de ligne (BG-27) doit contenir un motif (BT-139), un code de motif (BT-140), ou les deux.',
      ],
      [
        'BR-CO-24',
        c.lineCharge,
        ['BG-28', 'BT-144', 'BT-145'],
        'Each Invoice line charge (BG-28) must contain a reason (BT-144), a reason code (BT-145), or both.',
        'Chaque charge de ligne (BG-28) doit contenir un motif (BT-144), un code de motif (BT-145), ou les deux.',
      ],
    ] as const
  ).map(([id, context, bt, en, fr]) => assertion(id, context, bt, { en, fr }, reasonGiven)),
  assertion(
    'BR-CO-10',
    c.monetarySummation,
    ['BT-106', 'BT-131'],
    {
      en: 'The Sum of Invoice line net amount (BT-106) must equal the sum of the Invoice line net amounts (BT-131).',
      fr: 'La somme des montants nets des lignes (BT-106) doit égaler la somme des montants nets de ligne (BT-131).',
    },
    (el) => {
      // xs:decimal(sum(untyped)): the sum is an xs:double, converted exactly to xs:decimal, then
      // rounded to cents in decimal arithmetic.
      const total = dec(el, 'LineTotalAmount');
      const transaction = el.parent?.parent;
      if (total === null || !transaction) return false;
      const lines = sel(
        transaction,
        'IncludedSupplyChainTradeLineItem',
        'SpecifiedLineTradeSettlement',
        'SpecifiedTradeSettlementLineMonetarySummation',
        'LineTotalAmount',
      );
      const sum = doubleSum(lines);
      if (!Number.isFinite(sum)) return false;
      return total.equals(decimalOfDouble(sum).round(2, 'half-up'));
    },
    (el) => amountsDetail(el, 'LineTotalAmount'),
  ),
  assertion(
    'BR-CO-11',
    c.monetarySummation,
    ['BT-107', 'BT-92'],
    {
      en: 'The Sum of allowances on document level (BT-107) must equal the sum of the Document level allowance amounts (BT-92).',
      fr: 'La somme des remises au niveau du document (BT-107) doit égaler la somme de leurs montants (BT-92).',
    },
    (el, view) => documentLevelTotal(el, view, false, 'AllowanceTotalAmount'),
    (el) => amountsDetail(el, 'AllowanceTotalAmount'),
  ),
  assertion(
    'BR-CO-12',
    c.monetarySummation,
    ['BT-108', 'BT-99'],
    {
      en: 'The Sum of charges on document level (BT-108) must equal the sum of the Document level charge amounts (BT-99).',
      fr: 'La somme des charges au niveau du document (BT-108) doit égaler la somme de leurs montants (BT-99).',
    },
    (el, view) => documentLevelTotal(el, view, true, 'ChargeTotalAmount'),
    (el) => amountsDetail(el, 'ChargeTotalAmount'),
  ),
  assertion(
    'BR-CO-13',
    c.monetarySummation,
    ['BT-109', 'BT-106', 'BT-107', 'BT-108'],
    {
      en: 'The Invoice total amount without VAT (BT-109) must equal the Sum of Invoice line net amount (BT-106) minus allowances (BT-107) plus charges (BT-108).',
      fr: 'Le montant total hors TVA (BT-109) doit égaler la somme des montants nets des lignes (BT-106) moins les remises (BT-107) plus les charges (BT-108).',
    },
    (el) => {
      const basis = dec(el, 'TaxBasisTotalAmount');
      const lines = dec(el, 'LineTotalAmount');
      const allowances = has(el, 'AllowanceTotalAmount') ? dec(el, 'AllowanceTotalAmount') : undefined;
      const charges = has(el, 'ChargeTotalAmount') ? dec(el, 'ChargeTotalAmount') : undefined;
      const rounded = (...terms: [Decimal | null, 1 | -1][]): Decimal | null =>
        combine(...terms)?.round(2, 'half-up') ?? null;
      return (
        same(basis, rounded([lines, 1], [allowances ?? null, -1], [charges ?? null, 1])) ||
        (charges === undefined && same(basis, rounded([lines, 1], [allowances ?? null, -1]))) ||
        (allowances === undefined && same(basis, rounded([lines, 1], [charges ?? null, 1]))) ||
        (charges === undefined && allowances === undefined && same(basis, rounded([lines, 1])))
      );
    },
    (el) =>
      amountsDetail(
        el,
        'TaxBasisTotalAmount',
        'LineTotalAmount',
        'AllowanceTotalAmount',
        'ChargeTotalAmount',
      ),
  ),
  assertion(
    'BR-CO-16',
    c.monetarySummation,
    ['BT-115', 'BT-112', 'BT-113', 'BT-114'],
    {
      en: 'The Amount due for payment (BT-115) must equal the Invoice total amount with VAT (BT-112) minus the Paid amount (BT-113) plus the Rounding amount (BT-114).',
      fr: 'Le montant à payer (BT-115) doit égaler le montant total TTC (BT-112) moins le montant déjà payé (BT-113) plus l’arrondi (BT-114).',
    },
    (el) => {
      const due = dec(el, 'DuePayableAmount');
      const grand = dec(el, 'GrandTotalAmount');
      const paid = has(el, 'TotalPrepaidAmount') ? dec(el, 'TotalPrepaidAmount') : undefined;
      const rounding = has(el, 'RoundingAmount') ? dec(el, 'RoundingAmount') : undefined;
      return (
        same(due, combine([grand, 1], [paid ?? null, -1], [rounding ?? null, 1])) ||
        (paid === undefined && same(due, combine([grand, 1], [rounding ?? null, 1]))) ||
        (rounding === undefined && same(due, combine([grand, 1], [paid ?? null, -1]))) ||
        (paid === undefined && rounding === undefined && same(due, grand))
      );
    },
    (el) => amountsDetail(el, 'DuePayableAmount', 'GrandTotalAmount', 'TotalPrepaidAmount', 'RoundingAmount'),
  ),
  assertion(
    'BR-CO-15',
    c.invoice,
    ['BT-112', 'BT-109', 'BT-110'],
    {
      en: 'The Invoice total amount with VAT (BT-112) must equal the total without VAT (BT-109) plus the Invoice total VAT amount (BT-110), given once in the invoice currency.',
      fr: 'Le montant total TTC (BT-112) doit égaler le total hors TVA (BT-109) plus le montant total de TVA (BT-110), indiqué une fois dans la devise de facture.',
    },
    (_el, view) => {
      const summation = (local: string): XmlElement[] =>
        view.headerSettlement(ram('SpecifiedTradeSettlementHeaderMonetarySummation'), ram(local));
      const first = (els: XmlElement[]): Decimal | null => (els[0] ? decimalOf(els[0]) : null);
      return view.invoiceCurrencies().every((currency) => {
        const taxTotals = summation('TaxTotalAmount').filter((t) =>
          t.attributes.some((a) => a.local === 'currencyID' && a.ns === null && a.value === currency),
        );
        const grand = first(summation('GrandTotalAmount'));
        const basis = first(summation('TaxBasisTotalAmount'));
        return (
          (taxTotals.length === 1 &&
            same(grand, combine([basis, 1], [first(taxTotals), 1])?.round(2, 'half-up') ?? null)) ||
          same(grand, basis)
        );
      });
    },
  ),
  assertion(
    'BR-CO-04',
    c.line,
    ['BT-151'],
    {
      en: 'Each Invoice line (BG-25) must be categorized with an Invoiced item VAT category code (BT-151).',
      fr: 'Chaque ligne (BG-25) doit avoir un code de catégorie de TVA de l’article (BT-151).',
    },
    (el) =>
      sel(el, 'SpecifiedLineTradeSettlement', 'ApplicableTradeTax').some(
        (t) => isVat(t) && has(t, 'CategoryCode'),
      ),
  ),
  assertion(
    'BR-CO-18',
    c.line,
    ['BG-23'],
    {
      en: 'An Invoice must have at least one VAT breakdown (BG-23).',
      fr: 'Une facture doit avoir au moins une ventilation de TVA (BG-23).',
    },
    (_el, view) => view.hasVatBreakdown(),
  ),
  assertion(
    'BR-CO-20',
    c.lineBillingPeriod,
    ['BG-26', 'BT-134', 'BT-135'],
    {
      en: 'An Invoice line period (BG-26) must have a start date (BT-134), an end date (BT-135), or both.',
      fr: 'Une période de ligne (BG-26) doit avoir une date de début (BT-134), une date de fin (BT-135), ou les deux.',
    },
    (el) => has(el, 'StartDateTime') || has(el, 'EndDateTime'),
  ),
  assertion(
    'BR-CO-19',
    c.headerBillingPeriod,
    ['BG-14', 'BT-73', 'BT-74'],
    {
      en: 'An Invoicing period (BG-14) must have a start date (BT-73), an end date (BT-74), or both.',
      fr: 'Une période de facturation (BG-14) doit avoir une date de début (BT-73), une date de fin (BT-74), ou les deux.',
    },
    (el) => has(el, 'StartDateTime') || has(el, 'EndDateTime'),
  ),
  assertion(
    'BR-CO-26',
    c.seller,
    ['BT-29', 'BT-30', 'BT-31'],
    {
      en: 'The Seller must be identified by a Seller identifier (BT-29), a legal registration identifier (BT-30) or a VAT identifier (BT-31).',
      fr: 'Le vendeur doit être identifié par un identifiant (BT-29), un identifiant légal (BT-30) ou un identifiant TVA (BT-31).',
    },
    (el) =>
      has(el, 'ID') ||
      has(el, 'GlobalID') ||
      has(el, 'SpecifiedLegalOrganization', 'ID') ||
      sel(el, 'SpecifiedTaxRegistration', 'ID').some((id) =>
        id.attributes.some((a) => a.local === 'schemeID' && a.ns === null && a.value === 'VA'),
      ),
  ),
  assertion(
    'BR-CO-14',
    c.invoiceCurrencyTaxTotal,
    ['BT-110', 'BT-117'],
    {
      en: 'The Invoice total VAT amount (BT-110) must equal the sum of the VAT category tax amounts (BT-117).',
      fr: 'Le montant total de TVA (BT-110) doit égaler la somme des montants de TVA par catégorie (BT-117).',
    },
    (el, view) => {
      // Double arithmetic throughout: fn:sum of untyped amounts, and the untyped total compared with it.
      // fn:sum of no amount is the xs:integer 0, against which an integer total is compared exactly.
      const amounts = view.headerSettlement(ram('ApplicableTradeTax'), ram('CalculatedAmount'));
      return untypedVersus(el, roundDouble(doubleSum(amounts) * 10 * 10) / 100, amounts.length === 0) === 0;
    },
    (el) => ({ en: `total VAT ${textOf(el)}`, fr: `TVA totale ${textOf(el)}` }),
  ),
  assertion(
    'BR-CO-09',
    c.vatIdentifier,
    ['BT-31', 'BT-48', 'BT-63'],
    {
      en: 'A VAT identifier (BT-31, BT-48, BT-63) must start with a country prefix (ISO 3166-1 alpha-2, EL for Greece).',
      fr: 'Un identifiant TVA (BT-31, BT-48, BT-63) doit commencer par un préfixe pays (ISO 3166-1 alpha-2, EL pour la Grèce).',
    },
    (el) => {
      const prefix = [...textOf(el)].slice(0, 2).join('');
      return VAT_COUNTRY_PREFIXES.has(prefix);
    },
    (el) => ({ en: `identifier "${textOf(el)}"`, fr: `identifiant « ${textOf(el)} »` }),
  ),
  assertion(
    'BR-CO-03',
    c.vatBreakdown,
    ['BT-7', 'BT-8'],
    {
      en: 'The Value added tax point date (BT-7) and the Value added tax point date code (BT-8) are mutually exclusive.',
      fr: 'La date d’exigibilité de la TVA (BT-7) et son code (BT-8) sont mutuellement exclusifs.',
    },
    (_el, view) =>
      view.anywhere('TaxPointDate').length === 0 || view.anywhere('DueDateTypeCode').length === 0,
  ),
  assertion(
    'BR-CO-17',
    c.vatBreakdown,
    ['BT-117', 'BT-116', 'BT-119'],
    {
      en: 'The VAT category tax amount (BT-117) must equal the taxable amount (BT-116) times the rate (BT-119) / 100, rounded to two decimals (within 1).',
      fr: 'Le montant de TVA (BT-117) doit égaler la base (BT-116) multipliée par le taux (BT-119) / 100, arrondi à deux décimales (à 1 près).',
    },
    (el) => {
      // All xs:decimal arithmetic; the rate only counts when the type code is VAT after normalisation.
      // Each operand is one item: a second stops the official XSLT (atMostOne).
      const one = (local: string) => atMostOne(sel(el, local));
      const typeCode = one('TypeCode');
      const vat =
        !!typeCode &&
        textOf(typeCode)
          .toUpperCase()
          .replace(/[ \t\r\n]+/g, ' ')
          .trim() === 'VAT';
      const rateEl = vat ? one('RateApplicablePercent') : undefined;
      const rate = rateEl ? decimalOf(rateEl) : null;
      const calcEl = one('CalculatedAmount');
      if (rate !== null && rate.round(0, 'half-up').isZero()) {
        return !!calcEl && decimalOf(calcEl).round(0, 'half-up').isZero();
      }
      if (rate !== null) {
        const basisEl = one('BasisAmount');
        if (!calcEl || !basisEl) return false;
        const calc = decimalOf(calcEl).abs();
        const share = rate.dividedBy(Decimal.of(100), rate.scale + 2, 'half-up')!;
        const expected = decimalOf(basisEl).abs().times(share).round(2, 'half-up');
        return (
          calc.minus(Decimal.of(1)).compare(expected) <= 0 && calc.plus(Decimal.of(1)).compare(expected) >= 0
        );
      }
      return !!calcEl && decimalOf(calcEl).round(0, 'half-up').isZero();
    },
    (el) => amountsDetail(el, 'CalculatedAmount', 'BasisAmount', 'RateApplicablePercent'),
  ),
];
