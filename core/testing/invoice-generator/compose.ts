/**
 * An invoice's content laid out in its style on A4 pages: the first page's header, the lines table
 * over as many pages as it takes, the totals and notes, then on every page the footer and the page
 * number.
 */
import { createCanvas, type DrawnText } from './canvas';
import type { InvoiceContent } from './content';
import { drawPageNumbers, footer } from './footer';
import { itemsTable } from './items-table';
import { pageHeader } from './page-header';
import type { Random } from './random';
import { Sheet } from './sheet';
import type { InvoiceStyle } from './style';
import { notes, totalsBlock } from './totals-block';

export async function composeInvoice(
  content: InvoiceContent,
  style: InvoiceStyle,
  random: Random,
): Promise<{ pdf: Uint8Array; pages: number; drawn: readonly DrawnText[] }> {
  const canvas = await createCanvas(style.family, style.wordByWord);
  canvas.addPage();
  const sheet = new Sheet(canvas, style, content, random);
  const foot = footer(sheet);
  sheet.bottom = foot.top - (style.pageNumbers === 'bottom' ? 30 : 14);
  sheet.runningHead = (s) => {
    s.text(style.left, `${style.title} ${content.number}`, { weight: 'bold' });
    if (style.pageNumbers === 'info')
      s.pageNumbers.push({ page: s.page, x: style.right, y: s.y, align: 'right' });
    s.down(2);
  };
  pageHeader(sheet);
  itemsTable(sheet);
  totalsBlock(sheet);
  notes(sheet);
  for (let page = 0; page < canvas.pageCount; page++) foot.draw(page);
  drawPageNumbers(sheet, foot.top);
  return { pdf: await canvas.save(), pages: canvas.pageCount, drawn: canvas.drawn };
}
