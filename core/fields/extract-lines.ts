/**
 * BG-25 invoice lines read from the layout: the lines table found by its header row (the columns'
 * words, over one or several rows: "Menge", "Prix unitaire", "Line Amount"…), each item anchored on its
 * net amount in the amount column, with the rows around it (a name over two rows, a price under the
 * quantity, a description below) given to the nearest item; without a header, a row whose amounts agree
 * stands for an item. A name is its column's text, over as many rows as the column wraps it. In each
 * item the arithmetic decides: quantity × net price = net amount (BT-129 × BT-146 = BT-131, to the cent;
 * over the price's base quantity BT-149 for a price per hundred), the factor followed by a unit being the
 * quantity; the VAT rate is the item's percentage that the breakdown knows, or the breakdown's only rate.
 * Items nested by their positions (sub-lines of an EXTENDED invoice) are read at each level. The caller
 * keeps the lines only when together they add up to the sum of lines (BT-106): a wrong line is worse
 * than none.
 */
import { Decimal } from '../decimal/decimal';
import type { InvoiceLine } from '../model/invoice';
import { UNECE_UNIT_CODES } from '../rules/codelists/unece-rec20';
import type { Cell, Layout, Row } from '../text/layout';
import type { TextSpan } from '../text/page-text';
import { groupsOn, overlapX, rightOf, splitAtColumns } from '../text/layout';
import { ISO4217_CURRENCIES } from '../rules/codelists/iso4217';
import { bandOf, bandsOf, pairBands, type Band, type Heading } from './table-columns';
import type { Place } from './confidence';
import {
  ALLOWANCE_START,
  CARRIED,
  CHARGE_START,
  LINE_COLUMNS,
  TOTAL_LABELS,
  UNIT_WORDS,
  words,
} from './labels';
import { datesIn, moneyIn, parseAmount } from './values';
import { categoryTax } from './vat-breakdown';

/** The line terms whose place is noted. */
export type LineTerm = 'BT-153' | 'BT-129' | 'BT-130' | 'BT-146' | 'BT-131' | 'BT-152';

export interface ReadLine {
  readonly line: InvoiceLine;
  /** Where each term was read. */
  readonly places: Partial<Record<LineTerm, Place>>;
  /** Quantity × price = amount held on the page (not derived). */
  readonly proven: boolean;
  /**
   * Terms read less directly than printed in their place: a quantity the print rounded (given by the
   * arithmetic), a unit the name gives ("Design (hours)").
   */
  readonly derived: readonly LineTerm[];
  /** The unit was printed (beside the quantity, in a unit column or in the name); else "one" (C62). */
  readonly unitPrinted: boolean;
}

export interface LineReading {
  readonly lines: readonly ReadLine[];
  readonly sum: Decimal;
}

export interface ReadLines extends LineReading {
  /**
   * Other readings of a table of items and their sub-items (positions 01, 01.01, 01.01.01): its detail
   * items alone, its top items alone. The document's sum of lines (BT-106) tells which one it counts.
   */
  readonly levels: readonly LineReading[];
}

/** A VAT rate the breakdown shows, with its category. */
export interface KnownRate {
  readonly rate: Decimal;
  readonly category: string;
}

type ColumnKind = (typeof LINE_COLUMNS)[number][1];

interface Column {
  readonly kind: ColumnKind;
  readonly cell: Cell;
}

interface Table {
  readonly columns: readonly Column[];
  /** Every cell of the header, named or not: where one column ends and the next begins. */
  readonly header: readonly Cell[];
  /** The rows of the table's body, in order, over as many pages as it runs. */
  readonly rows: readonly Row[];
  /** How many of them stand on the page of its header. */
  readonly firstPage: number;
  /** The header cell over the column a cell stands in (table-columns.ts), or null for an unheaded one. */
  readonly headingOf: (cell: Cell) => Cell | null;
  /** Where the body's column under a heading starts, and where the next column on its right starts. */
  readonly spanOf: (heading: Cell) => { readonly from: number; readonly to: number } | null;
}

interface Figure {
  readonly value: Decimal;
  readonly cell: Cell;
  readonly row: Row;
  /** The unit printed right after it ("3 Std", "300 Stk"), if any. */
  readonly unit: string | null;
  readonly decimals: boolean;
  /** The other reading of a figure whose one separator stands before three digits ("27,482"). */
  readonly twin?: true;
}

/** UN/ECE Recommendation 20 "one" (C62) when no unit is printed. */
const DEFAULT_UNIT = 'C62';
/** UN/ECE Recommendation 20 "lump sum". */
const LUMP_SUM = 'LS';

export function unitOf(text: string): string | null {
  const word = text.trim();
  const known = UNIT_WORDS.find(([pattern]) => pattern.test(word.toLowerCase()))?.[1];
  if (known) return known;
  // OCR reads a leading "l" as "I" ("Ifm" for "lfm"): no unit starts with a capital I then small letters.
  if (/^I\p{Ll}/u.test(word)) return unitOf(`l${word.slice(1)}`);
  return /^[A-Z0-9]{3}$/.test(word) && /[A-Z]/.test(word) && UNECE_UNIT_CODES.has(word) ? word : null;
}

/**
 * A sentence over the table, not a heading: more words than a heading holds (six), or four and more
 * ending with a full stop after a word ("Thank you for your business.", not "Montant total H.T.").
 */
const isProse = (text: string): boolean => {
  const words = text.trim().split(/\s+/);
  return words.length > 6 || (words.length >= 4 && /\p{L}{4,}[.!]$/u.test(text.trim()));
};

/**
 * What a heading names: by its whole text, else by its words when two short headings share a cell
 * ("Mge. Einh.", "Qté U.").
 */
const kindsOf = (text: string): ColumnKind[] => {
  // A sentence over the table ("Für unsere Lieferungen und Leistungen berechnen wir Ihnen:") is none.
  if (isProse(text)) return [];
  const parts = text.trim().split(/\s+/);
  const whole = LINE_COLUMNS.filter(([pattern]) => pattern.test(text.trim())).map(([, kind]) => kind);
  if (whole.length > 0) return whole;
  if (parts.length < 2 || parts.length > 3) return [];
  return parts.flatMap((part) =>
    LINE_COLUMNS.filter(([pattern]) => pattern.test(part)).map(([, kind]) => kind),
  );
};

/**
 * How much larger than the headings' type a row above them is set to be a title, not a heading over two
 * lines (OCR boxes of one type size differ by their ascenders and descenders, some 40 % at most).
 */
const TITLE_TYPE = 1.8;

/** Rows that end a table: the totals, the VAT breakdown. */
const ENDS_TABLE = new RegExp(
  `^\\s*(?:${TOTAL_LABELS.filter(([, r]) => r.strength >= 1)
    .map(([, r]) => r.pattern.source)
    .join(
      '|',
    )}|sub-?total|sous-total|zwischensumme|umsatzsteueraufschlüsselung|steueraufschlüsselung|détail\\s+tva|récapitulatif\\s+tva|vat\\s+(?:breakdown|summary|analysis)|belegsummen|zahlungsbedingungen|total\\b|(?:taux|rate|satz|steuersatz|ust\\.?|mwst\\.?|vat|tva|tax(?:es?)?)(?:[\\s.-]+(?:de\\s+)?(?:tva|vat|ust|mwst|rate|satz))?(?:\\s*%)?\\s+(?:base|net|netto|basis|bemessungsgrundlage|nettobetrag|montant\\s+ht))`,
  'i',
);

/**
 * The lines tables of a document: a header (one to four rows within a few lines, whose words name at
 * least a quantity or price column, an amount column and one more), then its body down to the totals.
 */
