/**
 * pdfjs-dist in the browser: opening a PDF from its bytes and drawing a page into a canvas, offline, with
 * no `eval` (the page's Content Security Policy forbids it). pdfjs is large, so it is loaded on the first
 * document shown; its worker is a file of this build.
 */
import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';

type PdfJs = typeof PdfJsModule;

let loading: Promise<PdfJs> | undefined;

function pdfjs(): Promise<PdfJs> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    },
  );
  return loading;
}

/** A place on a page in PDF points, origin at the top-left, y downwards (core/text/page-text.ts). */
export interface PageBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A place on the drawn page, in CSS pixels from its top-left corner. */
export interface ScreenBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface DrawnPage {
  /** The page's size on screen, in CSS pixels. */
  readonly width: number;
  readonly height: number;
  /** Where a box read on this page (in PDF points, top-left origin) lies on the drawn page. */
  readonly toScreen: (box: PageBox) => ScreenBox;
}

export interface OpenedPdf {
  readonly pageCount: number;
  /** The first page's width in PDF points, to fit the pages to the space they have. */
  readonly firstPageWidth: number;
  /** Draws a page (1-based) at a zoom (1 = 72 dpi) into a canvas; a newer call on the canvas cancels this one. */
  draw(page: number, zoom: number, canvas: HTMLCanvasElement): Promise<DrawnPage>;
  close(): void;
}

function geometry(page: PDFPageProxy, zoom: number): DrawnPage {
  const viewport = page.getViewport({ scale: zoom });
  const [, , , top = 0] = page.view;
  const [left = 0] = page.view;
  return {
    width: viewport.width,
    height: viewport.height,
    toScreen: (box) => {
      // Back to PDF user space (origin bottom-left), then through the viewport, rotation included.
      const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = viewport.convertToViewportRectangle([
        left + box.x,
        top - box.y - box.height,
        left + box.x + box.width,
        top - box.y,
      ]) as number[];
      return {
        left: Math.min(x1, x2),
        top: Math.min(y1, y2),
        width: Math.abs(x2 - x1),
        height: Math.abs(y2 - y1),
      };
    },
  };
}

export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  const lib = await pdfjs();
  // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
  const doc: PDFDocumentProxy = await lib.getDocument({
    data: Uint8Array.from(bytes),
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const tasks = new WeakMap<HTMLCanvasElement, RenderTask>();
  const first = await doc.getPage(1);
  return {
    pageCount: doc.numPages,
    firstPageWidth: first.getViewport({ scale: 1 }).width,
    async draw(number, zoom, canvas) {
      tasks.get(canvas)?.cancel();
      const page = await doc.getPage(number);
      const drawn = geometry(page, zoom);
      const ratio = globalThis.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: zoom * ratio });
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      canvas.style.width = `${drawn.width}px`;
      canvas.style.height = `${drawn.height}px`;
      const task = page.render({ canvas, viewport });
      tasks.set(canvas, task);
      try {
        await task.promise;
      } catch (reason) {
        // A newer drawing of the same canvas replaced this one.
        if ((reason as { name?: string } | null)?.name !== 'RenderingCancelledException') throw reason;
      }
      return drawn;
    },
    close: () => void doc.destroy(),
  };
}
