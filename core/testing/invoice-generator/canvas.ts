/**
 * A4 pages drawn with pdf-lib in one of the TrueType families of assets/fonts (embedded, subset, so
 * the text layer carries their own glyph widths and ToUnicode maps), with y measured from the top of
 * the page. Text is drawn either as whole runs or word by word, as many producers position it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { loadFontkit, loadPdfLib } from '../../pdf/heavy-modules';

export type FontFamily = 'LiberationSans' | 'LiberationSerif' | 'DejaVuSans' | 'LiberationMono';
export type Weight = 'regular' | 'bold' | 'italic';
export type Align = 'left' | 'right' | 'center';

const FONT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/fonts');

const FILES: Readonly<Record<FontFamily, Readonly<Record<Weight, string>>>> = {
  LiberationSans: {
    regular: 'LiberationSans-Regular',
    bold: 'LiberationSans-Bold',
    italic: 'LiberationSans-Italic',
  },
  LiberationSerif: {
    regular: 'LiberationSerif-Regular',
    bold: 'LiberationSerif-Bold',
    italic: 'LiberationSerif-Italic',
  },
  // DejaVu ships no italic here: its regular face stands for it.
  DejaVuSans: { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold', italic: 'DejaVuSans' },
  LiberationMono: {
    regular: 'LiberationMono-Regular',
    bold: 'LiberationMono-Bold',
    italic: 'LiberationMono-Italic',
  },
};

const fontBytes = new Map<string, Uint8Array>();
const bytesOf = (file: string): Uint8Array => {
  let bytes = fontBytes.get(file);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(path.join(FONT_DIR, `${file}.ttf`)));
    fontBytes.set(file, bytes);
  }
  return bytes;
};

export interface TextOptions {
  readonly size: number;
  readonly weight?: Weight;
  readonly align?: Align;
}

/** Where a text was drawn (top-left origin), to check that no two texts of a page overlap. */
export interface DrawnText {
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly text: string;
}

export interface Canvas {
  readonly width: number;
  readonly height: number;
  /** Pages drawn so far; drawing goes to the last one. */
  readonly pageCount: number;
  addPage(): void;
  measure(text: string, size: number, weight?: Weight): number;
  /** Text whose left edge (or right edge, or centre, by `align`) is at x, its top at y. */
  text(x: number, y: number, text: string, options: TextOptions, page?: number): void;
  /** A horizontal rule at y from x1 to x2. */
  rule(x1: number, x2: number, y: number, thickness?: number, page?: number): void;
  box(x: number, y: number, width: number, height: number): void;
  readonly drawn: readonly DrawnText[];
  save(): Promise<Uint8Array>;
}

export async function createCanvas(family: FontFamily, wordByWord: boolean): Promise<Canvas> {
  const { PDFDocument, rgb } = loadPdfLib();
  const doc = await PDFDocument.create();
  doc.registerFontkit(loadFontkit());
  const fonts = {} as Record<Weight, PDFFont>;
  for (const weight of ['regular', 'bold', 'italic'] as const) {
    fonts[weight] = await doc.embedFont(bytesOf(FILES[family][weight]), { subset: true });
  }
  const width = 595.28;
  const height = 841.89;
  const pages: PDFPage[] = [];
  const drawn: DrawnText[] = [];
  const black = rgb(0, 0, 0);
  const measure = (text: string, size: number, weight: Weight = 'regular'): number =>
    fonts[weight].widthOfTextAtSize(text, size);
  return {
    width,
    height,
    get pageCount() {
      return pages.length;
    },
    addPage() {
      pages.push(doc.addPage([width, height]));
    },
    measure,
    text(x, y, text, { size, weight = 'regular', align = 'left' }, page = pages.length - 1) {
      if (text === '') return;
      const font = fonts[weight];
      const full = measure(text, size, weight);
      const left = align === 'left' ? x : align === 'right' ? x - full : x - full / 2;
      const baseline = height - y - size * 0.8;
      const target = pages[page]!;
      drawn.push({ page, x: left, y, width: full, height: size, text });
      if (!wordByWord) {
        target.drawText(text, { x: left, y: baseline, size, font, color: black });
        return;
      }
      const space = measure(' ', size, weight);
      let at = left;
      for (const word of text.split(' ')) {
        if (word !== '') target.drawText(word, { x: at, y: baseline, size, font, color: black });
        at += measure(word, size, weight) + space;
      }
    },
    rule(x1, x2, y, thickness = 0.5, page = pages.length - 1) {
      pages[page]!.drawLine({
        start: { x: x1, y: height - y },
        end: { x: x2, y: height - y },
        thickness,
        color: black,
      });
    },
    box(x, y, w, h) {
      pages[pages.length - 1]!.drawRectangle({
        x,
        y: height - y - h,
        width: w,
        height: h,
        borderWidth: 0.6,
        borderColor: black,
      });
    },
    drawn,
    // Fixed dates: the same invoice is the same bytes on every run.
    save: () => {
      doc.setCreationDate(new Date(Date.UTC(2025, 0, 1)));
      doc.setModificationDate(new Date(Date.UTC(2025, 0, 1)));
      return doc.save();
    },
  };
}

/** Pairs of texts of one page whose boxes overlap (a layout fault of the generator). */
export function overlaps(drawn: readonly DrawnText[]): [DrawnText, DrawnText][] {
  const out: [DrawnText, DrawnText][] = [];
  for (let i = 0; i < drawn.length; i++) {
    for (let j = i + 1; j < drawn.length; j++) {
      const a = drawn[i]!;
      const b = drawn[j]!;
      if (a.page !== b.page) continue;
      const vertical = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      const horizontal = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      if (vertical > 1 && horizontal > -2) out.push([a, b]);
    }
  }
  return out;
}
