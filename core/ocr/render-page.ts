/**
 * A page drawn into a picture for OCR, when it holds no single scanned JPEG to hand over as is: pages
 * whose scan is stored in another codec (Flate, CCITT fax, JBIG2, JPEG 2000), split into strips, or
 * with text drawn as outlines. pdfjs draws the page (through @napi-rs/canvas in Node), at the resolution
 * OCR reads best, bounded so that a huge page cannot exhaust memory.
 */
import type { Box } from '../text/page-text';
import type { PdfJsDocument } from '../text/pdfjs';

/** Tesseract's sweet spot for printed text. */
export const RENDER_DPI = 300;
/** At most this many pixels per page (an A4 page at 300 dpi has 8.7 million). */
const MAX_PIXELS = 12_000_000;
export interface RenderedPage {
  /** PNG file of the page. */
  readonly png: Uint8Array;
  readonly pixelWidth: number;
  readonly pixelHeight: number;
  /** The page's size in PDF points, as the text layer measures it. */
  readonly width: number;
  readonly height: number;
}

/** What pdfjs's Node canvas factory hands out (an @napi-rs/canvas canvas), as far as used here. */
interface CanvasAndContext {
  readonly canvas: { toBuffer(mime: 'image/png'): Uint8Array };
  readonly context: { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void };
}
type RenderParameters = Parameters<Awaited<ReturnType<PdfJsDocument['getPage']>>['render']>[0];
interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  destroy(canvasAndContext: CanvasAndContext): void;
}

/** Draws `viewport` of the page onto a white canvas of the given size: a PNG file. */
async function draw(
  doc: PdfJsDocument,
  page: Awaited<ReturnType<PdfJsDocument['getPage']>>,
  viewport: ReturnType<Awaited<ReturnType<PdfJsDocument['getPage']>>['getViewport']>,
  pixel: { readonly width: number; readonly height: number },
): Promise<Uint8Array> {
  const { width: pixelWidth, height: pixelHeight } = pixel;
  const factory = doc.canvasFactory as CanvasFactory;
  const drawn = factory.create(pixelWidth, pixelHeight);
  try {
    const { canvas, context } = drawn;
    // A transparent page would read as black to OCR.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, pixelWidth, pixelHeight);
    // pdfjs declares DOM canvases; in Node its own factory hands out @napi-rs/canvas ones.
    await page.render({
      canvas: canvas as unknown as RenderParameters['canvas'],
      canvasContext: context as unknown as RenderParameters['canvasContext'],
      viewport,
    }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    factory.destroy(drawn);
  }
}

export async function renderPage(doc: PdfJsDocument, number: number): Promise<RenderedPage> {
  const page = await doc.getPage(number);
  try {
    const unit = page.getViewport({ scale: 1 });
    const wanted = RENDER_DPI / 72;
    const bounded = Math.sqrt(MAX_PIXELS / (unit.width * unit.height));
    const viewport = page.getViewport({ scale: Math.min(wanted, bounded) });
    const pixelWidth = Math.ceil(viewport.width);
    const pixelHeight = Math.ceil(viewport.height);
    const png = await draw(doc, page, viewport, { width: pixelWidth, height: pixelHeight });
    return { png, pixelWidth, pixelHeight, width: unit.width, height: unit.height };
  } finally {
    page.cleanup();
  }
}

/**
 * Only `box` of a page (PDF points, top-left origin) drawn at `dpi`, bounded like a whole page: the
 * picture's pixel (0, 0) is the box's top-left corner.
 */
export async function renderRegion(
  doc: PdfJsDocument,
  number: number,
  box: Box,
  dpi: number,
): Promise<RenderedPage> {
  const page = await doc.getPage(number);
  try {
    const unit = page.getViewport({ scale: 1 });
    const scale = Math.min(dpi / 72, Math.sqrt(MAX_PIXELS / Math.max(1, box.width * box.height)));
    const viewport = page.getViewport({ scale, offsetX: -box.x * scale, offsetY: -box.y * scale });
    const pixelWidth = Math.max(1, Math.ceil(box.width * scale));
    const pixelHeight = Math.max(1, Math.ceil(box.height * scale));
    const pixel = { width: pixelWidth, height: pixelHeight };
    const png = await draw(doc, page, viewport, pixel);
    return { png, pixelWidth, pixelHeight, width: unit.width, height: unit.height };
  } finally {
    page.cleanup();
  }
}
