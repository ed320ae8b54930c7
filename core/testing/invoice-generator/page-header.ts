/**
 * The top of the first page: the seller's letterhead (left, right or centred), the sender line over
 * the window address, the buyer's address (with a contact, a country, a VAT number or SIREN), a
 * different delivery address, the information block (number, dates, customer and order numbers,
 * delivery note, contact, the invoice a credit note refers to) as key–value rows beside or below the
 * address or as a row of headings over values, then the title and the opening sentences.
 */
import type { Party } from './content';
import { townLines } from './footer';
import { fill, type Sheet } from './sheet';

function letterhead(sheet: Sheet): void {
  const { style, content, canvas } = sheet;
  const seller = content.seller;
  const size = style.size - 0.5;
  const lines = [
    seller.street,
    townLines(seller.town, seller.country).join(seller.country === 'GB' ? ', ' : ' '),
    `${sheet.label('phone')} ${seller.phone}`,
    seller.email,
    ...(seller.vatId && style.vatIdPlace === 'letterhead'
      ? [`${sheet.label('vatId')} ${sheet.vatId(seller.vatId)}`]
      : []),
  ];
  sheet.y = 36;
  if (style.letterhead === 'centre') {
    sheet.text(canvas.width / 2, seller.name, {
      size: style.letterheadSize,
      weight: 'bold',
      align: 'center',
    });
    sheet.y += style.letterheadSize + 4;
    for (const text of sheet.wrap(lines.join(' · '), style.right - style.left, size)) {
      sheet.text(canvas.width / 2, text, { size, align: 'center' });
      sheet.down();
    }
    return;
  }
  const right = style.letterhead === 'right';
  const x = right ? style.right : style.left;
  const align = right ? 'right' : 'left';
  sheet.text(x, seller.name, { size: style.letterheadSize, weight: 'bold', align });
  sheet.y += style.letterheadSize + 4;
  for (const text of lines) {
    sheet.text(x, text, { size, align });
    sheet.down();
  }
}

function addressLines(sheet: Sheet, party: Party): string[] {
  const { content, style, random } = sheet;
  const language = content.language;
  const out: string[] = [];
  if (party.person) {
    if (language === 'de') out.push(random.pick(['Herrn', 'Frau']));
    out.push(party.name);
  } else {
    if (language === 'de' && random.chance(0.15)) out.push('Firma');
    out.push(party.name);
    if (party.contact) out.push(`${random.pick(style.vocabulary.attention)} ${party.contact}`);
  }
  out.push(party.street, ...townLines(party.town, party.country));
  if (party.country !== content.seller.country) {
    const name = style.vocabulary.countries[party.country] ?? party.country;
    out.push(random.chance(0.5) ? name.toUpperCase() : name);
  }
  return out;
}

/**
 * The buyer's address block (and a delivery address) at the window; returns the y below it. The
 * sender line over it keeps within `room`, and a delivery address goes beside it when `besideFree`.
 */
function addresses(sheet: Sheet, x: number, top: number, room: number, besideFree: boolean): number {
  const { style, content } = sheet;
  const { buyer, seller } = content;
  if (style.senderLine) {
    sheet.y = top - 14;
    const separator = sheet.random.pick([' · ', ' - ', ', ', ' | ']);
    const town = townLines(seller.town, seller.country).join(' ');
    const full = [seller.name, seller.street, town].join(separator);
    const line = sheet.width(full, 'regular', 6.5) <= room ? full : [seller.name, town].join(separator);
    sheet.text(x, line, { size: 6.5 });
    sheet.canvas.rule(x, x + sheet.width(line, 'regular', 6.5), sheet.y + 8, 0.3);
  }
  sheet.y = top;
  if (style.billToHeading) {
    sheet.text(x, sheet.label('billTo'), { weight: 'bold' });
    sheet.down();
  }
  const lines = addressLines(sheet, buyer);
  if (
    buyer.vatId &&
    (style.buyerVatPlace === 'address' || (style.buyerVatPlace === 'mention' && !style.mention))
  )
    lines.push(`${sheet.label('vatId')} ${sheet.vatId(buyer.vatId)}`);
  if (buyer.siren) lines.push(`SIREN ${buyer.siren.replace(/(\d{3})(?=\d)/g, '$1 ')}`);
  for (const text of lines) {
    sheet.text(x, text, { size: style.size + 0.5 });
    sheet.down();
  }
  const below = sheet.y;
  if (!content.shipTo) return below;
  // A delivery address beside the invoice address when there is room, else under it.
  const widest = Math.max(...lines.map((text) => sheet.width(text, 'regular', style.size + 0.5)));
  const beside = besideFree && style.addressSide === 'left' && widest + 10 <= 210;
  const sx = beside ? x + 210 : x;
  sheet.y = beside ? top : below + style.gap;
  sheet.text(sx, sheet.label('shipTo'), { weight: 'bold' });
  sheet.down();
  for (const text of addressLines(sheet, content.shipTo)) {
    sheet.text(sx, text);
    sheet.down();
  }
  return Math.max(below, sheet.y);
}

