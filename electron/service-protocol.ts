import type { ConvertProgress } from '../core/api/convert-progress';
import type { BridgeResult, FacturxBridge } from '../core/bridge/facturx-bridge';
import type { ServiceRequest } from '../core/service/types';

/** The bridge operations that are service calls (the rest are native dialogs). */
export const serviceNames = [
  'validate',
  'extract',
  'convert',
  'repair',
  'contract',
  'limits',
  'profiles',
  'report',
] as const satisfies readonly (keyof FacturxBridge)[];

export type ServiceName = (typeof serviceNames)[number];

/** Main process → service worker: a call to run, or the cancel of a call in flight. */
export type ServiceCall =
  | { readonly id: number; readonly name: ServiceName; readonly request: ServiceRequest }
  | { readonly id: number; readonly cancel: true };

/** Service worker → main process: a call's answer, or where a convert in flight is. */
export type ServiceReply =
  | { readonly id: number; readonly result: BridgeResult }
  | { readonly id: number; readonly progress: ConvertProgress };

/** The answer when the worker itself failed, in the shape of the contract's error bodies. */
export function internalError(message: string): BridgeResult {
  return { ok: false, status: 500, body: { error: 'internal_error', message } };
}
