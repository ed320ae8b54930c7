/**
 * `POST /api/v1/report`: the validation reports in the JSON body `{ "reports": [...] }` (the `body` field,
 * as the adapters pass a JSON body) drawn as one PDF, in the request's language. Uses no quota.
 */
import { base64Of } from './base64';
import { pdfApiError } from '../pdf/errors';
import type { Lang } from '../api/lang';
import { reportRequestSchema, type ReportPdf } from '../api/report-request';
import type { ValidationReportBody } from '../api/validation-report';
import { renderValidationReport } from '../report/report-pdf';
import { parseJsonBody } from './activation';
import { requestLang } from './request';
import { fail } from './result';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

/** `facture.pdf` for one report of that file, `validation-report.pdf` for a batch. */
const filenameOf = (reports: readonly ValidationReportBody[], lang: Lang): string => {
  const base = reports.length === 1 ? reports[0]!.filename?.replace(/\.[^.]*$/, '') : undefined;
  const suffix = lang === 'fr' ? 'rapport-de-validation' : 'validation-report';
  return `${base ? `${base.replace(/[^\w.-]+/g, '_')}-` : ''}${suffix}.pdf`;
};

export async function report(req: ServiceRequest, ctx: ServiceContext): Promise<ServiceResult<ReportPdf>> {
  const lang = requestLang(req);
  const given = parseJsonBody(req.fields.body ?? '', reportRequestSchema, lang);
  if (!given.ok) return fail(given.error);
  const { reports } = given.value;
  const rendered = await renderValidationReport(reports, lang, ctx.now());
  if (!rendered.ok) return fail(pdfApiError(rendered.error, lang));
  return {
    ok: true,
    status: 200,
    body: { filename: filenameOf(reports, lang), pdf: base64Of(rendered.pdf) },
  };
}
