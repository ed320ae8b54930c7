/**
 * The page footer every page repeats: the seller's address, its phone, fax, e-mail and web, its bank
 * account, and its legal lines (managing director and trade register, share capital, RCS, SIRET, APE,
 * company number, VAT and tax numbers), in columns or in centred lines; and the page numbers.
 */
import type { Seller } from './content';
import { formatNumber } from './print-formats';
import { fill, type Sheet } from './sheet';

export function townLines(town: { postcode: string; city: string }, country: string): string[] {
  if (country === 'GB' || country === 'IE') return [town.city, town.postcode];
  if (country === 'US') return [`${town.city}, ${town.postcode}`];
  return [`${town.postcode} ${town.city}`];
}

const legalForm = (name: string): string => /\b(SARL|SAS|SA|EURL|SASU)\b/.exec(name)?.[1] ?? 'SAS';

function legalLines(sheet: Sheet, seller: Seller): string[] {
  const { random, content } = sheet;
  const language = content.language;
  const vat =
    seller.vatId && sheet.style.vatIdPlace === 'footer'
      ? [`${sheet.label('vatId')} ${sheet.vatId(seller.vatId)}`]
      : [];
  const city = seller.town.city;
  switch (seller.country) {
    case 'DE':
      return [
        `${sheet.label('managingDirector')} ${seller.managingDirector}`,
        language === 'de'
          ? fill(
              random.pick(['Amtsgericht {c} {r}', 'Registergericht: Amtsgericht {c}, {r}', 'Sitz: {c}, {r}']),
              {
                c: city,
                r: seller.register,
              },
            )
          : `Commercial register: ${city} ${seller.register}`,
        ...vat,
        ...(seller.taxNumber
          ? [`${language === 'de' ? sheet.label('taxNumber') : 'Tax No.'} ${seller.taxNumber}`]
          : []),
      ];
    case 'FR': {
      const capital = seller.capital ? formatNumber(seller.capital, 0, sheet.style.numbers) : null;
      return [
        ...(capital
          ? [
              language === 'fr'
                ? `${legalForm(seller.name)} au capital de ${capital} €`
                : `Share capital: €${capital}`,
            ]
          : []),
        ...(seller.printsSiren ? [seller.register] : []),
        `SIRET ${random.chance(0.5) ? seller.siret : seller.siret!.replace(/^(\d{3})(\d{3})(\d{3})/, '$1 $2 $3 ')}`,
        `${language === 'fr' ? sheet.label('taxNumber') : 'APE'} ${seller.taxNumber}`,
        ...vat,
      ];
    }
    case 'GB':
      return [
        `Registered in England and Wales. Company No. ${seller.register}`,
        ...vat,
        `${sheet.label('managingDirector')} ${seller.managingDirector}`,
      ];
    case 'IE':
      return [
        `Registered in Ireland No. ${seller.register}`,
        ...vat,
        `Directors: ${seller.managingDirector}`,
      ];
    default:
      return [seller.register, ...vat];
  }
}

/** The footer's groups of lines: address, contact, bank, legal. */
function footerGroups(sheet: Sheet): string[][] {
  const { seller } = sheet.content;
  const address = [seller.name, seller.street, ...townLines(seller.town, seller.country)];
  const contact = [
    `${sheet.label('phone')} ${seller.phone}`,
    ...(seller.fax ? [`${sheet.label('fax')} ${seller.fax}`] : []),
    `${sheet.label('email')} ${seller.email}`,
    ...(seller.web ? [seller.web] : []),
  ];
  const bank =
    sheet.content.printsIban && sheet.style.ibanPlace === 'footer'
      ? [seller.bank, `IBAN ${sheet.iban(seller.iban)}`, `BIC ${seller.bic}`]
      : [];
  return [address, contact, bank, legalLines(sheet, seller)].filter((g) => g.length > 0);
}

/** Lays the footer out once and returns how to draw it on a page, and where its top is. */
export function footer(sheet: Sheet): { top: number; draw: (page: number) => void } {
  const { canvas, style } = sheet;
  const groups = footerGroups(sheet);
  const width = style.right - style.left;
  // Columns as wide as their longest line asks; a smaller size where they would not fit, else lines.
  const wants = (at: number): number[] =>
    groups.map((g) => Math.max(...g.map((line) => sheet.width(line, 'regular', at))) + 10);
  const natural = Math.max(6, style.size - 1.5);
  const needed = wants(natural).reduce((a, b) => a + b, 0);
  const pad = 10 * groups.length;
  const shrunk = needed <= width ? natural : Math.max(5.5, (natural * (width - pad)) / (needed - pad));
  const columns = style.footer === 'columns' && wants(shrunk).reduce((a, b) => a + b, 0) <= width + 0.5;
  const size = columns ? shrunk : natural;
  const gap = size * 1.3;
  const cells: { x: number; row: number; text: string; align: 'left' | 'center' }[] = [];
  let rows = 0;
  if (columns) {
    const columnWidths = wants(size);
    const slack = (width - columnWidths.reduce((a, b) => a + b, 0)) / groups.length;
    let x = style.left;
    groups.forEach((group, i) => {
      group.forEach((text, row) => cells.push({ x, row, text, align: 'left' }));
      rows = Math.max(rows, group.length);
      x += columnWidths[i]! + slack;
    });
  } else {
    const separator = sheet.random.pick([' · ', ' | ', ' – ', '  ']);
    const lines = groups.flatMap((group) => sheet.wrap(group.join(separator), width, size));
    lines.forEach((text, row) => cells.push({ x: canvas.width / 2, row, text, align: 'center' }));
    rows = lines.length;
  }
  const top = canvas.height - 26 - rows * gap;
  return {
    top,
    draw(page) {
      canvas.rule(style.left, style.right, top - 5, 0.4, page);
      for (const cell of cells)
        canvas.text(cell.x, top + cell.row * gap, cell.text, { size, align: cell.align }, page);
    },
  };
}

/** Page numbers ('Seite 1 von 3') where the composer left room for them. */
export function drawPageNumbers(sheet: Sheet, footerTop: number): void {
  const { canvas, style } = sheet;
  const count = canvas.pageCount;
  if (style.pageNumbers === 'top' || style.pageNumbers === 'bottom') {
    for (let page = 0; page < count; page++) {
      sheet.pageNumbers.push(
        style.pageNumbers === 'top'
          ? { page, x: style.right, y: 24, align: 'right' }
          : { page, x: canvas.width / 2, y: footerTop - 16, align: 'center' },
      );
    }
  }
  for (const slot of sheet.pageNumbers) {
    const text = fill(style.labels.page, { p: String(slot.page + 1), n: String(count) });
    canvas.text(slot.x, slot.y, text, { size: Math.max(6.5, style.size - 1), align: slot.align }, slot.page);
  }
}
