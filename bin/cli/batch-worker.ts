/**
 * The command line's batch workers: each thread runs whole inputs (read, service, write, the printed
 * line) with runOne, so the main thread only prints. This module is both sides: loaded as a worker (its
 * own file, whether the sources under tsx or the bundle) it answers the pool's calls.
 */
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { localContext } from '../../core/service';
import { answerCalls } from '../../core/pool/pool-worker';
import { workerPool, type WorkerPool } from '../../core/pool/worker-pool';
import { runOne, type OneInput, type Outcome } from './run-one';

const ROLE = 'facturx-batch';

export function batchPool(size: number): WorkerPool<OneInput, Outcome> {
  return workerPool(size, () => new Worker(new URL(import.meta.url), { workerData: { role: ROLE } }));
}

if (!isMainThread && (workerData as { role?: unknown } | null)?.role === ROLE) {
  const ctx = localContext();
  answerCalls<OneInput, Outcome>((one, signal) => runOne(one, ctx, signal));
}
