/**
 * Test fixture: an image-only PDF made on the spot, a few invoice lines drawn on a 200 dpi grey page,
 * saved as JPEG (or PNG, which PDF stores Flate-compressed) and placed over the whole A4 page as a
 * scanner would, so the OCR tests need no corpus.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { readAsset } from '../pdf/assets';

const DPI = 200;
const A4 = { width: 595.28, height: 841.89 };

export const FIXTURE_LINES = ['FACTURE N° F-2024-0042', 'Date : 15/03/2024', 'Total TTC : 1 234,56 EUR'];

// The project's own font, not the machine's "sans-serif": what OCR reads must not depend on which
// fonts a machine happens to have installed.
const FONT_FAMILY = 'Fixture Sans';
let fontRegistered = false;

function registerFont(): void {
  if (fontRegistered) return;
  const bytes = readAsset('fonts/LiberationSans-Regular.ttf');
  if (!bytes) throw new Error('assets/fonts/LiberationSans-Regular.ttf is missing');
  GlobalFonts.register(Buffer.from(bytes), FONT_FAMILY);
  fontRegistered = true;
}

/** A line of text drawn at `x`, `y` (pixels of the 200 dpi page, baseline), 40 px high. */
export interface PlacedLine {
  readonly text: string;
  readonly x: number;
  readonly y: number;
}

/** The fixture lines one under the other, from (150, 250). */
const stacked = (lines: readonly string[]): PlacedLine[] =>
  lines.map((text, i) => ({ text, x: 150, y: 250 + i * 90 }));

/** `turn`: degrees the page lies askew on the scanner's glass, clockwise. */
function scanCanvas(lines: readonly PlacedLine[], turn = 0) {
  registerFont();
  const canvas = createCanvas(Math.round((A4.width * DPI) / 72), Math.round((A4.height * DPI) / 72));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((turn * Math.PI) / 180);
  ctx.translate(-canvas.width / 2, -canvas.height / 2);
  ctx.fillStyle = '#000';
  ctx.font = `40px "${FONT_FAMILY}"`;
  for (const line of lines) ctx.fillText(line.text, line.x, line.y);
  return canvas;
}

export const scanJpeg = (lines: readonly string[] = FIXTURE_LINES): Uint8Array =>
  scanCanvas(stacked(lines)).toBuffer('image/jpeg', 85);

export interface ScanOptions {
  /** Degrees the page lies askew, clockwise (default 0). */
  readonly turn?: number;
  /** Lines placed anywhere on the page, instead of `lines` one under the other. */
  readonly placed?: readonly PlacedLine[];
}

export async function scanPdf(
  lines: readonly string[] = FIXTURE_LINES,
  format: 'jpeg' | 'png' = 'jpeg',
  options: ScanOptions = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const canvas = scanCanvas(options.placed ?? stacked(lines), options.turn);
  const image =
    format === 'jpeg'
      ? await doc.embedJpg(canvas.toBuffer('image/jpeg', 85))
      : await doc.embedPng(canvas.toBuffer('image/png'));
  const page = doc.addPage([A4.width, A4.height]);
  page.drawImage(image, { x: 0, y: 0, width: A4.width, height: A4.height });
  return doc.save();
}

/** A PDF with a text layer and no picture at all. */
export async function textPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([A4.width, A4.height]).drawText('FACTURE', { x: 72, y: 700, size: 14, font });
  return doc.save();
}
