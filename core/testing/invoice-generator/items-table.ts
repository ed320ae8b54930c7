/**
 * The lines table: headings (a rule under them), one row per item with its name wrapped in its
 * column and a second row of detail, numbers right-aligned in their columns; over several pages, a
 * carried-forward subtotal at the foot of a page and brought forward under the repeated headings of
 * the next.
 */
import { Decimal } from '../../decimal/decimal';
import type { Item } from './content';
import { fill, type Sheet } from './sheet';
import type { ColumnKey } from './vocabulary';

/** Widths of the fixed columns at size 9; the description takes what is left. */
const WIDTH: Readonly<Record<Exclude<ColumnKey, 'description'>, number>> = {
  position: 26,
  article: 64,
  quantity: 44,
  unit: 40,
  unitPrice: 62,
  discount: 40,
  vat: 40,
  amount: 68,
};

const NUMERIC: ReadonlySet<ColumnKey> = new Set([
  'position',
  'quantity',
  'unitPrice',
  'discount',
  'vat',
  'amount',
]);

interface Column {
  readonly key: ColumnKey;
  readonly x: number;
  readonly width: number;
}

function headingText(sheet: Sheet, key: ColumnKey): string {
  const text = sheet.style.headings[key];
  return key === 'amount' && sheet.style.currencyNote === 'heading'
    ? `${text} (${sheet.content.currency})`
    : text;
}

function layoutColumns(sheet: Sheet): Column[] {
  const { style } = sheet;
  const scale = style.size / 9;
  const widthOf = (key: ColumnKey): number => {
    if (key === 'description') return 0;
    const w =
      key === 'quantity' && style.quantityWithUnit ? (WIDTH.quantity + 34) * scale : WIDTH[key] * scale;
    const cells = sheet.content.items.map((item, i) => sheet.width(cellText(sheet, key, item, i)) + 8);
    return Math.max(w, sheet.width(headingText(sheet, key), 'bold') + 10, ...cells);
  };
  // A description too narrow for its heading or a short name drops the position, then the article.
  const wanted = Math.max(120, sheet.width(headingText(sheet, 'description'), 'bold') + 10);
  let keys = style.columns;
  const descriptionWidth = (list: readonly ColumnKey[]): number =>
    style.right - style.left - list.reduce((sum, key) => sum + widthOf(key), 0);
  for (const optional of ['position', 'article'] as const) {
    if (descriptionWidth(keys) < wanted) keys = keys.filter((k) => k !== optional);
  }
  const description = descriptionWidth(keys);
  let x = style.left;
  return keys.map((key) => {
    const width = key === 'description' ? description : widthOf(key);
    const column = { key, x, width };
    x += width;
    return column;
  });
}

function cellText(sheet: Sheet, key: ColumnKey, item: Item, index: number): string {
  const { style } = sheet;
  switch (key) {
    case 'position':
      return String(style.positionsByTen ? (index + 1) * 10 : index + 1);
    case 'article':
      return item.article ?? '';
    case 'quantity':
      return style.quantityWithUnit
        ? `${sheet.quantity(item.quantity)} ${style.units[item.unit]}`
        : sheet.quantity(item.quantity);
    case 'unit':
      return style.units[item.unit]!;
    case 'unitPrice':
      return sheet.money(item.unitPrice, true);
    case 'discount':
      return item.discount && !item.discount.isZero() ? sheet.rate(item.discount) : '';
    case 'vat':
      return sheet.rate(item.rate);
    case 'amount':
      return sheet.money(item.lineTotal, true);
    case 'description':
      return item.name;
  }
}

function headings(sheet: Sheet, columns: readonly Column[]): void {
  const { style } = sheet;
  const rightAligned = style.rulesUnderHeadings;
  for (const column of columns) {
    const text = headingText(sheet, column.key);
    const right = rightAligned && NUMERIC.has(column.key);
    sheet.text(right ? column.x + column.width - 4 : column.x, text, {
      weight: 'bold',
      align: right ? 'right' : 'left',
    });
  }
  sheet.down();
  if (style.rulesUnderHeadings) sheet.canvas.rule(style.left, style.right, sheet.y - 2);
  sheet.y += 3;
}

/** A subtotal row: its label in the description column, the running sum in the amount column. */
function subtotalRow(sheet: Sheet, columns: readonly Column[], label: string, sum: Decimal): void {
  const description = columns.find((c) => c.key === 'description')!;
  const amount = columns.find((c) => c.key === 'amount')!;
  sheet.text(description.x, label, { weight: 'italic' });
  sheet.text(amount.x + amount.width - 4, sheet.money(sum, true), { align: 'right' });
  sheet.down();
}

export function itemsTable(sheet: Sheet): void {
  const { style, content } = sheet;
  const columns = layoutColumns(sheet);
  const description = columns.find((c) => c.key === 'description')!;
  let carried = Decimal.ZERO;
  let pageOfCarry = 0;
  sheet.continueWith((s) => {
    headings(s, columns);
    subtotalRow(s, columns, fill(style.labels.broughtForward, { p: String(pageOfCarry + 1) }), carried);
  });
  headings(sheet, columns);
  content.items.forEach((item, index) => {
    const nameRows = sheet.wrap(item.name, description.width - 6);
    const rows = nameRows.length + (item.detail ? 1 : 0);
    sheet.ensure(style.gap * (rows + 1.5), () => {
      pageOfCarry = sheet.page;
      subtotalRow(sheet, columns, fill(style.labels.carriedForward, {}), carried);
    });
    for (const column of columns) {
      if (column.key === 'description') continue;
      const text = cellText(sheet, column.key, item, index);
      const right = NUMERIC.has(column.key);
      sheet.text(right ? column.x + column.width - 4 : column.x, text, { align: right ? 'right' : 'left' });
    }
    for (const text of nameRows) {
      sheet.text(description.x, text);
      sheet.down();
    }
    if (item.detail) {
      sheet.text(description.x, item.detail, { size: style.size - 0.5, weight: 'italic' });
      sheet.down();
    }
    sheet.y += style.gap * 0.25;
    carried = carried.plus(item.lineTotal);
  });
  sheet.canvas.rule(style.left, style.right, sheet.y);
  sheet.y += 4;
  // Pages after the table repeat no headings.
  sheet.continueWith(() => {});
}
