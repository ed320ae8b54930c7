/**
 * The page being written: a cursor (y from the top) over the canvas, page breaks that draw the
 * continuation header of the next page, and the invoice's own ways of printing labels, amounts,
 * dates, rates and quantities.
 */
import type { Decimal } from '../../decimal/decimal';
import type { Canvas, TextOptions } from './canvas';
import type { InvoiceContent } from './content';
import { grouped } from './identifiers';
import { formatDate, formatMoney, formatQuantity, formatRate } from './print-formats';
import type { Random } from './random';
import type { InvoiceStyle } from './style';
import type { LabelKey } from './vocabulary';

export const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** Where a page number goes once the number of pages is known. */
export interface PageNumberSlot {
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly align: 'left' | 'right' | 'center';
}

export class Sheet {
  y = 0;
  /** Lowest y the body may reach on a page (the footer starts below it). */
  bottom: number;
  readonly pageNumbers: PageNumberSlot[] = [];
  private onNewPage: (sheet: Sheet) => void = () => {};
  /** What tops every page after the first (the document's title and number, say). */
  runningHead: (sheet: Sheet) => void = () => {};

  constructor(
    readonly canvas: Canvas,
    readonly style: InvoiceStyle,
    readonly content: InvoiceContent,
    /** For the small choices made while writing (a salutation, a register phrase). */
    readonly random: Random,
  ) {
    this.bottom = canvas.height - 60;
  }

  /** The page being written, from 0. */
  get page(): number {
    return this.canvas.pageCount - 1;
  }

  /** What every page after the first starts with (a short header, the table's headings). */
  continueWith(draw: (sheet: Sheet) => void): void {
    this.onNewPage = draw;
  }

  newPage(): void {
    this.canvas.addPage();
    this.y = 40;
    this.runningHead(this);
    this.onNewPage(this);
  }

  /** Breaks the page when `height` more points do not fit, after `beforeBreak` (a carried-forward line). */
  ensure(height: number, beforeBreak?: () => void): void {
    if (this.y + height <= this.bottom) return;
    beforeBreak?.();
    this.newPage();
  }

  text(x: number, text: string, options: Partial<TextOptions> = {}): void {
    this.canvas.text(x, this.y, text, { size: this.style.size, ...options });
  }

  /** One row down. */
  down(rows = 1): void {
    this.y += this.style.gap * rows;
  }

  label(key: LabelKey, values: Readonly<Record<string, string>> = {}): string {
    const text = fill(this.style.labels[key], values);
    return this.style.colon && !text.endsWith(':') ? `${text}:` : text;
  }

  money(value: Decimal, inLines = false): string {
    return formatMoney(
      value,
      inLines ? this.style.lineMoney : this.style.money,
      Math.max(2, value.scale > 2 ? value.normalized().scale : 2),
    );
  }

  date(iso: string): string {
    return formatDate(iso, this.style.dates, this.content.language, this.style.american);
  }

  rate(rate: Decimal): string {
    return formatRate(rate, this.style.numbers, this.style.rateScale, this.style.rateSpace);
  }

  quantity(value: Decimal): string {
    return formatQuantity(value, this.style.numbers);
  }

  vatId(id: string): string {
    if (!this.style.vatSpaced) return id;
    // Spaced as printed: 'DE 123 456 789', 'FR 29 146 899 554'; numbers with letters stay whole.
    const french = /^FR(\w\w)(\d{9})$/.exec(id);
    if (french) return `FR ${french[1]} ${grouped(french[2]!, 3)}`;
    const digits = /^([A-Z]{2})(\d{9})$/.exec(id);
    return digits ? `${digits[1]} ${grouped(digits[2]!, 3)}` : id;
  }

  iban(iban: string): string {
    return this.style.ibanGrouped ? grouped(iban, 4) : iban;
  }

  width(text: string, weight: 'regular' | 'bold' | 'italic' = 'regular', size = this.style.size): number {
    return this.canvas.measure(text, size, weight);
  }

  /** Words of `text` in rows no wider than `width`. */
  wrap(text: string, width: number, size = this.style.size): string[] {
    const rows: string[] = [];
    let row = '';
    for (const word of text.split(' ')) {
      const next = row ? `${row} ${word}` : word;
      if (row && this.canvas.measure(next, size) > width) {
        rows.push(row);
        row = word;
      } else row = next;
    }
    if (row) rows.push(row);
    return rows;
  }
}
