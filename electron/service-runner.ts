import { Worker } from 'node:worker_threads';
import type { ConvertControl } from '../core/api/convert-progress';
import type { BridgeResult } from '../core/bridge/facturx-bridge';
import type { QueueEntry, WorkQueue } from '../core/bridge/work-queue';
import type { ServiceRequest } from '../core/service/types';
import {
  internalError,
  type QueueCall,
  type ServiceCall,
  type ServiceName,
  type ServiceReply,
} from './service-protocol';

export interface ServiceRunner {
  /** `control` follows and cancels a convert; other services answer without progress and run to the end. */
  run(name: ServiceName, request: ServiceRequest, control?: ConvertControl): Promise<BridgeResult>;
  /** The work queue the worker keeps in the store; an operation the store could not do rejects with why. */
  readonly queue: WorkQueue;
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

/** A call waiting for the worker: what to do with each reply to it, and when the worker fails. */
interface InFlight {
  readonly reply: (reply: ServiceReply) => void;
  readonly fail: (message: string) => void;
}

/**
 * Runs the service functions in a worker thread so that parsing, validation and OCR never block the
 * window. A worker that dies fails the calls in flight (an error answer, a rejected queue operation) and
 * is replaced on the next call.
 */
export function serviceRunner(startWorker: () => WorkerLike): ServiceRunner {
  let worker: WorkerLike | null = null;
  let nextId = 1;
  const pending = new Map<number, InFlight>();

  const failAll = (message: string) => {
    for (const call of pending.values()) call.fail(message);
    pending.clear();
  };

  const current = (): WorkerLike => {
    if (worker) return worker;
    const started = startWorker();
    started.on('message', (reply) => pending.get(reply.id)?.reply(reply));
    started.on('error', (error) => failAll(`service worker failed: ${error.message}`));
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(`service worker stopped (exit code ${code})`);
    });
    worker = started;
    return started;
  };

  const run: ServiceRunner['run'] = (name, request, control = {}) =>
    new Promise((resolve) => {
      const id = nextId++;
      const { signal } = control;
      const onAbort = () => {
        if (pending.has(id)) worker?.postMessage({ id, cancel: true });
      };
      const settle = (result: BridgeResult) => {
        pending.delete(id);
        signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      pending.set(id, {
        reply: (reply) => {
          if ('progress' in reply) control.onProgress?.(reply.progress);
          else if ('result' in reply) settle(reply.result);
        },
        fail: (message) => settle(internalError(message)),
      });
      current().postMessage({ id, name, request });
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });

  const callQueue = (queue: QueueCall) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      const fail = (message: string) => {
        pending.delete(id);
        reject(new Error(message));
      };
      pending.set(id, {
        reply: (reply) => {
          if (!('queued' in reply)) return;
          if (!reply.queued.ok) return fail(reply.queued.message);
          pending.delete(id);
          resolve(reply.queued.value);
        },
        fail,
      });
      current().postMessage({ id, queue });
    });

  return {
    run,
    // The worker answers each operation with the value the interface says; nothing else writes these replies.
    queue: {
      list: () => callQueue({ op: 'list' }) as Promise<QueueEntry[]>,
      add: (entries) => callQueue({ op: 'add', entries }) as Promise<string[]>,
      update: (id, change) => callQueue({ op: 'update', id, change }) as Promise<boolean>,
      remove: (ids) => callQueue({ op: 'remove', ids }) as Promise<number>,
    },
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
