/**
 * The totals under the lines table, right-aligned (or boxed): sum of the lines, a document allowance
 * and a charge, the net after them, the VAT per rate (or its total beside a VAT breakdown table), the
 * gross total, a prepayment and the amount due; then the notes under them: the mention of an exempt
 * or reverse-charge supply, payment terms, cash discount, late-payment terms, bank details and the
 * closing.
 */
import { Decimal } from '../../decimal/decimal';
import { addDays, percentOf } from './print-formats';
import { fill, type Sheet } from './sheet';

interface TotalRow {
  readonly label: string;
  readonly amount: Decimal;
  readonly bold?: boolean;
}

function totalRows(sheet: Sheet): TotalRow[] {
  const { style, content } = sheet;
  const t = content.totals;
  const rows: TotalRow[] = [{ label: sheet.label('lineNet'), amount: t.lineNet }];
  if (t.allowances) {
    rows.push({
      label: sheet.label('allowance', { p: sheet.rate(t.allowancePercent!) }),
      amount: style.minusOnAllowance ? t.allowances.negated() : t.allowances,
    });
  }
  if (t.charges) rows.push({ label: sheet.label('charge'), amount: t.charges });
  if (t.allowances || t.charges) rows.push({ label: sheet.label('taxExclusive'), amount: t.taxExclusive });
  if (style.breakdownTable && content.groups.length > 1) {
    rows.push({ label: sheet.label('vatTotal'), amount: t.vat });
  } else {
    for (const g of content.groups) {
      if (g.category !== 'S' && !style.zeroVatRow) continue;
      rows.push({
        label: sheet.label('vat', { r: sheet.rate(g.rate), base: sheet.money(g.base) }),
        amount: g.tax,
      });
    }
  }
  rows.push({ label: sheet.label('taxInclusive'), amount: t.grand, bold: true });
  if (t.prepaid) {
    rows.push({
      label: sheet.label('prepaid', { date: sheet.date(t.prepaidDate!) }),
      amount: style.minusOnAllowance ? t.prepaid.negated() : t.prepaid,
    });
    rows.push({ label: sheet.label('due'), amount: t.due, bold: true });
  } else if (sheet.random.chance(0.15)) {
    rows.push({ label: sheet.label('due'), amount: t.due, bold: true });
  }
  return rows;
}

/** The VAT breakdown as a small table (rate, base, tax, gross): its rows, and its columns' widths. */
function breakdownCells(sheet: Sheet): { rows: string[][]; widths: number[] } {
  const rows = [
    [...sheet.style.breakdownColumns],
    ...sheet.content.groups.map((g) => [
      sheet.rate(g.rate),
      sheet.money(g.base),
      sheet.money(g.tax),
      sheet.money(g.base.plus(g.tax)),
    ]),
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => sheet.width(r[i]!, 'bold'))) + 16);
  return { rows, widths };
}

/** Draws the breakdown table at (x, top), the rate left-aligned, the amounts right-aligned; the y below. */
function breakdownTable(sheet: Sheet, x: number, top: number): number {
  const { rows, widths } = breakdownCells(sheet);
  sheet.y = top;
  rows.forEach((row, r) => {
    let at = x;
    row.forEach((text, i) => {
      at += widths[i]!;
      const weight = r === 0 ? 'bold' : 'regular';
      if (i === 0) sheet.text(x, text, { weight });
      else sheet.text(at - 8, text, { weight, align: 'right' });
    });
    sheet.down();
  });
  return sheet.y;
}

export function totalsBlock(sheet: Sheet): void {
  const { style, content } = sheet;
  const rows = totalRows(sheet);
  const breakdown = style.breakdownTable ? content.groups.length + 1 : 0;
  sheet.ensure(style.gap * (rows.length + 1));
  const amountWidth = Math.max(...rows.map((r) => sheet.width(sheet.money(r.amount), 'bold')));
  const labelWidth = Math.max(...rows.map((r) => sheet.width(r.label, 'bold')));
  const labelX = Math.max(style.left + 200, style.right - amountWidth - 24 - labelWidth);
  sheet.y += style.gap * 0.5;
  const top = sheet.y;
  for (const row of rows) {
    if (row.bold) sheet.canvas.rule(labelX, style.right, sheet.y - 2, 0.4);
    const weight = row.bold ? 'bold' : 'regular';
    sheet.text(labelX, row.label, { weight });
    sheet.text(style.right, sheet.money(row.amount), { weight, align: 'right' });
    sheet.down();
  }
  if (style.totalsBox) sheet.canvas.box(labelX - 6, top - 4, style.right - labelX + 10, sheet.y - top + 4);
  sheet.y += style.gap * 0.5;
  if (breakdown === 0) return;
  // Beside the totals when they leave room on the left, else under them.
  const tableWidth = breakdownCells(sheet).widths.reduce((a, b) => a + b, 0);
  if (labelX - style.left > tableWidth + 20) {
    sheet.y = Math.max(sheet.y, breakdownTable(sheet, style.left, top)) + style.gap * 0.5;
  } else {
    sheet.ensure(style.gap * (breakdown + 1));
    sheet.y = breakdownTable(sheet, style.left, sheet.y) + style.gap * 0.5;
  }
}

function paragraphs(sheet: Sheet): string[] {
  const { style, content, random } = sheet;
  const s = style.sentences;
  const out: string[] = [];
  const buyerVat = content.buyer.vatId;
  if (style.mention) {
    out.push(
      buyerVat && style.buyerVatPlace === 'mention'
        ? `${style.mention} ${sheet.label('buyerVatId')} ${sheet.vatId(buyerVat)}`
        : style.mention,
    );
  }
  const due = content.due;
  if (due.kind === 'date' && (!style.dueInInfo || random.chance(0.4)))
    out.push(fill(s.payByDate, { date: sheet.date(due.date) }));
  if (due.kind === 'days') out.push(fill(s.payWithinDays, { n: String(due.days) }));
  if (due.kind === 'receipt') out.push(s.payOnReceipt);
  if (due.kind === 'credit' && random.chance(0.5)) out.push(s.creditSettled);
  if (content.earlyPayment) {
    const { percent, days } = content.earlyPayment;
    const grand = content.totals.due;
    out.push(
      fill(s.earlyPayment, {
        p: sheet.rate(percent),
        d: String(days),
        date: sheet.date(addDays(content.issueDate, days)),
        amount: sheet.money(grand.minus(percentOf(grand, percent))),
      }),
    );
  }
  if (random.chance(content.language === 'fr' ? 0.8 : 0.2))
    out.push(fill(s.latePayment, { fee: sheet.money(Decimal.of(40)) }));
  if (content.printsIban && style.ibanPlace === 'payment') {
    const { seller } = content;
    out.push(s.transfer, `${seller.bank} · IBAN ${sheet.iban(seller.iban)} · BIC ${seller.bic}`);
  }
  if (style.currencyNote === 'sentence') out.push(fill(s.amountsIn, { c: content.currency }));
  if (random.chance(0.5)) out.push(s.closing);
  return out;
}

export function notes(sheet: Sheet): void {
  const { style } = sheet;
  for (const paragraph of paragraphs(sheet)) {
    const rows = sheet.wrap(paragraph, style.right - style.left);
    sheet.ensure(style.gap * rows.length);
    for (const text of rows) {
      sheet.text(style.left, text);
      sheet.down();
    }
    sheet.y += style.gap * 0.3;
  }
}
