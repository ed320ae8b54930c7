/**
 * The text layer of a PDF as positioned spans and lines (page-text.ts), read with pdfjs-dist. A page's
 * text items are placed by their transform (origin bottom-left in PDF space) and turned to the top-left
 * coordinates field extraction reads.
 */
import type { LocalizedText } from '../api/lang';
import { groupLines } from './lines';
import type { DocumentText, TextPage, TextSpan } from './page-text';
import { openPdfJs, PdfRefused, type PdfJsDocument } from './pdfjs';

/** Pages read at most: invoices are short, and a huge document must not hold the service. */
export const MAX_TEXT_PAGES = 50;

export type PdfTextResult =
  | { readonly ok: true; readonly text: DocumentText; readonly pageCount: number }
  | { readonly ok: false; readonly error: PdfTextError };

export interface PdfTextError {
  readonly code: 'unextractable_pdf';
  readonly reason: 'encrypted' | 'unreadable';
  readonly message: string;
  /** Why, in words for the user, when our own reader refused the file. */
  readonly localized?: LocalizedText;
}

interface TextItemLike {
  readonly str: string;
  readonly transform: readonly number[];
  readonly width: number;
  readonly height: number;
}

const isTextItem = (item: unknown): item is TextItemLike =>
  typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;

export async function readPdfText(pdf: Uint8Array): Promise<PdfTextResult> {
  const fail = (reason: PdfTextError['reason'], message: string): PdfTextResult => ({
    ok: false,
    error: { code: 'unextractable_pdf', reason, message },
  });
  let doc: PdfJsDocument | undefined;
  try {
    doc = await openPdfJs(pdf);
    const pages: TextPage[] = [];
    const count = Math.min(doc.numPages, MAX_TEXT_PAGES);
    for (let number = 1; number <= count; number++) {
      const page = await doc.getPage(number);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      const height = y1 - y0;
      const content = await page.getTextContent();
      const spans: TextSpan[] = [];
      for (const item of content.items) {
        if (!isTextItem(item) || item.str.trim() === '') continue;
        const [a = 0, b = 0, , , e = 0, f = 0] = item.transform;
        const size = Math.hypot(a, b) || item.height || 1;
        spans.push({
          text: item.str,
          x: e - x0,
          // The item's baseline is at f; its box reaches one font size above.
          y: height - (f - y0) - size,
          width: item.width,
          height: size,
        });
      }
      pages.push({ number, width: x1 - x0, height, lines: groupLines(spans) });
      page.cleanup();
    }
    return { ok: true, text: { source: 'native_text', pages }, pageCount: doc.numPages };
  } catch (reason) {
    // Beyond a bound, the refusal says which; other refusals keep the reader's general words.
    if (reason instanceof PdfRefused && reason.error.code === 'beyond_bounds') {
      const { message, localized } = reason.error;
      return { ok: false, error: { code: 'unextractable_pdf', reason: 'unreadable', message, localized } };
    }
    if (reason instanceof PdfRefused && reason.error.code === 'encrypted') {
      return fail('encrypted', 'The PDF is password-protected.');
    }
    const name = (reason as { name?: string } | null)?.name;
    return name === 'PasswordException'
      ? fail('encrypted', 'The PDF is password-protected.')
      : fail(
          'unreadable',
          `The PDF cannot be read: ${reason instanceof Error ? reason.message : String(reason)}`,
        );
  } finally {
    await doc?.destroy();
  }
}

/**
 * Whether the document has a text layer worth reading: a scan (page images only) has none, or a few
 * stray characters; then OCR must read it.
 */
export function hasTextLayer(text: DocumentText): boolean {
  const characters = text.pages.reduce(
    (n, p) => n + p.lines.reduce((m, l) => m + l.text.replace(/\s/g, '').length, 0),
    0,
  );
  return characters >= 20 * Math.max(1, text.pages.length) || characters >= 200;
}
