/**
 * The layout of a document's text, the way an invoice is read by eye: each line split into cells at its
 * column breaks (the wide gaps lines.ts keeps as two or more spaces), every cell placed on its page, and
 * the questions field extraction asks of a layout: what stands right of a cell on its row, what stands
 * below it in its column (a table header over its values, a label over its value, an address block
 * under its heading), which rows lie between two others. Works the same on the text layer and on OCR
 * words (whose rows may be slightly rotated and whose cells carry the OCR's word confidence).
 */
import { boxOf, type Box, type DocumentText, type TextLine, type TextSpan } from './page-text';

export interface Cell extends Box {
  readonly text: string;
  readonly spans: readonly TextSpan[];
  /** 0–1: the mean OCR confidence of its words; 1 on a text layer. */
  readonly confidence: number;
}

export interface Row extends Box {
  /** 1-based page. */
  readonly page: number;
  /** Position in reading order over the whole document. */
  readonly index: number;
  readonly line: TextLine;
  /** Left to right. */
  readonly cells: readonly Cell[];
}

export interface Layout {
  readonly rows: readonly Row[];
  /** Page sizes, by 1-based page number. */
  readonly pages: ReadonlyMap<number, { readonly width: number; readonly height: number }>;
}

const confidenceOf = (spans: readonly TextSpan[]): number =>
  spans.length === 0 ? 1 : spans.reduce((s, x) => s + (x.confidence ?? 100), 0) / spans.length / 100;

function cellOf(spans: readonly TextSpan[], text: string): Cell {
  return { text, spans, ...boxOf(spans), confidence: confidenceOf(spans) };
}

/**
 * Whether `group` is a group of three digits that goes on the number `head` ("3" then "218,10", "€ 5"
 * then "903,90").
 */
export const groupsOn = (head: string, group: string): boolean =>
  /^[-−+]?(?:[€$£]\s?|[A-Z]{3}\s)?[-−+]?\d{1,3}$/.test(head.trim()) &&
  /^\d{3}(?:[.,]\d+)?(?:\s?%)?$/.test(group.trim());

/**
 * A line's cells: its text split at column breaks (two spaces or more), each piece with the spans it
 * came from. A span that itself holds a wide gap ("Total HT    120,00" drawn in one go) is cut where the
 * gap is, its box shared out by characters.
 */
export function cellsOf(line: TextLine): Cell[] {
  // Where each span's text stands in the line's text (lines.ts joins them in order).
  const placed: { span: TextSpan; from: number; to: number }[] = [];
  let cursor = 0;
  for (const span of line.spans) {
    const text = span.text.trim();
    if (text === '') continue;
    const at = line.text.indexOf(text, cursor);
    if (at < 0) continue;
    placed.push({ span, from: at, to: at + text.length });
    cursor = at + text.length;
  }
  const cells: Cell[] = [];
  for (const m of line.text.matchAll(/\S+(?: \S+)*/g)) {
    const from = m.index ?? 0;
    const to = from + m[0].length;
    const spans = placed.flatMap(({ span, from: a, to: b }) => {
      if (b <= from || a >= to) return [];
      if (a >= from && b <= to) return [span];
      const perChar = span.width / Math.max(b - a, 1);
      const start = Math.max(from, a);
      const end = Math.min(to, b);
      return [
        {
          ...span,
          text: line.text.slice(start, end),
          x: span.x + (start - a) * perChar,
          width: (end - start) * perChar,
        },
      ];
    });
    cells.push(cellOf(spans.length ? spans : [...line.spans], m[0]));
  }
  return cells;
}

export function layoutOf(text: DocumentText): Layout {
  const rows: Row[] = [];
  for (const page of text.pages) {
    for (const line of page.lines) {
      rows.push({
        page: page.number,
        index: rows.length,
        line,
        cells: cellsOf(line),
        x: line.x,
        y: line.y,
        width: line.width,
        height: line.height,
      });
    }
  }
  return {
    rows,
    pages: new Map(text.pages.map((p) => [p.number, { width: p.width, height: p.height }])),
  };
}

/**
 * A row whose cells are cut again where a column starts (`edges`: the columns' left edges): a text layer
 * may join words of two columns into one cell when they stand closer than a column break ("1 Toolbox
 * 0815 Stahlcoil" under "Pos  Art-Nr  Beschreibung"). A cell is cut only between two of its spans with
 * a space between them that holds the edge, or more than a word space around it (the first span ending
 * before the edge, the second starting at it or, read by OCR, a fraction of a character before it).
 */
