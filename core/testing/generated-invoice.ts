/**
 * Invoices of any number of lines for benchmarks and scaling tests: the first line of the corpus'
 * FR-synthetic-base.xml cloned n times, alternating the standard rates 20 % and 10 %, with the VAT
 * breakdown and the totals recomputed so that the invoice stays valid.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Decimal } from '../decimal/decimal';

const LINE = /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>\s*/g;
const HEADER_ALLOWANCE =
  /<ram:SpecifiedTradeAllowanceCharge>[\s\S]*?<\/ram:SpecifiedTradeAllowanceCharge>\s*/g;
const BREAKDOWN = /<ram:ApplicableTradeTax>\s*<ram:CalculatedAmount>[\s\S]*?<\/ram:ApplicableTradeTax>\s*/;
const SUMMATION =
  /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>[\s\S]*?<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>/;

const RATES = [Decimal.of('20.00'), Decimal.of('10.00')] as const;

export function baseInvoice(corpus: string): string {
  return readFileSync(path.join(corpus, 'cii/valid/FR-synthetic-base.xml'), 'utf8');
}

export function invoiceWithLines(base: string, n: number): string {
  const firstLine = base.match(LINE)?.[0];
  if (!firstLine) throw new Error('the base invoice has no line');
  const lineAmount = Decimal.of(/<ram:LineTotalAmount>([^<]+)</.exec(firstLine)![1]!);
  const lines: string[] = [];
  const basis = [Decimal.ZERO, Decimal.ZERO];
  for (let i = 0; i < n; i++) {
    const rate = RATES[i % 2]!;
    basis[i % 2] = basis[i % 2]!.plus(lineAmount);
    lines.push(
      firstLine
        .replace(/<ram:LineID>[^<]*</, `<ram:LineID>${i + 1}<`)
        .replace(/<ram:RateApplicablePercent>[^<]*</, `<ram:RateApplicablePercent>${rate.toString()}<`),
    );
  }
  const tax = basis.map((b, i) => b.times(RATES[i]!).dividedBy(Decimal.of(100), 2, 'half-away')!);
  const breakdowns = RATES.map((rate, i) =>
    basis[i]!.isZero()
      ? ''
      : `<ram:ApplicableTradeTax><ram:CalculatedAmount>${tax[i]!.toString()}</ram:CalculatedAmount>` +
        `<ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>${basis[i]!.toString()}</ram:BasisAmount>` +
        `<ram:CategoryCode>S</ram:CategoryCode><ram:DueDateTypeCode>5</ram:DueDateTypeCode>` +
        `<ram:RateApplicablePercent>${rate.toString()}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
  ).join('');
  const net = basis[0]!.plus(basis[1]!);
  const taxTotal = tax[0]!.plus(tax[1]!);
  const grand = net.plus(taxTotal);
  const summation =
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${net.toString()}</ram:LineTotalAmount>` +
    `<ram:TaxBasisTotalAmount>${net.toString()}</ram:TaxBasisTotalAmount>` +
    `<ram:TaxTotalAmount currencyID="EUR">${taxTotal.toString()}</ram:TaxTotalAmount>` +
    `<ram:GrandTotalAmount>${grand.toString()}</ram:GrandTotalAmount>` +
    `<ram:DuePayableAmount>${grand.toString()}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>`;
  const firstAt = base.search(LINE);
  const withoutLines = base.replace(LINE, '');
  return (
    (withoutLines.slice(0, firstAt) + lines.join('') + withoutLines.slice(firstAt))
      // The cloned line carries no allowance, so every one left belongs to the document level.
      .replace(HEADER_ALLOWANCE, '')
      .replace(BREAKDOWN, breakdowns)
      .replace(SUMMATION, summation)
  );
}