type Entry = readonly [label: string, value: string];

function infoEntries(sheet: Sheet): Entry[] {
  const { content, style, random } = sheet;
  const { seller, buyer } = content;
  const credit = content.typeCode === '381';
  const entries: Entry[] = [];
  if (!style.numberInTitle) entries.push([sheet.label(credit ? 'creditNumber' : 'number'), content.number]);
  if (!style.placeDate || random.chance(0.3))
    entries.push([sheet.label('issueDate'), sheet.date(content.issueDate)]);
  if (random.chance(0.3)) entries.reverse();
  if (content.customerNumber) entries.push([sheet.label('customerNumber'), content.customerNumber]);
  if (content.orderReference) entries.push([sheet.label('orderReference'), content.orderReference]);
  if (content.deliveryDate) entries.push([sheet.label('deliveryDate'), sheet.date(content.deliveryDate)]);
  if (content.period)
    entries.push([
      sheet.label('servicePeriod'),
      `${sheet.date(content.period[0])} – ${sheet.date(content.period[1])}`,
    ]);
  if (content.deliveryNote) entries.push([sheet.label('deliveryNote'), content.deliveryNote]);
  if (content.due.kind === 'date' && style.dueInInfo)
    entries.push([sheet.label('dueDate'), sheet.date(content.due.date)]);
  if (content.referenced && style.referenceInInfo)
    entries.push([sheet.label('referencedInvoice'), content.referenced.number]);
  if (seller.contact) entries.push([sheet.label('contact'), seller.contact]);
  if (seller.vatId && style.vatIdPlace === 'info')
    entries.push([sheet.label('vatId'), sheet.vatId(seller.vatId)]);
  if (buyer.vatId && style.buyerVatPlace === 'info')
    entries.push([sheet.label('buyerVatId'), sheet.vatId(buyer.vatId)]);
  if (style.currencyNote === 'info') entries.push([sheet.label('currency'), content.currency]);
  const operation = content.operation;
  if (operation) entries.push([style.colon ? `${operation.label} :` : operation.label, operation.value]);
  return entries;
}

/** The offset of the values from the labels in key–value rows, and the rows' whole width. */
function keyValueMeasure(sheet: Sheet, entries: readonly Entry[]): { offset: number; width: number } {
  const labelWidth = Math.max(...entries.map(([label]) => sheet.width(label))) + 10;
  const offset = Math.max(labelWidth, sheet.random.pick([70, 90, 110]));
  return { offset, width: offset + Math.max(...entries.map(([, value]) => sheet.width(value))) };
}

/** Key–value rows at (x, top), the values at a common x; returns the y below them. */
function keyValueRows(
  sheet: Sheet,
  entries: readonly Entry[],
  x: number,
  offset: number,
  top: number,
): number {
  sheet.y = top;
  for (const [label, value] of entries) {
    sheet.text(x, label);
    sheet.text(x + offset, value);
    sheet.down();
  }
  if (sheet.style.pageNumbers === 'info') {
    sheet.pageNumbers.push({ page: sheet.page, x, y: sheet.y, align: 'left' });
    sheet.down();
  }
  return sheet.y;
}

