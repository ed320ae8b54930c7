/**
 * Input mode 1 of convert: an invoice PDF without embedded XML. Scan detection first (a text layer, or
 * page images only), then the text is read (the text layer, or OCR of the pictures), the fields are
 * extracted into the invoice model with their evidence, the invoice becomes the candidate an
 * `invoice_data` would give (core/convert/candidate.ts), and its CII is written in the requested
 * profile: by default EN16931 when invoice lines were read, else BASIC WL (document level).
 * The uploaded PDF stays the visual carrier of the Factur-X file.
 *
 * OCR confidence below 70 % is refused in `strict` mode (422 `ocr_confidence_too_low`); `lenient`
 * accepts it, and every field then carries its own lower confidence in the provenance. On a scan, the
 * doubtful terms are read again on enlarged strips of the page (second-look.ts). OCR reports its progress
 * page by page and stops when the convert is cancelled (`cancelled`).
 */
import { apiError, OCR_CONFIDENCE_THRESHOLD, type ApiErrorResult } from '../api/errors';
import type { ConvertResponse, SellerLayoutUse } from '../api/convert-response';
import type { Lang } from '../api/lang';
import type { Profile } from '../cii/profile';
import { modelToCii } from '../cii/write';
import type { FieldEvidence, FieldExtraction } from '../fields/extraction';
import { extractFields } from '../fields/extract-fields';
import type { SellerLayoutMemory } from '../fields/supplier-layout/seller-layout';
import { pictureBox, turning } from '../ocr/level';
import { ocrPdf, type OcrError, type OcrProgress } from '../ocr/ocr-pdf';
import { hasTextLayer, readPdfText } from '../text/pdf-text';
import type { Box, DocumentText, TextSource } from '../text/page-text';
import { profileFor, readCandidate } from './candidate';
import { readWithSecondLook, type ReadFields } from './second-look';
import { readBySellerLayout } from './seller-layout';
import type { StructuredSource } from './source';

type Provenance = NonNullable<ConvertResponse['fieldProvenance']>;

export interface PdfSource {
  readonly source: StructuredSource;
  readonly sourceType: TextSource;
  readonly pageCount: number;
  /** Each term read from the page: `document`, with page, text and confidence. */
  readonly provenance: Provenance;
  /** The seller's remembered layout, when one was found for it: whether it gave any term. */
  readonly sellerLayout?: SellerLayoutUse;
}

export interface PdfSourceOptions {
  readonly requested: Profile | undefined;
  readonly confidenceMode: 'strict' | 'lenient';
  readonly lang: Lang;
  readonly ocrTimeoutMs?: number;
  readonly signal?: AbortSignal;
  readonly onOcrProgress?: (progress: OcrProgress) => void;
  /** The tenant's remembered seller layouts, to read a known seller's invoice by its layout. */
  readonly sellerLayouts?: SellerLayoutMemory;
}

// The reader may take `reread` when it wants closer readings of a scan (second-look.ts).
const readFields: ReadFields = (text) => extractFields(text);

export type PdfSourceResult =
  { readonly ok: true; readonly value: PdfSource } | { readonly ok: false; readonly error: ApiErrorResult };

export async function pdfSource(pdf: Uint8Array, options: PdfSourceOptions): Promise<PdfSourceResult> {
  const { lang } = options;
  const layer = await readPdfText(pdf);
  if (!layer.ok) {
    const { reason, localized: message } = layer.error;
    return {
      ok: false,
      error: apiError('unextractable_pdf', { reason }, { lang, ...(message ? { message } : {}) }),
    };
  }
  let text: DocumentText = layer.text;
  let extraction: FieldExtraction;
  if (hasTextLayer(text)) extraction = await readFields(text, {});
  else {
    const read = await ocrPdf(pdf, {
      ...(options.ocrTimeoutMs ? { timeoutMs: options.ocrTimeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onOcrProgress ? { onProgress: options.onOcrProgress } : {}),
    });
    if (!read.ok) return { ok: false, error: ocrFailure(read.error, lang) };
    text = read.text;
    const confidence = Math.round((text.confidence ?? 0) * 10) / 10;
    if (options.confidenceMode === 'strict' && confidence < OCR_CONFIDENCE_THRESHOLD) {
      return {
        ok: false,
        error: apiError(
          'ocr_confidence_too_low',
          { confidence, threshold: OCR_CONFIDENCE_THRESHOLD },
          { lang },
        ),
      };
    }
    extraction = await readWithSecondLook(text, readFields, read.reread);
    if (options.signal?.aborted) return { ok: false, error: apiError('cancelled', undefined, { lang }) };
  }
  const remembered = options.sellerLayouts
    ? await readBySellerLayout(text, extraction, options.sellerLayouts)
    : null;
  if (remembered) extraction = remembered.extraction;
  if (Object.keys(extraction.evidence).length === 0) {
    return { ok: false, error: apiError('unextractable_pdf', { reason: 'no_invoice_text' }, { lang }) };
  }
  const invoice = readCandidate(extraction.invoice);
  const profile = profileFor(invoice, options.requested);
  return {
    ok: true,
    value: {
      source: { invoice, profile, ...modelToCii(invoice, profile) },
      sourceType: text.source,
      pageCount: layer.pageCount,
      provenance: provenanceOf(extraction, text),
      ...(remembered ? { sellerLayout: remembered.use } : {}),
    },
  };
}

/**
 * The evidence of each term read, line terms as `BG-25[n]/BT-…` and VAT breakdown terms as `BG-23[n]/BT-…`;
 * each box where it lies on the page as the PDF shows it (an OCR page scanned askew was read levelled).
 */
function provenanceOf(extraction: FieldExtraction, text: DocumentText): Provenance {
  const out: Provenance = {};
  const byLayout = new Set(extraction.sellerLayoutTerms);
  const onPage = (e: FieldEvidence): Box => {
    const page = text.pages.find((p) => p.number === e.page);
    return page?.levelled ? pictureBox(e.box, turning(page.levelled, page.width, page.height)) : e.box;
  };
  const note = (key: string, e: FieldEvidence): void => {
    out[key] = {
      source: 'document',
      page: e.page,
      text: e.text,
      confidence: Math.round(e.confidence * 100) / 100,
      box: onPage(e),
      reader: e.source,
      ...(byLayout.has(key) ? { sellerLayout: true as const } : {}),
    };
  };
  for (const [term, e] of Object.entries(extraction.evidence)) note(term, e);
  const positional = [
    ['BG-25', extraction.lineEvidence],
    ['BG-23', extraction.vatBreakdownEvidence],
  ] as const;
  for (const [group, entries] of positional)
    entries?.forEach((terms, i) => {
      for (const [term, e] of Object.entries(terms)) note(`${group}[${i + 1}]/${term}`, e);
    });
  return out;
}

function ocrFailure(error: OcrError, lang: Lang): ApiErrorResult {
  switch (error.code) {
    case 'ocr_service_unavailable':
      return apiError(
        'ocr_service_unavailable',
        { retry_after_seconds: error.retry_after_seconds ?? 30 },
        { lang },
      );
    case 'ocr_timeout':
      return apiError('ocr_timeout', undefined, { lang });
    case 'cancelled':
      return apiError('cancelled', undefined, { lang });
    default:
      return apiError(
        'unextractable_pdf',
        { reason: 'unreadable' },
        { lang, ...(error.localized ? { message: error.localized } : {}) },
      );
  }
}
