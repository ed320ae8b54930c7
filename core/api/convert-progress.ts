/**
 * Where a convert is, for a caller that shows it (the desktop's queue, a client of the server): reading
 * the PDF, OCR page by page (the page being drawn, then recognised), checking the candidate, packaging the
 * PDF/A-3. Sent as it goes; the transports (IPC, HTTP) carry it as this JSON, checked by the schema.
 */
import { z } from 'zod';

export const convertProgressSchema = z.discriminatedUnion('stage', [
  z.object({ stage: z.literal('reading') }),
  z.object({
    stage: z.literal('ocr'),
    /** 1-based page being read, of `pages`. */
    page: z.int().positive(),
    pages: z.int().positive(),
    step: z.enum(['drawing', 'recognising']),
  }),
  z.object({ stage: z.literal('validating') }),
  z.object({ stage: z.literal('packaging') }),
]);

export type ConvertProgress = z.infer<typeof convertProgressSchema>;

/** What a caller may hand a convert besides its request: a progress listener and a cancel signal. */
export interface ConvertControl {
  readonly onProgress?: (progress: ConvertProgress) => void;
  /** Aborting it stops the convert, which then answers `cancelled`. */
  readonly signal?: AbortSignal;
}
