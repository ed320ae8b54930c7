/**
 * What the HTTP interface accepts, published at `GET /api/v1/limits` so that a client (the web interface
 * above all) refuses a file that would be too large before sending it, rather than after an upload.
 */
import { z } from 'zod';

/**
 * The largest file accepted on any endpoint, whatever the transport; beyond it, 413 `file_too_large` (an
 * HTTP request body may add 1 MiB of form fields: server/read-request.ts).
 */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export const limitsSchema = z.object({
  /** The largest file, in bytes (a request body may add 1 MiB of form fields). */
  maxUploadBytes: z.int().positive(),
});
export type Limits = z.infer<typeof limitsSchema>;
