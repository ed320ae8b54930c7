import { Worker } from 'node:worker_threads';
import type { BridgeResult } from '../core/bridge/facturx-bridge';
import type { ServiceRequest } from '../core/service/types';
import { internalError, type ServiceCall, type ServiceName, type ServiceReply } from './service-protocol';

export interface ServiceRunner {
  run(name: ServiceName, request: ServiceRequest): Promise<BridgeResult>;
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
  const pending = new Map<number, (result: BridgeResult) => void>();

  const failAll = (message: string) => {
    for (const settle of pending.values()) settle(internalError(message));
    pending.clear();
  };

  const current = (): WorkerLike => {
    if (worker) return worker;
    const started = startWorker();
    started.on('message', (reply) => {
      pending.get(reply.id)?.(reply.result);
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
    run: (name, request) =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        current().postMessage({ id, name, request });
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
