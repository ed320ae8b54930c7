import { Worker } from 'node:worker_threads';
import type { ConvertControl } from '../core/api/convert-progress';
import type { BridgeResult } from '../core/bridge/facturx-bridge';
import type { ServiceRequest } from '../core/service/types';
import { internalError, type ServiceCall, type ServiceName, type ServiceReply } from './service-protocol';

export interface ServiceRunner {
  /** `control` follows and cancels a convert; other services answer without progress and run to the end. */
  run(name: ServiceName, request: ServiceRequest, control?: ConvertControl): Promise<BridgeResult>;
  close(): Promise<void>;
}

/** What the runner needs of a worker; node's Worker, or a fake in tests. */
export interface WorkerLike {
  postMessage(call: ServiceCall): void;
  on(event: 'message', listener: (reply: ServiceReply) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  terminate(): Promise<number>;
}

/**
 * Runs the service functions in a worker thread so that parsing, validation and OCR never block the
 * window. A worker that dies fails the calls in flight with an error answer and is replaced on the next call.
 */
export function serviceRunner(startWorker: () => WorkerLike): ServiceRunner {
  let worker: WorkerLike | null = null;
  let nextId = 1;
  interface InFlight {
    readonly settle: (result: BridgeResult) => void;
    readonly control: ConvertControl;
  }
  const pending = new Map<number, InFlight>();

  const failAll = (message: string) => {
    for (const call of pending.values()) call.settle(internalError(message));
    pending.clear();
  };

  const current = (): WorkerLike => {
    if (worker) return worker;
    const started = startWorker();
    started.on('message', (reply) => {
      const call = pending.get(reply.id);
      if ('progress' in reply) {
        call?.control.onProgress?.(reply.progress);
        return;
      }
      call?.settle(reply.result);
      pending.delete(reply.id);
    });
    started.on('error', (error) => failAll(`service worker failed: ${error.message}`));
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(`service worker stopped (exit code ${code})`);
    });
    worker = started;
    return started;
  };

  return {
    run: (name, request, control = {}) =>
      new Promise((resolve) => {
        const id = nextId++;
        const { signal } = control;
        const onAbort = () => {
          if (pending.has(id)) worker?.postMessage({ id, cancel: true });
        };
        pending.set(id, {
          settle: (result) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(result);
          },
          control,
        });
        current().postMessage({ id, name, request });
        if (signal?.aborted) onAbort();
        else signal?.addEventListener('abort', onAbort, { once: true });
      }),
    close: async () => {
      const stopping = worker;
      worker = null;
      await stopping?.terminate();
    },
  };
}

/** A runner on the bundled worker file, which opens the local store in `dataDir`. */
export function workerServiceRunner(workerFile: string, dataDir: string): ServiceRunner {
  return serviceRunner(() => new Worker(workerFile, { workerData: { dataDir } }));
}