export function tablesOf(layout: Layout): Table[] {
  const tables: Table[] = [];
  const rows = layout.rows;
  for (let i = 0; i < rows.length; i++) {
    const start = rows[i]!;
    if (!start.cells.some((c) => kindsOf(c.text).length > 0)) continue;
    // The header: rows packed close under each other (a heading over two or more lines), up to six.
    const header: Row[] = [start];
    for (const next of rows.slice(i + 1, i + 8)) {
      const previous = header[header.length - 1]!;
      if (
        next.page !== start.page ||
        next.y - (previous.y + previous.height) > 0.9 * Math.max(previous.height, 6)
      )
        break;
      if (moneyIn(next.line.text).some((a) => a.decimals)) break;
      // A title set in larger type just above the headings ("Facture N° 8356707" at 20 pt over
      // "Libellé  Qté …" at 9) heads no column: its "N°" is no position heading.
      if (Math.max(next.height, previous.height) > TITLE_TYPE * Math.min(next.height, previous.height)) break;
      // A sentence ("Please find below the details of our services.") is prose, not a heading over two
      // lines: the header above it, if any, was a title.
      if (next.cells.some((c) => isProse(c.text))) break;
      header.push(next);
    }
    const last = i + header.length - 1;
    const printed = header.flatMap((r) => r.cells);
    // Headings printed as one cell may name the amount column only once cut over the body's columns
    // ("VAT rate Net").
    const next = rows.slice(last + 1, last + 31);
    const ends = next.findIndex((r) => ENDS_TABLE.test(r.line.text));
    const columns =
      columnsOf(printed) ??
      columnsOf(
        printed.flatMap((c) =>
          splitHeading(c, bandsUnder(printed, ends < 0 ? next : next.slice(0, ends)), printed),
        ),
      );
    if (!columns) continue;
    const amountLeft = Math.max(...columns.filter((c) => c.kind === 'amount').map((c) => c.cell.x));
    const body: Row[] = [];
    let skipped = 0;
    for (const row of rows.slice(last + 1)) {
      // A sum carried to the next page ("Subtotal c/f") ends no table.
      if (!CARRIED.test(row.line.text) && ENDS_TABLE.test(row.line.text)) break;
      // Document-level allowances and charges follow the lines ("REMISE : REMISE COMMERCIALE  -5,00"),
      // with their amount in the amount column: an item's "Verpackung: Flasche" or "Abschlag : 0,03"
      // on its price ends nothing.
      if (
        row.cells.slice(0, 2).some((c) => ALLOWANCE_START.test(c.text) || CHARGE_START.test(c.text)) &&
        row.cells.some((c) => c.x + c.width > amountLeft && moneyIn(c.text).some((a) => a.decimals))
      )
        break;
      // A page's carried-forward sum belongs to no item, nor does the header a next page repeats.
      if (CARRIED.test(row.line.text) || header.some((h) => h.line.text === row.line.text)) {
        skipped += 1;
        continue;
      }
      body.push(row);
    }
    const firstPage = body.filter((r) => r.page === start.page).length;
    const atEdges = (cells: readonly Cell[]) => body.map((r) => atColumns(r, cells));
    // Two headings printed too close to be two cells ("Prix unitaire HT Montant HT") over two columns
    // of the body are two headings.
    const bands = bandsUnder(printed, body);
    const cut = printed.flatMap((c) => splitHeading(c, bands, printed));
    const cutColumns = cut.length > printed.length ? columnsOf(cut) : null;
    const cells = cutColumns ? cut : printed;
    const led = ledTable(cells, atEdges(cells), bands);
    const ledColumns = led && columnsOf(led.header);
    const named = ledColumns ?? cutColumns ?? columns;
    const finalHeader = ledColumns ? led.header : cells;
    const split = ledColumns ? led.rows : atEdges(cells);
    tables.push({
      columns: named,
      header: finalHeader,
      rows: split,
      firstPage,
      ...headingsOver(finalHeader, named, split),
    });
    i = last + body.length + skipped;
  }
  return tables;
}

/** "Item" beside another name heading ("Item | Description") heads the item's number or code. */
const ITEM_NUMBER = /^item$/i;

/**
 * The named columns of a header's cells, when they make a lines table: an amount column, a quantity or
 * price column, and one more.
 */
function columnsOf(cells: readonly Cell[]): Column[] | null {
  const named = cells.flatMap((cell) => {
    const all = kindsOf(cell.text);
    return all.length > 0 ? [{ kind: all[0]!, cell, all }] : [];
  });
  // A heading that names two kinds ("Amount": a count or a sum) is the amount column when no other
  // heading is: the rightmost such heading.
  // With no such heading either, of two price headings the rightmost ("Prix unitaire … Prix HT") is
  // the line's price, its amount.
  const prices = named.filter((c) => c.kind === 'price');
  const sum = named.some((c) => c.kind === 'amount')
    ? undefined
    : (named.filter((c) => c.all.includes('amount')).pop() ??
      (prices.length > 1 ? prices.reduce((a, b) => (b.cell.x > a.cell.x ? b : a)) : undefined));
  const names = named.filter((c) => c.kind === 'name');
  const itemNumber = names.length > 1 ? names.find((c) => ITEM_NUMBER.test(c.cell.text.trim())) : undefined;
  const columns: Column[] = named.map((c) => ({
    kind: c === sum ? 'amount' : c === itemNumber ? 'article' : c.kind,
    cell: c.cell,
  }));
  const kinds = new Set(columns.map((c) => c.kind));
  const table =
    kinds.has('amount') &&
    (kinds.has('quantity') || kinds.has('price')) &&
    kinds.size >= 3 &&
    columns.length >= 3;
  return table ? columns : null;
}

/** A cell's words, each placed across the page (within a piece of text, each character as wide as the others). */
function wordsOf(cell: Cell): { text: string; x: number; to: number; span: TextSpan }[] {
  return cell.spans.flatMap((span) => {
    const perChar = span.width / Math.max(1, span.text.length);
    return [...span.text.matchAll(/\S+/g)].map((m) => ({
      text: m[0],
      x: span.x + m.index * perChar,
      to: span.x + (m.index + m[0].length) * perChar,
      span,
    }));
  });
}

/** A cell cut into pieces before the words at `bounds` (word indexes, 0 and the word count included). */
function piecesOf(cell: Cell, words: ReturnType<typeof wordsOf>, bounds: readonly number[]): Cell[] {
  return bounds.slice(1).map((end, k) => {
    const part = words.slice(bounds[k], end);
    const text = part.map((w) => w.text).join(' ');
    const x = part[0]!.x;
    const width = part[part.length - 1]!.to - x;
    return { ...cell, text, x, width, spans: [{ ...part[0]!.span, text, x, width }] };
  });
}

