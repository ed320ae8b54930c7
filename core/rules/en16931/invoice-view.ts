/**
 * Facts about one document that many EN16931 assertions share (the seller's VAT identifiers, counts and
 * sums per VAT category…), computed once per document: an assertion evaluated on each of 5,000 lines
 * must not walk the document again each time.
 */
import { RAM, RSM, UDT } from '../../cii/namespaces';
import { Decimal } from '../../decimal/decimal';
import { attributeValue, childrenNamed, firstChild, textOf } from '../../xml/query';
import type { XmlElement } from '../../xml/tree';
import { perDocument } from '../document-memo';
import type { RuleInput } from '../rule';
import { atMostOne, booleanOf, decimalOf } from '../xpath/cast';
import { absolute, anywhere, down, type Step } from '../xpath/paths';
import { sumsByRate, type RatedEntry } from './sums-by-rate';

export const ram = (local: string): Step => [RAM, local];
export const rsm = (local: string): Step => [RSM, local];

const INVOICE = rsm('CrossIndustryInvoice');
const TRANSACTION = rsm('SupplyChainTradeTransaction');

/** Text values of the elements (string comparison operands of XPath general comparisons). */
export function texts(els: readonly XmlElement[]): string[] {
  return els.map(textOf);
}

/** `el[ram:CategoryCode = code]`: some CategoryCode child is exactly `code`. */
export function hasCategory(el: XmlElement, code: string): boolean {
  // A loop, not a list of the children: every VAT context of every line asks it.
  for (const c of el.children)
    if (c.kind === 'element' && c.local === 'CategoryCode' && c.ns === RAM && textOf(c) === code) return true;
  return false;
}

/** `upper-case(ram:TypeCode) = 'VAT'` on the element. */
export function isVat(el: XmlElement): boolean {
  const type = firstChild(el, RAM, 'TypeCode');
  return !!type && textOf(type).toUpperCase() === 'VAT';
}

/** `ram:ChargeIndicator/udt:Indicator = true()/false()` on an allowance/charge (values cast to xs:boolean). */
export function isCharge(allowanceCharge: XmlElement, charge: boolean): boolean {
  return down([allowanceCharge], ram('ChargeIndicator'), [UDT, 'Indicator']).some(
    (i) => booleanOf(i) === charge,
  );
}

/** `ram:ID[@schemeID = schemes]` among the elements' SpecifiedTaxRegistration. */
function hasTaxId(parties: readonly XmlElement[], ...schemes: string[]): boolean {
  return down(parties, ram('SpecifiedTaxRegistration'), ram('ID')).some((id) =>
    schemes.includes(attributeValue(id, 'schemeID') ?? '\u0000'),
  );
}

export class InvoiceView {
  private readonly memo = new Map<string, unknown>();
  private readonly decimals = new Map<XmlElement, Decimal>();

  constructor(readonly input: RuleInput) {}

  private once<T>(key: string, compute: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    this.memo.set(key, value);
    return value;
  }

  /** `/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/…` */
  fromTransaction(...steps: Step[]): XmlElement[] {
    return this.once(`abs:${steps.map((s) => s[1]).join('/')}`, () =>
      absolute(this.input.root, INVOICE, TRANSACTION, ...steps),
    );
  }

  /** `//ram:first/…` */
  anywhere(first: string, ...rest: string[]): XmlElement[] {
    return this.once(`any:${first}/${rest.join('/')}`, () =>
      anywhere(this.input, ram(first), ...rest.map(ram)),
    );
  }

  /** `//first/…` where the first step is any namespace. */
  anywhereFrom(first: Step, ...rest: Step[]): XmlElement[] {
    return this.once(`from:${[first, ...rest].map((s) => s.join(' ')).join('/')}`, () =>
      anywhere(this.input, first, ...rest),
    );
  }

  /** `//rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax` exists. */
  hasVatBreakdown(): boolean {
    return this.once(
      'hasVatBreakdown',
      () =>
        this.anywhereFrom(TRANSACTION, ram('ApplicableHeaderTradeSettlement'), ram('ApplicableTradeTax'))
          .length > 0,
    );
  }

  headerSettlement(...steps: Step[]): XmlElement[] {
    return this.fromTransaction(ram('ApplicableHeaderTradeSettlement'), ...steps);
  }

  invoiceCurrencies(): string[] {
    return this.once('invoiceCurrencies', () => texts(this.headerSettlement(ram('InvoiceCurrencyCode'))));
  }

  taxCurrencies(): string[] {
    return this.once('taxCurrencies', () => texts(this.headerSettlement(ram('TaxCurrencyCode'))));
  }

  headerAllowanceCharges(): XmlElement[] {
    return this.headerSettlement(ram('SpecifiedTradeAllowanceCharge'));
  }

  /**
   * The Seller has a tax registration identifier of one of the schemes (`VA` VAT identifier, `FC` tax
   * registration), or its tax representative a VAT identifier; with absolute paths, or `//` paths as
   * the AE, G and K rules write them.
   */
  sellerTaxId(schemes: 'VA' | 'VA FC', paths: 'absolute' | 'anywhere'): boolean {
    return this.once(`sellerTaxId:${schemes}:${paths}`, () => {
      const parties = (local: string): XmlElement[] =>
        paths === 'absolute'
          ? this.fromTransaction(ram('ApplicableHeaderTradeAgreement'), ram(local))
          : this.anywhere(local);
      return (
        hasTaxId(parties('SellerTradeParty'), ...schemes.split(' ')) ||
        hasTaxId(parties('SellerTaxRepresentativeTradeParty'), 'VA')
      );
    });
  }

