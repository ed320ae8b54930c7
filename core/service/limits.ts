/** `GET /api/v1/limits`: what this server accepts (the largest upload); public, unmetered. */
import { MAX_UPLOAD_BYTES, type Limits } from '../api/limits';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

export async function limits(_req: ServiceRequest, _ctx: ServiceContext): Promise<ServiceResult<Limits>> {
  return { ok: true, status: 200, body: { maxUploadBytes: MAX_UPLOAD_BYTES } };
}
