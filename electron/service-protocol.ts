import type { BridgeResult, FacturxBridge } from '../core/bridge/facturx-bridge';
import type { ServiceRequest } from '../core/service/types';

/** The bridge operations that are service calls (the rest are native dialogs). */
export const serviceNames = [
  'validate',
  'extract',
  'convert',
  'repair',
  'contract',
  'profiles',
  'report',
] as const satisfies readonly (keyof FacturxBridge)[];

export type ServiceName = (typeof serviceNames)[number];

/** Main process → service worker. */
export interface ServiceCall {
  readonly id: number;
  readonly name: ServiceName;
  readonly request: ServiceRequest;
}

/** Service worker → main process. */
export interface ServiceReply {
  readonly id: number;
  readonly result: BridgeResult;
}

/** The answer when the worker itself failed, in the shape of the contract's error bodies. */
export function internalError(message: string): BridgeResult {
  return { ok: false, status: 500, body: { error: 'internal_error', message } };
}
