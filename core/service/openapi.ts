/** `GET /api/v1/openapi.json`: the OpenAPI 3.1.0 description of the interface; public, unmetered. */
import { openApiDocument, type OpenApiDocument } from '../api/openapi';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

export async function openapi(
  _req: ServiceRequest,
  _ctx: ServiceContext,
): Promise<ServiceResult<OpenApiDocument>> {
  return { ok: true, status: 200, body: openApiDocument() };
}
