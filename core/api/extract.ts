/** `POST /api/v1/extract`: its query parameters and its 200 body. */
import { z } from 'zod';
import { profileSchema } from './targets';
import { validationReportSchema } from './validation-report';

export const extractResponseSchema = z.object({
  /** base64 of the embedded CII XML. */
  xml: z.string(),
  xmlSize: z.int().nonnegative(),
  profile: profileSchema,
  filename: z.string(),
  extractedAt: z.iso.datetime(),
  durationMs: z.number().nonnegative(),
  /** Present when `validate=true`. */
  validation: validationReportSchema.optional(),
});
export type ExtractResponse = z.infer<typeof extractResponseSchema>;
