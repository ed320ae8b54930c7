/**
 * The command line's batch pool: the main thread and `workers` threads answer inputs the main thread has
 * read (answerInput), their bytes moved to a worker, which moves the deliverable's bytes back for the
 * main thread to write; reading and writing the files stay in the main thread, so that a worker never
 * waits on the disk. Each thread keeps its own OCR engines, so that scanned documents are read on every
 * core at once. This module is both sides: loaded as a worker (its own file, whether the sources
 * under tsx or the bundle) it answers the pool's calls.
 */
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { useOcrEngines } from '../../core/ocr/engine-count';
import { convoy } from '../../core/pool/convoy';
import { ownBuffers } from '../../core/pool/transfer';
import { localContext } from '../../core/service';
import type { ServiceContext, ServiceRequest } from '../../core/service/types';
import { answerCalls } from '../../core/pool/pool-worker';
import { workerPool, type WorkerPool } from '../../core/pool/worker-pool';
import type { Growth } from './pool-growth';
import { answerInput, type Answered, type OneInput } from './run-one';

const ROLE = 'facturx-batch';

/** One input for a worker: the input, and its request as the main thread read it. */
export interface BatchCall {
  readonly one: OneInput;
  readonly request: ServiceRequest;
}

/** The buffers a call moves to its worker: the files' bytes. */
export const callBuffers = (call: BatchCall): ArrayBuffer[] =>
  ownBuffers(Object.values(call.request.files).map((file) => file.bytes));

/**
 * An answer whose deliverable's bytes are its own copy, to be moved back: they may be the engine's own
 * (a body's bytes carried, core/service/base64.ts), which moving them would take from it.
 */
const movable = (answered: Answered): Answered =>
  answered.deliverable
    ? { ...answered, deliverable: { ...answered.deliverable, bytes: answered.deliverable.bytes.slice() } }
    : answered;

/** The buffers an answer moves back: the deliverable's bytes. */
export const answerBuffers = (answered: Answered): ArrayBuffer[] =>
  ownBuffers(answered.deliverable ? [answered.deliverable.bytes] : []);

/**
 * Waves of calls a worker holds: the one it answers and the next, which it begins at once when done
 * although the main thread is busy with inputs of its own then.
 */
const WAVES_HELD = 2;

export interface BatchPoolOptions {
  /** Worker threads at most. */
  readonly workers: number;
  /** The main thread's context. */
  readonly ctx: ServiceContext;
  /** The inputs each thread answers at once, going through their stages together (ServiceContext.convoy). */
  readonly sideBySide: number;
  /** The scanned pages each worker reads at once (engine-pool.ts). */
  readonly ocrEngines: number;
  /** When given, the workers start once it finds them worth it (pool-growth.ts), else as soon as inputs wait. */
  readonly growth?: Growth;
}

/** Worker threads, and the main thread answering on its context whenever it has room. */
export function batchPool({
  workers,
  ctx,
  sideBySide,
  ocrEngines,
  growth,
}: BatchPoolOptions): WorkerPool<BatchCall, Answered> {
  const worker = () =>
    new Worker(new URL(import.meta.url), { workerData: { role: ROLE, ocrEngines, sideBySide } });
  const here = sideBySide > 1 ? convoyed(ctx) : ctx;
  return workerPool(workers, worker, {
    transfer: callBuffers,
    depth: WAVES_HELD * sideBySide,
    hereDepth: sideBySide,
    here: async ({ one, request }, signal) => {
      const answered = await answerInput(one, request, here, signal);
      growth?.answered();
      return answered;
    },
    ...(growth ? { grow: () => growth.worth() } : {}),
  });
}

/** A context whose documents go through their stages together. */
const convoyed = (ctx: ServiceContext): ServiceContext => ({ ...ctx, convoy: convoy() });

interface BatchWorkerData {
  readonly role?: unknown;
  readonly ocrEngines?: number;
  readonly sideBySide?: number;
}

if (!isMainThread && (workerData as BatchWorkerData | null)?.role === ROLE) {
  const { ocrEngines = 1, sideBySide = 1 } = workerData as BatchWorkerData;
  useOcrEngines(ocrEngines);
  const ctx = sideBySide > 1 ? convoyed(localContext()) : localContext();
  answerCalls<BatchCall, Answered>(
    async ({ one, request }, signal) => movable(await answerInput(one, request, ctx, signal)),
    answerBuffers,
    sideBySide,
  );
}
