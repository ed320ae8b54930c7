/**
 * The document engines of a server on threads of their own: a validation, an extraction or a repair
 * runs on one of them while the thread that answers requests goes on with the others (reading bodies,
 * checking keys, charging quota, writing answers), so that a server uses all its cores. Converts stay
 * on the answering thread (they may be cancelled, or become jobs, which run on the job threads).
 */
import { workerPool } from '../core/pool/worker-pool';
import { engines, type Engines } from '../core/service/engines';
import type { ServiceResult } from '../core/service/types';
import { startThread } from './threads';

type Threaded = 'validate' | 'extract' | 'repair';

/** One engine call, as a thread receives it (structured-cloneable). */
export type EngineCall = {
  [E in Threaded]: { readonly engine: E; readonly input: Parameters<Engines[E]>[0] };
}[Threaded];

export interface EngineThreads {
  readonly engines: Engines;
  close(): Promise<void>;
}

export function engineThreads(size: number): EngineThreads {
  const pool = workerPool<EngineCall, ServiceResult<unknown>>(size, () => startThread('engine-thread'));
  const on =
    <E extends Threaded>(engine: E) =>
    (input: Parameters<Engines[E]>[0]) =>
      pool.run({ engine, input } as EngineCall) as ReturnType<Engines[E]>;
  return {
    engines: {
      validate: on('validate'),
      extract: on('extract'),
      repair: on('repair'),
      // Looked up at each call: this thread's engines, whatever stands in for them.
      convert: (input) => engines.convert(input),
      contract: (lang) => engines.contract(lang),
    },
    close: () => pool.close(),
  };
}
