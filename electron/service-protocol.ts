import type { ConvertProgress } from '../core/api/convert-progress';
import type { BridgeResult, FacturxBridge } from '../core/bridge/facturx-bridge';
import type { ServiceRequest } from '../core/service/types';
import type { NewQueueEntry, QueueChange } from '../core/bridge/work-queue';

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

/** One operation on the work queue the worker keeps in the store (core/bridge/work-queue.ts). */
export type QueueCall =
  | { readonly op: 'list' }
  | { readonly op: 'add'; readonly entries: readonly NewQueueEntry[] }
  | { readonly op: 'update'; readonly id: string; readonly change: QueueChange }
  | { readonly op: 'remove'; readonly ids: readonly string[] };

/** What a queue operation answered, or why it failed (the store could not be opened or written). */
export type QueueOutcome =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/** Main process → service worker: a call to run, the cancel of a call in flight, or a queue operation. */
export type ServiceCall =
  | { readonly id: number; readonly name: ServiceName; readonly request: ServiceRequest }
  | { readonly id: number; readonly cancel: true }
  | { readonly id: number; readonly queue: QueueCall };

/** Service worker → main process: a call's answer, where a convert in flight is, or a queue outcome. */
export type ServiceReply =
  | { readonly id: number; readonly result: BridgeResult }
  | { readonly id: number; readonly progress: ConvertProgress }
  | { readonly id: number; readonly queued: QueueOutcome };

/** The answer when the worker itself failed, in the shape of the contract's error bodies. */
export function internalError(message: string): BridgeResult {
  return { ok: false, status: 500, body: { error: 'internal_error', message } };
}
