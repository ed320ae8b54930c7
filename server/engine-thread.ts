/**
 * An engine thread of the server (engine-threads.ts): one of the pool's threads, running one document
 * engine call at a time with this thread's engines.
 */
import { isMainThread } from 'node:worker_threads';
import { answerCalls } from '../core/pool/pool-worker';
import { engines } from '../core/service/engines';
import type { ServiceResult } from '../core/service/types';
import type { EngineCall } from './engine-threads';

if (!isMainThread) {
  answerCalls<EngineCall, ServiceResult<unknown>>(
    (call) => engines[call.engine](call.input as never) as Promise<ServiceResult<unknown>>,
  );
}
