/**
 * What the HTTP interface accepts, published at `GET /api/v1/limits` so that a client (the web interface
 * above all) refuses a file that would be too large before sending it, rather than after an upload.
 */
import { z } from 'zod';

/** The largest request body accepted on any endpoint; beyond it, 413 `file_too_large`. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export const limitsSchema = z.object({
  /** The largest request body, in bytes: a file and the form fields sent with it. */
  maxUploadBytes: z.int().positive(),
});
export type Limits = z.infer<typeof limitsSchema>;