export function splitAtColumns(row: Row, edges: readonly number[]): Row {
  const within = new Set<TextSpan>();
  const apart = (spans: readonly TextSpan[]) =>
    spans.flatMap((span) => {
      const pieces = spanAtColumns(span, edges);
      for (const piece of pieces.slice(1)) within.add(piece);
      return pieces;
    });
  const charWidth = (a: TextSpan, b: TextSpan) =>
    (a.width + b.width) / Math.max(1, a.text.trim().length + b.text.trim().length);
  const cutsAt = (a: TextSpan, b: TextSpan) => {
    const end = a.x + a.width;
    const gap = b.x - end;
    const char = charWidth(a, b);
    // A thousands group drawn apart ("1" then "578,85") goes on its number, wherever a heading starts.
    if (gap < 2 * char && groupsOn(a.text, b.text)) return false;
    // Wider than a word space, in proportional and fixed-width fonts alike: more than a character.
    // The edge inside the space, clear of the word before it: a heading read by OCR starts where its ink
    // does, and a figure aligned right may end a fraction of a point before it ("3 day" under "QTY");
    // the heading's ink may as well start a fraction after the column's words ("Prestation" over "7 h
    // Nettoyage").
    return edges.some(
      (e) =>
        (gap > 1.2 * char && end <= e + 2 && b.x >= e - 4) ||
        (gap > 0.5 * char && end <= e - 0.25 * char && e <= b.x + 0.25 * char),
    );
  };
  const cells = row.cells.flatMap((cell) => {
    const pieces: TextSpan[][] = [];
    for (const span of apart(cell.spans)) {
      const piece = pieces[pieces.length - 1];
      const last = piece?.[piece.length - 1];
      if (piece && last && !within.has(span) && !cutsAt(last, span)) piece.push(span);
      else pieces.push([span]);
    }
    return pieces.length < 2
      ? [cell]
      : pieces.map((spans) => cellOf(spans, spans.map((s) => s.text.trim()).join(' ')));
  });
  return cells.length === row.cells.length ? row : { ...row, cells };
}

/**
 * A span drawn in one go over two columns set closer than a word space ("34 pcs 434373" under "QTY" and
 * "Code"), cut at the space before its last word when that word starts where a column does: each word
 * placed by its characters, a space counting half a character (as it prints in proportional fonts).
 * Only a count, a position or a code (a digit in one or two words) before a code (one word with a digit),
 * the columns set that close: never inside a name, nor at a number's thousands group ("1 122,70").
 */
function spanAtColumns(span: TextSpan, edges: readonly number[]): TextSpan[] {
  const text = span.text.trim();
  const words = text.split(' ');
  if (words.length < 2 || words.length > 3) return [span];
  const last = words[words.length - 1]!;
  const lead = text.slice(0, text.length - last.length - 1);
  if (!/\d/.test(lead) || !/\d/.test(last) || groupsOn(lead, last)) return [span];
  const unit = span.width / (text.length - (words.length - 1) / 2);
  const start = span.x + (lead.length + 1 - (words.length - 1) / 2) * unit;
  const end = start - unit / 2;
  if (!edges.some((e) => Math.abs(start - e) <= 0.6 * unit && end <= e)) return [span];
  return [
    { ...span, text: lead, width: end - span.x },
    { ...span, text: last, x: start, width: span.x + span.width - start },
  ];
}

/** How much two horizontal ranges overlap, as a share of the narrower one (0–1). */
export function overlapX(a: Box, b: Box): number {
  const overlap = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  return Math.max(0, overlap) / Math.max(1, Math.min(a.width, b.width));
}

/** The cell right after `cell` on its row, if any. */
export function rightOf(row: Row, cell: Cell): Cell | undefined {
  const at = row.cells.indexOf(cell);
  return at >= 0 ? row.cells[at + 1] : undefined;
}

/**
 * The cells under `box` in its column, from the rows after `row` on the same page, at most `within`
 * rows down and no further than `maxGap` points below the previous one: the value under a column
 * header or a label, the lines of an address block under its heading.
 */
export function below(
  layout: Layout,
  row: Row,
  box: Box,
  options: { readonly within?: number; readonly maxGap?: number; readonly minOverlap?: number } = {},
): { row: Row; cell: Cell }[] {
  const within = options.within ?? 3;
  const maxGap = options.maxGap ?? Math.max(2.5 * row.height, 24);
  const out: { row: Row; cell: Cell }[] = [];
  let bottom = row.y + row.height;
  for (const next of layout.rows.slice(row.index + 1, row.index + 1 + within)) {
    if (next.page !== row.page || next.y - bottom > maxGap) break;
    const cell = next.cells.find((c) => overlapX(c, box) >= (options.minOverlap ?? 0.3));
    if (cell) {
      out.push({ row: next, cell });
      bottom = next.y + next.height;
    }
  }
  return out;
}

/**
 * The row a sentence goes on to from `row`: the next one on its page, no more than a line's height
 * under it and starting at its left, when `row` is one cell of words (four or more) not ended by a full
 * stop or a colon. A mention wraps anywhere, its label from its value ("… Customer" over "VAT ID: NL…",
 * "USt-IdNr. Leistungsempfänger FR" over "82 921 527 636").
 */
export function sentenceGoesOn(layout: Layout, row: Row): Row | null {
  const next = layout.rows[row.index + 1];
  const [only] = row.cells;
  if (!next || !only || row.cells.length !== 1 || next.page !== row.page) return null;
  if (next.y - (row.y + row.height) > row.height || Math.abs(next.cells[0]!.x - only.x) > 2) return null;
  return /^(?:\S+\s+){3,}\S*[^\s.:;!?]$/u.test(only.text) ? next : null;
}
