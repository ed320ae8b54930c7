/**
 * The command line's batch workers: each thread runs whole inputs (read, service, write, the printed
 * line) with runOne, so the main thread only prints; each keeps its own OCR engines, so that scanned
 * documents are read on every core at once. This module is both sides: loaded as a worker (its
 * own file, whether the sources under tsx or the bundle) it answers the pool's calls.
 */
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { useOcrEngines } from '../../core/ocr/engine-count';
import { localContext } from '../../core/service';
import { answerCalls } from '../../core/pool/pool-worker';
import { workerPool, type WorkerPool } from '../../core/pool/worker-pool';
import { runOne, type OneInput, type Outcome } from './run-one';

const ROLE = 'facturx-batch';

/** `ocrEngines`: the scanned pages each worker reads at once (engine-pool.ts). */
export function batchPool(size: number, ocrEngines = 1): WorkerPool<OneInput, Outcome> {
  return workerPool(
    size,
    () => new Worker(new URL(import.meta.url), { workerData: { role: ROLE, ocrEngines } }),
  );
}

interface BatchWorkerData {
  readonly role?: unknown;
  readonly ocrEngines?: number;
}

if (!isMainThread && (workerData as BatchWorkerData | null)?.role === ROLE) {
  useOcrEngines((workerData as BatchWorkerData).ocrEngines ?? 1);
  const ctx = localContext();
  answerCalls<OneInput, Outcome>((one, signal) => runOne(one, ctx, signal));
}
