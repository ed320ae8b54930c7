/** `GET /api/v1/integration-contract`: public, unmetered, no customer data. */
import type { IntegrationContract } from '../api/contract';
import { engines } from './engines';
import { requestLang } from './request';
import type { ServiceContext, ServiceRequest, ServiceResult } from './types';

export async function contract(
  req: ServiceRequest,
  _ctx: ServiceContext,
): Promise<ServiceResult<IntegrationContract>> {
  return engines.contract(requestLang(req));
}