/** A figure with what may follow it: "3.65", "10.00%", "1,234.00 EUR", "€ 39.00". */
const FIGURE_WORDS = /^(?:[€$£]\s)?[-−+]?[€$£]?\d[\d.,'’]*\s?%?(?:\s(?:%|[€$£]|[A-Z]{3}))?$/;

/** A currency's sign or ISO 4217 code, printed as a word of its own. */
const isCurrencyWord = (word: string): boolean => /^[€$£]$/.test(word) || ISO4217_CURRENCIES.has(word);

/** FIGURE_WORDS, or a currency code before them ("GBP 76,573.35"). */
const isFigureWords = (text: string): boolean => {
  const code = /^([A-Z]{3})\s(.+)$/.exec(text);
  return code && ISO4217_CURRENCIES.has(code[1]!) ? FIGURE_WORDS.test(code[2]!) : FIGURE_WORDS.test(text);
};

/**
 * A row whose cells each hold one figure at most: a cell of figures only, printed too close to be two
 * cells ("3.65 10.00%": a price and its discount), is cut between them. A percentage carries no
 * currency: a currency after it is the next amount's ("10.0% GBP 76,573.35").
 */
function figuresApart(row: Row): Row {
  const cells = row.cells.flatMap((cell) => {
    const words = wordsOf(cell);
    if (words.length < 2 || !/\d.*\s.*\d/.test(cell.text)) return [cell];
    // Starts of figures: a word with a digit after one that ends a figure, not a thousands group.
    const bounds = [0];
    for (let k = 1; k < words.length; k++) {
      const from = bounds[bounds.length - 1]!;
      const before = words
        .slice(from, k)
        .map((w) => w.text)
        .join(' ');
      if (/\d/.test(words[k]!.text) && FIGURE_WORDS.test(before) && !groupsOn(before, words[k]!.text))
        bounds.push(
          k - 1 > from && isCurrencyWord(words[k - 1]!.text) && words[k - 2]!.text.endsWith('%') ? k - 1 : k,
        );
    }
    bounds.push(words.length);
    const pieces = bounds.slice(1).map((end, k) =>
      words
        .slice(bounds[k], end)
        .map((w) => w.text)
        .join(' '),
    );
    return pieces.length > 1 && pieces.every(isFigureWords) ? piecesOf(cell, words, bounds) : [cell];
  });
  return cells.length === row.cells.length ? row : { ...row, cells };
}

/** A cut inside a piece of text the PDF drew in one go, where two headings may be joined, rather than between two. */
const WITHIN_TEXT = 20;
/** A heading's word given to a column when its middle is nearer the next (points, as misalignment). */
const STRAY = 20;

/**
 * A heading cell over two or more columns of the body, cut between words into one heading per column:
 * the cut whose pieces line up best with their columns (each piece by its left edge, its right edge or
 * its centre, whichever the column shares).
 */
function splitHeading(cell: Cell, bands: readonly Band[], header: readonly Cell[]): Cell[] {
  const right = cell.x + cell.width;
  // Figures aligned right may stand wholly right of the last heading ("Discount % Total" over "10 %"
  // and "872.31"): the columns right of it are its own.
  const last = !header.some((c) => c.x > cell.x);
  const under = bands.filter(
    (b) => Math.min(b.to, right) - Math.max(b.from, cell.x) > 0 || (last && b.from >= right),
  );
  if (under.length < 2) return [cell];
  const words = wordsOf(cell);
  if (words.length < under.length) return [cell];
  const misalignment = (from: number, to: number, band: Band) => {
    const x = words[from]!.x;
    const end = words[to - 1]!.to;
    return Math.min(
      Math.abs(x - band.from),
      Math.abs(end - band.to),
      Math.abs(x + end - band.from - band.to) / 2,
    );
  };
  // A word whose middle stands past the middle of the gap between two columns heads the other one
  // (OCR boxes each word: "TVA %  Total HT" is then one cell, its "Total" nearer the amounts).
  const strays = (from: number, to: number, k: number) => {
    const left = k === 0 ? -Infinity : (under[k - 1]!.to + under[k]!.from) / 2;
    const right = k === under.length - 1 ? Infinity : (under[k]!.to + under[k + 1]!.from) / 2;
    return words.slice(from, to).filter((w) => (w.x + w.to) / 2 < left || (w.x + w.to) / 2 > right).length;
  };
  const costOf = (from: number, to: number, k: number) =>
    misalignment(from, to, under[k]!) + STRAY * strays(from, to, k);
  // Every way to cut the words into as many pieces as columns (a heading holds a few words).
  let best: { cost: number; bounds: number[] } | null = null;
  const cutFrom = (bounds: number[], cost: number): void => {
    const k = bounds.length - 1;
    const from = bounds[k]!;
    if (k === under.length - 1) {
      const total = cost + costOf(from, words.length, k);
      if (!best || total < best.cost) best = { cost: total, bounds: [...bounds, words.length] };
      return;
    }
    for (let to = from + 1; to <= words.length - (under.length - 1 - k); to++)
      cutFrom(
        [...bounds, to],
        cost + costOf(from, to, k) + (words[to - 1]!.span === words[to]!.span ? WITHIN_TEXT : 0),
      );
  };
  cutFrom([0], 0);
  return piecesOf(cell, words, best!.bounds);
}

/** A count with its unit run into it, as OCR reads a count set close to its unit: "10h", "13.5h", "10u". */
const COUNT_RUN_IN = String.raw`(\d+(?:[.,]\d+)?)(\p{L}{1,4}\.?)`;
/** One word that is a count with its unit run into it. */
const RUN_IN_WORD = new RegExp(`^[-−]?${COUNT_RUN_IN}$`, 'u');
/** Such counts among other words: "10u GU-774". */
const RUN_IN_UNIT = new RegExp(`(^|\\s)${COUNT_RUN_IN}(?=\\s|$)`, 'gu');

/**
 * A table whose heading names a count or a position and then the name in one cell ("Mge.
 * Leistungsbeschreibung", "Pos Beschreibung", "Qty Description"), its items printing their figure
 * before their name in one piece of text ("1 pauschal Anfahrt", "3 Webhosting"): the heading and each
 * such cell cut in two, the figure (with its unit, for a count) apart from the name.
 */
function ledTable(
  header: readonly Cell[],
  rows: readonly Row[],
  bands: readonly Band[],
): { header: Cell[]; rows: Row[] } | null {
  for (const [h, heading] of header.entries()) {
    const words = wordsOf(heading);
    const kindsFrom = (from: number, to?: number) =>
      kindsOf(
        words
          .slice(from, to)
          .map((w) => w.text)
          .join(' '),
      );
    const at = [1, 2].find((k) => {
      const lead = kindsFrom(0, k)[0];
      const rest = kindsFrom(k);
      const number = lead === 'position' || (lead === 'name' && ITEM_NUMBER.test(words[0]!.text) && k === 1);
      return k < words.length && (lead === 'quantity' || number) && rest.includes('name');
    });
    if (at === undefined) continue;
    const count = kindsFrom(0, at)[0] === 'quantity';
    // Under an article heading ("Quantity Item code") what follows the figure may be a code alone, one
    // word with a digit and maybe no letters ("8 days A-97464", "2.25 h 400570").
    const article = kindsFrom(at)[0] === 'article';
    const band = bands[bandOf(bands, heading)];
    const under = (c: Cell) =>
      band
        ? overlapX(c, { x: band.from, y: 0, width: band.to - band.from, height: 0 }) > 0
        : overlapX(c, heading) > 0;
    // Only the items' rows (those carrying an amount) tell the column: a footer's "30 High Street"
    // under a heading "Item description" is no position before a name.
    const cuts = rows.map((row) => {
      const item = moneyIn(row.line.text).some((a) => a.decimals);
      const cells = row.cells.flatMap((cell) => {
        if (!under(cell)) return [cell];
        const w = wordsOf(cell);
        // A count may have its unit run into it ("10h", "13.5h", as OCR reads "10 h" set close).
        const runIn = count ? RUN_IN_WORD.exec(w[0]!.text) : null;
        const lead = count
          ? /^[-−]?\d[\d.,]*$/.test(w[0]!.text) || (runIn && unitOf(runIn[2]!) !== null)
          : POSITION.test(w[0]!.text);
        if (w.length < 2 || !lead) return [cell];
        // A count's unit goes with it: "1 pauschal", "12,5 lfm", "1 lump sum".
        const unit =
          count && !runIn
            ? ([2, 1].find(
                (n) =>
                  w.length > n + 1 &&
                  unitOf(
                    w
                      .slice(1, n + 1)
                      .map((x) => x.text)
                      .join(' '),
                  ),
              ) ?? 0)
            : 0;
        const rest = w.slice(1 + unit);
        const follows =
          rest.some((x) => /\p{L}{2}/u.test(x.text)) ||
          (article && rest.length === 1 && /\d/.test(rest[0]!.text));
        if (!follows) return [cell];
        return piecesOf(cell, w, [0, 1 + unit, w.length]);
      });
      const name = cells.find(
        (c, k) => k > 0 && !row.cells.includes(c) && !row.cells.includes(cells[k - 1]!),
      );
      return { row, item, cells, name };
    });
    const items = cuts.filter((c) => c.item);
    const cutItems = items.filter((c) => c.name);
    // A figure before the name in one item or two is the name's own ("12 V battery"); a column of
    // counts or positions leads most of them.
    if (cutItems.length === 0 || 2 * cutItems.length < items.length) return null;
    // A row with no amount is cut only where the items are: a figure that starts where their names do
    // is a name's, run on from the row above ("Druckerpapier A4 80 g/m²," over "500 Blatt").
    const names = Math.min(...cutItems.map((c) => c.name!.x));
    const cutRows = cuts.map(({ row, item, cells, name }) =>
      !name || (!item && cells[cells.indexOf(name) - 1]!.x >= names - 1) ? row : { ...row, cells },
    );
    return {
      header: [
        ...header.slice(0, h),
        ...piecesOf(heading, words, [0, at, words.length]),
        ...header.slice(h + 1),
      ],
      rows: cutRows,
    };
  }
  return null;
}

/** A body row cut where a heading starts, and between figures printed as one piece of text. */
const atColumns = (row: Row, header: readonly Cell[]): Row =>
  figuresApart(
    splitAtColumns(
      row,
      header.map((c) => c.x),
    ),
  );

/** The columns of the rows under a header (itemBands), their cells cut at its headings. */
const bandsUnder = (header: readonly Cell[], rows: readonly Row[]): Band[] =>
  itemBands(rows.map((r) => atColumns(r, header)));

const isFigure = (c: Cell): boolean => FIGURE_CELL.test(c.text.trim());

/** The columns of a table's body (table-columns.ts), drawn from its items' rows: two figures or more. */
function itemBands(rows: readonly Row[]): Band[] {
  const items = rows.filter(
    (r) => r.cells.filter(isFigure).length >= 2 && moneyIn(r.line.text).some((a) => a.decimals),
  );
  return bandsOf(items.flatMap((r) => r.cells.map((c) => ({ box: c, figure: isFigure(c) }))));
}

/** Kinds of column that hold figures. */
const FIGURE_KINDS: ReadonlySet<ColumnKind> = new Set(['quantity', 'price', 'amount', 'discount', 'rate']);

/** A cell that is a figure, with at most a unit, a sign or a currency beside it ("23,25 h", "15 %", "EUR 6.85"). */
const FIGURE_CELL =
  /^[-−+]?\s?(?:[€$£]\s?|[A-Z]{3}\s)?\d[\d\s.,'’]*(?:\s?(?:%|[€$£]|\p{L}[\p{L}²³.]{0,9}))?$/u;

/**
 * Which heading is over which cell: the body's columns (bands) paired with the headings in order
 * (table-columns.ts), the headings of a header over several rows stacked into one. The bands are drawn
 * from the rows that carry figures (an item's row), not from descriptions that may run across columns.
 */
function headingsOver(
  header: readonly Cell[],
  columns: readonly Column[],
  rows: readonly Row[],
): Pick<Table, 'headingOf' | 'spanOf'> {
  const stacks: Cell[][] = [];
  for (const cell of [...header].sort((a, b) => a.x - b.x)) {
    const stack = stacks.find((s) => s.some((c) => overlapX(c, cell) > 0.5));
    if (stack) stack.push(cell);
    else stacks.push([cell]);
  }
  const kindOf = (cell: Cell) => columns.find((c) => c.cell === cell)?.kind;
  const named = stacks.map((s) => s.find((c) => kindOf(c) !== undefined) ?? s[0]!);
  const headings: Heading[] = stacks.map((s, i) => {
    const x = Math.min(...s.map((c) => c.x));
    const kind = kindOf(named[i]!);
    return {
      x,
      y: 0,
      width: Math.max(...s.map((c) => c.x + c.width)) - x,
      height: 0,
      figures: kind !== undefined && FIGURE_KINDS.has(kind),
    };
  });
  const bands = itemBands(rows);
  const nearest = (cell: Cell) => nearestHeader(header, cell);
  if (bands.length === 0) return { headingOf: nearest, spanOf: () => null };
  const paired = pairBands(bands, headings);
  return {
    // A cell beside the bands (an article number under the name, in no item's row) by its nearest heading.
    headingOf: (cell) => {
      const band = bandOf(bands, cell);
      if (band < 0) return nearest(cell);
      const at = paired[band];
      return at === null || at === undefined ? null : named[at]!;
    },
    spanOf: (heading) => {
      const at = paired.findIndex((p) => p !== null && named[p] === heading);
      return at < 0 ? null : { from: bands[at]!.from, to: bands[at + 1]?.from ?? Infinity };
    },
  };
}

/** An amount column that includes VAT: never the line's net amount when a net one is printed. */
const GROSS_COLUMN = words(/\b(ttc|t\.t\.c\.|brutto|gross|incl\.?|including|inkl\.?)\b/i);

/** Words before a price that make it a gross price (BT-148), never the net price. */
const GROSS = /(brutto|brut|gross|list\s+price|prix\s+catalogue)\w*\s*:?\s*\(?$/i;

/**
 * A cell that is a count and its unit alone ("14.25 h", "3 Std."): in a table, a quantity, though the
 * same print in a sentence may be a time of day, which moneyIn leaves out.
 */
const COUNT_CELL = /^(\d+(?:[.,]\d+)?)\s*(\p{L}[\p{L}.]*)$/u;

/**
 * The unit printed as a cell of its own just after a quantity without one ("35.5" then "h", where the
 * heading names no unit column): read by OCR, the two are words apart, though a text layer may draw
 * them in one piece ("35.5 h"), and the article code of the next column may run on after it ("1" then
 * "fixed LK-180"). Just after: nearer than twice the figure's height.
 */
function unitBeside(quantity: Figure): Cell | undefined {
  if (quantity.unit) return undefined;
  const next = rightOf(quantity.row, quantity.cell);
  const near = next && next.x - (quantity.cell.x + quantity.cell.width) < 2 * quantity.cell.height;
  return near && leadingUnit(next.text) !== null ? next : undefined;
}

/**
 * The unit a cell starts with: the cell alone, or followed by the article code run into it from the
 * next column ("fixed LK-180" under "Units Part No.").
 */
function leadingUnit(text: string): string | null {
  const [first, ...rest] = text.trim().split(/\s+/);
  return unitOf(text) ?? (rest.length > 0 && rest.every((w) => CODE_ONLY.test(w)) ? unitOf(first!) : null);
}

function countIn(cell: Cell, row: Row): Figure | null {
  const m = COUNT_CELL.exec(cell.text.trim());
  const unit = m ? unitOf(m[2]!) : null;
  const value = m && unit ? Decimal.parse(parseAmount(m[1]!) ?? '') : null;
  return value ? { value, cell, row, unit, decimals: /[.,]/.test(m![1]!) } : null;
}

/**
 * A cell's text with the units OCR ran into their counts set apart ("10u GU-774" for "10 u GU-774"), so
 * that the count is not taken for part of a code; a text layer's words are as printed.
 */
const spacedUnits = (cell: Cell): string =>
  cell.confidence < 1
    ? cell.text.replace(RUN_IN_UNIT, (whole, before: string, count: string, unit: string) =>
        unitOf(unit) === null ? whole : `${before}${count} ${unit}`,
      )
    : cell.text;

/** The figures of a row: its amounts (not rates, dates or identifiers), each with the unit after it. */
function figuresOf(row: Row): Figure[] {
  const out: Figure[] = [];
  for (const cell of row.cells) {
    const text = spacedUnits(cell);
    const amounts = moneyIn(text);
    const count = amounts.length === 0 ? countIn(cell, row) : null;
    if (count) out.push(count);
    for (const a of amounts) {
      if (GROSS.test(text.slice(0, a.index))) continue;
      // A unit of one word or two ("3 Std", "1 lump sum", "12 sq m").
      const rest = text.slice(a.index + a.text.length);
      // A unit run into a "?" is one OCR could not read whole ("m?" for "m²"): no unit is read.
      const after = /^\s*(\p{L}[\p{L}\d²³()]*\.?)(\s+\p{L}+\.?)?/u.exec(rest.replace(/^\s*\p{L}+\?.*/u, ''));
      const figure: Figure = {
        value: Decimal.parse(a.value)!,
        cell,
        row,
        unit: after ? (unitOf(`${after[1]}${after[2] ?? ''}`) ?? unitOf(after[1]!)) : null,
        decimals: a.decimals,
      };
      out.push(figure);
      const other = otherReading(a.text);
      if (other && !other.equals(figure.value))
        out.push({ ...figure, value: other, decimals: !figure.decimals, twin: true });
    }
  }
  return out;
}

/**
 * A separator before three digits ("27,482 kg", "1.482"): thousands or decimals; the arithmetic tells
 * ("0.125" is no thousand).
 */
const GROUP_OR_DECIMALS = /^[^\d\-−]*([-−]?)([1-9]\d{0,2})[.,](\d{3})[^\d.,]*$/;

function otherReading(printed: string): Decimal | null {
  const m = GROUP_OR_DECIMALS.exec(printed.trim());
  if (!m) return null;
  const sign = m[1] ? '-' : '';
  const [thousands, decimals] = [`${sign}${m[2]}${m[3]}`, `${sign}${m[2]}.${m[3]}`].map((v) =>
    Decimal.parse(v)!,
  );
  return parseAmount(printed)?.includes('.') ? thousands! : decimals!;
}

function ratesIn(rows: readonly Row[]): Decimal[] {
  return rows.flatMap((r) =>
    [...r.line.text.matchAll(/(\d{1,2}(?:[.,]\d{1,2})?)\s*%/g)].flatMap((m) => {
      const d = Decimal.parse(parseAmount(m[1]!) ?? '');
      return d ? [d] : [];
    }),
  );
}

/**
 * The header cell nearest across to a cell (figures are aligned right, words left, so centres are
 * compared), and the kind of its column when the heading names one.
 */
function nearestHeader(header: readonly Cell[], cell: Cell): Cell | null {
  const centre = cell.x + cell.width / 2;
  let nearest: Cell | null = null;
  for (const h of header) {
    if (!nearest || Math.abs(h.x + h.width / 2 - centre) < Math.abs(nearest.x + nearest.width / 2 - centre))
      nearest = h;
  }
  return nearest;
}

function columnOf(table: Table, cell: Cell): ColumnKind | null {
  const nearest = table.headingOf(cell);
  return table.columns.find((c) => c.cell === nearest)?.kind ?? null;
}

/** An item's quantity and net price, as the arithmetic found them among its figures. */
interface Factors {
  readonly quantity: Figure;
  readonly price: Figure;
  /** The quantity billed: as printed, or the amount over the price where the print rounded it. */
  readonly billed: Decimal;
  /** The quantity the price is for (BT-149): 1, or 10, 100, 1000 for a price per hundred… */
  readonly base: Decimal;
  /** The print rounds the quantity ("28 Std" for 27.5 hours): the billed quantity is derived. */
  readonly rounded: boolean;
  /** The item's discount in percent, printed in its column: the price is before it. */
  readonly discount?: Decimal;
  /** The minus printed on the amount alone (or on the price) is the billed quantity's. */
  readonly credited?: boolean;
}

const HALF = Decimal.of('0.5');

/** Quantities a price may be given for, when it is not for one unit ("Preis je 100 Stk"). */
const PRICE_BASES = [1, 10, 100, 1000].map((n) => Decimal.of(n));

/**
 * Quantity and price among an item's figures whose product is its amount (over the price's base
 * quantity, when the price is per 10, 100 or 1000 units). Several pairs may multiply to it (a position
 * number 1 and a gross amount); the most likely wins: a quantity with a unit or in the quantity column,
 * a price in the price column, not the item's own position number. When no pair does, a quantity printed
 * without decimals beside a price in its column may be the amount over the price rounded (27.5 hours
 * printed "28 Std"): the amount over the price is then the quantity, if it is exactly that (to four
 * decimals) and rounds to the one printed.
 */
function factors(figures: readonly Figure[], amount: Figure, table: Table | null): Factors | null {
  const inColumn = (f: Figure, kind: ColumnKind) => table !== null && columnOf(table, f.cell) === kind;
  const leftmost = Math.min(...figures.map((f) => f.cell.x));
  // A position number carries no unit ("1,093 l" is a count).
  const position = (f: Figure) =>
    inColumn(f, 'position') ||
    (!f.decimals && f.unit === null && f.cell.x === leftmost && f.row === amount.row);
  const same = (f: Figure) => f.cell === amount.cell && f.value.equals(amount.value);
  const one = PRICE_BASES[0]!;
  if (amount.value.isZero()) {
    // A free item: its quantity in the quantity column (or with its unit), its price printed as zero.
    const quantity = figures.find(
      (f) => !f.value.isZero() && !position(f) && (f.unit !== null || inColumn(f, 'quantity')),
    );
    const price = figures.find((f) => !same(f) && f.value.isZero() && inColumn(f, 'price'));
    return quantity && price ? { quantity, price, billed: quantity.value, base: one, rounded: false } : null;
  }
  // A figure and its other reading are one print: never a pair, nor the amount's other reading a factor.
  const others = figures.filter((f) => !same(f) && !f.value.isZero() && !(f.twin && f.cell === amount.cell));
  const oneInk = (a: Figure, b: Figure) => a.cell === b.cell && (a.twin === true || b.twin === true);
  // A credited item prints its minus on the count or on the price ("2 Stk  -1.234,50  -2.469,00"),
  // never on the count alone of an amount that is not negative.
  const signsAgree = (quantity: Figure) => !(quantity.value.sign() < 0 && amount.value.sign() > 0);
  let best: { quantity: Figure; price: Figure; base: Decimal; score: number; credited: boolean } | null =
    null;
  for (const base of PRICE_BASES) {
    for (const [i, left] of others.entries()) {
      for (const right of others.slice(i + 1)) {
        if (oneInk(left, right)) continue;
        const product = left.value.times(right.value).dividedBy(base, 6);
        const match = multiplies(product, amount.value, [left.value, right.value]);
        if (!match) continue;
        const credited = match === 'credited';
        for (const [quantity, price, order] of [
          [left, right, 1],
          [right, left, 0],
        ] as const) {
          if (!signsAgree(quantity)) continue;
          // A quantity carries a unit or stands in the quantity column; else it is printed first ("Qté  P.U.").
          // A price for more than one unit is the exception.
          const score =
            (base.equals(one) ? 0 : -2.5) +
            (quantity.unit !== null ? 3 : 0) -
            (price.unit !== null ? 3 : 0) +
            (inColumn(quantity, 'quantity') ? 2 : 0) +
            (inColumn(price, 'price') ? 2 : 0) -
            (position(quantity) || position(price) ? 3 : 0) -
            (price.value.equals(amount.value) && quantity.value.equals(one) && !quantity.unit ? 1 : 0) -
            // The print's own reading first, the other one when only it multiplies out.
            (quantity.twin || price.twin ? 1 : 0) +
            order * 0.5;
          if (!best || score > best.score) best = { quantity, price, base, score, credited };
        }
      }
    }
  }
  if (best)
    return {
      ...best,
      billed: best.credited ? best.quantity.value.negated() : best.quantity.value,
      rounded: false,
    };
  for (const quantity of others) {
    if (
      quantity.decimals ||
      position(quantity) ||
      !(quantity.unit !== null || inColumn(quantity, 'quantity'))
    )
      continue;
    for (const price of others) {
      if (price === quantity || !inColumn(price, 'price') || !signsAgree(quantity)) continue;
      const billed = amount.value.dividedBy(price.value, 4);
      if (
        billed &&
        billed.times(price.value).equals(amount.value) &&
        billed.minus(quantity.value).abs().compare(HALF) <= 0
      )
        return { quantity, price, billed, base: one, rounded: true };
    }
  }
  return null;
}

/**
 * Whether an item's factors make its amount (to the cent): as printed, or credited — a minus printed on
 * the amount alone ("2 Stk  1.234,50  2.469,00-") is the count's, which is then minus as many.
 */
function multiplies(
  product: Decimal | null,
  amount: Decimal,
  factors: readonly Decimal[],
): 'printed' | 'credited' | null {
  if (!product) return null;
  if (product.round(2).equals(amount.round(2))) return 'printed';
  const credited =
    amount.sign() < 0 &&
    factors.every((f) => f.sign() > 0) &&
    product.round(2).equals(amount.negated().round(2));
  return credited ? 'credited' : null;
}

/** The percentage an item prints in the table's discount column ("10 %", "3,0"), if any. */
function discountOf(table: Table | null, rows: readonly Row[]): { value: Decimal; cell: Cell } | null {
  if (!table?.columns.some((c) => c.kind === 'discount')) return null;
  for (const row of rows)
    for (const cell of row.cells) {
      const m = /^\s*-?\s*(\d{1,2}(?:[.,]\d{1,2})?)\s*%?\s*$/.exec(cell.text);
      const value = m && Decimal.parse(parseAmount(m[1]!) ?? '');
      if (value && columnOf(table, cell) === 'discount') return { value, cell };
    }
  return null;
}

/**
 * Quantity and price of an item whose amount is after a discount printed in its column: quantity (in
 * its column or with its unit) × price (in its column) × (100 − discount) / 100 is the amount.
 */
function discountedFactors(
  figures: readonly Figure[],
  amount: Figure,
  table: Table,
  discount: Decimal,
): Factors | null {
  const left = HUNDRED.minus(discount);
  const quantities = figures.filter(
    (f) => f !== amount && (f.unit !== null || columnOf(table, f.cell) === 'quantity'),
  );
  // Without a heading that names the price ("Prix U. HT"), the price is a figure in cents under a heading
  // that names no other column.
  const named = table.columns.some((c) => c.kind === 'price');
  const prices = figures.filter(
    (f) =>
      f !== amount &&
      (named ? columnOf(table, f.cell) === 'price' : f.decimals && columnOf(table, f.cell) === null),
  );
  for (const quantity of quantities)
    for (const price of prices) {
      if (quantity === price) continue;
      const product = quantity.value.times(price.value).times(left).dividedBy(HUNDRED, 6);
      const match = multiplies(product, amount.value, [quantity.value, price.value]);
      if (match)
        return {
          quantity,
          price,
          billed: match === 'credited' ? quantity.value.negated() : quantity.value,
          base: PRICE_BASES[0]!,
          rounded: false,
          discount,
          ...(match === 'credited' ? { credited: true } : {}),
        };
    }
  return null;
}

const HUNDRED = Decimal.of(100);

/** A count OCR read as letters ("OU" for "9U", "RU" for "12U"): up to four glyphs, then a unit. */
const UNREAD_COUNT = /^([\p{L}\d|]{1,4}?)\s?(\p{L}{1,3}\.?)$/u;

/**
 * The quantity of an item whose count OCR read as letters, in the quantity column before a unit: the
 * amount over the price in its column (less the item's discount), when that is a whole number of about
 * as many digits as the print has glyphs (one more: "12" read "R"); or whose decimal separator OCR lost,
 * when the amount over the price has the digits read ("75h" for 7,5 h). Given by the arithmetic, never
 * as sure as a count read.
 */
function unreadCount(
  rows: readonly Row[],
  figures: readonly Figure[],
  amount: Figure,
  table: Table,
  discount: Decimal | undefined,
): Factors | null {
  const prices = figures.filter(
    (f) => f !== amount && !f.twin && f.value.sign() > 0 && columnOf(table, f.cell) === 'price',
  );
  for (const row of rows)
    for (const cell of row.cells) {
      const m = UNREAD_COUNT.exec(cell.text.trim());
      const unit = m ? unitOf(m[2]!) : null;
      if (unit === null || columnOf(table, cell) !== 'quantity') continue;
      // Digits read: a count whose decimal separator OCR lost ("75h" for "7,5 h").
      const digits = /^\d+$/.test(m![1]!) && cell.confidence < 1 ? m![1]! : null;
      for (const price of prices) {
        const net = discount
          ? price.value.times(HUNDRED.minus(discount)).dividedBy(HUNDRED, 6)!
          : price.value;
        const count = amount.value.dividedBy(net, digits ? Math.min(3, digits.length - 1) : 0)?.normalized();
        const text = count?.toString() ?? '';
        const fits = digits
          ? text.includes('.') && text.replace('.', '') === digits
          : text.length >= m![1]!.length && text.length <= m![1]!.length + 1;
        if (!count || count.sign() <= 0 || !fits) continue;
        if (!count.times(net).round(2).equals(amount.value.round(2))) continue;
        const quantity: Figure = { value: count, cell, row, unit, decimals: digits !== null };
        return {
          quantity,
          price,
          billed: count,
          base: PRICE_BASES[0]!,
          rounded: true,
          ...(discount ? { discount } : {}),
        };
      }
    }
  return null;
}

const IDENTIFIER_LINE = /^(?:gtin|ean|art(?:ikel)?[-.\s]?n|sku|réf|ref|code|id\b|#|pos\.?\s|n°)/i;

/** A description rather than part of a name: a sentence (four words or more, ending with a full stop). */
const SENTENCE = /^(?:\S+\s+){3,}.*\.$/;

/**
 * A "key: value" line ("Verpackung: Flasche", "VKE/Geb: 1"): a short key of words, then its value. A
 * name may hold a colon too ("Design (hours): Of a sample", "Hot air (litres):").
 */
const KEY_VALUE = /^\p{L}[\p{L}\s./-]{0,24}:\s*\S/u;

/** A line that is only a code: one token mixing letters and digits ("ZS9997", "4123456000014"). */
const CODE_ONLY = /^(?=\S*\d)[\p{Lu}\d./-]+$/u;

/** A line that only holds a bullet, or starts with one: a description's item, never a name. */
const BULLET = /^[•*·▪–]\s|^-\s*$/;

/**
 * Two rows one right under the other, at the spacing of lines (up to one and a half line heights and a
 * bit): their tops, or their bottoms, that close. OCR boxes the ink, so a row of small letters ("mm")
 * starts lower than a row with capitals, and a row with tails ("decking") ends lower: one of the two
 * spacings still shows the rows' own.
 */
const adjacent = (above: Row, below: Row): boolean =>
  below.page === above.page &&
  Math.min(below.y - above.y, below.y + below.height - above.y - above.height) <=
    1.6 * Math.max(above.height, below.height);

/**
 * The type size of cells on a text layer (their spans' height: the font's), or null for OCR words,
 * whose boxes are their ink's.
 */
function typeSize(cells: readonly Cell[]): number | null {
  const spans = cells.flatMap((c) => c.spans);
  return spans.length > 0 && spans.every((s) => s.confidence === undefined)
    ? Math.max(...spans.map((s) => s.height))
    : null;
}

/** A name column this many characters wide or narrower wraps long names onto the next rows. */
const NARROW_COLUMN = 40;

/**
 * An item's name: the text of its name column, row by row, from the first row that reads as a name
 * (not an article number or code, not "key: value", not a bullet). A row right under it continues it
 * when the text runs on (a word cut at a hyphen or slash, a row starting in lower case, with a digit or
 * a dash), when the column is too narrow to hold a name on one row ("Kfz-" over "Haftpflicht" over
 * "SF25 (30 %)"), or when the row carries the item's figures; never across a gap, nor a row that is a
 * description (BT-154): a "key: value", a bullet, a date, an identifier or a sentence. A name that is
 * only a code ("TLA-LED-3XAAA") is the item's name when no other text stands beside it.
 */
/** A position number and an article code, or either alone ("2 ART02716", "A-60230"): no part of a name. */
const leadsName = (word: string) => POSITION.test(word) || CODE_ONLY.test(word);

/**
 * A cell's text without the position number and article code run into it from the columns on its left
 * ("2 Oak worktop", "3 4002829205442 On-site training", OCR or a long code joining words a few points
 * apart): words that end before the name's heading starts, the name's first word reaching past it (its
 * place is estimated from the cell's width, and a code's digits print wider than a name's letters).
 */
function withoutPosition(cell: Cell, heading: number): string {
  const words = wordsOf(cell);
  const text = cell.text.trim();
  const lead = words.findIndex((w) => !(leadsName(w.text) && w.to < heading));
  const name = words[lead];
  return lead > 0 && name && name.to > heading
    ? words
        .slice(lead)
        .map((w) => w.text)
        .join(' ')
    : text;
}

function nameOf(
  rows: readonly Row[],
  column: NameColumn,
  amountRow: Row,
  figureRows: ReadonlySet<Row>,
  figureCells: ReadonlySet<Cell>,
): { text: string; place: Place } | null {
  const raw: { text: string; row: Row; cells: Cell[] }[] = [];
  for (const row of rows) {
    const inRange = row.cells.filter(
      (c) =>
        column.holds(c) &&
        !figureCells.has(c) &&
        // A unit beside the item's figures is the quantity's; under the name it is the name's ("CM").
        (unitOf(c.text) === null || !figureRows.has(row)) &&
        // A figure is no part of a name, a word cut at a hyphen is ("4-" over "Fahrten").
        !(moneyIn(c.text).length > 0 && !/\p{L}/u.test(c.text) && !/\d-$/.test(c.text)),
    );
    // A "key: value" cell beside the name ("# ligne BC: 1") is no part of it; a row led by a bullet is
    // one item of a description, whatever its cells.
    const named = inRange.filter((c) => !/:/.test(c.text) && !IDENTIFIER_LINE.test(c.text));
    const bulleted = BULLET.test(inRange[0]?.text ?? '');
    const kept = named.length > 0 && named.length < inRange.length && !bulleted ? named : inRange;
    // A code in a cell of its own before the name (after the position, "2 ART02716") is the item's
    // article number, not part of its name: when it ends before the name's heading starts (under
    // another heading, or none), or there is no name heading to place it by; under the name's heading
    // it is the name's first word ("A4  copier paper", its size set apart in bold).
    const first = kept[0];
    const code =
      kept.length > 1 &&
      (column.heading === -Infinity || first!.x + first!.width <= column.heading) &&
      first!.text.trim().split(/\s+/).every(leadsName);
    const cells = code ? kept.slice(1) : kept;
    if (cells.length === 0) continue;
    const text = [
      withoutPosition(cells[0]!, column.heading),
      ...cells.slice(1).map((c) => c.text.trim()),
    ].join(' ');
    raw.push({ text, row, cells });
  }
  // A label cut at a hyphen is one label again ("Art-Nr-" over "Lieferant"), so that it reads as one.
  const lines: typeof raw = [];
  for (const l of raw) {
    const last = lines[lines.length - 1];
    if (last && IDENTIFIER_LINE.test(last.text) && /\p{L}-$/u.test(last.text) && adjacent(last.row, l.row))
      lines[lines.length - 1] = { ...last, text: `${last.text}${l.text}`, row: l.row };
    else lines.push(l);
  }
  const description = (text: string) =>
    /:/.test(text) ||
    datesIn(text)[0]?.index === 0 ||
    BULLET.test(text) ||
    IDENTIFIER_LINE.test(text) ||
    SENTENCE.test(text);
  let start = lines.findIndex(
    (l) =>
      !IDENTIFIER_LINE.test(l.text) &&
      // The words beside the item's amount are its name, colon or not ("Ballons: various colors,").
      (!KEY_VALUE.test(l.text) || l.row === amountRow) &&
      !BULLET.test(l.text) &&
      // A code is no name, but a word cut at a hyphen may start with a digit ("4-" over "Fahrten").
      (!CODE_ONLY.test(l.text) || /-$/.test(l.text)) &&
      (/\p{L}{2}/u.test(l.text) || /-$/.test(l.text)),
  );
  if (start < 0) start = lines.findIndex((l) => l.row === amountRow && CODE_ONLY.test(l.text));
  if (start < 0) return null;
  const cells = lines.flatMap((l) => l.cells);
  const charWidth =
    cells.reduce((w, c) => w + c.width, 0) /
    Math.max(
      1,
      cells.reduce((n, c) => n + c.text.length, 0),
    );
  const narrow = (column.to - column.from) / charWidth <= NARROW_COLUMN;
  let text = lines[start]!.text;
  let last = lines[start]!.row;
  const size = typeSize(lines[start]!.cells);
  for (const next of lines.slice(start + 1)) {
    if (!adjacent(last, next.row) || description(next.text)) break;
    // A row in smaller type than the name's is its description ("lt. Angebot Nr. 7499").
    const nextSize = typeSize(next.cells);
    if (size !== null && nextSize !== null && nextSize < 0.95 * size) break;
    const cut = /[-/]$/.test(text) && !/\s[-/]$/.test(text);
    // A row runs on after a comma or an ordinal ("Fachbuch Elektroinstallation, 4." over "Auflage").
    // So does a measure's unit cut from its figure ("Peinture acrylique blanche 10" over "L", "(100" over
    // "Stk.)"): a lone unit is no description.
    const lone = next.text.trim().replace(/[),;]+$/, '');
    const runsOn =
      /^[\p{Ll}\d-]/u.test(next.text) ||
      /(?:,|\s\d{1,3}\.)$/.test(text) ||
      (/\d$/.test(text) && !/\s/.test(lone) && unitOf(lone) !== null);
    if (!cut && !runsOn && !narrow && !figureRows.has(next.row)) break;
    // "Personen-" over "Unfallversicherung", "4-" over "Fahrten" over "-Karte": one word.
    const glued = cut || /^-\p{L}/u.test(next.text);
    text = glued ? `${text}${next.text}` : `${text} ${next.text}`;
    last = next.row;
  }
  if (column.withDescription) text = text.split(' - ')[0]!;
  return { text, place: { row: lines[start]!.row, cells: lines[start]!.cells } };
}

/**
 * The name column's heading, and where the column stands: from the heading (or its body column, when
 * that starts left of it) to the next heading or the next body column on its right, whichever comes
 * first (figures aligned right stand left of their heading).
 */
function nameHeading(table: Table): { cell: Cell; from: number; to: number } | null {
  const cell = table.columns.find((c) => c.kind === 'name')?.cell;
  if (!cell) return null;
  const span = table.spanOf(cell);
  const next = table.header.filter((c) => c.x > cell.x + 4).reduce((m, c) => Math.min(m, c.x), Infinity);
  // A column headed on the left ("Qté.") ends it there, though its figures aligned right touch the names.
  const previous = table.header
    .filter((c) => c.x + c.width <= cell.x)
    .reduce((m, c) => Math.max(m, c.x + c.width), -Infinity);
  return {
    cell,
    from: Math.max(Math.min(cell.x, span?.from ?? Infinity) - 6, previous),
    to: Math.min(span?.to ?? next, next) - 2,
  };
}

/** Where an item's name stands across the page. */
interface NameColumn {
  readonly from: number;
  /** Where the name's heading starts (names are printed from there); -Infinity without one. */
  readonly heading: number;
  readonly to: number;
  readonly holds: (cell: Cell) => boolean;
  /** Its heading names a name and a description ("Nom & désignation"): printed "name - description". */
  readonly withDescription: boolean;
}

/** A heading of two texts in one column: the item's name, then its description. */
const NAME_AND_DESCRIPTION = words(
  /\b(?:nom|name|bezeichnung|artikel|article|produit|product|item)\s*(?:&|\/|\+|et|und|and)\s*(?:d[ée]signation|description|beschreibung|détail|details?)\b/i,
);

/**
 * The name column: from its heading's left edge to the next heading on its right (the headings of all
 * the header's rows), and a cell whose centre is nearest that heading (a name centred under it may start
 * left of it); without a name heading, everything left of the figures.
 */
function nameColumn(table: Table | null, before: number): NameColumn {
  const heading = table && nameHeading(table);
  if (!table || !heading)
    return {
      from: -Infinity,
      heading: -Infinity,
      to: before,
      holds: (c) => c.x < before,
      withDescription: false,
    };
  const { from } = heading;
  // A figure left of the name column (a quantity printed first) does not bound it.
  const to = Math.min(heading.to, before > heading.cell.x ? before : Infinity);
  return {
    from,
    heading: heading.cell.x,
    to,
    holds: (c) => c.x < to && (c.x >= from || table.headingOf(c) === heading.cell),
    withDescription: NAME_AND_DESCRIPTION.test(heading.cell.text),
  };
}

function lineOf(
  sequence: number,
  rows: readonly Row[],
  amount: Figure,
  table: Table | null,
  rates: readonly KnownRate[],
): ReadLine | null {
  // A number in the name column's text ("Name 2", "je 2,00 Euro") is no quantity or price; a wide figure
  // aligned right in the next column may start inside the name's span, but is centred outside it.
  const heading = table && nameHeading(table);
  const discount = discountOf(table, rows);
  const inName = (c: Cell) => heading && c.x >= heading.from && c.x + c.width / 2 < heading.to;
  const figures = rows
    .flatMap(figuresOf)
    .filter((f) => f === amount || !inName(f.cell))
    .filter((f) => f.cell !== discount?.cell);
  const plain = factors(figures, amount, table);
  const discounted =
    table && discount && !discount.value.isZero()
      ? discountedFactors(figures, amount, table, discount.value)
      : null;
  // A discount printed in its column explains the amount better than a quantity the print rounded, or
  // than another pair that happens to multiply to it (the position 4 × 14,30 for 5 × 14,30 less 20 %).
  const factored =
    discounted ??
    plain ??
    (table &&
      unreadCount(rows, figures, amount, table, discount?.value.isZero() ? undefined : discount?.value));
  // A net price is never negative (BR-27): a minus printed on the price is the quantity's.
  const found =
    factored && factored.price.value.sign() < 0
      ? {
          ...factored,
          price: { ...factored.price, value: factored.price.value.negated() },
          billed: factored.billed.negated(),
          credited: true,
        }
      : factored;
  const place = (f: Figure): Place => ({ row: f.row, cells: [f.cell] });
  const leftmostFigure = Math.min(
    ...figures.filter((f) => (f.decimals && !f.twin) || f === found?.quantity).map((f) => f.cell.x),
    amount.cell.x,
  );
  const before = found ? Math.min(found.quantity.cell.x, found.price.cell.x, leftmostFigure) : leftmostFigure;
  const figureRows = new Set(found ? [found.quantity.row, found.price.row, amount.row] : [amount.row]);
  // The quantity and price read are no part of the name, though their column runs into it.
  const used = new Set(found ? [found.quantity.cell, found.price.cell].filter(isFigure) : []);
  const name = nameOf(rows, nameColumn(table, before), amount.row, figureRows, used);
  if (!found || !name) return null;
  // The discount's percentage is no VAT rate, when the amount is after it: a percentage the amount does
  // not need is the rate, whichever column it was taken for.
  const percentages = ratesIn(rows);
  const discountAt = found?.discount ? percentages.findIndex((r) => r.equals(found.discount!)) : -1;
  const printed = percentages
    .filter((_, i) => i !== discountAt)
    .find((r) => rates.some((k) => k.rate.equals(r)));
  // A rate printed in a cell of its own that none of the known rates is: the line is not of these rates,
  // whatever the breakdown's only rate.
  const unknownRate =
    !printed && rows.some((r) => r.cells.some((c) => c !== discount?.cell && RATE_CELL.test(c.text.trim())));
  const vat = printed
    ? rates.find((k) => k.rate.equals(printed))
    : rates.length === 1 && !unknownRate
      ? rates[0]
      : undefined;
  if (!vat) return null;
  const unitColumn = table?.columns.find((c) => c.kind === 'unit')?.cell;
  const unitCell = unitColumn
    ? rows.flatMap((r) => r.cells).find((c) => overlapX(c, unitColumn) > 0.3 && unitOf(c.text) !== null)
    : unitBeside(found.quantity);
  // "Design (hours)", "Hot air (litres)": the unit the name gives its quantity.
  // A lump sum named there ("Grundpreis (Pauschale)") says how the item is priced, not what it counts.
  const named = /\(([\p{L}.]+)\)\s*:?$|\(([\p{L}.]+)\)/u.exec(name.text);
  const namedUnit = named ? unitOf(named[1] ?? named[2] ?? '') : null;
  const printedUnit = found.quantity.unit ?? (unitCell ? leadingUnit(unitCell.text) : null);
  const nameUnit = printedUnit === null && namedUnit !== LUMP_SUM ? namedUnit : null;
  const unit = printedUnit ?? nameUnit ?? DEFAULT_UNIT;
  return {
    line: {
      lineId: String(sequence),
      product: { name: name.text },
      netPrice: {
        amount: { value: netPriceOf(found).normalized().toString() },
        ...(found.base.equals(PRICE_BASES[0]!)
          ? {}
          : { basisQuantity: { value: found.base.toString(), unit } }),
      },
      billedQuantity: { value: found.billed.normalized().toString(), unit },
      taxes: [categoryTax(vat.category, vat.rate)],
      summation: { lineTotal: { value: amount.value.round(2).toString() } },
    },
    places: {
      'BT-153': name.place,
      'BT-129': place(found.quantity),
      'BT-130': unitCell ? { row: found.quantity.row, cells: [unitCell] } : place(found.quantity),
      'BT-146': place(found.price),
      'BT-131': place(amount),
      'BT-152': place(amount),
    },
    proven: true,
    derived: [
      // A quantity's sign moved from the amount or the price is the standard's, not the print's.
      ...(found.rounded || found.credited ? (['BT-129'] as const) : []),
      ...(swappable(found, amount, table) ? (['BT-129', 'BT-146'] as const) : []),
      ...(nameUnit ? (['BT-130'] as const) : []),
      ...(found.discount ? (['BT-146'] as const) : []),
      // Read by OCR, a price per ten or a hundred units explains the amount as well as a quantity whose
      // separator was lost ("35h" for "3,5 h" at 28,00 = 98,00): neither is sure.
      ...(!found.base.equals(PRICE_BASES[0]!) && found.quantity.cell.confidence < 1
        ? (['BT-129', 'BT-146'] as const)
        : []),
    ],
    unitPrinted: (printedUnit ?? nameUnit) !== null,
  };
}

/**
 * One unit at the amount: 1 × amount reads as well as amount × 1, and only the columns tell quantity
 * from price; when they do not both say so, neither is as sure as a figure the arithmetic singles out.
 */
function swappable(found: Factors, amount: Figure, table: Table | null): boolean {
  const one = PRICE_BASES[0]!;
  const { quantity, price } = found;
  if (found.discount || !(quantity.value.equals(one) || price.value.equals(one))) return false;
  if (!quantity.value.equals(amount.value) && !price.value.equals(amount.value)) return false;
  return !(table && columnOf(table, quantity.cell) === 'quantity' && columnOf(table, price.cell) === 'price');
}

/** The net price (BT-146): the price printed, less the item's discount when one was applied. */
const netPriceOf = (found: Factors): Decimal =>
  found.discount
    ? found.price.value.times(HUNDRED.minus(found.discount)).dividedBy(HUNDRED, found.price.value.scale + 2)!
    : found.price.value;

/**
 * The items of a table: one per amount in its amount column (the rightmost amount column); every other
 * row goes to the item above it, or to the item below when it stands just over that item's amount (a
 * cell centred over several rows). Its readings, preferred first: every item, and for items nested by
 * their positions, each level of them (levelsOf) whose every item reads.
 */
export function tableLines(table: Table, rates: readonly KnownRate[]): ReadLine[][] | null {
  // The line's net amount (BT-131): the rightmost amount column, but a gross one ("Montant TTC",
  // "Brutto") only when no other is printed.
  const amountColumns = table.columns.filter((c) => c.kind === 'amount');
  const net = amountColumns.filter((c) => !GROSS_COLUMN.test(c.cell.text));
  const column = (net.length > 0 ? net : amountColumns).reduce((a, b) =>
    b.cell.x + b.cell.width > a.cell.x + a.cell.width ? b : a,
  );
  const anchors: Figure[] = [];
  for (const row of table.rows) {
    const figure = figuresOf(row)
      .filter(
        (f) =>
          !f.twin &&
          f.decimals &&
          (overlapX(f.cell, column.cell) > 0 || table.headingOf(f.cell) === column.cell),
      )
      .pop();
    if (figure) anchors.push(figure);
  }
  if (anchors.length === 0) return null;
  const groups: Row[][] = anchors.map(() => []);
  for (const row of table.rows) {
    let at = anchors.findIndex((a) => a.row === row);
    if (at < 0) {
      const next = anchors.findIndex((a) => a.row.index > row.index);
      const previous = next < 0 ? anchors.length - 1 : next - 1;
      const below = anchors[next]?.row;
      const gapBelow = below && below.page === row.page ? below.y - row.y : Infinity;
      const above = previous >= 0 ? groups[previous]![groups[previous]!.length - 1] : undefined;
      const gapAbove = above && above.page === row.page ? row.y - above.y : Infinity;
      // Nearer the next item's amount than the row above it: a cell centred over that item's rows.
      const closeBelow = gapBelow <= 1.6 * Math.max(row.height, below?.height ?? 0) && gapBelow < gapAbove;
      at = closeBelow || previous < 0 ? next : previous;
    }
    if (at >= 0) groups[at]!.push(row);
  }
  const read = numbersApart(anchors.map((anchor, i) => lineOf(i + 1, groups[i]!, anchor, table, rates)));
  const readings = levelsOf(groups.map((rows) => positionOf(table, rows))).flatMap((level) => {
    const lines = level.map((i) => read[i]);
    return lines.every((l) => l !== null) ? [lines as ReadLine[]] : [];
  });
  return readings.length > 0 ? readings : null;
}

/** A name led by a number: "1 Toner cartridge, black". */
const NUMBERED = /^(\d{1,4})\s+(?=\S)/;

/**
 * Items whose names all start with their numbers in order ("1 Toner cartridge", "2 Labour", "3 …"
 * under one heading "Item Description"): the numbers are the items' positions, printed too close to
 * their names to be cells of their own, and no part of them.
 */
function numbersApart(lines: readonly (ReadLine | null)[]): (ReadLine | null)[] {
  const numbers = lines.map((l) => (l ? NUMBERED.exec(l.line.product?.name ?? '') : null));
  const first = Number(numbers[0]?.[1]);
  if (lines.length < 2 || numbers.some((m, i) => !m || Number(m[1]) !== first + i)) return [...lines];
  return lines.map(
    (l, i) =>
      l && {
        ...l,
        line: {
          ...l.line,
          product: { ...l.line.product, name: l.line.product!.name!.slice(numbers[i]![0].length) },
        },
      },
  );
}

/** A position number: "3", "01.02", "1.2.1". */
const POSITION = /^\d{1,4}(?:\.\d{1,4})*$/;

/** An item's position, printed in the table's position column ("Pos", "N°", "#"). */
function positionOf(table: Table, rows: readonly Row[]): string | null {
  for (const row of rows)
    for (const cell of row.cells)
      if (POSITION.test(cell.text.trim()) && columnOf(table, cell) === 'position') return cell.text.trim();
  return null;
}

/**
 * The sets of items (by index) a table of items can count: all of them; and when their positions nest
 * (01 over 01.01 over 01.01.01), the detail items alone (positions with none under them), then the top
 * items alone (positions with none over them).
 */
function levelsOf(positions: readonly (string | null)[]): number[][] {
  const all = positions.map((_, i) => i);
  if (positions.some((p) => p === null)) return [all];
  const within = (inner: string, outer: string) => inner.startsWith(`${outer}.`);
  const leaves = all.filter((i) => !positions.some((q) => within(q!, positions[i]!)));
  const tops = all.filter((i) => !positions.some((q) => within(positions[i]!, q!)));
  return [all, leaves, tops].filter(
    (level, k, levels) => levels.findIndex((other) => other.join() === level.join()) === k,
  );
}

/** Without a table header: each row whose own amounts agree (quantity × price = its last amount). */
function rowLines(layout: Layout, rates: readonly KnownRate[]): ReadLine[] {
  const lines: ReadLine[] = [];
  for (const [i, row] of layout.rows.entries()) {
    const figures = figuresOf(row);
    const amount = figures.filter((f) => !f.twin).pop();
    if (!amount || !amount.decimals || figures.length < 3) continue;
    const next = layout.rows[i + 1];
    const rows = next && next.page === row.page && moneyIn(next.line.text).length === 0 ? [row, next] : [row];
    const line = lineOf(lines.length + 1, rows, amount, null, rates);
    if (line && Number(line.line.billedQuantity?.value) !== 0) lines.push(line);
  }
  return lines;
}

/** A cell that holds a percentage alone ("7%", "5,5 %"). */
const RATE_CELL = /^\d{1,2}(?:[.,]\d{1,2})?\s?%$/;

/** Most VAT rates in use are under this (percent): a larger percentage in a table is a discount or a share. */
const HIGHEST_RATE = Decimal.of(30);

/**
 * The VAT rates the lines tables print beside their items ("7%", "20.0 %"), taken as standard rates:
 * the lines read under them imply the breakdown when the page prints only each rate's tax.
 */
export function ratesInTables(layout: Layout): KnownRate[] {
  const rates = tablesOf(layout)
    .flatMap((t) => ratesIn(t.rows))
    .filter((r) => !r.isZero() && r.compare(HIGHEST_RATE) <= 0);
  return rates
    .filter((r, i) => rates.findIndex((o) => o.equals(r)) === i)
    .map((rate) => ({ rate, category: 'S' }));
}

/**
 * The invoice lines of a document, or null when there are none it can read with certainty: a table
 * whose every item reads, else rows that each read; with their sum, for the caller to hold against
 * BT-106, and the other levels of a table of nested items.
 */
export function readLines(layout: Layout, rates: readonly KnownRate[]): ReadLines | null {
  if (rates.length === 0) return null;
  const fromTables: ReadLine[][][] = [];
  for (const table of tablesOf(layout)) {
    // A table that runs on past its page, else its first page alone (what follows may be no item).
    const read =
      tableLines(table, rates) ??
      (table.firstPage < table.rows.length
        ? tableLines({ ...table, rows: table.rows.slice(0, table.firstPage) }, rates)
        : null);
    if (read) fromTables.push(read);
  }
  // Each level of the tables of nested items, the other tables as they are.
  const levels = Math.max(0, ...fromTables.map((t) => t.length));
  const readings = Array.from({ length: levels }, (_, k) => fromTables.flatMap((t) => t[k] ?? t[0]!));
  const [first, ...others] = (readings.length > 0 ? readings : [rowLines(layout, rates)]).map(reading);
  return first && first.lines.length > 0 ? { ...first, levels: others } : null;
}

/** Lines numbered in order, with their sum. */
function reading(lines: readonly ReadLine[]): LineReading {
  const numbered = lines.map((l, i) => ({ ...l, line: { ...l.line, lineId: String(i + 1) } }));
  return {
    lines: numbered,
    sum: Decimal.sum(numbered.map((l) => Decimal.parse(l.line.summation?.lineTotal?.value ?? '0')!)),
  };
}

/** The reading whose lines add up to `total` (the sum of lines BT-106), if any. */
export function summingTo(read: ReadLines, total: Decimal): LineReading | null {
  return [read, ...read.levels].find((r) => r.sum.equals(total)) ?? null;
}
