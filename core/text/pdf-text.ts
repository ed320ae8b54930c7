/**
 * The text layer of a PDF as positioned spans and lines (page-text.ts), read with pdfjs-dist in a thread
 * of its own (pdfjs-thread.ts) and within the bounds of one document: its time, the heap of that thread,
 * and how many pieces of text it may hand back (README, "Refusals and bounds"). A page's text items are
 * placed by their transform (origin bottom-left in PDF space) and turned to the top-left coordinates
 * field extraction reads.
 */
import { fillText, type LocalizedText } from '../api/lang';
import { groupLines } from './lines';
import type { DocumentText, TextPage, TextSpan } from './page-text';
import { PdfRefused } from './pdfjs';
import { PDFJS_BOUNDS, PdfJsBeyond, withPdfJs, type PdfJsBounds } from './pdfjs-bounded';

/** Pages read at most: invoices are short, and a huge document must not hold the service. */
export const MAX_TEXT_PAGES = 50;

/** `timeMs`: to read the text of one document; `heapMb`: of the thread pdfjs reads it in. */
export interface TextReadingLimits extends PdfJsBounds {
  /** Pieces of text (pdfjs's text items) one document may give, over the pages read. */
  readonly maxItems: number;
  /** Pieces of text one page may give (its lines are found in time quadratic in them, at worst). */
  readonly maxPageItems: number;
}

/**
 * A real invoice's text gives some hundreds of pieces of text a page (377 in all at most among the
 * corpus PDFs).
 */
export const TEXT_READING_LIMITS: TextReadingLimits = {
  ...PDFJS_BOUNDS,
  maxItems: 100_000,
  maxPageItems: 10_000,
};

export type PdfTextResult =
  | { readonly ok: true; readonly text: DocumentText; readonly pageCount: number }
  | { readonly ok: false; readonly error: PdfTextError };

export interface PdfTextError {
  readonly code: 'unextractable_pdf';
  readonly reason: 'encrypted' | 'unreadable';
  readonly message: string;
  /** Why, in words for the user, when a bound or our own reader refused the file. */
  readonly localized?: LocalizedText;
}

type Bound = 'time' | 'memory' | 'items' | 'pageItems';

const BEYOND: Readonly<Record<Bound, LocalizedText>> = {
  time: {
    en: 'The PDF is refused: reading the text of its pages takes longer than {limit} s, the bound for one document.',
    fr: 'Le PDF est refusé : la lecture du texte de ses pages prend plus de {limit} s, la limite pour un document.',
  },
  memory: {
    en: 'The PDF is refused: reading the text of its pages needs more than {limit} MB of memory, the bound for one document.',
    fr: 'Le PDF est refusé : la lecture du texte de ses pages demande plus de {limit} Mo de mémoire, la limite pour un document.',
  },
  items: {
    en: 'The PDF is refused: its pages hold more than {limit} pieces of text, the bound for one document.',
    fr: 'Le PDF est refusé : ses pages portent plus de {limit} fragments de texte, la limite pour un document.',
  },
  pageItems: {
    en: 'The PDF is refused: a page holds more than {limit} pieces of text, the bound for one page.',
    fr: 'Le PDF est refusé : une page porte plus de {limit} fragments de texte, la limite pour une page.',
  },
};

interface TextItemLike {
  readonly str: string;
  readonly transform: readonly number[];
  readonly width: number;
  readonly height: number;
}

const isTextItem = (item: unknown): item is TextItemLike =>
  typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;

/** The reading went past one of the bounds on pieces of text. */
class Beyond {
  constructor(readonly bound: 'items' | 'pageItems') {}
}

export async function readPdfText(
  pdf: Uint8Array,
  limits: TextReadingLimits = TEXT_READING_LIMITS,
): Promise<PdfTextResult> {
  const fail = (
    reason: PdfTextError['reason'],
    message: string,
    localized?: LocalizedText,
  ): PdfTextResult => ({
    ok: false,
    error: { code: 'unextractable_pdf', reason, message, ...(localized ? { localized } : {}) },
  });
  try {
    return await withPdfJs(pdf, limits, async (doc, within): Promise<PdfTextResult> => {
      const pages: TextPage[] = [];
      const count = Math.min(doc.numPages, MAX_TEXT_PAGES);
      let items = 0;
      for (let number = 1; number <= count; number++) {
        const page = await within(doc.getPage(number));
        const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
        const height = y1 - y0;
        const spans: TextSpan[] = [];
        let pageItems = 0;
        // Read piece by piece, so that a page of millions of pieces is refused before they are all held.
        const reader = page.streamTextContent().getReader();
        for (;;) {
          const chunk = await within(reader.read());
          if (chunk.done) break;
          items += chunk.value.items.length;
          pageItems += chunk.value.items.length;
          if (items > limits.maxItems) throw new Beyond('items');
          if (pageItems > limits.maxPageItems) throw new Beyond('pageItems');
          for (const item of chunk.value.items) {
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
        }
        pages.push({ number, width: x1 - x0, height, lines: groupLines(spans) });
        page.cleanup();
      }
      return { ok: true, text: { source: 'native_text', pages }, pageCount: doc.numPages };
    });
  } catch (reason) {
    if (reason instanceof Beyond || reason instanceof PdfJsBeyond) {
      const limit =
        reason instanceof PdfJsBeyond
          ? reason.limit
          : { items: limits.maxItems, pageItems: limits.maxPageItems }[reason.bound];
      const localized = fillText(BEYOND[reason.bound], { limit });
      return fail('unreadable', localized.en, localized);
    }
    // Beyond a bound, the refusal says which; other refusals keep the reader's general words.
    if (reason instanceof PdfRefused && reason.error.code === 'beyond_bounds') {
      return fail('unreadable', reason.error.message, reason.error.localized);
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