  /** `//ram:BuyerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[@schemeID = 'VA']` */
  buyerVatIdAnywhere(): boolean {
    return this.once('buyerVatIdAnywhere', () => hasTaxId(this.anywhere('BuyerTradeParty'), 'VA'));
  }

  /** `//ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:ID` */
  buyerLegalIdAnywhere(): boolean {
    return this.anywhere('BuyerTradeParty', 'SpecifiedLegalOrganization', 'ID').length > 0;
  }

  /** Elements named `local` (ram, anywhere) having a CategoryCode child equal to `code`. */
  withCategory(code: string, first: string, ...rest: string[]): XmlElement[] {
    return this.once(`cat:${code}:${first}/${rest.join('/')}`, () =>
      this.anywhere(first, ...rest).filter((e) => hasCategory(e, code)),
    );
  }

  /**
   * Σ xs:decimal(BT-131) of the lines (absolute path) whose VAT (any ApplicableTradeTax) has the category
   * and, when given, the rate: the `sum(…[ram:ApplicableTradeTax/ram:CategoryCode = 'S' and …
   * xs:decimal(ram:RateApplicablePercent) = $rate]/…/xs:decimal(ram:LineTotalAmount))` of BR-x-08.
   */
  lineNetSum(code: string, rate?: Decimal): Decimal {
    return this.once(`lineSum:${code}:${rate?.toString() ?? '*'}`, () => {
      if (rate) return this.once(`lineSums:${code}`, () => this.byRate(this.lineEntries(code)))(rate);
      let sum = Decimal.ZERO;
      for (const line of this.lineEntries(code)) if (line.counts()) sum = sum.plus(line.amount());
      return sum;
    });
  }

  /** The lines as entries of a sum by rate: a line counts when one of its VATs has the category. */
  private lineEntries(code: string): RatedEntry[] {
    return this.once(`lineEntries:${code}`, () =>
      this.lineSettlements().map((line) => ({
        counts: () => line.taxes.some((t) => hasCategory(t, code)),
        rates: line.rates,
        amount: () => line.amounts.reduce((sum, a) => sum.plus(this.decimal(a)), Decimal.ZERO),
      })),
    );
  }

  /**
   * Rates are read as `ram:ApplicableTradeTax/xs:decimal(ram:RateApplicablePercent)`: the cast takes one
   * item, so a VAT giving two rates stops the official XSLT where the scan reaches it (atMostOne).
   */
  private byRate(entries: readonly RatedEntry[]): (rate: Decimal) => Decimal {
    return sumsByRate(entries, (el) => {
      if (el.parent) atMostOne(childrenNamed(el.parent, RAM, 'RateApplicablePercent'));
      return this.decimal(el);
    });
  }

  /** The VAT and net amount elements of every line (absolute path), gathered once for all categories and rates. */
  private lineSettlements(): { taxes: XmlElement[]; rates: XmlElement[]; amounts: XmlElement[] }[] {
    return this.once('lineSettlements', () =>
      this.fromTransaction(ram('IncludedSupplyChainTradeLineItem'), ram('SpecifiedLineTradeSettlement')).map(
        (s) => {
          const taxes = childrenNamed(s, RAM, 'ApplicableTradeTax');
          return {
            taxes,
            rates: down(taxes, ram('RateApplicablePercent')),
            amounts: down([s], ram('SpecifiedTradeSettlementLineMonetarySummation'), ram('LineTotalAmount')),
          };
        },
      ),
    );
  }

  /** `xs:decimal(el)`, parsed once per document. */
  decimal(el: XmlElement): Decimal {
    let d = this.decimals.get(el);
    if (!d) {
      d = decimalOf(el);
      this.decimals.set(el, d);
    }
    return d;
  }

  /**
   * Σ xs:decimal(ActualAmount[1]) of the document level charges (`charge`) or allowances whose
   * CategoryTradeTax has the category and, when given, the rate.
   */
  allowanceChargeSum(charge: boolean, code: string, rate?: Decimal): Decimal {
    const which = `${String(charge)}:${code}`;
    return this.once(`acSum:${which}:${rate?.toString() ?? '*'}`, () => {
      const entries = this.once(`acEntries:${which}`, () =>
        this.headerAllowanceCharges().map((ac): RatedEntry => {
          const taxes = childrenNamed(ac, RAM, 'CategoryTradeTax');
          return {
            counts: () => isCharge(ac, charge) && taxes.some((t) => hasCategory(t, code)),
            rates: down(taxes, ram('RateApplicablePercent')),
            amount: () => {
              const amount = childrenNamed(ac, RAM, 'ActualAmount')[0];
              return amount ? decimalOf(amount) : Decimal.ZERO;
            },
          };
        }),
      );
      if (rate) return this.once(`acSums:${which}`, () => this.byRate(entries))(rate);
      let sum = Decimal.ZERO;
      for (const ac of entries) if (ac.counts()) sum = sum.plus(ac.amount());
      return sum;
    });
  }
}

export const viewOf = perDocument((input) => new InvoiceView(input));
