/** EN16931 rules on the number of decimals of amounts, BR-DEC-01…BR-DEC-28, CII binding 1.3.16. */
import type { XmlElement } from '../../xml/tree';
import { decimalsAtMost, doubleOf, roundDouble, untypedVersus } from '../xpath/cast';
import * as c from './contexts';
import type { InvoiceView } from './invoice-view';
import type { Context } from './pattern';
import { assertion, first, sel } from './select';

type Spec = readonly [
  id: string,
  context: Context,
  bt: string,
  en: string,
  fr: string,
  path: (el: XmlElement) => XmlElement | undefined,
];

const sibling = (local: string) => (indicator: XmlElement) => first(indicator.parent!, local);
const child =
  (...locals: string[]) =>
  (el: XmlElement) =>
    first(el, ...locals);

const SPECS: readonly Spec[] = [
  [
    'BR-DEC-01',
    c.headerAllowance,
    'BT-92',
    'Document level allowance amount',
    'montant de remise au niveau du document',
    sibling('ActualAmount'),
  ],
  [
    'BR-DEC-02',
    c.headerAllowance,
    'BT-93',
    'Document level allowance base amount',
    'assiette de remise au niveau du document',
    sibling('BasisAmount'),
  ],
  [
    'BR-DEC-05',
    c.headerCharge,
    'BT-99',
    'Document level charge amount',
    'montant de charge au niveau du document',
    sibling('ActualAmount'),
  ],
  [
    'BR-DEC-06',
    c.headerCharge,
    'BT-100',
    'Document level charge base amount',
    'assiette de charge au niveau du document',
    sibling('BasisAmount'),
  ],
  [
    'BR-DEC-09',
    c.monetarySummation,
    'BT-106',
    'Sum of Invoice line net amount',
    'somme des montants nets des lignes',
    child('LineTotalAmount'),
  ],
  [
    'BR-DEC-10',
    c.monetarySummation,
    'BT-107',
    'Sum of allowances on document level',
    'somme des remises au niveau du document',
    child('AllowanceTotalAmount'),
  ],
  [
    'BR-DEC-11',
    c.monetarySummation,
    'BT-108',
    'Sum of charges on document level',
    'somme des charges au niveau du document',
    child('ChargeTotalAmount'),
  ],
  [
    'BR-DEC-12',
    c.monetarySummation,
    'BT-109',
    'Invoice total amount without VAT',
    'montant total hors TVA',
    child('TaxBasisTotalAmount'),
  ],
  [
    'BR-DEC-14',
    c.monetarySummation,
    'BT-112',
    'Invoice total amount with VAT',
    'montant total TTC',
    child('GrandTotalAmount'),
  ],
  [
    'BR-DEC-16',
    c.monetarySummation,
    'BT-113',
    'Paid amount',
    'montant déjà payé',
    child('TotalPrepaidAmount'),
  ],
  [
    'BR-DEC-17',
    c.monetarySummation,
    'BT-114',
    'Rounding amount',
    "montant d'arrondi",
    child('RoundingAmount'),
  ],
  [
    'BR-DEC-18',
    c.monetarySummation,
    'BT-115',
    'Amount due for payment',
    'montant à payer',
    child('DuePayableAmount'),
  ],
  [
    'BR-DEC-19',
    c.vatBreakdown,
    'BT-116',
    'VAT category taxable amount',
    'base imposable par catégorie de TVA',
    child('BasisAmount'),
  ],
  [
    'BR-DEC-20',
    c.vatBreakdown,
    'BT-117',
    'VAT category tax amount',
    'montant de TVA par catégorie',
    child('CalculatedAmount'),
  ],
  [
    'BR-DEC-23',
    c.line,
    'BT-131',
    'Invoice line net amount',
    'montant net de ligne',
    child('SpecifiedLineTradeSettlement', 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
  ],
  [
    'BR-DEC-24',
    c.lineAllowance,
    'BT-136',
    'Invoice line allowance amount',
    'montant de remise de ligne',
    sibling('ActualAmount'),
  ],
  [
    'BR-DEC-25',
    c.lineAllowance,
    'BT-137',
    'Invoice line allowance base amount',
    'assiette de remise de ligne',
    sibling('BasisAmount'),
  ],
  [
    'BR-DEC-27',
    c.lineCharge,
    'BT-141',
    'Invoice line charge amount',
    'montant de charge de ligne',
    sibling('ActualAmount'),
  ],
  [
    'BR-DEC-28',
    c.lineCharge,
    'BT-142',
    'Invoice line charge base amount',
    'assiette de charge de ligne',
    sibling('BasisAmount'),
  ],
];

/**
 * BR-DEC-13/15 test `. = round(. * 100) div 100` on the total VAT amount in a currency: double arithmetic,
 * which is what "at most two decimals" means for an xs:double.
 */
function twoDecimalsIn(
  el: XmlElement,
  currencies: readonly string[],
): 'match' | 'other-currency' | 'too-precise' {
  const currency = el.attributes.find((a) => a.local === 'currencyID' && a.ns === null)?.value;
  if (currency === undefined || !currencies.includes(currency)) return 'other-currency';
  const x = doubleOf(el);
  return untypedVersus(el, roundDouble(x * 100) / 100) === 0 ? 'match' : 'too-precise';
}

export const decimalAssertions = [
  ...SPECS.map(([id, context, bt, en, fr, path]) =>
    assertion(
      id,
      context,
      [bt],
      {
        en: `The ${en} (${bt}) must have at most 2 decimals.`,
        fr: `Le ${fr} (${bt}) doit avoir au plus 2 décimales.`,
      },
      (el) => decimalsAtMost(path(el), 2),
    ),
  ),
  assertion(
    'BR-DEC-13',
    c.monetarySummation,
    ['BT-110'],
    {
      en: 'The Invoice total VAT amount (BT-110) must have at most 2 decimals.',
      fr: 'Le montant total de TVA (BT-110) doit avoir au plus 2 décimales.',
    },
    (el: XmlElement, view: InvoiceView) => {
      const totals = sel(el, 'TaxTotalAmount');
      return (
        totals.length === 0 ||
        totals.some((t) => twoDecimalsIn(t, view.invoiceCurrencies()) !== 'too-precise')
      );
    },
  ),
  assertion(
    'BR-DEC-15',
    c.monetarySummation,
    ['BT-111'],
    {
      en: 'The Invoice total VAT amount in accounting currency (BT-111) must have at most 2 decimals.',
      fr: 'Le montant total de TVA en devise de comptabilisation (BT-111) doit avoir au plus 2 décimales.',
    },
    (el: XmlElement, view: InvoiceView) => {
      const totals = sel(el, 'TaxTotalAmount');
      const taxCurrencies = view.taxCurrencies();
      return (
        totals.length === 0 ||
        taxCurrencies.length === 0 ||
        totals.some((t) => twoDecimalsIn(t, taxCurrencies) === 'match')
      );
    },
  ),
];
