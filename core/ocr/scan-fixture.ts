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

function scanCanvas(lines: readonly string[]) {
  registerFont();
  const canvas = createCanvas(Math.round((A4.width * DPI) / 72), Math.round((A4.height * DPI) / 72));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.font = `40px "${FONT_FAMILY}"`;
  lines.forEach((line, i) => ctx.fillText(line, 150, 250 + i * 90));
  return canvas;
}

export const scanJpeg = (lines: readonly string[] = FIXTURE_LINES): Uint8Array =>
  scanCanvas(lines).toBuffer('image/jpeg', 85);

export async function scanPdf(
  lines: readonly string[] = FIXTURE_LINES,
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image =
    format === 'jpeg'
      ? await doc.embedJpg(scanJpeg(lines))
      : await doc.embedPng(scanCanvas(lines).toBuffer('image/png'));
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
