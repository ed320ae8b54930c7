/**
 * Test fixture: an image-only PDF made on the spot, a few invoice lines drawn on a 200 dpi grey page,
 * saved as JPEG (or PNG, which PDF stores Flate-compressed) and placed over the whole A4 page as a
 * scanner would, so the OCR tests need no corpus; or any PDF (an invoice the project draws) scanned the
 * way the corpus scans were.
 */
import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { readAsset } from '../pdf/assets';
import { openPdfJs } from '../text/pdfjs';
import { greyAt } from './grey';
import { renderRegion } from './render-page';

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

/** A line of text drawn at `x`, `y` (pixels of the 200 dpi page, baseline), `size` px high (default 40). */
export interface PlacedLine {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly size?: number;
}

/** The fixture lines one under the other, from (150, 250). */
const stacked = (lines: readonly string[]): PlacedLine[] =>
  lines.map((text, i) => ({ text, x: 150, y: 250 + i * 90 }));

/** A white page whose drawing lies `turn` degrees askew (clockwise), as on a scanner's glass. */
function turnedCanvas(width: number, height: number, turn: number) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  ctx.rotate((turn * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  return { canvas, ctx };
}

/** A table rule from (x0, y0) to (x1, y1), pixels of the 200 dpi page, 3 px wide. */
export interface Rule {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

function scanCanvas(lines: readonly PlacedLine[], turn = 0, rules: readonly Rule[] = []) {
  registerFont();
  const { canvas, ctx } = turnedCanvas(
    Math.round((A4.width * DPI) / 72),
    Math.round((A4.height * DPI) / 72),
    turn,
  );
  ctx.fillStyle = '#000';
  for (const line of lines) {
    ctx.font = `${line.size ?? 40}px "${FONT_FAMILY}"`;
    ctx.fillText(line.text, line.x, line.y);
  }
  ctx.lineWidth = 3;
  for (const rule of rules) {
    ctx.beginPath();
    ctx.moveTo(rule.x0, rule.y0);
    ctx.lineTo(rule.x1, rule.y1);
    ctx.stroke();
  }
  return canvas;
}

export const scanJpeg = (lines: readonly string[] = FIXTURE_LINES): Uint8Array =>
  scanCanvas(stacked(lines)).toBuffer('image/jpeg', 85);

export interface ScanOptions {
  /** Degrees the page lies askew, clockwise (default 0). */
  readonly turn?: number;
  /** Lines placed anywhere on the page, instead of `lines` one under the other. */
  readonly placed?: readonly PlacedLine[];
  /** Table rules drawn with the lines. */
  readonly rules?: readonly Rule[];
  /** Grey noise added to each pixel, as scanOfPdf adds it (default 0: none). */
  readonly noise?: number;
}

export async function scanPdf(
  lines: readonly string[] = FIXTURE_LINES,
  format: 'jpeg' | 'png' = 'jpeg',
  options: ScanOptions = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const canvas = scanCanvas(options.placed ?? stacked(lines), options.turn, options.rules);
  if (options.noise) roughen(canvas.getContext('2d'), canvas.width, canvas.height, options.noise);
  const image =
    format === 'jpeg'
      ? await doc.embedJpg(canvas.toBuffer('image/jpeg', options.noise ? 70 : 85))
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

type Context = ReturnType<ReturnType<typeof createCanvas>['getContext']>;

/**
 * The page in grey with noise of spread `noise` (levels of 255), as a scanner gives it; from a fixed seed,
 * so that a page always gives the same scan.
 */
function roughen(ctx: Context, width: number, height: number, noise: number): void {
  let seed = 1;
  // Park–Miller: enough for noise, and the same every run.
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const pixels = ctx.getImageData(0, 0, width, height);
  const data = pixels.data;
  for (let i = 0; i < data.length / 4; i++) {
    // the sum of three uniform draws: close enough to a Gaussian
    const value = greyAt(data, i) + (random() + random() + random() - 1.5) * noise * 2;
    data[4 * i] = data[4 * i + 1] = data[4 * i + 2] = value;
  }
  ctx.putImageData(pixels, 0, 0);
}

export interface ScanOfOptions {
  /** Degrees each page lies askew, clockwise (default 0.4, within what the corpus scans show). */
  readonly turn?: number;
  /** Spread of the grey noise added to each pixel, in levels of 255 (default 12). */
  readonly noise?: number;
  /** JPEG quality, 0–100 (default 70). */
  readonly quality?: number;
}

/**
 * Any PDF as a scanner would hand it back, the way the corpus scans were made: each page drawn at
 * 200 dpi in grey, turned a little, with noise, saved as JPEG and placed over its page.
 */
export async function scanOfPdf(pdf: Uint8Array, options: ScanOfOptions = {}): Promise<Uint8Array> {
  const { turn = 0.4, noise = 12, quality = 70 } = options;
  const source = await openPdfJs(pdf);
  const doc = await PDFDocument.create();
  try {
    for (let number = 1; number <= source.numPages; number++) {
      const size = (await source.getPage(number)).getViewport({ scale: 1 });
      const drawn = await renderRegion(source, number, { x: 0, y: 0, ...size }, DPI);
      const { canvas, ctx } = turnedCanvas(drawn.pixelWidth, drawn.pixelHeight, turn);
      ctx.drawImage(await loadImage(Buffer.from(drawn.png)), 0, 0);
      roughen(ctx, canvas.width, canvas.height, noise);
      const image = await doc.embedJpg(canvas.toBuffer('image/jpeg', quality));
      doc.addPage([size.width, size.height]).drawImage(image, { x: 0, y: 0, ...size });
    }
  } finally {
    await source.destroy();
  }
  return doc.save();
}
