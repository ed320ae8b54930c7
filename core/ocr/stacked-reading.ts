/**
 * A second, closer reading of a few small places of a page in one go: each place is cut out of the page's
 * picture, enlarged to STRIP_DPI, and the cuts are stacked one under the other on a single picture, read
 * as one block of text (the mode that does not drop a lone character), so that a page costs one small
 * reading however many places it has. The words read come back per place, in the page picture's pixels.
 */
import { createCanvas, type loadImage } from '@napi-rs/canvas';
import type { Box } from '../text/page-text';
import type { Stopped } from './deadline';
import { STOPPED } from './deadline';
import { greyAt } from './grey';
import { STRIP_DPI } from './reread';
import type { OcrReading, OcrWord } from './tesseract-engine';

/** Reads a picture as one block of text (at `dpi`), or says why not. */
export type ReadBlock = (picture: Uint8Array, dpi: number) => Promise<OcrReading | Stopped | null>;

export type Picture = Awaited<ReturnType<typeof loadImage>>;

/** Space between two cuts on the stacked picture, and around them, in pixels. */
const SPACING = 24;
/** Paper lighter than this (0–255) is made white. */
const PAPER = 190;

type Context = ReturnType<ReturnType<typeof createCanvas>['getContext']>;

/**
 * The scan's grey specks taken off the paper: on a picture of a few marks the ink is too little for
 * tesseract's threshold to tell it from the noise (a lone "1" was read "15").
 */
function cleanPaper(context: Context, width: number, height: number): void {
  const pixels = context.getImageData(0, 0, width, height);
  const data = pixels.data;
  for (let i = 0; i < data.length / 4; i++)
    if (greyAt(data, i) >= PAPER) data[4 * i] = data[4 * i + 1] = data[4 * i + 2] = 255;
  context.putImageData(pixels, 0, 0);
}

/**
 * The words read on each of `cuts` (boxes of `image`, in its pixels; `toPoints`: its pixels per point),
 * each word's box in the picture's pixels, whole words only (a word whose middle lies on no cut is left
 * out); STOPPED when the reading was stopped, null when it could not be read.
 */
export async function readStacked(
  image: Picture,
  cuts: readonly Box[],
  toPoints: number,
  readBlock: ReadBlock,
): Promise<OcrWord[][] | Stopped | null> {
  if (cuts.length === 0) return [];
  const scale = Math.max(1, STRIP_DPI / 72 / toPoints);
  let top = SPACING;
  const placed = cuts.map((c) => {
    const at = { ...c, dy: top };
    top += c.height * scale + SPACING;
    return at;
  });
  const width = Math.ceil(Math.max(...cuts.map((c) => c.width)) * scale + 2 * SPACING);
  const canvas = createCanvas(width, Math.ceil(top));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, Math.ceil(top));
  context.imageSmoothingQuality = 'high';
  for (const p of placed)
    context.drawImage(image, p.x, p.y, p.width, p.height, SPACING, p.dy, p.width * scale, p.height * scale);
  cleanPaper(context, width, Math.ceil(top));
  const reading = await readBlock(canvas.toBuffer('image/png'), toPoints * scale * 72);
  if (reading === STOPPED) return STOPPED;
  if (!reading) return null;
  const words: OcrWord[][] = cuts.map(() => []);
  for (const w of reading.words) {
    const middle = (w.y0 + w.y1) / 2;
    const at = placed.findIndex((p) => middle >= p.dy && middle <= p.dy + p.height * scale);
    if (at < 0) continue;
    const p = placed[at]!;
    const x0 = p.x + (w.x0 - SPACING) / scale;
    const y0 = p.y + (w.y0 - p.dy) / scale;
    words[at]!.push({
      text: w.text,
      x0,
      y0,
      x1: x0 + (w.x1 - w.x0) / scale,
      y1: y0 + (w.y1 - w.y0) / scale,
      confidence: w.confidence,
    });
  }
  return words;
}
