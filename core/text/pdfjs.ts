/**
 * pdfjs-dist, opened the one way this product needs it: from bytes, offline (standard fonts and CMaps
 * from the installed package), no `eval`. pdfjs is large, so it is imported on first use: validate,
 * extract and `facturx --version` never load it. In Node it draws pages through @napi-rs/canvas.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDF_LIMITS } from '../pdf/reader/bounds';
import { PdfDocument, type OpenError } from '../pdf/reader/document';

type PdfJs = typeof PdfJsModule;
export type PdfJsDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfJsWorker = InstanceType<PdfJs['PDFWorker']>;

let pdfjs: Promise<PdfJs> | undefined;
const loadPdfJs = (): Promise<PdfJs> => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/**
 * The folders pdfjs reads standard fonts and CMaps from, inside the installed package. In Node pdfjs
 * hands this string, with the file name appended, to `fs.readFile`, which takes a path, not a file:
 * URL string: a URL here silently loads nothing.
 */
export function packageFolder(sub: 'standard_fonts' | 'cmaps'): string {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return path.join(root, sub) + path.sep;
}

/** A PDF our own reader refused (beyond the bounds, encrypted, corrupt): pdfjs never reads it. */
export class PdfRefused extends Error {
  constructor(readonly error: OpenError) {
    super(error.message);
    this.name = 'PdfRefused';
  }
}

/**
 * Opens a PDF; rejects with {@link PdfRefused} when our bounded reader refuses it or its pages' drawing
 * (so that pdfjs never decompresses, counts or draws beyond the bounds), else as pdfjs does (a
 * `PasswordException` for a protected file). pdfjs reads it on this thread, or in the thread of `worker`
 * (pdfjs-thread.ts). The one place pdfjs is given a document.
 */
export async function openPdfJs(pdf: Uint8Array, worker?: PdfJsWorker): Promise<PdfJsDocument> {
  const opened = PdfDocument.openToDraw(pdf);
  if (!opened.ok) throw new PdfRefused(opened.error);
  const { getDocument } = await loadPdfJs();
  // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
  const loading = getDocument({
    data: Uint8Array.from(pdf),
    ...(worker ? { worker } : {}),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
    standardFontDataUrl: packageFolder('standard_fonts'),
    cMapUrl: packageFolder('cmaps'),
    cMapPacked: true,
    // Pictures beyond the bound are left undrawn (a file with one was refused above; this holds pdfjs to it).
    maxImageSize: PDF_LIMITS.maxImagePixels,
  });
  // A document pdfjs could not open still listens on its thread's port until it is destroyed.
  return loading.promise.catch(async (error: unknown) => {
    await loading.destroy();
    throw error;
  });
}
