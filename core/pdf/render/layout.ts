/**
 * A small A4 page layout on pdf-lib: embedded subset fonts from assets/ (PDF/A requires every font
 * embedded), text that never references a glyph the font lacks, wrapped paragraphs, and tables that
 * continue on new pages with their header repeated.
 */
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { loadFontkit, loadPdfLib } from '../heavy-modules';
import { readAsset } from '../assets';

export const A4: readonly [number, number] = [595.28, 841.89];
const MARGIN = 42;
const FOOTER = 36;

/** A table row must fit on one page: longer cells end with an ellipsis. */
const MAX_CELL_LINES = 40;
/** More characters than any line of an A4 page holds at the sizes used here. */
const MAX_LINE_CHARS = 400;
const clip = (lines: string[]): string[] =>
  lines.length <= MAX_CELL_LINES ? lines : [...lines.slice(0, MAX_CELL_LINES - 1), '…'];

export interface Column {
  readonly header: string;
  /** Share of the table width. */
  readonly width: number;
  readonly align?: 'left' | 'right';
}

export interface TextStyle {
  readonly size?: number;
  readonly bold?: boolean;
  readonly grey?: boolean;
}

export class Layout {
  page!: PDFPage;
  y = 0;
  readonly left = MARGIN;
  readonly right = A4[0] - MARGIN;
  private readonly charset: [Set<number>, Set<number>];
  private readonly widths: Map<string, number>;

  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.charset = [new Set(regular.getCharacterSet()), new Set(bold.getCharacterSet())];
    this.widths = new Map();
    this.newPage();
  }

  static async create(): Promise<Layout | null> {
    const regular = readAsset('fonts/DejaVuSans.ttf');
    const bold = readAsset('fonts/DejaVuSans-Bold.ttf');
    if (!regular || !bold) return null;
    const doc = await loadPdfLib().PDFDocument.create();
    doc.registerFontkit(loadFontkit());
    return new Layout(
      doc,
      await doc.embedFont(regular, { subset: true }),
      await doc.embedFont(bold, { subset: true }),
    );
  }

  get width(): number {
    return this.right - this.left;
  }

  newPage(): void {
    this.page = this.doc.addPage([A4[0], A4[1]]);
    this.y = A4[1] - MARGIN;
  }

  /** Starts a new page unless `height` still fits above the footer. */
  ensure(height: number): boolean {
    if (this.y - height >= MARGIN + FOOTER) return false;
    this.newPage();
    return true;
  }

  font(style: TextStyle): PDFFont {
    return style.bold ? this.bold : this.regular;
  }

  /** Only characters the font has; white space of any kind becomes a plain space. */
  clean(s: string, style: TextStyle): string {
    const set = this.charset[style.bold ? 1 : 0];
    let out = '';
    for (const ch of s.replace(/\s+/g, ' ')) out += set.has(ch.codePointAt(0)!) ? ch : '?';
    return out;
  }

  /**
   * The width of text already cleaned, kept by font, size and text for this document: measuring lays the
   * text out with the font's tables (shaping), and a long invoice measures the same amounts, codes and
   * words in cell after cell and again while wrapping.
   */
  private measure(font: PDFFont, text: string, size: number): number {
    const key = `${font === this.bold ? 'b' : 'r'}${size}|${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      w = font.widthOfTextAtSize(text, size);
      this.widths.set(key, w);
    }
    return w;
  }

  textWidth(s: string, style: TextStyle): number {
    return this.measure(this.font(style), this.clean(s, style), style.size ?? 9);
  }

  /**
   * Splits `s` into lines no wider than `width`, breaking at spaces, or inside over-long words; stops after
   * `maxLines` + 1 lines so that callers can mark a cut.
   */
  wrap(s: string, width: number, style: TextStyle, maxLines = Number.MAX_SAFE_INTEGER): string[] {
    const font = this.font(style);
    const size = style.size ?? 9;
    const fits = (t: string): boolean => this.measure(font, t, size) <= width;
    const lines: string[] = [];
    for (const para of s.split(/\r?\n/)) {
      let line = '';
      for (const word of this.clean(para, style).split(' ')) {
        if (lines.length > maxLines) return lines;
        const candidate = line ? `${line} ${word}` : word;
        if (fits(candidate)) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        // Over-long words (a pasted hash or URL) are cut at the longest prefix that fits, found by
        // bisection within the most characters a line can hold.
        while (line.length > 1 && lines.length <= maxLines && !fits(line.slice(0, MAX_LINE_CHARS + 1))) {
          let lo = 1;
          let hi = Math.min(line.length - 1, MAX_LINE_CHARS);
          while (lo < hi) {
            const mid = Math.ceil((lo + hi) / 2);
            if (fits(line.slice(0, mid))) lo = mid;
            else hi = mid - 1;
          }
          lines.push(line.slice(0, lo));
          line = line.slice(lo);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  draw(s: string, x: number, y: number, style: TextStyle = {}, align: 'left' | 'right' = 'left'): void {
    const text = this.clean(s, style);
    const size = style.size ?? 9;
    const w = this.measure(this.font(style), text, size);
    this.page.drawText(text, {
      x: align === 'right' ? x - w : x,
      y,
      size,
      font: this.font(style),
      color: style.grey ? loadPdfLib().rgb(0.35, 0.35, 0.35) : loadPdfLib().rgb(0, 0, 0),
    });
  }

  /** Wrapped text at `x`, `width` wide, starting at the current line; returns the height used. */
  block(lines: readonly string[], x: number, top: number, style: TextStyle = {}): number {
    const lead = (style.size ?? 9) * 1.3;
    lines.forEach((l, i) => this.draw(l, x, top - (i + 1) * lead + 2, style));
    return lines.length * lead;
  }

  paragraph(s: string, style: TextStyle = {}): void {
    const lead = (style.size ?? 9) * 1.3;
    for (const line of this.wrap(s, this.width, style)) {
      this.ensure(lead);
      this.draw(line, this.left, this.y - lead + 2, style);
      this.y -= lead;
    }
  }

  rule(grey = 0.75): void {
    this.page.drawLine({
      start: { x: this.left, y: this.y },
      end: { x: this.right, y: this.y },
      thickness: 0.5,
      color: loadPdfLib().rgb(grey, grey, grey),
    });
  }

  gap(h: number): void {
    this.y -= h;
  }

  /** A table with wrapped cells; the header is drawn again on every new page. */
  table(columns: readonly Column[], rows: readonly (readonly string[])[], size = 8.5): void {
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const lead = size * 1.3;
    const pad = 3;
    const header = (): void => {
      const h = lead + pad * 2;
      this.ensure(h + lead);
      this.page.drawRectangle({
        x: this.left,
        y: this.y - h,
        width: this.width,
        height: h,
        color: loadPdfLib().rgb(0.92, 0.93, 0.95),
      });
      columns.forEach((c, i) =>
        this.cell([c.header], xs[i]!, widths[i]!, c.align, { size, bold: true }, pad),
      );
      this.y -= h;
    };
    header();
    for (const row of rows) {
      const cells = columns.map((c, i) =>
        clip(this.wrap(row[i] ?? '', widths[i]! - pad * 2, { size }, MAX_CELL_LINES)),
      );
      const h = Math.max(...cells.map((c) => c.length)) * lead + pad * 2;
      if (this.ensure(h)) header();
      cells.forEach((lines, i) => this.cell(lines, xs[i]!, widths[i]!, columns[i]!.align, { size }, pad));
      this.y -= h;
      this.rule(0.85);
    }
  }

  private cell(
    lines: readonly string[],
    x: number,
    width: number,
    align: Column['align'],
    style: TextStyle,
    pad: number,
  ): void {
    const lead = (style.size ?? 9) * 1.3;
    lines.forEach((l, i) => {
      const y = this.y - pad - (i + 1) * lead + 2;
      if (align === 'right') this.draw(l, x + width - pad, y, style, 'right');
      else this.draw(l, x + pad, y, style);
    });
  }

  /** Page numbers in the footer of every page, then the bytes. */
  async finish(footer: (page: number, pages: number) => string): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((p, i) => {
      this.page = p;
      this.draw(footer(i + 1, pages.length), this.right, MARGIN - 10, { size: 7.5, grey: true }, 'right');
    });
    return this.doc.save();
  }
}