/** Headings over values, up to five to a row, across the page; returns the y below them. */
/** Headings over values, as many to a row as fit (five at most), across the page; returns the y below. */
function headingRows(sheet: Sheet, entries: readonly Entry[], top: number): number {
  const { style } = sheet;
  const size = style.size - 0.5;
  const width = style.right - style.left;
  const cells = entries.map(([label, value]) => {
    const heading = label.replace(/:$/, '');
    return { heading, value, width: Math.max(sheet.width(heading, 'bold', size), sheet.width(value)) + 14 };
  });
  const rows: (typeof cells)[] = [];
  for (const cell of cells) {
    const row = rows[rows.length - 1];
    if (row && row.length < 5 && row.reduce((w, c) => w + c.width, 0) + cell.width <= width) row.push(cell);
    else rows.push([cell]);
  }
  sheet.y = top;
  for (const row of rows) {
    // The columns share what is left of the width, so that a full row spans the page.
    const slack = (width - row.reduce((w, c) => w + c.width, 0)) / row.length;
    let x = style.left;
    const xs = row.map((c) => {
      const at = x;
      x += c.width + Math.min(slack, 40);
      return at;
    });
    row.forEach((c, j) => sheet.text(xs[j]!, c.heading, { weight: 'bold', size }));
    sheet.down();
    row.forEach((c, j) => sheet.text(xs[j]!, c.value));
    sheet.down(1.5);
  }
  if (style.pageNumbers === 'info') {
    sheet.pageNumbers.push({ page: sheet.page, x: style.right, y: sheet.y, align: 'right' });
    sheet.down();
  }
  return sheet.y;
}

function titleLine(sheet: Sheet): string {
  const { style, content } = sheet;
  if (!style.numberInTitle) return style.title;
  const word = { de: ['Nr.', 'Nr.', ''], fr: ['n°', 'N°', ''], en: ['No.', '#', ''] }[content.language];
  return [style.title, sheet.random.pick(word), content.number].filter(Boolean).join(' ');
}

export function pageHeader(sheet: Sheet): void {
  const { style, content, random } = sheet;
  letterhead(sheet);
  const top = Math.max(sheet.y + 30, random.pick([140, 150, 160]));
  const addressX = style.addressSide === 'left' ? style.left : 320;
  const entries = infoEntries(sheet);
  const measure = keyValueMeasure(sheet, entries);
  // Beside the address when it fits there, else under it.
  const infoX = style.addressSide === 'left' ? random.int(320, 350) : style.left;
  const limit = style.addressSide === 'left' ? style.right : addressX - 10;
  const info =
    style.info === 'beside-address' && infoX + measure.width > limit ? 'below-address' : style.info;
  const room =
    info === 'beside-address' && style.addressSide === 'left'
      ? infoX - addressX - 10
      : style.right - addressX;
  let below = addresses(sheet, addressX, top, room, info !== 'beside-address');
  if (info === 'beside-address') {
    below = Math.max(
      below,
      keyValueRows(sheet, entries, infoX, measure.offset, top - (style.senderLine ? 14 : 0)),
    );
  } else if (info === 'below-address') {
    const x = style.addressSide === 'left' || measure.width > style.right - addressX ? style.left : addressX;
    below = keyValueRows(sheet, entries, x, measure.offset, below + style.gap);
  } else {
    below = headingRows(sheet, entries, below + style.gap * 1.5);
  }
  sheet.y = below + style.gap * 1.5;
  const title = titleLine(sheet);
  if (style.placeDate) {
    const date = fill(style.sentences.placeDate, {
      city: content.seller.town.city,
      date: sheet.date(content.issueDate),
    });
    // On the title's row when both fit, else over it.
    const fits =
      sheet.width(title, 'bold', style.titleSize) + sheet.width(date) + 30 < style.right - style.left;
    if (!fits) sheet.down();
    sheet.text(style.right, date, { align: 'right' });
    if (!fits) sheet.down(1.5);
  }
  sheet.text(style.left, title, { size: style.titleSize, weight: 'bold' });
  sheet.y += style.titleSize + 8;
  const reference = content.referenced
    ? fill(content.typeCode === '381' ? style.sentences.creditFor : style.sentences.correctionOf, {
        n: content.referenced.number,
        date: sheet.date(content.referenced.date),
      })
    : null;
  const opening = [...(reference ? [reference] : []), ...(random.chance(0.5) ? [style.sentences.intro] : [])];
  for (const sentence of opening) {
    for (const text of sheet.wrap(sentence, style.right - style.left)) {
      sheet.text(style.left, text);
      sheet.down();
    }
  }
  sheet.down(0.5);
}
