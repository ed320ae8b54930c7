/**
 * `POST /api/v1/report`: validation reports (as validate answered them) drawn as one readable PDF to file
 * with the invoices. Rendering only: nothing is validated again and no quota is used.
 */
import { z } from 'zod';
import { validationArtifactSchema, validationReportSchema } from './validation-report';

/** A batch desk's worth: enough for a day's invoices, few enough to bound the work of one call. */
export const MAX_REPORTS = 200;

export const reportRequestSchema = z.object({
  // A copy of the answer's schema: as a request it is read as zod reads input (optional members stay
  // optional), which the OpenAPI document must not mix up with the answer's component.
  reports: z
    .array(
      validationReportSchema.extend({ validationArtifacts: z.array(validationArtifactSchema.extend({})) }),
    )
    .min(1)
    .max(MAX_REPORTS),
});

export const reportPdfSchema = z.object({
  filename: z.string(),
  /** The PDF, base64. */
  pdf: z.string(),
});
export type ReportPdf = z.infer<typeof reportPdfSchema>;
